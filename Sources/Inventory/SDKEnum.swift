import DeclParser
import Generator

/// An enum of the SDK that a callback gets one value of (RxSwift's `Event<Element>`, PromiseKit's
/// `Result<T>`): the starter pastes its cases, because they say what each call means (generate
/// switches over them), and whether the callback is a stream.
struct SDKEnum {
    /// `Event`, or `Signal.Event` for one nested in a type.
    var name: String
    /// `enum Event<Element> {` … `}`, its cases only, one per line.
    var declaration: [String]
    var caseNames: [String]

    /// An enum's cases as generate reads them, with the lines that declare it: nil for one the
    /// .bridge language cannot read, which is no help.
    static func read(_ type: SourceType) -> (decl: EnumDecl, lines: [String])? {
        guard type.kind == .enum, !type.cases.isEmpty, let bare = type.name.split(separator: ".").last else { return nil }
        let lines = ["enum \(bare)\(type.genericParameters) {"] + type.cases.map { "    " + $0 } + ["}"]
        let (file, diagnostics) = Parser.parse(Array(lines.joined(separator: "\n").utf8))
        guard diagnostics.isEmpty, case .enumDecl(let decl)? = file.declarations.first else { return nil }
        return (decl, lines)
    }

    init?(_ type: SourceType) {
        guard let (decl, lines) = Self.read(type) else { return nil }
        // Cases named for events (Gigya's `GigyaPluginEvent`: `onBeforeValidation(event:)`,
        // `onLogin(account:)`, `onHide(event:)`, … `error(event:)`): each call is one, a stream
        // of the enum, whole.
        let onEvents = decl.cases.map(\.name.name).filter(Self.namesEvent)
        if onEvents.count >= 2, onEvents.count * 2 >= decl.cases.count {
            eventNamedCase = onEvents[0]
        } else if !ClosureRoleNames.isOutcomeEnum(caseNames: decl.cases.map(\.name.name)) {
            // Not named as an outcome, but with a case of one error beside cases of values
            // (Swift-Kuery's `QueryResult`, Bluejay's `DisconnectionResult`: `disconnected(…)`,
            // `failure(Error)`): that case is the failure; annotations name the rest.
            // The error's type says so (not Kitura-redis's `RedisResponse.Error(String)`).
            guard let failure = decl.cases.first(where: { item in
                ["error", "failure", "failed"].contains(item.name.name.lowercased()) && item.payload.count == 1
                    && !type.unusedCases.contains(item.name.name)
                    && item.payload[0].type.strippingAttributes.description.hasSuffix("Error")
            }) else {
                // Or the steps of a piece of work, the last of which carries an optional error
                // (SwiftyBluetooth's `PeripheralScanResult`: `.scanStarted`, `.scanResult(…)`,
                // `.scanStopped(peripherals:error: SBError?)`): a stream's events, whole, that
                // end with that case and fail with its error.
                guard let last = decl.cases.first(where: Self.isLastStep), decl.cases.contains(where: { $0.name.name != last.name.name }) else {
                    return nil
                }
                lastStep = last.name.name
                name = type.name
                declaration = lines
                caseNames = decl.cases.map(\.name.name)
                emptyCases = decl.cases.filter { $0.payload.isEmpty }.map(\.name.name)
                genericCount = decl.genericParameters.count
                return
            }
            errorCase = failure.name.name
            valueCases = decl.cases.filter { !$0.payload.isEmpty && $0.name.name != failure.name.name }.map(\.name.name)
            // The one value case is the value only when no other case is left (Bluejay's
            // `DisconnectionResult`); beside cases without values the enum itself is.
            hasOtherCases = decl.cases.count > valueCases.count + 1
            guard !valueCases.isEmpty else { return nil }
        }
        name = type.name
        declaration = lines
        caseNames = decl.cases.map(\.name.name)
        emptyCases = decl.cases.filter { $0.payload.isEmpty }.map(\.name.name)
        genericCount = decl.genericParameters.count
        failureCases = decl.cases.filter { ClosureRoleNames.failureCases.contains($0.name.name.lowercased()) && $0.payload.count == 1 }
            .map { ($0.name.name, $0.payload[0].type.strippingAttributes.unwrappingOptional.description) }
        // A failure case of an optional error, or of an error beside other values (Karhoo's
        // `failure(error: KarhooError?, correlationId: String?)`): generate cannot throw it.
        unthrownFailure = decl.cases.first(where: Self.carriesUnthrownError).map { item in
            let payload = item.payload.map { element -> String in (element.label.map { $0 + ": " } ?? "") + element.type.description }
            return (item.name.name, "(" + payload.joined(separator: ", ") + ")")
        }
    }

