import DeclParser

/// Analysis of a `delegate Protocol on Owner { … }` block: the adapter's own declaration (the
/// member with `@start`) and the delegate methods with their roles.
extension Analyzer {
    static let delegateBlockAnnotations = Annotations.names(at: .delegateBlock)
    /// `@available` is read with the adapter's shape, and carried.
    static let delegateAdapterAnnotations = Annotations.names(at: .delegateAdapter).union(["available"])
    static let delegateRoles = Annotations.names(at: .delegateMethod)

    mutating func analyseDelegate(_ decl: DelegateDecl, generated: inout [String: SourceLocation]) -> Adapter? {
        let errorsBefore = errorCount
        let carried = checkAttributes(decl.attributes, allowed: Self.delegateBlockAnnotations)
        let (access, _, _) = readBridgeAttribute(decl.attributes, allowsWrapper: false)
        var options = readOptions(decl.attributes, inheriting: AdapterOptions())
        if let attribute = decl.attributes.first(where: { $0.name.name == "MainActor" }) {
            diagnostics.error(
                "'@MainActor' on a delegate block is not supported yet", at: attribute.location,
                notes: [.init("call the adapter from the main actor instead; the SDK then starts on the main thread")])
            return nil
        }
        let ownerType = decl.ownerType.description
        let protocolType = decl.protocolType.description
        for type in [decl.ownerType, decl.protocolType] {
            guard case .named = type.kind else {
                diagnostics.error(
                    "'\(type.description)' is not a type name", at: type.location,
                    notes: [.init("write 'delegate ProtocolName on OwnerType { … }'")])
                return nil
            }
        }
        var property = "delegate"
        // Where the property is named: its annotation, else the owner type (`on Owner` implies
        // `Owner.delegate`). Generated code that assigns it is mapped there.
        var propertyLine = decl.ownerType.location.line
        var busyPolicy = DelegateStart.BusyPolicy.fail
        var restoresPrevious = false
        for attribute in decl.attributes {
            switch attribute.name.name {
            case "delegateProperty":
                let usage = Annotations.usage("delegateProperty")
                guard let argument = singleIdentifier(attribute, usage: usage) else { continue }
                property = Naming.escaped(argument)
                propertyLine = attribute.location.line
            case "onBusy":
                let usage = Annotations.usage("onBusy")
                guard let argument = singleIdentifier(attribute, usage: usage) else { continue }
                switch argument {
                case "fail": busyPolicy = .fail
                case "cancelPrevious": busyPolicy = .cancelPrevious
                default:
                    diagnostics.error(
                        "'\(argument)' is not a busy policy", at: attribute.location, notes: [.init("write \(usage)")])
                }
            case "restoreDelegate":
                if attribute.arguments != nil {
                    diagnostics.error(
                        "'@restoreDelegate' takes no arguments", at: attribute.location,
                        notes: [.init("write '@restoreDelegate'")])
                }
                restoresPrevious = true
            default:
                break
            }
        }

        // `@start(execute(request: request, delegate: $delegate))`: the SDK takes the delegate
        // as an argument of the start call (a per-call delegate), not in a property of the
        // owner; nothing is set, so nothing is busy, cleared or put back.
        let passesDelegate = decl.members.contains { member in
            guard case .function(let function) = member else { return false }
            return function.attributes.contains { $0.name.name == "start" && $0.text.contains("$delegate") }
        }
        if passesDelegate {
            for attribute in decl.attributes where ["delegateProperty", "onBusy", "restoreDelegate"].contains(attribute.name.name) {
                diagnostics.error(
                    "'@\(attribute.name.name)' is about the owner's delegate property, but '@start' passes the delegate as an argument ('$delegate')",
                    at: attribute.location,
                    notes: [.init("remove it: each call makes its own delegate and hands it to the start call")])
            }
        }
        // The owner's property is assigned (the delegate, while a call runs): one the file
        // declares as a `let` or `{ get }` cannot be (a protocol of plugins kept in an array).
        if !passesDelegate, let declared = readOnlyProperties["\(ownerType).\(property.filter { $0 != "`" })"] {
            diagnostics.error(
                "'\(ownerType).\(property)' cannot be assigned, so a delegate block cannot set it", at: decl.location,
                notes: [
                    .init("it is declared as a constant or get-only here", at: declared),
                    .init("name the owner's settable delegate property with '@delegateProperty(name)', or bridge the protocol's methods another way"),
                ])
            return nil
        }

        // The adapter's declaration: the one member with `@start`.
        let functions = decl.members.compactMap { member -> FunctionDecl? in
            if case .function(let function) = member { return function }
            return nil
        }
        for member in decl.members {
            switch member {
            case .typeAlias:
                diagnostics.error(
                    "a delegate block holds no typealiases", at: decl.location,
                    notes: [.init("declare typealiases at the top level of the file")])
            case .enumDecl(let nested):
                diagnostics.error(
                    "a delegate block holds no enums", at: nested.location,
                    notes: [.init("declare the enum at the top level of the file, or in an extension block of the type that nests it")])
            case .function, .context:
                continue
            }
            break
        }
        let starts = functions.filter { $0.attributes.contains { $0.name.name == "start" } }
        guard let adapterDecl = starts.first else {
            diagnostics.error(
                "delegate block for '\(protocolType)' has no adapter declaration", at: decl.location,
                notes: [
                    .init(
                        "declare the async function with the call that starts the work, e.g. "
                            + "'@start(requestLocation()) func currentLocation() async throws -> Location'")
                ])
            return nil
        }
        for extra in starts.dropFirst() {
            diagnostics.error(
                "a delegate block declares one adapter; '\(extra.fullName)' is a second one", at: extra.location,
                notes: [.init("use another delegate block for another adapter")])
        }
        guard let shape = delegateAdapterShape(adapterDecl) else { return nil }
        let isStream = shape.stream != nil

        let startAttribute = adapterDecl.attributes.first { $0.name.name == "start" }
        // `@start(none)`: nothing to call; the SDK calls the delegate unasked once it is set.
        let startsNothing = startAttribute?.arguments.map { $0.count == 1 && $0[0].label == nil && $0[0].value == .identifier("none") } ?? false
        var start =
            startsNothing
            ? nil : startAttribute.flatMap { ownerCall($0, usage: "'@start(method(arguments))' or '@start(none)'", allowsTry: true) }
        // `@start(try begin())`: the start call throws; its error is the adapter's (or stream's).
        let startThrows = start?.hasPrefix("try ") ?? false
        if startThrows { start?.removeFirst("try ".count) }
        if startThrows, let stream = shape.stream, !stream.isThrowing, let startAttribute {
            diagnostics.error(
                "'@start' can throw, but '\(adapterDecl.name.name)' returns an AsyncStream, which cannot fail",
                at: startAttribute.location,
                notes: [.init("declare it as returning 'AsyncThrowingStream<\(shape.resultType), any Error>'")])
        }
        // `@cancel(stopMethod())`: read as every adapter's cancellation is, with no token.
        if let cancellation = readCancellation(adapterDecl, selfType: ownerType, isDelegate: true) {
            options.cancellation = cancellation
        }
        checkAttributes(adapterDecl.attributes, allowed: Self.delegateAdapterAnnotations)

        // The delegate methods.
        var methods: [DelegateStart.Method] = []
        var declared: [String: SourceLocation] = [:]
        for function in functions where !starts.contains(function) {
            if let first = declared[function.fullName] {
                diagnostics.error(
                    "delegate method '\(function.fullName)' is declared twice", at: function.location,
                    notes: [.init("first declared here", at: first)])
                continue
            }
            declared[function.fullName] = function.location
            if let method = delegateMethod(function, isStream: isStream) { methods.append(method) }
        }
        let outcomes = methods.filter {
            switch $0.role {
            case .success, .event: return true
            default: return false
            }
        }
        if outcomes.isEmpty && errorCount == errorsBefore {
            diagnostics.error(
                "no delegate method delivers the \(isStream ? "events" : "result") of '\(adapterDecl.fullName)'",
                at: decl.location,
                notes: [
                    .init(
                        isStream
                            ? "mark the method that reports an event with '@event(parameter)'"
                            : "mark the method that reports success with '@success(parameter)'")
                ])
        }
        guard errorCount == errorsBefore, start != nil || startsNothing else { return nil }

        let baseName = shape.name
        let labels = shape.parameters.map { ($0.label ?? "_") + ":" }.joined()
        let adapterName = "\(ownerType).\(baseName)(\(labels))"
        let key = ownerType + "." + baseName + "(" + labels + ")"
        if let first = generated[key] {
            diagnostics.error(
                "'\(adapterName)' would be generated twice", at: adapterDecl.name.location,
                notes: [.init("an earlier declaration produces the same function", at: first)])
            return nil
        }
        generated[key] = adapterDecl.name.location
        let ownerName = (decl.ownerType.qualifiedName ?? ownerType).split(separator: ".").map(String.init).joined()
        if isStream {
            // A block's `@timeout` is for one-shot adapters.
            options.timeout = nil
        }
        let delegateStart = DelegateStart(
            ownerType: ownerType, protocolType: protocolType, property: property, propertyLine: propertyLine,
            start: start.map { Written($0, line: startAttribute?.location.line) }, startThrows: startThrows, busyPolicy: busyPolicy,
            restoresPrevious: restoresPrevious, passesDelegate: passesDelegate,
            className: ownerName + baseName.prefix(1).uppercased() + baseName.dropFirst() + "Delegate", methods: methods)
        var adapter = Adapter(
            documentation: adapterDecl.documentation.isEmpty ? decl.documentation : adapterDecl.documentation,
            sourceName: "\(adapterDecl.fullName) in delegate \(protocolType) on \(ownerType)", adapterName: adapterName,
            name: Naming.escaped(baseName), access: access, attributes: carried + shape.carried, isStatic: false,
            discardableResult: false, genericParameters: [], requirements: [], parameters: shape.parameters,
            resultType: shape.resultType, start: .delegate(delegateStart), options: options, location: decl.location)
        adapter.stream = shape.stream
        adapter.signatureLine = adapterDecl.funcKeywordLocation.line
        return adapter
    }

    var errorCount: Int { diagnostics.errorCount }

    struct DelegateAdapterShape {
        var name: String
        var parameters: [AdapterParameter]
        var resultType: String
        var stream: StreamOptions?
        var carried: [String]
    }

    /// `func name(params) async throws -> T`, or `func name(params) -> AsyncStream<T>` /
    /// `AsyncThrowingStream<T, any Error>` for delegate events.
    mutating func delegateAdapterShape(_ function: FunctionDecl) -> DelegateAdapterShape? {
        let usage = "write 'func name(parameters) async throws -> Result', or return 'AsyncThrowingStream<Event, any Error>'"
        var name = function.name.name
        for attribute in function.attributes where attribute.name.name == "asyncName" {
            if let override = singleIdentifier(attribute, usage: "'@asyncName(newName)'") { name = override }
        }
        var parameters: [AdapterParameter] = []
        for parameter in function.parameters {
            let label = parameter.label.map { Naming.escapedLabel($0.name) }
            parameters.append(
                AdapterParameter(
                    label: label, name: Naming.escaped(parameter.name.name), type: parameter.type.description,
                    defaultValue: parameter.defaultValue, isInout: false, line: parameter.location.line))
            if parameter.type.isInout || parameter.isVariadic {
                diagnostics.error(
                    "parameter '\(parameter.name.name)' of a delegate adapter cannot be 'inout' or variadic",
                    at: parameter.location, notes: [.init("pass a plain value")])
                return nil
            }
        }
        let carried = function.attributes.filter { $0.name.name == "available" }.map(\.text)
        let streamAttribute = function.attributes.first { $0.name.name == "stream" }
        var annotation: StreamAnnotation?
        if let streamAttribute {
            guard let read = readStream(streamAttribute), checkShared(read, function: function, parameters: parameters)
            else { return nil }
            annotation = read
        }
        if case .named(let components)? = function.returnType?.kind, let last = components.last, components.count == 1,
            ["AsyncStream", "AsyncThrowingStream"].contains(last.name.name), !function.isAsync, function.throwsClause == nil
        {
            let isThrowing = last.name.name == "AsyncThrowingStream"
            guard let element = last.genericArguments.first, last.genericArguments.count == (isThrowing ? 2 : 1) else {
                diagnostics.error(
                    "'\(function.returnType!.description)' is not a stream type bridgegen can produce",
                    at: function.returnType!.location, notes: [.init("return 'AsyncThrowingStream<Event, any Error>' or 'AsyncStream<Event>'")])
                return nil
            }
            return DelegateAdapterShape(
                name: name, parameters: parameters, resultType: element.description,
                stream: StreamOptions(
                    buffering: annotation?.buffering, isThrowing: isThrowing, shared: annotation?.shared ?? false,
                    replay: annotation?.replay ?? 0),
                carried: carried)
        }
        if let streamAttribute {
            diagnostics.error(
                "'@stream' needs the adapter to return 'AsyncStream' or 'AsyncThrowingStream'", at: streamAttribute.location,
                notes: [.init(usage)])
            return nil
        }
        guard function.isAsync, function.throwsClause?.keyword == "throws" else {
            diagnostics.error(
                "the adapter '\(function.fullName)' must be 'async throws'", at: function.name.location, notes: [.init(usage)])
            return nil
        }
        let result = function.returnType.map { $0.isVoid ? "Void" : $0.description } ?? "Void"
        return DelegateAdapterShape(name: name, parameters: parameters, resultType: result, stream: nil, carried: carried)
    }

    /// A pasted delegate requirement and what it does.
    mutating func delegateMethod(_ function: FunctionDecl, isStream: Bool) -> DelegateStart.Method? {
        if let returnType = function.returnType, !returnType.isVoid {
            diagnostics.error(
                "delegate method '\(function.fullName)' returns '\(returnType.description)'", at: returnType.location,
                notes: [.init("bridgegen implements delegate methods that return nothing; leave this one out")])
            return nil
        }
        if function.isAsync || function.throwsClause != nil || !function.genericParameters.isEmpty {
            diagnostics.error(
                "delegate method '\(function.fullName)' cannot be async, throwing or generic", at: function.name.location)
            return nil
        }
        let roles = function.attributes.filter { Self.delegateRoles.contains($0.name.name) }
        checkAttributes(function.attributes, allowed: Self.delegateRoles)
        if roles.count > 1 {
            diagnostics.error(
                "delegate method '\(function.fullName)' has more than one role", at: roles[1].location,
                notes: [.init("keep one of @success, @failure, @userCancel, @event, @finish, @ignore")])
            return nil
        }
        let names = Set(function.parameters.map(\.name.name))
        func parameterNames(_ attribute: Attribute) -> [String]? {
            var result: [String] = []
            for argument in attribute.arguments ?? [] {
                guard argument.label == nil, case .identifier(let name) = argument.value, names.contains(name) else {
                    diagnostics.error(
                        "'\(argument.text)' is not a parameter of '\(function.fullName)'", at: argument.location,
                        notes: [.init("name the parameters that carry the value: " + function.parameters.map(\.name.name).joined(separator: ", "))])
                    return nil
                }
                result.append(Naming.escaped(name))
            }
            return result
        }
        var role = DelegateStart.Role.ignore
        if let attribute = roles.first {
            let kind = attribute.name.name
            if let only = Annotations.specs[kind]?.delegateKind, only != (isStream ? .stream : .oneShot) {
                diagnostics.error(
                    "'@\(kind)' does not apply to a \(isStream ? "stream" : "one-shot") delegate adapter", at: attribute.location,
                    notes: [.init(isStream ? "use '@event', '@finish' or '@failure'" : "use '@success', '@failure' or '@userCancel'")])
                return nil
            }
            switch kind {
            case "success", "event":
                guard let values = parameterNames(attribute) else { return nil }
                role = kind == "success" ? .success(values) : .event(values)
            case "failure" where attribute.arguments?.count == 1 && attribute.arguments?[0].label?.name == "status":
                // `@failure(status: code)`: the SDK reports failure as a status code or flag.
                let argument = attribute.arguments![0]
                guard case .identifier(let name) = argument.value, names.contains(name) else {
                    diagnostics.error(
                        "'\(argument.value.text)' is not a parameter of '\(function.fullName)'", at: argument.location,
                        notes: [.init("name the parameter that carries the status: " + function.parameters.map(\.name.name).joined(separator: ", "))])
                    return nil
                }
                role = .failureStatus(Naming.escaped(name))
            case "failure":
                guard let values = parameterNames(attribute), values.count == 1 else {
                    if attribute.arguments?.count ?? 0 != 1 {
                        diagnostics.error(
                            "'@failure' names the one error parameter", at: attribute.location,
                            notes: [.init("write '@failure(error)', or '@failure(status: code)' for a status code")])
                    }
                    return nil
                }
                let type = function.parameters.first { Naming.escaped($0.name.name) == values[0] }!.type
                if case .optional = type.kind { role = .failure(values[0], optional: true) } else { role = .failure(values[0], optional: false) }
            case "userCancel":
                if let arguments = attribute.arguments, !arguments.isEmpty {
                    guard arguments.count == 1, arguments[0].label?.name == "returning", arguments[0].value.text == "nil" else {
                        diagnostics.error(
                            "'@userCancel' takes no arguments or 'returning: nil'", at: attribute.location,
                            notes: [.init("write '@userCancel' (throws CancellationError) or '@userCancel(returning: nil)'")])
                        return nil
                    }
                    role = .userCancel(returnsNil: true)
                } else {
                    role = .userCancel(returnsNil: false)
                }
            case "finish":
                role = .finish
            default:
                role = .ignore
            }
        }
        let parameters = function.parameters.map { parameter in
            AdapterParameter(
                label: parameter.label.map { Naming.escapedLabel($0.name) }, name: Naming.escaped(parameter.name.name),
                type: parameter.type.description, isInout: false, line: parameter.location.line)
        }
        return DelegateStart.Method(
            name: Naming.escaped(function.name.name), parameters: parameters, role: role, line: function.funcKeywordLocation.line)
    }
}
