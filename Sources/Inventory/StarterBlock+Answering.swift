import DeclParser
import Generator

extension StarterBlock {
    /// A handler whose `Bool` answers whether the events go on (Mapbox's `observeDataSource(with:
    /// (CameraOptions) -> Bool)`; only its documentation, or a flag it is handed, makes it a
    /// callback: StarterBlock+Callbacks): a stream, called for each event until it answers false,
    /// its events and their end or failure named beside one other closure, and a page handler's
    /// last page, by its flag, the end (decision 171).
    func answeringReadings(of function: FunctionDecl, callbacks: [Parameter], into annotations: inout [(annotation: String, why: String)]) {
        guard let asking = callbacks.first(where: { closureType(of: $0).map { !$0.result.isVoid } == true }), let closure = closureType(of: asking) else { return }
        // By its parameter's name (`handler`), not its label (`with`).
        let name = asking.name.name
        // Or a page handler handed a flag that says the pages are over (EVCloudKitDao's
        // `(_ results: [T], _ isFinished: Bool) -> Bool`): the stream ends after that page.
        let finished = Self.finishedFlag(of: closure)
        annotations.removeAll { $0.annotation == "@stream" }
        annotations.insert(
            ("@stream", finished == nil
                ? "its documentation says what '\(name)' answers decides whether the events go on: the stream answers true while it is consumed, false once it has ended"
                : "'\(name)' is handed '\(finished ?? "")' and answers whether to go on: a page handler, answered true while the stream is consumed"),
            at: 0)
        // Beside a completion (AMSMB2's `contents(atPath:offset:fetchedData:completionHandler:)`):
        // the answering closure has the events, the completion ends them; beside a failure
        // closure (EVCloudKitDao's `errorHandler`), that fails them.
        let others = function.parameters.filter { isClosure($0) && $0 != asking }
        var next = 1
        if others.count == 1, let other = others.first {
            let otherName = other.name.name
            let fails = ClosureRoleNames.plays(.failure, name: other.name.name, label: other.label?.name)
            if fails || callbacks.contains(other) || Analyzer.looksLikeCompletion(other.name.name) || Analyzer.looksLikeCompletion(other.label?.name) {
                annotations.insert(("@event(\(asking.name.name))", "'\(name)' is called for each event, answering whether to go on"), at: next)
                annotations.insert(
                    fails
                        ? ("@failure(\(other.name.name))", "'\(otherName)' is called with the error that stops the events")
                        : ("@finish(\(other.name.name))", "'\(otherName)' is called once, when the events are over"),
                    at: next + 1)
                next += 2
            }
        }
        if let finished {
            let arguments = closure.parameters.map { parameter in (parameter.secondName ?? parameter.label) == finished ? finished : "_" }
            annotations.insert(
                ("@until({ \(arguments.joined(separator: ", ")) in \(finished) }, inclusive: true)", "the page handed '\(finished)' true is the last: yielded, then the stream ends"),
                at: next)
        }
    }

    /// A page handler's flag that says the pages are over (EVCloudKitDao's `completionHandler:
    /// (_ results: [T], _ isFinished: Bool) -> Bool`, whose answer asks for the next page): a
    /// closure that answers `Bool` and is handed a `Bool` named so is a stream's, until it.
    static func finishedFlag(of closure: FunctionTypeSyntax) -> String? {
        guard closure.result.strippingAttributes.description == "Bool" else { return nil }
        return doneFlag(of: closure)
    }

    /// A `Bool` handed to a callback, named for the end (`done`, `isFinished`, `isLast`).
    static func doneFlag(of closure: FunctionTypeSyntax) -> String? {
        closure.parameters.compactMap { parameter -> String? in
            // Named for the end: `isFinished`, `done`, `isLastPage` (a new user's), `completed`.
            guard parameter.type.strippingAttributes.description == "Bool", let name = parameter.secondName ?? parameter.label,
                ClosureRoleNames.camelWords(name).contains(where: { ["finished", "done", "last", "complete", "completed", "final"].contains($0.lowercased()) })
            else { return nil }
            return name
        }.first
    }

    /// A stream's callback handed a `Bool` named for the end beside its values
    /// (HealthKitReporter's voltage measurements, `(_ measurement: VoltageMeasurement?, _ done:
    /// Bool, _ error: Error?)`, done once per sample of several): as written, the flag is part of
    /// each element; said, with what to write if it ends the events.
    func doneFlagNote(callbacks: [Parameter], annotations: [(annotation: String, why: String)]) -> (annotation: String, why: String)? {
        guard annotations.contains(where: { $0.annotation == "@stream" }), !annotations.contains(where: { $0.annotation.hasPrefix("@until") }),
            callbacks.count == 1, let closure = closureType(of: callbacks[0]), closure.result.isVoid, let flag = Self.doneFlag(of: closure)
        else { return nil }
        let arguments = closure.parameters.map { parameter in (parameter.secondName ?? parameter.label) == flag ? flag : "_" }
        return (
            "",
            "'\(flag)' is handed beside each value: as written, part of each element; if it says the events are over, write '@until({ \(arguments.joined(separator: ", ")) in \(flag) }, inclusive: true)'"
        )
    }
}