    /// A case named for the end of the work (`scanStopped`, `finished`, `completed`) with one
    /// optional error among its values.
    static func isLastStep(_ item: EnumCaseDecl) -> Bool {
        guard let word = ClosureRoleNames.camelWords(item.name.name).last?.lowercased(),
            word == "stopped" || ClosureRoleNames.endCases.contains(word)
        else { return false }
        return item.payload.filter { element in
            guard case .optional(let wrapped) = element.type.strippingAttributes.kind else { return false }
            return wrapped.strippingAttributes.description.hasSuffix("Error")
        }.count == 1
    }

    /// Of an enum of steps (not named as an outcome, no failure case): the last step, which
    /// carries an optional error.
    var lastStep: String?

    static func carriesUnthrownError(_ item: EnumCaseDecl) -> Bool {
        guard ClosureRoleNames.failureCases.contains(item.name.name.lowercased()), let first = item.payload.first else { return false }
        let namesError = item.payload.contains { element in
            StarterBlock.identifiers(in: element.type.description).contains { $0.hasSuffix("Error") }
        }
        if case .optional = first.type.strippingAttributes.kind { return namesError }
        return namesError && item.payload.count > 1
    }

    /// Its failure case that carries an error generate does not throw: an optional one, or one
    /// beside other values, with what it carries as written.
    var unthrownFailure: (name: String, payload: String)?

    /// Its failure cases and the type each carries (WKZombie's `Result<T>.error(ActionError)`):
    /// thrown as they are, so each must be an `Error`.
    var failureCases: [(name: String, type: String)] = []
    var failureTypes: [String] { failureCases.map(\.type) }

    /// The cases without associated values (Facebook's `LoginResult.cancelled`): a one-shot's
    /// nil beside a case of a value.
    var emptyCases: [String] = []

    var genericCount: Int
    /// Of an enum not named as an outcome: its case of one error, and the cases that carry values.
    var errorCase: String?
    var valueCases: [String] = []
    var hasOtherCases = false

    /// The case that is called for each event (`next`, `value`): the callback is a stream. An
    /// enum without one reports one outcome (`fulfilled`/`rejected`, `success`/`error`/`completed`).
    var eventCase: String? { ClosureRoleNames.eventCase(of: caseNames) ?? eventNamedCase }
    /// The first of its cases named for an event (`onLogin`), where most are.
    var eventNamedCase: String?

    /// `onLogin`, `onBeforeSubmit`: `on` and a capital.
    static func namesEvent(_ caseName: String) -> Bool {
        caseName.hasPrefix("on") && caseName.dropFirst(2).first?.isUppercase == true
    }

    /// The enum a callback's one parameter is (`(Event<Element>) -> Void`), looked up by its name
    /// as written: nested in the block's type first, then at the top level, then by a bare name
    /// only one enum has. With the generic arguments written on the types it is nested in
    /// (`Signal<Value, Never>.Event`: `Value`, `Never`), which generate does not put in place
    /// of the outer type's parameters in its cases.
    static func handedOver(
        by parameter: Parameter, in blockType: String, enums: [String: SDKEnum], aliases: [String: FunctionTypeSyntax],
        enumAliases: [String: TypeSyntax] = [:], beside handedBack: Set<String> = []
    ) -> (found: SDKEnum, outerArguments: [String])? {
        var type = parameter.type.strippingAttributes.unwrappingOptional.strippingAttributes
        // Through a closure typealias: the block's or the file's (`Handler`), or another type's
        // (`Signal<Value, Error>.Observer.Action`).
        var aliasScope = blockType
        if case .named(let components) = type.kind, let last = components.last {
            let qualified = components.map(\.name.name).joined(separator: ".")
            if let alias = aliases[last.name.name] {
                type = TypeSyntax(.function(alias), at: type.location)
            } else if let alias = aliases["qualified " + qualified] ?? aliases["qualified " + blockType + "." + qualified] {
                type = TypeSyntax(.function(alias), at: type.location)
                aliasScope = components.dropLast().map(\.name.name).joined(separator: ".")
            }
        }
        // One argument, or one beside what the caller already has (the handle the call returns,
        // the receiver: AppSync's `(SubscriptionItemEvent, SubscriptionItem) -> Void`).
        guard case .function(let closure) = type.kind else { return nil }
        let arguments = closure.parameters.filter {
            !handedBack.contains($0.type.strippingAttributes.unwrappingOptional.strippingAttributes.description)
        }
        guard arguments.count == 1, case .named(var components) = arguments[0].type.strippingAttributes.kind else { return nil }
        // Through a typealias of one (ProcedureKit's `ConditionResult = ProcedureResult<Bool>`).
        if components.count == 1, components[0].genericArguments.isEmpty,
            let target = enumAliases[components[0].name.name] ?? enumAliases[blockType + "." + components[0].name.name],
            case .named(let aliased) = target.strippingAttributes.kind
        {
            components = aliased
        }
        let written = components.map(\.name.name).joined(separator: ".")
        let bare = components.last?.name.name ?? written
        // Nested in the alias's type or one of its outer types first (`Signal.Observer` → `Signal.Event`).
        var scopes: [String] = []
        var scope = aliasScope.split(separator: ".").map(String.init)
        while !scope.isEmpty {
            scopes.append(scope.joined(separator: "."))
            scope.removeLast()
        }
        // `Result<Value, Error>` is Swift's, not an SDK's `Result<T>`: the generic arguments agree.
        let found = scopes.lazy.compactMap { enums[$0 + "." + written] }.first ?? enums[written] ?? enums["bare " + bare]
        guard let found, found.genericCount == components.last?.genericArguments.count else { return nil }
        return (found, components.dropLast().flatMap { $0.genericArguments.map { $0.description } })
    }

