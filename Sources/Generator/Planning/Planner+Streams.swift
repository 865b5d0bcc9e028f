import DeclParser
/// The code of a stream adapter's body: the stream made around a repeated callback, or around a
/// notification observer.
extension Planner {
    /// `BridgegenStream<Element, Token>.throwing("name", options…)` with the register closure
    /// that makes the legacy call. The register closure trails when it is the only closure; next
    /// to a `stop:` closure it is a labelled argument (swift-format).
    func printStream(_ site: AdapterSite, into printer: inout CodePrinter) {
        let adapter = site.adapter
        guard let stream = adapter.stream else { return }
        let names = site.names
        let head = streamHead(site, stream)
        let options = streamOptions(site, stream) + setupOptions(site)
        let stop = stopClosure(site.cancellation, receiver: site.receiver)
        let register = "{ \(names.events) in"
        func printRegister(_ printer: inout CodePrinter) {
            if let script = site.script {
                return printer.line(Self.scriptCall(adapter, script: script, target: names.events))
            }
            guard let call = adapter.call else { return }
            if call.legacyCall.isAsync { return printAsyncRegister(site, call, into: &printer) }
            // `@finish(returned)`: the returned future's completion ends the stream;
            // `@failure(returned)`: its failure fails it (its success says the registration took).
            let usesReturned = call.finishesWithReturned || call.failsWithReturned
            let returned = usesReturned ? Self.freeName("returned", taken: Set(adapter.parameters.map(\.name))) : nil
            // `@start(self.manager.executeQuery($token))`: another object runs what the
            // registration returned, before the stream holds it.
            let started = site.cancellation.startCall != nil && returned == nil ? Self.freeName("started", taken: Set(adapter.parameters.map(\.name))) : nil
            printLegacyCall(site, call, handlerHead: closureHead(call.completion.parameters), assigningTo: returned ?? started, into: &printer) {
                printStreamHandler(adapter, call, events: names.events, into: &$0)
            }
            if let started, let start = site.cancellation.startCall {
                let written = start.replacingOccurrences(of: "$token", with: started)
                if site.cancellation.tokenType.hasSuffix("?") {
                    printer.line("if let \(started) { let _ = \(written) }", from: site.cancellation.expressionLine)
                } else {
                    printer.line("let _ = " + written, from: site.cancellation.expressionLine)
                }
                return printer.line("return " + started)
            }
            guard let returned else { return }
            printer.block("\(returned).whenComplete { result in", from: call.returnedLine) {
                if call.failsWithReturned {
                    return $0.line("if case .failure(let error) = result { \(names.events).finish(throwing: error) }")
                }
                $0.line("switch result {")
                $0.line("case .success: \(names.events).finish()")
                $0.line("case .failure(let error): \(names.events).finish(throwing: error)")
                $0.line("}")
            }
            if site.cancellation.usesToken { printer.line("return " + returned) }
        }
        // The statement repeats the element type (the result line) and annotation expressions.
        let typesLine = adapter.resultLine ?? adapter.signatureLine
        // A head too long for its line (an async registration's token type) breaks before its
        // member, as swift-format breaks it: `BridgegenStream<…>` then, indented, `.throwing(`.
        guard printer.fits(head + "(") || !head.contains(">.") else {
            let split = head.range(of: ">.", options: .backwards)!.lowerBound
            printer.line(String(head[...split]), from: typesLine)
            return printer.indented {
                printStreamCall(
                    String(head[head.index(after: split)...]), continuing: true, options: options, stop: stop, register: register,
                    typesLine: typesLine, into: &$0, printRegister)
            }
        }
        printStreamCall(head, continuing: false, options: options, stop: stop, register: register, typesLine: typesLine, into: &printer, printRegister)
    }

    /// The stream's call from its head (`BridgegenStream<…>.throwing`, or only `.throwing` below
    /// the type it broke from, `continuing` its statement) on.
    private func printStreamCall(
        _ head: String, continuing: Bool, options: [Sourced], stop: String?, register: String, typesLine: Int?,
        into printer: inout CodePrinter, _ printRegister: (inout CodePrinter) -> Void
    ) {
        func start(_ text: String, from line: Int?) {
            if continuing { printer.continuation(text, from: line) } else { printer.line(text, from: line) }
        }
        guard stop == nil else {
            start(head + "(", from: typesLine)
            printer.indented {
                $0.commaSeparated(options + [Sourced("register: " + register)])
                $0.indented(printRegister)
                $0.line("}")
            }
            return printer.continuation(")")
        }
        let oneLine = head + "(" + options.map(\.text).joined(separator: ", ") + ")"
        if printer.fits(oneLine + " " + register) {
            let anchored = options.first { $0.anchor && $0.line != nil }
            start(oneLine + " " + register, from: anchored?.line ?? typesLine)
        } else {
            start(head + "(", from: typesLine)
            printer.indented { $0.commaSeparated(options) }
            printer.continuation(") " + register)
        }
        printer.indented(printRegister)
        printer.line("}")
    }

