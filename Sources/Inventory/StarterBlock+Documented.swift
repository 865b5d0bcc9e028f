import DeclParser
import Generator

extension StarterBlock {
    /// What a method's documentation says of how often its one outcome callback comes ("Call
    /// the closure once if the request succeeds", Siesta's `onNewData(_:)`; "for each event"),
    /// weighed against what its name suggested (`streamFromName`, `streamFromToken`, which a
    /// documented once overrules). Whether it said once.
    func documentedFrequencyReading(
        of function: FunctionDecl, callbacks: [Parameter], once: Bool, streamFromName: Bool, streamFromToken: inout Bool,
        into annotations: inout [(annotation: String, why: String)]
    ) -> Bool {
    var documentedOnce = false
    // The one callback, or the one beside a progress closure (AlamofireImage's batch
    // `download(_:…, progress:, …, completion:)`, "called when each download request is complete").
    // Nor beside work (Material's `FABMenu.open(…, animations:, completion:)`, "a completion
    // block to execute on each view's animation").
    let outcomeCallbacks = callbacks.filter { callback in
        !ClosureRoleNames.namesProgress(name: callback.name.name, label: callback.label?.name)
            && ![callback.name.name, callback.label?.name ?? ""].contains { CallbackShape.workNames.contains($0.lowercased()) }
    }
    if outcomeCallbacks.count == 1, let callback = outcomeCallbacks.first,
        let said = DocumentedFrequency.read(
            function.documentation, callback: callback.name.name,
            otherParameters: Set(function.parameters.filter { $0 != callback }.flatMap { [$0.name.name, $0.label?.name].compactMap { $0 } }),
            method: function.name.name)
    {
        let name = callback.label?.name ?? callback.name.name
        let stream = annotations.firstIndex { $0.annotation == "@stream" }
        switch (said.kind, stream) {
        case (.many, nil) where once:
            annotations.append(
                ("", "'\(function.name.name)' is named for an end, which comes once, but its documentation says '\(said.phrase)': if '\(name)' is called for every event, add '@stream'"))
        case (.many, nil):
            annotations.insert(("@stream", "its documentation says '\(said.phrase)'"), at: 0)
        case (.once, let stream?) where streamFromName || streamFromToken:
            annotations.remove(at: stream)
            annotations.removeAll { $0.annotation.isEmpty }
            annotations.insert(("", "one-shot: its documentation says '\(said.phrase)'"), at: 0)
            documentedOnce = true
            streamFromToken = false
        case (.once, _?):
            annotations.append(("", "its documentation says '\(said.phrase)': if '\(name)' is called once, remove '@stream'"))
        case (.once, nil):
            documentedOnce = true
        case (.many, _?):
            break
        }
        // Called once if something holds, and never otherwise (Siesta's `onNotModified(_:)`):
        // the one-shot would wait until it is cancelled.
        if let condition = said.condition, !annotations.contains(where: { $0.annotation == "@stream" }) {
            annotations.append(
                ("", "its documentation says '\(said.phrase) \(condition) …': when that does not hold, '\(name)' never comes and the call waits until it is cancelled; "
                    + "if another method's callback always comes, bridge that one and mark this '@context'"))
        }
    }
        return documentedOnce
    }

    /// The sentence of a requirement's documentation that says the library calls it ("This method
    /// will be called before nfc session starts"), or nil.
    static func saysTheLibraryCallsIt(_ documentation: String?) -> String? {
        guard let documentation else { return nil }
        let sentences = documentation.split(whereSeparator: { ".\n".contains($0) }).map { $0.trimmingCharacters(in: .whitespaces) }
        return sentences.first { sentence in
            let lower = sentence.lowercased()
            return ["this method will be called", "this method is called", "will be called by the sdk", "is called by the sdk"].contains { lower.contains($0) }
        }
    }
}
