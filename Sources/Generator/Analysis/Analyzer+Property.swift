import DeclParser

/// A callback property pasted in a block (`var onMessage: ((Message) -> Void)?`): the SDK calls
/// the closure it holds for every event, so the adapter is a stream that sets the property while
/// it is iterated and puts the previous value back when it ends (docs/language.md, "Callback
/// properties"). `@context` keeps it unbridged; `@stream(…)` sets the buffering or shares one
/// setting between consumers; `@asyncName(name)` names the stream function.
extension Analyzer {
    /// Whether a pasted member is a callback property the block bridges: settable, of an object
    /// (a `static` one is a process-wide hook: a logger, a default handler, not an object's events).
    func isCallbackProperty(_ member: ContextDecl, scope: String) -> Bool {
        guard member.kind == .property, member.isSettable, !member.isStatic, !member.attributeNames.contains("context"),
            let type = member.type,
            let closure = closureType(type, scope: scope)
        else { return false }
        return CallbackShape.deliversEvents(closure, property: member.name)
    }

    func closureType(_ type: TypeSyntax, scope: String) -> FunctionTypeSyntax? {
        guard var resolved = try? resolver.resolve(type, scope: scope).unwrappingOptional.strippingAttributes else { return nil }
        // Implicitly unwrapped (Moscapsule's `var onConnectCallback: ((ReturnCode) -> ())!`):
        // set and put back as an optional.
        if case .implicitlyUnwrappedOptional(let wrapped) = resolved.kind { resolved = wrapped.strippingAttributes }
        guard case .function(let closure) = resolved.kind else { return nil }
        return closure
    }

    /// What the adapter keeps of the property's value to put back: an implicitly unwrapped
    /// one (`((String) -> Void)!`) as the optional it is, which a generic argument must be.
    static func heldType(_ type: TypeSyntax) -> String {
        if case .implicitlyUnwrappedOptional(let wrapped) = type.strippingAttributes.kind {
            return TypeSyntax(.optional(wrapped), at: type.location).description
        }
        return type.description
    }