    /// An initializer's stream (`@stream` on an `init`): `BridgegenStream.making` makes the
    /// object with bridgegen's handler, and both go back to the caller; an `init?` that fails
    /// returns nil.
    func printMadeStream(_ site: AdapterSite, into printer: inout CodePrinter) {
        guard let made = site.adapter.makes, let stream = site.adapter.stream, let call = site.adapter.call else { return }
        // The initializer is called on the type by name: `Self` would need a `required` one.
        let site = AdapterSite(site.adapter, receivers: Receivers(instance: made.type, type: made.type), script: site.script)
        let names = site.names
        let taken = Set(site.adapter.parameters.map(\.name) + [names.events])
        let object = Self.freeName("made", taken: taken)
        let events = Self.freeName("stream", taken: taken)
        let head = "BridgegenStream<\(Self.spelled(site.adapter.resultType)), Swift.Void>" + (stream.isThrowing ? ".makingThrowing" : ".making")
        let options = streamOptions(site, stream).map(\.text).joined(separator: ", ")
        printer.line(
            "let (\(object), \(events)) = " + (call.legacyCall.isThrowing ? "try " : "") + head + "(" + options + ") { \(names.events) in",
            from: site.adapter.resultLine ?? site.adapter.signatureLine)
        printer.indented { printer in
            printLegacyCall(site, call, handlerHead: closureHead(call.completion.parameters), assigningTo: object, into: &printer) {
                printStreamHandler(site.adapter, call, events: names.events, into: &$0)
            }
            printer.line("return " + object)
        }
        printer.line("}")
        if made.isFailable { printer.line("guard let \(object) else { return nil }") }
        printer.line("return (\(object), \(events))")
    }

    /// An initializer's one-shot (`@once` on an `init`): the object is made inside the call's
    /// start, kept in a local, and returned once the completion has come, beside the
    /// completion's value unless that is the object itself. The local is set before the
    /// completion can come (the start ran) or the call threw: the unwrap cannot fail.
    func printMadeCall(_ site: AdapterSite, into printer: inout CodePrinter) {
        guard let made = site.adapter.makes, let call = site.adapter.call else { return }
        let site = AdapterSite(site.adapter, receivers: Receivers(instance: made.type, type: made.type), script: site.script)
        // Started by a method of its own, the object is the call's token, as a method's returned
        // task is: made, started and stopped by the call, which returns what the completion hands.
        if Self.startsMadeObject(site.adapter) { return printCallBody(site, into: &printer) }
        let names = site.names
        let taken = Set(site.adapter.parameters.map(\.name) + [names.call, names.continuation])
        let object = Self.freeName("made", taken: taken)
        let value = Self.freeName("value", taken: taken)
        printCallSetup(site, inRetry: false, into: &printer)
        printer.line("var \(object): \(made.type)?")
        let head: String
        switch Self.madeResult(of: site.adapter) {
        case made.type?: head = site.adapter.returnsVoid ? "try await " : "_ = try await "
        default: head = "let \(value) = try await "
        }
        printer.block("\(head)\(names.call).run { \(names.continuation) in") {
            printLegacyCall(
                site, call, handlerHead: closureHead(call.completion.parameters), assigningTo: object, reassigning: true, into: &$0
            ) {
                printCompletionHandler(call.completion, continuation: names.continuation, until: call.until, into: &$0)
            }
        }
        printer.line(head.hasPrefix("let") ? "return (\(object)!, \(value))" : "return \(object)!")
    }

    /// Whether an initializer's one-shot starts the object it makes (`@start(start())`,
    /// decision 187): the object is then the call's token, and the call returns what the
    /// completion hands, as a method's does.
    static func startsMadeObject(_ adapter: Adapter) -> Bool {
        adapter.makes != nil && adapter.stream == nil
            && (adapter.options.cancellation.startMethod != nil || adapter.options.cancellation.startCall != nil)
    }

