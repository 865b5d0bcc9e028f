import DeclParser

/// `@notification`: a function the user declares (it is the API to generate, not an SDK method)
/// that returns `AsyncStream<Element>` of the notifications of one name, each mapped by a user
/// function inside the observer.
extension Analyzer {
    static let notificationUsage = Annotations.usage("notification")

    mutating func analyseNotification(
        _ function: FunctionDecl, attribute: Attribute, typeName: String, annotations: FunctionAnnotations,
        access: AccessLevel, block: AdapterOptions
    ) -> Adapter? {
        let errorsBefore = errorCount
        for other in function.attributes {
            // Annotations that describe an SDK call mean nothing on a notification stream.
            guard let reason = Annotations.specs[other.name.name]?.notOnNotification else { continue }
            diagnostics.error(
                "'@\(other.name.name)' does not apply to a '@notification' stream", at: other.location,
                notes: [.init("\(reason); remove '@\(other.name.name)'")])
        }
        let isStatic = function.modifiers.contains { $0.name == "static" || $0.name == "class" }
        let notification = readNotification(attribute, typeName: typeName, isStatic: isStatic)
        if function.isAsync || function.throwsClause != nil {
            diagnostics.error(
                "a '@notification' function is neither 'async' nor 'throws'", at: function.name.location,
                notes: [.init("declare it as 'func name(…) -> AsyncStream<Element>'")])
        }
        if let modifier = function.modifiers.first(where: { $0.name == "mutating" }) {
            diagnostics.error("a '@notification' function cannot be 'mutating'", at: modifier.location)
        }
        let element = streamElement(function)
        var parameters: [AdapterParameter] = []
        for parameter in function.parameters {
            guard checkTypeAttributes(parameter.type) else { continue }
            if parameter.isVariadic {
                diagnostics.error(
                    "variadic parameter '\(parameter.name.name)' is not supported here", at: parameter.location,
                    notes: [.init("declare it as an array")])
                continue
            }
            parameters.append(
                AdapterParameter(
                    label: parameter.label.map { Naming.escapedLabel($0.name) }, name: Naming.escaped(parameter.name.name),
                    type: parameter.type.description, defaultValue: parameter.defaultValue, isInout: parameter.type.isInout,
                    line: parameter.location.line))
        }
        guard errorCount == errorsBefore, var notification, let element else { return nil }
        notification.line = attribute.location.line

        let labels = parameters.map { ($0.label ?? "_") + ":" }.joined()
        var adapter = Adapter(
            documentation: function.documentation, sourceName: Self.displayName(notification.name),
            adapterName: "\(function.name.name)(\(labels))", name: Naming.escaped(function.name.name), access: access,
            attributes: annotations.carried, isStatic: isStatic,
            discardableResult: false, genericParameters: function.genericParameters.map(\.description),
            requirements: function.requirements.map(\.description), parameters: parameters, resultType: element,
            start: .notification(notification), location: function.location)
        adapter.stream = StreamOptions(
            buffering: annotations.stream?.buffering, isThrowing: false, shared: annotations.stream?.shared ?? false,
            replay: annotations.stream?.replay ?? 0)
        adapter.signatureLine = function.funcKeywordLocation.line
        adapter.options.isMainActor = block.isMainActor || function.attributes.contains { $0.name.name == "MainActor" }
        return adapter
    }

    /// The notification as the adapter's doc comment names it: the name's expression.
    static func displayName(_ name: ObservedNotification.Name) -> String {
        switch name {
        case .expression(let text): return text
        case .literal(let raw): return "Notification.Name(\(SwiftLiteral.quoted(raw)))"
        }
    }

    /// `T` of the declared `-> AsyncStream<T>`.
    private mutating func streamElement(_ function: FunctionDecl) -> String? {
        if let type = function.returnType, case .named(let components) = type.strippingAttributes.kind,
            let last = components.last, last.name.name == "AsyncStream", last.genericArguments.count == 1,
            components.count == 1 || (components.count == 2 && components[0].name.name == "_Concurrency")
        {
            return last.genericArguments[0].description
        }
        diagnostics.error(
            "a '@notification' function returns 'AsyncStream<Element>'",
            at: function.returnType?.location ?? function.name.location,
            notes: [.init("declare the stream it gives, e.g. '-> AsyncStream<ReachabilityStatus>'")])
        return nil
    }

    private mutating func readNotification(_ attribute: Attribute, typeName: String, isStatic: Bool) -> ObservedNotification? {
        guard
            let arguments = Annotations.arguments(of: attribute, into: &diagnostics)
        else { return nil }
        var valid = true
        var name: ObservedNotification.Name?
        switch arguments[""]?.value {
        case .string(let raw)?:
            name = .literal(raw)
        case let value?:
            name = .expression(value.text)
        case nil:
            diagnostics.error(
                "'@notification' needs the notification's name first", at: attribute.location,
                notes: [.init("write \(Self.notificationUsage)")])
            valid = false
        }
        var map: String?
        if let argument = arguments["map"] {
            if Self.isFunctionReference(argument.value.text) {
                map = argument.value.text
            } else {
                diagnostics.error(
                    "'\(argument.value.text)' does not name a function of one argument", at: argument.location,
                    notes: [.init("name a function '(Notification) -> Element?', e.g. 'map: Status.init(notification:)'")])
                valid = false
            }
        } else {
            diagnostics.error(
                "'@notification' needs 'map:', the function that makes an element of each notification",
                at: attribute.location,
                notes: [
                    .init("it runs inside the observer, so no 'Notification' crosses to the consumer; returning nil skips one")
                ])
            valid = false
        }
        let center: ObservedNotification.Center
        if let argument = arguments["center"] {
            center = .expression(argument.value.text)
        } else if !isStatic, typeName == "NotificationCenter" || typeName == "Foundation.NotificationCenter" {
            center = .receiver
        } else {
            center = .standard
        }
        guard valid, let name, let map else { return nil }
        return ObservedNotification(
            name: name, object: arguments["object"]?.value.text, queue: arguments["queue"]?.value.text, center: center,
            map: map)
    }

    /// `f`, `Type.f`, `Type.init(notification:)` or `f(_:)`: a function of one argument,
    /// named, not called.
    static func isFunctionReference(_ text: String) -> Bool {
        guard let open = text.firstIndex(of: "(") else { return isDottedName(text) }
        guard isDottedName(String(text[..<open])), let call = callReference(String(text.split(separator: ".").last ?? "")) else {
            return false
        }
        return call.isReference && call.labels.count == 1
    }
}
