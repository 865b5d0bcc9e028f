import DeclParser
import Templates

/// Prints delegate adapters: the async function (or stream) in an extension of the owner, and
/// the delegate class whose methods end the call.
extension Planner {
    /// The adapter in an extension of its owner, then its delegate class.
    func print(delegate adapter: Adapter, into printer: inout CodePrinter) throws(TemplateError) {
        guard case .delegate(let start) = adapter.start else { return }
        let header = try header(of: adapter, script: nil)
        printer.line(availability)
        printer.block("extension \(start.ownerType) {") { printer in
            print(AdapterSite(adapter, receivers: Receivers(instance: "self", type: "Self")), header: header, into: &printer)
        }
        printer.blankLine()
        printDelegateClass(adapter, start, into: &printer)
    }

    /// `private final class OwnerNameDelegate: NSObject, Protocol, @unchecked Sendable`, holding
    /// the call's continuation (or the stream's events) and implementing the pasted methods.
    func printDelegateClass(_ adapter: Adapter, _ start: DelegateStart, into printer: inout CodePrinter) {
        let isStream = adapter.stream != nil
        let handle = isStream ? "events" : "continuation"
        let adapterName = SwiftLiteral.commentSafe(adapter.adapterName)
        for line in wrap("Receives `\(start.protocolType)` calls for one `\(adapterName)` call, and lives exactly as long as that call.") {
            printer.line("/// " + line)
        }
        // The inheritance list on its own line when the class head does not fit.
        let inheritance = "Foundation.NSObject, \(start.protocolType), @unchecked Swift.Sendable"
        let oneLine = "private final class \(start.className): \(inheritance) {"
        if printer.fits(oneLine) {
            printer.line(oneLine)
        } else {
            printer.line("private final class \(start.className):")
            printer.indented { $0.line(inheritance) }
            printer.line("{")
        }
        printer.indented { printer in
            let handleType =
                isStream
                ? "BridgegenStreamEvents<\(Self.spelled(adapter.resultType))>"
                : "BridgegenContinuation<\(Self.spelled(adapter.resultType)), Swift.Void>"
            printer.line("// @unchecked: `\(handle)` is set once, before the SDK is handed this object, and is itself")
            printer.line("// thread-safe; the SDK may call these methods on any thread.")
            printer.line("var \(handle): \(handleType)?")
            if start.restoresPrevious {
                printer.line("/// The delegate the owner had before the call, put back after it.")
                printer.line("var previous: (any \(start.protocolType))?")
            }
            for method in start.methods {
                printer.blankLine()
                let declaration = "func \(method.name)(" + method.parameters.map(Self.declaration(of:)).joined(separator: ", ") + ")"
                printer.block(declaration + " {", from: method.line) { $0.line(methodBody(method.role, handle: handle)) }
            }
        }
        printer.line("}")
    }