    mutating func analyseProperty(
        _ member: ContextDecl, typeName: String, scope: String, access: AccessLevel, block: AdapterOptions, handsBackSender: Bool
    ) -> Adapter? {
        guard let type = member.type, let closure = closureType(type, scope: scope) else { return nil }
        var stream: StreamAnnotation?
        var once: SourceLocation?
        var name = Self.streamName(ofProperty: member.name)
        var options = block
        for attribute in member.attributes {
            switch attribute.name.name {
            case "stream":
                guard let read = readStream(attribute) else { return nil }
                stream = read
            case "once":
                if attribute.arguments != nil {
                    diagnostics.error("'@once' takes no arguments", at: attribute.location, notes: [.init("write '@once'")])
                    return nil
                }
                once = attribute.location
            case "asyncName":
                guard let override = singleIdentifier(attribute, usage: "'@asyncName(newName)'") else { return nil }
                name = override
            case "MainActor":
                // The SDK's own isolation of the property: the stream sets it on the main actor.
                options.isMainActor = true
            case "available":
                break
            default:
                guard Annotations.specs[attribute.name.name] != nil else { continue }
                diagnostics.error(
                    "'@\(attribute.name.name)' does not apply to callback property '\(member.name)'", at: attribute.location,
                    notes: [.init("a callback property becomes a stream: '@stream(…)', '@once', '@asyncName(name)' or '@context' apply")])
                return nil
            }
        }
        // The closure's parameters: the values, and the receiver handed back first. Alone, the
        // object is the value (Reachability's `whenReachable: ((Reachability) -> ())?`: its
        // state is read from it), as a method's lone receiver is; unless the type's other
        // properties hand it back as the sender beside values (CocoaMQTT's `didPing`).
        let elements = closure.parameters
        let handsBackReceiver = Self.handsBackReceiver(elements, scope: scope)
            || (elements.count == 1 && handsBackSender && Self.isReceiver(elements[0], scope: scope))
        // A `@once` property whose last argument is an optional error (SwiftWebSocket's `end:
        // (code, reason, wasClean, error: Error?)`): non-nil is the failure, which the one-shot
        // throws, as a method's completion of that shape does. Not where the name says the call
        // is a loss, whose error says why (ActionCableClient's `onDisconnected: (ConnectionError?)`,
        // Alamofire's `sessionDidBecomeInvalidWithError`, nil for an explicit invalidation).
        let throwsLast = once != nil && !ClosureRoleNames.namesLoss(member.name) && elements.count - (handsBackReceiver ? 1 : 0) >= 1
            && elements.last.map { element in
                let type = element.type.strippingAttributes
                return type.description != type.unwrappingOptional.description && isErrorType(type.unwrappingOptional)
            } == true
        let valueCount = elements.count - (handsBackReceiver ? 1 : 0) - (throwsLast ? 1 : 0)
        var parameters: [CompletionShape.Parameter] = []
        var values: [String] = []
        for (index, element) in elements.enumerated() {
            if index == 0, handsBackReceiver {
                parameters.append(.init(name: "receiver", role: .handedBack))
                continue
            }
            if throwsLast, index == elements.count - 1 {
                parameters.append(.init(name: "error", role: .error))
                continue
            }
            parameters.append(.init(name: valueCount == 1 ? "value" : "value\(values.count)", role: .value(unwrap: false)))
            values.append(element.type.strippingAttributes.description)
        }
        let element = values.isEmpty ? "Void" : values.count == 1 ? values[0] : "(" + values.joined(separator: ", ") + ")"
        if once == nil, stream == nil, ClosureRoleNames.namesOnce(property: member.name, closure: closure) {
            // A stream of an end never ends: said, not guessed silently.
            diagnostics.append(
                Diagnostic(
                    .warning, "callback property '\(member.name)' is named for an end, which comes once; its stream would never end",
                    at: member.nameLocation ?? member.location,
                    notes: [
                        .init("if the SDK calls it once, add '@once': a one-shot that waits for that call"),
                        .init("if it is called for every event, add '@stream'"),
                    ]))
        }
        if let once {
            if let stream = member.attributes.first(where: { $0.name.name == "stream" }) {
                diagnostics.error(
                    "'@once' and '@stream' contradict each other on callback property '\(member.name)'", at: stream.location,
                    notes: [.init("'@once': the SDK calls it once (a one-shot); '@stream': for every event", at: once)])
                return nil
            }
            if !member.attributes.contains(where: { $0.name.name == "asyncName" }) { name = Self.eventName(ofProperty: member.name) }
        }
        // A `@once` property's one `Result`: the one-shot returns its success and throws its failure.
        var result: String?
        var resultType = element
        if once != nil, values.count == 1, let (success, _) = resultArguments(closure.parameters[closure.parameters.count - 1].type, scope: scope) {
            result = element
            resultType = success.strippingAttributes.description
        }
        var adapter = Adapter(
            documentation: member.documentation, sourceName: typeName + "." + member.name, adapterName: name + "()",
            name: Naming.escaped(name), access: access, attributes: member.attributes.filter { $0.name.name == "available" }.map(\.text),
            isStatic: false, discardableResult: false, genericParameters: [], requirements: [], parameters: [],
            resultType: resultType,
            start: .property(
                CallbackProperty(
                    name: Naming.escaped(member.name), type: Self.heldType(type), shape: CompletionShape(parameters: parameters),
                    line: member.nameLocation?.line, once: once != nil, result: result)),
            options: options, location: member.location)
        adapter.options.timeout = nil
        adapter.options.retry = nil
        adapter.options.mapError = nil
        if once == nil {
            adapter.stream = StreamOptions(
                buffering: stream?.buffering, isThrowing: false, shared: stream?.shared ?? false, replay: stream?.replay ?? 0)
        }
        adapter.signatureLine = member.nameLocation?.line
        return adapter
    }

    /// `onClose` → `closeEvent`, `sessionDidBecomeInvalid` → `sessionDidBecomeInvalidEvent`: the
    /// one-shot of a `@once` property (a method may not share the property's name).
    static func eventName(ofProperty name: String) -> String {
        String(streamName(ofProperty: name).dropLast())
    }

    /// `onMessage` → `messageEvents`, `didChange` → `didChangeEvents`: what the stream function of
    /// a callback property is called (`@asyncName` names it otherwise). Perfect-Mosquitto's
    /// upper-camel `OnMessage` → `messageEvents` too; another capital is lowered (`Handler` →
    /// `handlerEvents`), as a function's name is.
    static func streamName(ofProperty name: String) -> String {
        var base = name
        if base.count > 2, base.hasPrefix("on") || base.hasPrefix("On"), base.dropFirst(2).first?.isUppercase == true {
            base = String(base.dropFirst(2))
        }
        // A leading acronym lowered whole (`URLChanged` → `urlChanged`), as Swift names are.
        let capitals = base.prefix { $0.isUppercase }.count
        let lowered = capitals > 1 && capitals < base.count ? capitals - 1 : capitals
        return base.prefix(lowered).lowercased() + base.dropFirst(lowered) + "Events"
    }
}
