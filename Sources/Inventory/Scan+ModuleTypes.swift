import DeclParser

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
    /// `NSView`, `UIControl`, `UITableViewCell`), directly or through the module's own. Its
    /// `will…` properties announce what it is about to show or do (Popover's
    /// `willShowHandler`), events.
    static func isUIView(_ name: String, in moduleTypes: ModuleTypes, depth: Int = 0) -> Bool {
        guard depth < 8 else { return false }
        return moduleTypes.declarations(of: name).contains { declaration in
            declaration.inherits.contains { parent in
                let bare = String(parent.split(separator: ".").last ?? "")
                // A table's or a collection's cell is a view too (`UITableViewCell`).
                return (["UI", "NS"].contains(where: bare.hasPrefix) && ["View", "Control", "Cell"].contains(where: bare.hasSuffix))
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

extension StarterBlock {
    /// What kind of type the block's is, by all its declarations in the module: a SwiftUI view,
    /// or a representable of a platform view (SDWebImageSwiftUI's `AnimatedImage:
    /// PlatformViewRepresentable`, MapboxMaps' `Map: UIViewControllerRepresentable`); a screen; a
    /// UIKit view; a URLSession; a value type, also when an extension in another file came first
    /// (Mocker's `extension Mock` in Mock+DataType.swift, `public struct Mock` in Mock.swift); an
    /// `AsyncSequence`; a protocol, or an extension of a value type.
    mutating func readKind(of type: SourceType, among moduleTypes: ModuleTypes, types: [SourceType], merged: [SourceType]) {
        let declarations = moduleTypes.declarations(of: type.name)
        isView = type.name == "View" || declarations.contains { candidate in
            candidate.inherits.contains { $0 == "View" || $0.hasSuffix("ViewRepresentable") || $0.hasSuffix("ViewControllerRepresentable") }
        }
        isScreen = Scan.isScreen(type.name, in: moduleTypes)
        isUIView = Scan.isUIView(type.name, in: moduleTypes)
        subclassesURLSession = declarations.contains { declaration in
            declaration.inherits.contains { ["URLSession", "Foundation.URLSession"].contains($0) }
        }
        isValueType = type.kind == .struct || type.kind == .enum
            || types.contains { ($0.kind == .struct || $0.kind == .enum) && $0.name == type.name }
        isAsyncSequence = declarations.contains { declaration in
            declaration.inherits.contains { ["AsyncSequence", "_Concurrency.AsyncSequence"].contains($0) }
        }
        isProtocol = type.kind == .protocol
            || (type.kind == .extension && merged.contains { ($0.kind == .struct || $0.kind == .enum) && $0.name == type.name })
    }

    /// The closures the type's methods keep in its properties (Scan+OwnCalls.swift): in its public
    /// callback properties; in its other properties in any of its declarations (Siren's `wail`
    /// keeps its handler in a private property the class declares), which nothing clears; or
    /// which only a stop releases, this handler's release when one stop releases several
    /// (`removeHandle(for:)`).
    mutating func readKeptClosures(
        _ allKept: [String: [KeptClosure]], clearedIn: [String: [Release]], members: [SourceMember], moduleTypes: ModuleTypes
    ) {
        let ownProperties = Set(members.filter { $0.kind == .property && $0.text.contains("->") }.map(\.name))
        let otherProperties = Set(moduleTypes.declarations(of: type).flatMap(\.members).filter { $0.kind == .property }.map(\.name))
        let kept = allKept.compactMapValues(\.first)
        closuresKeptInProperties = kept.filter { ownProperties.contains($0.value.property) }
        severalKeptInProperties = allKept.filter { $0.value.count > 1 && $0.value.allSatisfy { otherProperties.contains($0.property) } }
        let keptPrivately = kept.filter { !ownProperties.contains($0.value.property) && otherProperties.contains($0.value.property) }
        closuresKeptPrivately = keptPrivately.filter { clearedIn[$0.value.property] == nil }
        closuresClearedOnCall = keptPrivately.compactMapValues { kept in
            (clearedIn[kept.property] ?? []).first(where: \.afterCall).map { (kept, $0) }
        }
        closuresReleasedByStop = keptPrivately.compactMapValues { kept in
            let clearing = clearedIn[kept.property] ?? []
            guard Set(clearing.map(\.method)).count == 1, let release = clearing.first, Scan.namesStop(release.method) else { return nil }
            let own = clearing.count == 1 ? release : clearing.first { kept.key != nil && $0.key == kept.key }
            return own.map { (kept, $0) }
        }
    }
}

extension Scan {
    /// The closure typealiases by name: top-level ones; `optional Name` for an alias of an
    /// optional closure (Statsig's `typealias completionBlock = ((_ error: String?) -> Void)?`),
    /// a parameter of which escapes with or without `= nil`; and every type's by qualified name
    /// (`qualified Signal.Observer.Action`), since a callback may name another type's.
    static func closureAliasIndex(_ aliases: [SourceMember], types: [SourceType]) -> [String: FunctionTypeSyntax] {
        var closureAliases: [String: FunctionTypeSyntax] = [:]
        for alias in aliases {
            closureAliases[alias.name] = StarterBlock.closureType(ofAlias: alias, among: aliases)
            if case .typeAlias(let declared)? = alias.declaration, case .optional = declared.type.strippingAttributes.kind {
                closureAliases["optional " + alias.name] = closureAliases[alias.name]
            }
        }
        for type in types {
            for member in type.members where member.kind == .typeAlias {
                closureAliases["qualified " + type.name + "." + member.name] = StarterBlock.closureType(ofAlias: member)
            }
        }
        return closureAliases
    }
}

extension Scan {
    /// The typealiases of C function pointers (BlueSignals' `typealias SigActionHandler =
    /// @convention(c) (Int32) -> Void`), by name: a parameter of one captures nothing, so no
    /// adapter can bridge it.
    static func cFunctionAliases(_ aliases: [SourceMember], types: [SourceType]) -> Set<String> {
        let all = aliases + types.flatMap(\.members).filter { $0.kind == .typeAlias }
        return Set(all.filter { $0.text.filter { !$0.isWhitespace }.contains("@convention(c)") }.map(\.name))
    }
}