    /// The names the cases' associated values use (`Element`, `Error`).
    var payloadNames: Set<String> {
        Set(declaration.dropFirst().flatMap { line in
            line.drop { $0 != "(" }.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
        })
    }

    /// The file-level typealiases of the module's enums (`typealias ConditionResult =
    /// ProcedureResult<Bool>`), by name, as the types they stand for.
    static func aliases(in topLevel: [SourceMember], of enums: [String: SDKEnum]) -> [String: (member: SourceMember, type: TypeSyntax)] {
        var found: [String: (member: SourceMember, type: TypeSyntax)] = [:]
        for member in topLevel where member.kind == .typeAlias {
            guard case .typeAlias(let alias)? = member.declaration, alias.genericParameters.isEmpty,
                case .named(let components) = alias.type.strippingAttributes.kind, components.count == 1,
                let target = enums[components[0].name.name] ?? enums["bare " + components[0].name.name],
                target.genericCount == components[0].genericArguments.count
            else { continue }
            found[member.name] = (member, alias.type)
        }
        return found
    }

    /// A struct whose one stored property is of an enum read as an outcome (Web3.swift's
    /// `struct Web3Response<Result> { let status: Status<Result> … }`): a callback that gets one
    /// is read through that property, so the struct is pasted with its property (and the enum,
    /// when it is nested in it). Top-level structs only: the `.bridge` language nests none.
    init?(wrapper type: SourceType, enums: [String: SDKEnum]) {
        guard type.kind == .struct, !type.name.contains(".") else { return nil }
        let stored = type.members.filter { $0.kind == .property && !$0.isStatic && !$0.hasAccessors }
        guard stored.count == 1, case .context(let property)? = stored[0].declaration, let propertyType = property.type,
            case .named(let components) = propertyType.strippingAttributes.kind, components.count == 1
        else { return nil }
        let bare = components[0].name.name
        let nested = enums[type.name + "." + bare]
        guard let wrapped = nested ?? enums[bare], wrapped.errorCase == nil,
            wrapped.genericCount == components[0].genericArguments.count
        else { return nil }
        let lines = ["struct \(type.name)\(type.genericParameters) {"] + (nested?.declaration.map { "    " + $0 } ?? [])
            + ["    let \(property.name): \(propertyType.strippingAttributes.description)", "}"]
        let (file, diagnostics) = Parser.parse(Array(lines.joined(separator: "\n").utf8))
        guard diagnostics.isEmpty, case .structDecl(let decl)? = file.declarations.first else { return nil }
        name = type.name
        declaration = lines
        caseNames = wrapped.caseNames
        genericCount = decl.genericParameters.count
        pastedWith = nested == nil ? wrapped.name : nil
    }

    /// The top-level enum a wrapper's property is of: pasted before it.
    var pastedWith: String?

    /// By qualified name, and by bare name (`bare Event`) where only one enum has it.
    static func index(_ types: [SourceType]) -> [String: SDKEnum] {
        var byName: [String: SDKEnum] = [:]
        var bareCounts: [String: Int] = [:]
        let enums = types.compactMap(SDKEnum.init)
        let known = Dictionary(enums.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let found = enums + types.compactMap { SDKEnum(wrapper: $0, enums: known) }
        for item in found {
            byName[item.name] = item
            bareCounts[String(item.name.split(separator: ".").last ?? ""), default: 0] += 1
        }
        for item in found {
            let bare = String(item.name.split(separator: ".").last ?? "")
            if bareCounts[bare] == 1 { byName["bare " + bare] = item }
        }
        return byName
    }
}
