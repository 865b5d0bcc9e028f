import DeclParser
import Templates

/// `--test-doubles`: for each bridged type, a protocol with its async surface, the type's
/// conformance, and a fake. A fake's method is the real adapter with one difference: where the
/// adapter calls the SDK, the fake runs its script. So cancellation, timeouts, retries, error
/// mapping and misuse reports behave exactly as they do against the SDK.
extension Planner {
    /// Adapters a protocol can hold as written: instance methods, not generic (a fake could not
    /// script a value of an unknown type), without `inout` parameters.
    static func isDoubled(_ adapter: Adapter) -> Bool {
        !adapter.isStatic && adapter.genericParameters.isEmpty && adapter.requirements.isEmpty
            && !adapter.parameters.contains(where: \.isInout)
    }

    /// A bridged type's async surface: what its protocol requires and its fake implements.
    struct DoubledType {
        var typeName: String
        var access: AccessLevel
        var adapters: [Adapter]
    }

    /// One per type, whatever the number of its blocks, in input order; generic types are left out.
    func testDoubleTypes(_ model: BridgeModel) -> [DoubledType] {
        var types: [DoubledType] = []
        func add(_ adapters: [Adapter], to type: String, access: AccessLevel) {
            guard !type.contains("<"), !adapters.isEmpty else { return }
            if let index = types.firstIndex(where: { $0.typeName == type }) {
                types[index].adapters += adapters
            } else {
                types.append(DoubledType(typeName: type, access: access, adapters: adapters))
            }
        }
        // A block under `#if` has no place in a protocol every platform shares.
        for block in model.blocks where block.requirements.isEmpty && block.condition == nil {
            add(block.adapters.filter(Self.isDoubled), to: block.wrapperName ?? block.extendedType, access: block.access)
        }
        // A delegate adapter is a method of its owner like any other; its fake runs a script
        // through the same call (or stream) runtime, with no delegate in between.
        for delegate in model.delegates {
            guard case .delegate(let start) = delegate.start else { continue }
            add([delegate].filter(Self.isDoubled), to: start.ownerType, access: delegate.access)
        }
        return types
    }

    /// Per type: the protocol and the conformance (unless this is a fakes-only file), and the
    /// fake (unless a test-support target has the fakes).
    func printTestDoubles(_ types: [DoubledType], into printer: inout CodePrinter) throws(TemplateError) {
        for type in types {
            let suffix = type.typeName.split(separator: ".").joined()
            let protocolName = "Async" + suffix
            let fakeName = "Fake" + suffix
            if settings.testDoubles != .fakes {
                printer.blankLine()
                printer.line("/// The async surface of `\(type.typeName)`: app code that depends on it can be tested with")
                printer.line("/// `\(fakeName)`.")
                printer.line(availability)
                printer.block("\(Self.accessPrefix(type.access))protocol \(protocolName) {") { printer in
                    for adapter in type.adapters {
                        printer.blankLine()
                        printRequirement(for: adapter, into: &printer)
                    }
                }
                printer.blankLine()
                printer.line(availability)
                printer.line("extension \(type.typeName): \(protocolName) {}")
            }
            guard settings.testDoubles != .protocols else { continue }
            var taken: Set<String> = []
            let scripts = type.adapters.map { Self.scriptName(for: $0, taken: &taken) }
            var headers: [String] = []
            for (adapter, script) in zip(type.adapters, scripts) { headers.append(try header(of: adapter, script: script)) }
            printer.blankLine()
            printer.line("/// A stand-in for `\(type.typeName)` in tests. Each method runs its script (`…Script.respond(…)`)")
            printer.line("/// where the adapter calls the SDK, through the same runtime, and records its calls.")
            printer.line(availability)
            printer.block("final class \(fakeName): \(protocolName), @unchecked Swift.Sendable {") { printer in
                printer.line("// @unchecked: the scripts are thread-safe, and the fake holds nothing else.")
                for (adapter, script) in zip(type.adapters, scripts) {
                    let kind = adapter.stream == nil ? "BridgegenScript" : "BridgegenStreamScript"
                    let arguments = "\(Self.spelled(adapter.resultType)), \(Self.argumentsType(of: adapter))"
                    let head = "let \(script) = \(kind)<\(arguments)>("
                    let name = SwiftLiteral.quoted(adapter.adapterName) + ")"
                    if printer.fits(head + name) {
                        printer.line(head + name)
                    } else if printer.fits(head) {
                        printer.line(head)
                        printer.indented { $0.continuation(name) }
                    } else {
                        // Generic arguments too long for one line (a `@Sendable` closure's type).
                        printer.line("let \(script) = \(kind)<")
                        printer.indented { $0.continuation(arguments) }
                        printer.line(">(" + name)
                    }
                }
                printer.blankLine()
                printer.line("init() {}")
                for (index, adapter) in type.adapters.enumerated() {
                    printer.blankLine()
                    let site = AdapterSite(adapter, receivers: Receivers(instance: "self", type: "Self"), script: scripts[index])
                    print(site, header: headers[index], into: &printer)
                }
            }
        }
    }