    /// What an initializer's one-shot returns: the object; the object and the completion's value
    /// when it hands one that is not the object itself (Tealium's `enableCompletion:
    /// (Result<Bool, Error>) -> Void`).
    static func madeResult(of adapter: Adapter) -> String? {
        guard let made = adapter.makes, adapter.stream == nil, !startsMadeObject(adapter) else { return nil }
        return adapter.returnsVoid || adapter.resultType == made.type ? made.type : "(\(made.type), \(adapter.resultType))"
    }

    /// An `async` legacy method (`@stream @finish(returned)` with a per-item callback, or an
    /// observer's registration that returns its token): called in the task of a
    /// `BridgegenAsyncRegistration`, the stream's token, since the stream is handed out before the
    /// call returns. A per-item call's return ends the stream, and the stream's end cancels it; a
    /// registration is let finish, and its token stopped once it arrives. An error fails the
    /// stream.
    func printAsyncRegister(_ site: AdapterSite, _ call: SDKCall, into printer: inout CodePrinter) {
        let events = site.names.events
        let registers = site.cancellation.tokenArrivesLater
        let throwing = call.legacyCall.isThrowing
        let token = registers ? Self.freeName("token", taken: Set(site.adapter.parameters.map(\.name) + [events])) : nil
        func printCall(_ printer: inout CodePrinter) {
            printLegacyCall(site, call, handlerHead: closureHead(call.completion.parameters), assigningTo: token, into: &printer) {
                printStreamHandler(site.adapter, call, events: events, into: &$0)
            }
            // Cancelled, the task's stream has ended already: the consumer left, nothing to end.
            printer.line(token.map { "return " + $0 } ?? "if !_Concurrency.Task.isCancelled { \(events).finish() }")
        }
        // A registration's error fails the stream unless it has ended (the runtime knows);
        // a per-item call's, unless its task was cancelled, which is how its stream ends.
        guard !registers || !throwing else {
            return printer.block("return BridgegenAsyncRegistration(failing: \(events)) {", printCall)
        }
        printer.block("return BridgegenAsyncRegistration {") { printer in
            guard throwing else { return printCall(&printer) }
            printer.block("do {", close: "} catch {", printCall)
            printer.indented { $0.line("if !_Concurrency.Task.isCancelled { \(events).finish(throwing: error) }") }
            printer.line("}")
        }
    }

    /// A callback property's stream: registering sets the property to bridgegen's handler and
    /// returns the value it had, which stopping puts back. The lines that name the property land
    /// on its declaration.
    ///
    /// `@once`: the one-shot waits for the first element of that stream (which puts the property
    /// back as it ends); a cancelled task ends it without one.
    func printPropertyStream(_ site: AdapterSite, _ property: CallbackProperty, into printer: inout CodePrinter) {
        guard let stream = site.adapter.stream ?? (property.once ? StreamOptions(buffering: nil, isThrowing: false) : nil) else { return }
        let names = site.names
        let slot = "\(site.receiver).\(property.name)"
        // A `@once` property's error argument fails the one-shot: its stream throws.
        let throwing = property.once && property.shape.errorName != nil
        let head = "BridgegenStream<\(Self.spelled(property.result ?? site.adapter.resultType)), \(property.type)>"
            + (stream.shared ? ".shared" : throwing ? ".throwing" : ".events")
        var options = streamOptions(site, stream)
        // A plain stream's settings are ordered against the property's other streams (its stop
        // runs after the consumer has gone on); a shared one's hub orders its own.
        if !stream.shared {
            let name = slot.dropFirst(site.owner.count + 1)
            options.insert(Sourced("for: BridgegenPropertySlot(\(site.owner), \"\(name)\")"), at: 1)
        }
        options.append(Sourced("stop: { previous in \(slot) = previous }", from: property.line))
        if site.adapter.options.isMainActor { options.append(Sourced("stopOnMainThread: true")) }
        let value = site.adapter.returnsVoid && property.result == nil ? "_" : Self.freeName("value", taken: [names.events])
        printer.line((property.once ? (throwing ? "for try await " : "for await ") + "\(value) in " : "") + head + "(", from: property.line)
        printer.indented {
            $0.commaSeparated(options + [Sourced("register: { \(names.events) in")])
            $0.indented { printer in
                let previous = Self.freeName("previous", taken: [names.events])
                printer.line("let \(previous) = \(slot)", from: property.line)
                printer.line("\(slot) = \(closureHead(property.shape.parameters))", from: property.line)
                printer.indented { outcomeBranches(property.shape, .stream(names.events), in: &$0) }
                printer.line("}")
                printer.line("return \(previous)")
            }
            $0.line("}")
        }
        guard property.once else { return printer.continuation(")") }
        printer.continuation(") {")
        printer.indented {
            $0.line(property.result != nil ? "return try \(value).get()" : site.adapter.returnsVoid ? "return" : "return " + value)
        }
        printer.line("}")
        printer.line("throw _Concurrency.CancellationError()")
    }