    /// Words of `text` in `///` comment lines that fit the line width.
    func wrap(_ text: String) -> [String] {
        let printer = CodePrinter()
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && !printer.fits("/// " + line + " " + word) {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// What to do with a call already in progress, then the delegate, then the call. Lines that
    /// name the owner's delegate property land where the `.bridge` names it.
    func printDelegateSetup(_ site: AdapterSite, _ start: DelegateStart, into printer: inout CodePrinter) {
        let adapter = site.adapter
        let n = site.names
        let slot = "self.\(start.property)"
        let busy = "BridgegenError.busy(adapter: \(site.nameLiteral))"
        // A shared stream's later consumers join the registration in place: no one is busy; nor
        // is anyone when each call hands its own delegate to the start call.
        switch adapter.stream?.shared == true || start.passesDelegate ? nil : start.busyPolicy {
        case nil:
            break
        case .fail?:
            // A stream function cannot throw: it returns a stream that has already ended.
            printer.block("if \(slot) is \(start.className) {", from: start.propertyLine) {
                switch adapter.stream?.isThrowing {
                case nil: $0.line("throw " + busy)
                case true?:
                    $0.block("return _Concurrency.AsyncThrowingStream {") { $0.line("$0.finish(throwing: \(busy))") }
                case false?: $0.line("return _Concurrency.AsyncStream { $0.finish() }")
                }
            }
        case .cancelPrevious?:
            printer.line(
                adapter.stream == nil
                    ? "(\(slot) as? \(start.className))?.continuation?.cancelForNewCall()"
                    : "(\(slot) as? \(start.className))?.events?.finish()", from: start.propertyLine)
        }
        if start.restoresPrevious {
            // Behind an earlier call of this adapter, the delegate to put back is the one before it.
            printer.line("let \(n.earlier) = \(slot) as? \(start.className)", from: start.propertyLine)
            printer.line("let \(n.previous) = \(n.earlier) == nil ? \(slot) : \(n.earlier)?.previous", from: start.propertyLine)
        }
        printer.line("let \(n.delegate) = \(start.className)()")
        if start.restoresPrevious { printer.line("\(n.delegate).previous = \(n.previous)") }
    }

    /// `if self.delegate === delegate { self.delegate = nil }` (or the previous delegate). A
    /// delegate passed as an argument is only kept alive until here: the SDK may hold it weakly.
    func printClearSlot(_ site: AdapterSite, _ start: DelegateStart, into printer: inout CodePrinter) {
        guard !start.passesDelegate else { return printer.line("withExtendedLifetime(\(site.names.delegate)) {}") }
        let slot = "self.\(start.property)"
        printer.line(
            "if \(slot) === \(site.names.delegate) { \(slot) = \(start.restoresPrevious ? site.names.previous : "nil") }",
            from: start.propertyLine)
    }

    /// The delegate, the slot, and the start call, inside the call's or the stream's closure.
    /// A stream's throwing start call clears the slot before its error ends the stream (a
    /// call's does so in its `defer`).
    func printStart(_ site: AdapterSite, _ start: DelegateStart, handle: String, into printer: inout CodePrinter) {
        printer.line("\(site.names.delegate).\(handle) = \(handle)")
        guard var call = start.start else {
            // `@start(none)`: the SDK calls the delegate unasked once it is set.
            return printer.line("self.\(start.property) = \(site.names.delegate)", from: start.propertyLine)
        }
        if start.passesDelegate {
            call.text = call.text.split(separator: "$delegate", omittingEmptySubsequences: false).joined(separator: site.names.delegate)
        } else {
            printer.line("self.\(start.property) = \(site.names.delegate)", from: start.propertyLine)
        }
        guard start.startThrows else { return printer.line("self.\(call.text)", from: call.line) }
        guard site.adapter.stream != nil else { return printer.line("try self.\(call.text)", from: call.line) }
        printer.line("do {")
        printer.indented { $0.line("try self.\(call.text)", from: call.line) }
        printer.line("} catch {")
        printer.indented {
            $0.line("// Nothing stays registered when the start call fails.")
            printClearSlot(site, start, into: &$0)
            $0.line("throw error")
        }
        printer.line("}")
    }

    func printDelegateCallBody(_ site: AdapterSite, _ start: DelegateStart, into printer: inout CodePrinter) {
        printDelegateSetup(site, start, into: &printer)
        printer.block("defer {") {
            $0.line(
                start.passesDelegate
                    ? "// The call keeps its delegate alive until it ends."
                    : "// The slot goes back only if no newer call has taken it since.")
            printClearSlot(site, start, into: &$0)
        }
        printCallSetup(site, inRetry: false, into: &printer)
        printer.block("return try await \(site.names.call).run { continuation in") {
            printStart(site, start, handle: "continuation", into: &$0)
        }
    }

    func printDelegateStreamBody(_ site: AdapterSite, _ start: DelegateStart, into printer: inout CodePrinter) {
        let adapter = site.adapter
        guard let stream = adapter.stream else { return }
        printDelegateSetup(site, start, into: &printer)
        // The statement repeats the element type: it lands on the declaration. Its stop closure
        // also clears the delegate slot, so it is printed here, not by `setupOptions`.
        printer.line("return \(streamHead(site, stream))(", from: adapter.signatureLine)
        printer.indented {
            for option in streamOptions(site, stream) { $0.continuation(option.text + ",", from: option.line, anchor: option.anchor) }
            $0.continuation("stop: { _ in")
            $0.indented {
                if case .receiver(let call) = site.cancellation.strategy {
                    $0.line("self.\(call)", from: site.cancellation.expressionLine)
                }
                printClearSlot(site, start, into: &$0)
            }
            $0.line("},")
            for option in setupOptions(site, stops: false) { $0.continuation(option.text + ",", from: option.line, anchor: option.anchor) }
            $0.continuation("register: { events in")
            $0.indented { printStart(site, start, handle: "events", into: &$0) }
            $0.line("}")
        }
        printer.continuation(")")
    }

    /// The body of one delegate method.
    func methodBody(_ role: DelegateStart.Role, handle h: String) -> String {
        func value(_ names: [String]) -> String {
            names.count == 1 ? names[0] : "(" + names.joined(separator: ", ") + ")"
        }
        switch role {
        case .success(let names):
            return names.isEmpty ? "\(h)?.resume()" : "\(h)?.resume(returning: \(value(names)))"
        case .failure(let error, let optional):
            if h == "events" {
                return optional ? "\(h)?.finishWithFailureFlag(error: \(error))" : "\(h)?.finish(throwing: \(error))"
            }
            return optional ? "\(h)?.resumeWithFailureFlag(error: \(error))" : "\(h)?.resume(throwing: \(error))"
        case .failureStatus(let status):
            return h == "events" ? "\(h)?.finishWithFailureStatus(\(status))" : "\(h)?.resumeWithFailureStatus(\(status))"
        case .userCancel(let returnsNil):
            return returnsNil ? "\(h)?.resume(returning: nil)" : "\(h)?.resumeCancelled()"
        case .event(let names):
            return names.isEmpty ? "\(h)?.yield()" : "\(h)?.yield(\(value(names)))"
        case .finish:
            return "\(h)?.finish()"
        case .ignore:
            return "// Not needed by this adapter."
        }
    }
}