    /// `chargeScript`; an overload's labels are added (`chargeAmountCurrencyScript`).
    static func scriptName(for adapter: Adapter, taken: inout Set<String>) -> String {
        let base = String(adapter.name.filter { $0 != "`" }.drop { $0 == "_" })
        var name = base + "Script"
        if taken.contains(name) {
            name = base + adapter.parameters.compactMap(\.label).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "Script"
        }
        while taken.contains(name) { name = "_" + name }
        taken.insert(name)
        return name
    }

    /// What a script records of a call: the parameters, as a labelled tuple (one parameter on
    /// its own, none as `Void`).
    static func argumentsType(of adapter: Adapter) -> String {
        switch adapter.parameters.count {
        case 0: return "Swift.Void"
        case 1: return recordedType(of: adapter.parameters[0])
        default: return "(" + adapter.parameters.map { $0.name + ": " + recordedType(of: $0) }.joined(separator: ", ") + ")"
        }
    }

    /// A closure kept as a value is no parameter any more: `@escaping` only says so of one.
    private static func recordedType(of parameter: AdapterParameter) -> String {
        let type = type(of: parameter)
        return type.hasPrefix("@escaping ") ? String(type.dropFirst("@escaping ".count)) : type
    }

    /// The arguments as the script records them.
    static func argumentsValue(of adapter: Adapter) -> String {
        switch adapter.parameters.count {
        case 0: return "()"
        case 1: return adapter.parameters[0].name
        default: return "(" + adapter.parameters.map { $0.name + ": " + $0.name }.joined(separator: ", ") + ")"
        }
    }

    /// The fake's legacy call: its script instead of the SDK.
    static func scriptCall(_ adapter: Adapter, script: String, target: String) -> String {
        let verb = adapter.stream == nil ? "try self.\(script).start" : "self.\(script).register"
        return "\(verb)(\(argumentsValue(of: adapter)), \(target))"
    }

    /// The protocol requirement: the adapter's attributes and signature, without default values
    /// (Swift does not allow them in requirements) or body, laid out as the adapter's own
    /// signature would be when not mapped.
    func printRequirement(for adapter: Adapter, into printer: inout CodePrinter) {
        var bare = adapter
        for index in bare.parameters.indices { bare.parameters[index].defaultValue = nil }
        var lines: [String] = []
        if adapter.discardableResult { lines.append("@discardableResult") }
        lines += adapter.attributes
        if adapter.options.isMainActor { lines.append("@MainActor") }
        let mapsSource = printer.mapsSource
        printer.mapsSource = false
        printSignature(
            signature(of: bare, access: ""), attributes: lines, suffix: adapter.isGetter ? " { get async throws }" : "",
            reserve: 2, into: &printer)
        printer.mapsSource = mapsSource
    }
}
