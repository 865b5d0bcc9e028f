import DeclParser
import Generator

/// Readings of a registration: a method named for registering a listener, a flag that asks for
/// updates, and what a failure means when each call gets a `Result`.
extension StarterBlock {
    /// A method that registers a listener (Harness's `registerEventsListener(_:onCompletion:)`,
    /// whose `Result`s come for each event): its name says so, whatever its closure is called.
    /// A flag that asks for updates (HealthKit's `anchoredObjectQuery(…, monitorUpdates:
    /// completionHandler:)`): with it set, the closure is called for each update.
    func registrationReadings(
        of function: FunctionDecl, callbacks: [Parameter], once: Bool, documentedOnce: Bool, into annotations: inout [(annotation: String, why: String)]
    ) {
        guard callbacks.count == 1, !once, !annotations.contains(where: { $0.annotation.hasPrefix("@stream") }) else { return }
        if function.returnType?.isVoid ?? true, Self.registersListener(function.name.name) {
            annotations.insert(("@stream", "'\(function.name.name)' registers a listener, called for each event"), at: 0)
        } else if !documentedOnce, let flag = Self.updatesFlag(of: function) {
            annotations.insert(
                ("@stream", "'\(flag)' asks for updates, each a call of '\(callbacks[0].label?.name ?? callbacks[0].name.name)'; with it false there is one call: break after the first event (an SDK that then lets the handler go ends the stream with BridgegenError.callbackDropped)"),
                at: 0)
        }
    }

    /// A stream whose callback gets a `Result` per call ends at the first failure, unless the
    /// failure is one event: a listener's, an observer's or a watch's goes on (mqtt-nio's
    /// `addPublishListener`, Apollo's `watch`), an observation's ends (ReactiveSwift's
    /// `observeResult`). Said either way.
    func resultPerCallReading(of function: FunctionDecl, callbacks: [Parameter], into annotations: inout [(annotation: String, why: String)]) {
        guard callbacks.count == 1, let result = resultType(of: callbacks[0]), !result.contains("Single"),
            let stream = annotations.firstIndex(where: { $0.annotation == "@stream" })
        else { return }
        let name = callbacks[0].label?.name ?? callbacks[0].name.name
        if Self.registersForResults(function.name.name) {
            annotations[stream] = ("@stream(results)", "'\(name)' gets a \(result) per call, and a listener goes on after a failure: each Result is an event")
        } else {
            annotations.append(
                ("", "'\(name)' gets a \(result) per call: the stream ends at the first failure; if the SDK goes on after one, write '@stream(results)'"))
        }
    }
}