    /// `BridgegenStream<Element, Token>.throwing` (or `.events`, `.shared`, `.sharedThrowing`).
    func streamHead(_ site: AdapterSite, _ stream: StreamOptions) -> String {
        // An async registration's token arrives later: the stream holds the registration.
        let token = Self.spelled(site.cancellation.tokenType)
        return "BridgegenStream<\(Self.spelled(site.adapter.resultType)), "
            + (site.cancellation.tokenArrivesLater ? "BridgegenAsyncRegistration<\(token)>>" : "\(token)>")
            + (stream.shared ? (stream.isThrowing ? ".sharedThrowing" : ".shared") : (stream.isThrowing ? ".throwing" : ".events"))
    }

    /// A stream's own arguments before the setup options: its name, the owner of a shared
    /// stream's hub (every consumer of this object's stream shares it) and its replay, buffering.
    func streamOptions(_ site: AdapterSite, _ stream: StreamOptions) -> [Sourced] {
        var options = [Sourced(site.nameLiteral)]
        if stream.shared {
            options.append(Sourced("owner: " + site.owner))
            if stream.replay > 0 { options.append(Sourced("replay: \(stream.replay)")) }
        }
        if let buffering = stream.buffering { options.append(Sourced("buffering: " + buffering)) }
        return options
    }

    /// `BridgegenNotifications.stream("name", center:, name:, object:, queue:, buffering:, map:)`,
    /// on one line when it fits, else one argument per line. The `@notification` arguments land
    /// on its line.
    func printNotificationStream(_ site: AdapterSite, _ plan: ObservedNotification, into printer: inout CodePrinter) {
        let adapter = site.adapter
        var arguments = [Sourced(site.nameLiteral)]
        switch plan.center {
        case .receiver: arguments.append(Sourced("center: " + site.receiver))
        case .standard: break
        case .expression(let center): arguments.append(Sourced("center: " + center, from: plan.line))
        }
        arguments.append(Sourced("name: " + Self.spelled(plan.name), from: plan.line, anchor: true))
        if let object = plan.object { arguments.append(Sourced("object: " + object, from: plan.line)) }
        if let queue = plan.queue { arguments.append(Sourced("queue: " + queue, from: plan.line)) }
        if adapter.stream?.shared == true, let replay = adapter.stream?.replay, replay > 0 {
            arguments.append(Sourced("replay: \(replay)"))
        }
        if let buffering = adapter.stream?.buffering { arguments.append(Sourced("buffering: " + buffering)) }
        arguments.append(Sourced("map: " + Self.mapClosure(plan.map), from: plan.line))
        // A shared notification stream's hub belongs to the center it observes.
        let head = adapter.stream?.shared == true ? "BridgegenNotifications.shared" : "BridgegenNotifications.stream"
        let oneLine = head + "(" + arguments.map(\.text).joined(separator: ", ") + ")"
        if printer.fits(oneLine) { return printer.line(oneLine, from: plan.line) }
        printer.line(head + "(", from: adapter.signatureLine)
        printer.indented { $0.commaSeparated(arguments) }
        printer.continuation(")")
    }

    /// A notification's name as generated code spells it.
    static func spelled(_ name: ObservedNotification.Name) -> String {
        switch name {
        case .expression(let text): return text
        case .literal(let raw): return "Notification.Name(\(SwiftLiteral.quoted(raw)))"
        }
    }

    /// `{ Status(notification: $0) }` for `Status.init(notification:)`: a closure literal that
    /// calls the mapping function, so the compiler checks that it may run on the posting thread
    /// (a function reference converted to `@Sendable` is not checked in Swift 5 mode).
    static func mapClosure(_ reference: String) -> String {
        guard let open = reference.firstIndex(of: "(") else { return "{ \(reference)($0) }" }
        var function = String(reference[..<open])
        if function.hasSuffix(".init") { function.removeLast(".init".count) }
        let label = reference[reference.index(after: open)...].prefix { $0 != ":" }
        return "{ \(function)(\(label == "_" ? "" : label + ": ")$0) }"
    }
}
