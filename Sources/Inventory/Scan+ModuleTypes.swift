/// The module's types by name, read once. Scan asks of each type what the others declare (its
/// async forms, its streams, its subclasses, whether it is a view); a pass over every type per
/// type made SwiftyDropbox's thousands of generated types minutes of work.
struct ModuleTypes {
    let all: [SourceType]
    /// Where each name is declared in `all`: the type and its extensions, in source order.
    let positions: [String: [Int]]
    /// What each name's declarations inherit, without generic arguments.
    let inherits: [String: Set<String>]
    /// Per protocol, the names whose declarations (not protocols) say they conform.
    let conformers: [String: Set<String>]
    let actors: Set<String>
    let asyncSequences: Set<String>

    init(_ types: [SourceType]) {
        all = types
        positions = Dictionary(grouping: types.indices, by: { types[$0].name })
        inherits = positions.mapValues {
            Set($0.flatMap { types[$0].inherits }.map { String($0.prefix { $0 != "<" }) })
        }
        var conformers: [String: Set<String>] = [:]
        for type in types where type.kind != .protocol {
            for inherited in inherits[type.name] ?? [] {
                conformers[inherited, default: []].insert(type.name)
            }
        }
        self.conformers = conformers
        actors = Set(
            types.filter { $0.kind == .actor || $0.inherits.contains("Actor") }.map(\.name))
        asyncSequences = Set(types.filter { $0.inherits.contains("AsyncSequence") }.map(\.name))
    }

    func declarations(of name: String) -> [SourceType] { (positions[name] ?? []).map { all[$0] } }
}

extension Scan {
    /// A screen: named as one (`…ViewController`, `…VC`, `…Picker`, `…Camera`), or inheriting
    /// from a controller, here or through the module's own classes (ZLPhotoBrowser's
    /// `ZLEditImageViewController: ZLBaseViewController`).
    static func isScreen(_ name: String, in moduleTypes: ModuleTypes, depth: Int = 0) -> Bool {
        let screenSuffixes = ["ViewController", "VC", "Controller", "Picker", "Camera"]
        if screenSuffixes.contains(where: name.hasSuffix) { return true }
        guard depth < 8 else { return false }
        return moduleTypes.declarations(of: name).contains { declaration in
            declaration.inherits.contains { parent in
                let bare = String(parent.split(separator: ".").last ?? "")
                return ["ViewController", "NavigationController"].contains(where: bare.hasSuffix)
                    || (bare != name && isScreen(bare, in: moduleTypes, depth: depth + 1))
            }
        }
    }
}

extension Scan {
    /// Whether the type is a UIKit or AppKit view: it inherits one (`UIView`, `UIScrollView`,
    /// `NSView`, `UIControl`), directly or through the module's own. Its `will…` properties
    /// announce what it is about to show or do (Popover's `willShowHandler`), events.
    static func isUIView(_ name: String, in moduleTypes: ModuleTypes, depth: Int = 0) -> Bool {
        guard depth < 8 else { return false }
        return moduleTypes.declarations(of: name).contains { declaration in
            declaration.inherits.contains { parent in
                let bare = String(parent.split(separator: ".").last ?? "")
                return (["UI", "NS"].contains(where: bare.hasPrefix) && ["View", "Control"].contains(where: bare.hasSuffix))
                    || (bare != name && isUIView(bare, in: moduleTypes, depth: depth + 1))
            }
        }
    }
}

extension Scan {
    /// The generic types that five or more of a protocol's methods return and that conform to it
    /// (CwlSignal's `SignalInterface`, whose operators each return a new `Signal<…>`, a
    /// `SignalInterface` itself): a chain of operators, each a new value that runs what it is
    /// given as it is used. Not futures of another type (a database's `EventLoopFuture<…>`s).
    static func chainedTypes(of members: [SourceMember], in type: String, among moduleTypes: ModuleTypes) -> Set<String> {
        var counts: [String: Int] = [:]
        for member in members {
            guard case .function(let function)? = member.declaration, let returned = function.returnType?.description,
                returned.contains("<")
            else { continue }
            counts[TokenMethods.bareName(returned), default: 0] += 1
        }
        let own = TokenMethods.bareName(type)
        return Set(counts.filter { returned, count in
            count >= 5 && moduleTypes.declarations(of: returned).contains { $0.inherits.map(TokenMethods.bareName).contains(own) }
        }.keys)
    }
}
