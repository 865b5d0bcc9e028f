import Templates

/// The code of a stream adapter's body: the stream made around a repeated callback, or around a
/// notification observer.
extension Planner {
    /// `BridgegenStream<Element, Token>.throwing("name", options…)` with the register closure
    /// that makes the legacy call. The register closure trails when it is the only closure; next
    /// to a `stop:` closure it is a labelled argument (swift-format).
    func streamBody(_ adapter: Adapter, nameLiteral: String, receiver: String, names: Names) -> String {
        guard let stream = adapter.stream else { return "" }
        let head = "BridgegenStream<\(Self.spelled(adapter.resultType)), \(Self.spelled(adapter.cancellation.tokenType))>"
            + (stream.shared ? (stream.isThrowing ? ".sharedThrowing" : ".shared") : (stream.isThrowing ? ".throwing" : ".events"))
        var options = [nameLiteral]
        if stream.shared {
            // The hub is the receiver's: every consumer of this object's stream shares it.
            options.append("owner: " + receiver)
            if stream.replay > 0 { options.append("replay: \(stream.replay)") }
        }
        if let buffering = stream.buffering { options.append("buffering: " + buffering) }
        let stop = stopClosure(adapter.cancellation, receiver: receiver)
        if let stop { options.append("stop: " + stop) }
        if adapter.isMainActor, stop != nil { options.append("stopOnMainThread: true") }
        if stream.isThrowing, let mapError = adapter.mapError { options.append("mapError: " + mapError) }
        let handler = streamHandler(adapter, events: names.events)
        let register = "{ \(names.events) in"
        func legacy(level: Int) -> String {
            if let script = adapter.fakeScript { return Self.scriptCall(adapter, script: script, target: names.events) }
            return call(adapter, callee: receiver, continuation: names.continuation, handler: handler, level: level)
        }

        var printer = CodePrinter(level: Level.body)
        guard stop == nil else {
            printer.line(head + "(")
            printer.indented {
                for option in options { $0.line(option + ",") }
                $0.block("register: " + register) { $0.line(legacy(level: Level.body + 2)) }
            }
            printer.line(")")
            return printer.text
        }
        let oneLine = head + "(" + options.joined(separator: ", ") + ")"
        if printer.fits(oneLine + " " + register) {
            printer.line(oneLine + " " + register)
        } else {
            printer.line(head + "(")
            printer.indented { $0.commaSeparated(options) }
            printer.line(") " + register)
        }
        printer.indented { $0.line(legacy(level: Level.body + 1)) }
        printer.line("}")
        return printer.text
    }

    /// `BridgegenNotifications.stream("name", center:, name:, object:, queue:, buffering:, map:)`,
    /// on one line when it fits, else one argument per line.
    func notificationBody(_ adapter: Adapter, _ plan: NotificationPlan, nameLiteral: String, receiver: String) -> String {
        var arguments = [nameLiteral]
        switch plan.center {
        case .receiver: arguments.append("center: " + receiver)
        case .standard: break
        case .expression(let center): arguments.append("center: " + center)
        }
        arguments.append("name: " + plan.name)
        if let object = plan.object { arguments.append("object: " + object) }
        if let queue = plan.queue { arguments.append("queue: " + queue) }
        if adapter.stream?.shared == true, let replay = adapter.stream?.replay, replay > 0 {
            arguments.append("replay: \(replay)")
        }
        if let buffering = adapter.stream?.buffering { arguments.append("buffering: " + buffering) }
        arguments.append("map: " + Self.mapClosure(plan.map))
        // A shared notification stream's hub belongs to the center it observes.
        let head = adapter.stream?.shared == true ? "BridgegenNotifications.shared" : "BridgegenNotifications.stream"
        let oneLine = head + "(" + arguments.joined(separator: ", ") + ")"
        var printer = CodePrinter(level: Level.body)
        if printer.fits(oneLine) { return oneLine }
        printer.line(head + "(")
        printer.indented { $0.commaSeparated(arguments) }
        printer.line(")")
        return printer.text
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
