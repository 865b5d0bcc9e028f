import DeclParser

/// The annotations of one legacy method, read once and checked against the registry: naming,
/// the completion's conventions, its closures' roles, `@stream`.
extension Analyzer {
    /// Which of the completion's optional values keep their `?` (`_Nullable_result`).
    enum NullableResult {
        case all
        /// Positions counted from 1, with where each was written.
        case positions([(Int, SourceLocation)])
    }

    struct FunctionAnnotations {
        /// `@asyncName(name)`, or a full name `@asyncName(name(label:_:))` whose labels are final.
        var asyncName: (String, SourceLocation)?
        var asyncLabels: [String]?
        /// `@asyncName(getter: name)`: the adapter is a property, `var name: T { get async throws }`.
        var isGetter = false
        /// `@nullableResult`: a nil value with a nil error is a result (clang's `_Nullable_result`),
        /// for every value, or with `@nullableResult(1, 3)` for the values at those positions.
        var nullableResult: NullableResult?
        /// `@swiftPrivate`: the adapter's name starts with `__` (clang's `swift_async(swift_private, N)`).
        var swiftPrivate = false
        var completion: (String, SourceLocation)?
        var asyncError: (failsWhenZero: Bool, index: Int, location: SourceLocation)?
        /// `@asyncError(thrown: N)`: the completion's parameter N is the error to throw;
        /// `@asyncError(thrown: N.error)`: parameter N's member `error` is (`member`).
        var thrownError: (index: Int, member: String?, location: SourceLocation)?
        /// `@asyncError(thrown: 1, unless: .none)`: the case of that error that means success.
        var successCase: (name: String, location: SourceLocation)?
        /// `@asyncError(message: N)`: the completion's optional parameter N describes the
        /// failure (Perfect-LDAP's `(String?) -> Void`: nil when it succeeded); with a member,
        /// `@asyncError(message: N.error)`, that member of parameter N does.
        var failureMessage: (index: Int, member: String?, location: SourceLocation)?
        /// `@stream`, with its buffering policy (nil: unbounded).
        var stream: StreamAnnotation?
        /// `@success(name)`, `@failure(name)`, `@event(name)`, `@finish(name)`: which closure
        /// parameter plays which role (Analyzer+ClosureRoles.swift).
        var closureRoles: [(name: String, kind: String, location: SourceLocation)] = []
        /// `@success(.case)`, `@event(.case)`, `@failure(.case)`, `@finish(.case, .case)`: which
        /// case of the SDK enum the callback hands over plays which role (Analyzer+EnumOutcome.swift).
        var caseRoles: [(name: String, kind: String, location: SourceLocation)] = []
        /// `@finish(returned)`: the future the method returns ends the stream when it completes.
        var finishesWithReturned: SourceLocation?
        /// `@failure(returned)`: the returned future's failure fails the one-shot (websocket-kit's
        /// `connect(…, onUpgrade:) -> EventLoopFuture<Void>`: a failed connection never upgrades)
        /// or the stream (RediStack's `subscribe`: the subscription did not take).
        var failsWithReturned: SourceLocation?
        /// `@success(returned)`: the `Bool` the method returns says whether it will call its
        /// completion (Appcues' `didReceiveNotification(response:completionHandler:) -> Bool`):
        /// false is the value at once, true once the completion has come.
        var succeedsWithReturned: SourceLocation?
        /// `@failure(nil)`: a nil value is the failure (Perfect-Net's `connect(…, callBack:
        /// (NetTCP?) -> ())`, "otherwise, a nil object will be passed"): unwrapped, nil throws.
        var nilIsFailure: SourceLocation?
        /// `@lent(Database)`: objects of these types the callback gets are valid only inside it
        /// (GRDB's connection): no part of the value (Analyzer+Shape.swift).
        var lent: [(type: String, location: SourceLocation)] = []
        var carried: [String] = []
        /// `@progress(name)`: a closure that reports progress on the way, no part of the outcome
        /// (SwiftyInsta's optional `updateHandler:` per page, beside the completion that hands
        /// every page): it stays a parameter of the adapter, passed through.
        var progress: [(name: String, location: SourceLocation)] = []
        /// `@failure(onFailure(_:))`: the method that sets the failure half of the outcome.
        var failureHalf: String?
    }

    /// `2` → (2, nil); `2.error` → (2, "error"); `2.status.error` → (2, "status.error");
    /// anything else → (nil, nil).
    static func positionAndMember(_ value: AttributeValue) -> (Int?, String?) {
        switch value {
        case .integer(let index): return (index, nil)
        case .expression(let text):
            let parts = text.filter { !$0.isWhitespace }.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard parts.count >= 2, let index = Int(parts[0]), parts.dropFirst().allSatisfy(Naming.isValidIdentifier) else { return (nil, nil) }
            return (index, parts.dropFirst().joined(separator: "."))
        default: return (nil, nil)
        }
    }

    mutating func readAnnotations(_ function: FunctionDecl) -> FunctionAnnotations? {
        var result = FunctionAnnotations()
        let errorsBefore = diagnostics.diagnostics.count
        result.carried = checkAttributes(function.attributes, allowed: Annotations.functionAnnotations)
        for attribute in function.attributes {
            switch attribute.name.name {
            case "asyncName":
                let usage = Annotations.usage("asyncName")
                guard let arguments = Annotations.arguments(of: attribute, into: &diagnostics) else { continue }
                if let getter = arguments["getter"] {
                    // clang's `swift_async_name("getter:name()")`: an async, throwing property.
                    // `getter: name`, or clang's spelling `getter:name()`.
                    let text = getter.value.text.hasSuffix("()") ? String(getter.value.text.dropLast(2)) : getter.value.text
                    let name = text.filter { !$0.isWhitespace }
                    guard arguments[""] == nil, Naming.isValidIdentifier(name) else {
                        diagnostics.error(
                            "'@asyncName(getter:)' takes one property name", at: getter.location,
                            notes: [.init("write '@asyncName(getter: name)'")])
                        continue
                    }
                    result.asyncName = (name, getter.location)
                    result.isGetter = true
                    continue
                }
                guard let argument = arguments[""] else { continue }
                if case .identifier(let name) = argument.value, Naming.isValidIdentifier(name) {
                    result.asyncName = (name, argument.location)
                } else if let call = Self.callReference(argument.value.text), call.isReference || call.labels.isEmpty {
                    result.asyncName = (call.name, argument.location)
                    result.asyncLabels = call.labels
                } else {
                    diagnostics.error(
                        "'\(argument.value.text)' is not a valid function name", at: argument.location,
                        notes: [.init("write \(usage)")])
                }
            case "nullableResult":
                guard let arguments = attribute.arguments, !arguments.isEmpty else {
                    result.nullableResult = .all
                    continue
                }
                var positions: [(Int, SourceLocation)] = []
                for argument in arguments {
                    guard argument.label == nil, case .integer(let position) = argument.value, position >= 1 else {
                        diagnostics.error(
                            "'@nullableResult' takes parameter positions starting at 1, found '\(argument.value.text)'",
                            at: argument.location,
                            notes: [.init("write '@nullableResult' for every value, or '@nullableResult(1, 3)' for some")])
                        continue
                    }
                    positions.append((position, argument.location))
                }
                result.nullableResult = .positions(positions)
            case "swiftPrivate":
                if attribute.arguments != nil {
                    diagnostics.error("'@swiftPrivate' takes no arguments", at: attribute.location, notes: [.init("write '@swiftPrivate'")])
                }
                result.swiftPrivate = true
            case "completion":
                let usage = Annotations.usage("completion")
                guard let arguments = Annotations.arguments(of: attribute, into: &diagnostics),
                    let argument = arguments[""]
                else { continue }
                guard case .identifier(let name) = argument.value else {
                    diagnostics.error(
                        "expected a parameter name in '@completion', found '\(argument.value.text)'", at: argument.location,
                        notes: [.init("write \(usage)")])
                    continue
                }
                result.completion = (name, argument.location)
            case "asyncError":
                let usage = Annotations.usage("asyncError")
                guard var arguments = Annotations.arguments(of: attribute, into: &diagnostics) else { continue }
                // `unless: .case`, beside `thrown: N` only: the case of the error that is success.
                if let unless = arguments.removeValue(forKey: "unless") {
                    let name = unless.value.text.hasPrefix(".") ? String(unless.value.text.dropFirst()) : ""
                    guard arguments["thrown"] != nil, Naming.isValidIdentifier(name) else {
                        diagnostics.error(
                            arguments["thrown"] == nil
                                ? "'unless:' goes with 'thrown:': the case of the thrown error that means success"
                                : "expected a case in 'unless:', found '\(unless.value.text)'",
                            at: unless.location, notes: [.init("write '@asyncError(thrown: 1, unless: .none)'")])
                        continue
                    }
                    result.successCase = (name, unless.location)
                }
                guard arguments.count == 1, let (label, argument) = arguments.first else {
                    diagnostics.error(
                        "'@asyncError' takes exactly one of 'zeroArgument', 'nonzeroArgument', 'thrown' or 'message'",
                        at: attribute.location, notes: [.init("write \(usage)")])
                    continue
                }
                // `N`, or for 'thrown' and 'message' `N.member`: the member of parameter N.
                let (index, member) = Self.positionAndMember(argument.value)
                guard let index, index >= 1, member == nil || ["thrown", "message"].contains(label) else {
                    diagnostics.error(
                        "'\(label)' must be a parameter position starting at 1\(["thrown", "message"].contains(label) ? ", or one and a member ('2.error')" : ""), found '\(argument.value.text)'",
                        at: argument.location, notes: [.init("write \(usage)")])
                    continue
                }
                if label == "thrown" {
                    result.thrownError = (index, member, argument.location)
                } else if label == "message" {
                    result.failureMessage = (index, member, argument.location)
                } else {
                    result.asyncError = (label == "zeroArgument", index, argument.location)
                }
            case "stream":
                if let stream = readStream(attribute) { result.stream = stream }
            case "lent":
                for argument in attribute.arguments ?? [] {
                    let type = argument.text.filter { !$0.isWhitespace }
                    guard argument.label == nil, !type.isEmpty, type.split(separator: ".").allSatisfy({ Naming.isValidIdentifier(String($0)) })
                    else {
                        diagnostics.error(
                            "expected a type name in '@lent', found '\(argument.text)'", at: argument.location,
                            notes: [.init("write \(Annotations.usage("lent"))")])
                        continue
                    }
                    result.lent.append((type, argument.location))
                }
                if attribute.arguments?.isEmpty ?? true {
                    diagnostics.error(
                        "'@lent' names the type of what the SDK lends", at: attribute.location,
                        notes: [.init("write \(Annotations.usage("lent"))")])
                }
            case "finish" where attribute.arguments?.count == 1 && attribute.arguments?[0].label?.name == "returned":
                // `@finish(returned: true)` is spelled `@finish(returned)`; nothing else is read.
                result.finishesWithReturned = attribute.location
            case "finish" where attribute.arguments?.count == 1 && attribute.arguments?[0].text == "returned":
                result.finishesWithReturned = attribute.location
            case "failure" where attribute.arguments?.count == 1 && attribute.arguments?[0].text == "returned":
                result.failsWithReturned = attribute.location
            case "success" where attribute.arguments?.count == 1 && attribute.arguments?[0].text == "returned":
                result.succeedsWithReturned = attribute.location
            case "failure" where attribute.arguments?.count == 1 && attribute.arguments?[0].text == "nil":
                result.nilIsFailure = attribute.location
            case "userCancel":
                // The closure the SDK calls when the user cancels in its UI (McPicker's
                // `cancelHandler: () -> Void`): the call throws `CancellationError`.
                guard let name = singleIdentifier(attribute, usage: Annotations.usage("userCancel")) else { continue }
                result.closureRoles.append((name, "userCancel", attribute.location))
            case "progress":
                // `@progress(onInsert, onModify)`: several closures passed through.
                if let arguments = attribute.arguments, arguments.count > 1,
                    arguments.allSatisfy({ $0.label == nil && Naming.isValidIdentifier($0.text) })
                {
                    for argument in arguments { result.progress.append((argument.text, argument.location)) }
                    continue
                }
                guard let name = singleIdentifier(attribute, usage: Annotations.usage("progress")) else { continue }
                result.progress.append((name, attribute.location))
            case "failure" where Self.failureHalfReference(function)?.attribute == attribute:
                // The failure half, a method: its closure is the last parameter of the function
                // as analysed (`pairHalves`), named as the method.
                let name = Self.failureHalfReference(function)?.name ?? ""
                result.closureRoles.append((String(name.prefix { $0 != "(" }), "failure", attribute.location))
                result.failureHalf = name
            case "success", "failure", "event", "finish":
                if attribute.arguments?.isEmpty == false,
                    attribute.arguments?.allSatisfy({ $0.label == nil && $0.text.hasPrefix(".") }) == true
                {
                    readCaseRoles(attribute, into: &result)
                    continue
                }
                // `@event(connected, heartbeat, disconnected)`: a stream's several event closures.
                if attribute.name.name == "event", let arguments = attribute.arguments, arguments.count > 1,
                    arguments.allSatisfy({ $0.label == nil && Naming.isValidIdentifier($0.text) })
                {
                    for argument in arguments { result.closureRoles.append((argument.text, "event", argument.location)) }
                    continue
                }
                let usage = Annotations.usage(attribute.name.name)
                guard let name = singleIdentifier(attribute, usage: usage) else { continue }
                result.closureRoles.append((name, attribute.name.name, attribute.location))
            default:
                break
            }
        }
        return diagnostics.diagnostics.count == errorsBefore ? result : nil
    }

    /// `@event(.next)`, `@finish(.completed, .interrupted)`: cases of the enum the callback gets.
    mutating func readCaseRoles(_ attribute: Attribute, into result: inout FunctionAnnotations) {
        for argument in attribute.arguments ?? [] {
            let name = String(argument.text.dropFirst().filter { !$0.isWhitespace })
            guard Naming.isValidIdentifier(name) else {
                diagnostics.error(
                    "expected a case name in '@\(attribute.name.name)', found '\(argument.text)'", at: argument.location,
                    notes: [.init("write '@\(attribute.name.name)(.caseName)'")])
                continue
            }
            result.caseRoles.append((name, attribute.name.name, argument.location))
        }
    }
}
