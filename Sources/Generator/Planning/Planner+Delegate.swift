import DeclParser
import Templates

/// Plans delegate adapters: the async function (or stream) on the owner, and the delegate
/// class whose methods end the call.
extension Planner {
    /// The async function (or stream) in an extension of the owner, then the delegate class.
    func print(_ adapter: DelegateAdapter, into printer: inout CodePrinter) throws(TemplateError) {
        let access = accessPrefix(adapter.access)
        let isStream = adapter.stream != nil
        // bridgegen's own names must not shadow a parameter of the adapter.
        let taken = Set(adapter.parameters.map(\.name))
        let names = DelegateNames(
            delegate: Self.freeName("delegate", taken: taken), previous: Self.freeName("previous", taken: taken),
            earlier: Self.freeName("earlier", taken: taken), call: Self.freeName("call", taken: taken))
        let handle = isStream ? "events" : "continuation"
        let adapterName = SwiftLiteral.commentSafe(adapter.adapterName)
        let sourceName = SwiftLiteral.commentSafe(adapter.sourceName)
        let header = try header(
            documentation: adapter.documentation.map(SwiftLiteral.commentSafe), provenance: "Bridged from `\(sourceName)`.",
            adapterName: adapter.adapterName, sourceName: sourceName, isFake: false)

        printer.line(availability)
        printer.block("extension \(adapter.ownerType) {") { printer in
            printer.lines(of: header)
            printSignature(delegateSignature(adapter, access: access), attributes: adapter.attributes, into: &printer)
            printer.indented {
                if isStream { printDelegateStreamBody(adapter, names, into: &$0) } else { printDelegateCallBody(adapter, names, into: &$0) }
            }
            printer.line("}")
            printer.endMapping()
        }
        printer.blankLine()

        for line in wrap("Receives `\(adapter.protocolType)` calls for one `\(adapterName)` call, and lives exactly as long as that call.") {
            printer.line("/// " + line)
        }
        // The inheritance list on its own line when the class head does not fit.
        let inheritance = "Foundation.NSObject, \(adapter.protocolType), @unchecked Swift.Sendable"
        let oneLine = "private final class \(adapter.className): \(inheritance) {"
        if printer.fits(oneLine) {
            printer.line(oneLine)
        } else {
            printer.line("private final class \(adapter.className):")
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
            if adapter.restoresPrevious {
                printer.line("/// The delegate the owner had before the call, put back after it.")
                printer.line("var previous: (any \(adapter.protocolType))?")
            }
            for method in adapter.methods {
                printer.blankLine()
                printer.block(method.declaration + " {", from: method.line) { $0.line(methodBody(method.role, handle: handle)) }
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

    struct DelegateNames {
        var delegate, previous, earlier, call: String
    }

    func delegateSignature(_ adapter: DelegateAdapter, access: String) -> Signature {
        let isolation = adapter.stream == nil ? "nonisolated(nonsending) " : ""
        return Signature(
            head: Sourced(access + isolation + "func " + adapter.name, from: adapter.signatureLine),
            parameters: adapter.parameters.map { Sourced(Self.declaration(of: $0), from: $0.line) },
            tail: Sourced(Self.resultClause(adapter.stream, resultType: adapter.resultType), from: adapter.signatureLine))
    }

    /// What to do with a call already in progress, then the delegate, then the call. Lines that
    /// name the owner's delegate property land where the `.bridge` names it.
    func printDelegateSetup(_ adapter: DelegateAdapter, _ n: DelegateNames, into printer: inout CodePrinter) {
        let slot = "self.\(adapter.property)"
        let busy = "BridgegenError.busy(adapter: \(SwiftLiteral.quoted(adapter.adapterName)))"
        // A shared stream's later consumers join the registration in place: no one is busy.
        switch adapter.stream?.shared == true ? nil : adapter.busyPolicy {
        case nil:
            break
        case .fail?:
            // A stream function cannot throw: it returns a stream that has already ended.
            printer.block("if \(slot) is \(adapter.className) {", from: adapter.propertyLine) {
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
                    ? "(\(slot) as? \(adapter.className))?.continuation?.cancelForNewCall()"
                    : "(\(slot) as? \(adapter.className))?.events?.finish()", from: adapter.propertyLine)
        }
        if adapter.restoresPrevious {
            // Behind an earlier call of this adapter, the delegate to put back is the one before it.
            printer.line("let \(n.earlier) = \(slot) as? \(adapter.className)", from: adapter.propertyLine)
            printer.line("let \(n.previous) = \(n.earlier) == nil ? \(slot) : \(n.earlier)?.previous", from: adapter.propertyLine)
        }
        printer.line("let \(n.delegate) = \(adapter.className)()")
        if adapter.restoresPrevious { printer.line("\(n.delegate).previous = \(n.previous)") }
    }

    /// `if self.delegate === delegate { self.delegate = nil }` (or the previous delegate).
    func printClearSlot(_ adapter: DelegateAdapter, _ n: DelegateNames, into printer: inout CodePrinter) {
        let slot = "self.\(adapter.property)"
        printer.line(
            "if \(slot) === \(n.delegate) { \(slot) = \(adapter.restoresPrevious ? n.previous : "nil") }", from: adapter.propertyLine)
    }

    /// The delegate, the slot, and the start call, inside the call's or the stream's closure.
    /// A stream's throwing start call clears the slot before its error ends the stream (a
    /// call's does so in its `defer`).
    func printStart(_ adapter: DelegateAdapter, _ n: DelegateNames, handle: String, into printer: inout CodePrinter) {
        printer.line("\(n.delegate).\(handle) = \(handle)")
        printer.line("self.\(adapter.property) = \(n.delegate)", from: adapter.propertyLine)
        guard adapter.startThrows else { return printer.line("self.\(adapter.start)", from: adapter.startLine) }
        guard adapter.stream != nil else { return printer.line("try self.\(adapter.start)", from: adapter.startLine) }
        printer.line("do {")
        printer.indented { $0.line("try self.\(adapter.start)", from: adapter.startLine) }
        printer.line("} catch {")
        printer.indented {
            $0.line("// Nothing stays registered when the start call fails.")
            printClearSlot(adapter, n, into: &$0)
            $0.line("throw error")
        }
        printer.line("}")
    }

    func printDelegateCallBody(_ adapter: DelegateAdapter, _ n: DelegateNames, into printer: inout CodePrinter) {
        printDelegateSetup(adapter, n, into: &printer)
        printer.block("defer {") {
            $0.line("// The slot goes back only if no newer call has taken it since.")
            printClearSlot(adapter, n, into: &$0)
        }
        var options: [Sourced] = []
        if let cancel = adapter.cancel { options.append(Sourced("cancel: { _ in self.\(cancel) }", from: adapter.cancelLine, anchor: true)) }
        if let timeout = adapter.timeoutSeconds { options.append(Sourced("timeout: \(timeout)")) }
        if let mapError = adapter.mapError { options.append(Sourced("mapError: \(mapError)", from: adapter.mapErrorLine, anchor: true)) }
        // Without an annotation expression, the statement lands on the declaration (it repeats
        // the result type).
        let head = "let \(n.call) = BridgegenCall<\(Self.spelled(adapter.resultType)), Swift.Void>("
        let name = SwiftLiteral.quoted(adapter.adapterName)
        if options.isEmpty && printer.fits(head + name + ")") {
            printer.line(head + name + ")", from: adapter.signatureLine)
        } else {
            printer.line(head, from: adapter.signatureLine)
            printer.indented { $0.commaSeparated([Sourced(name)] + options) }
            printer.continuation(")")
        }
        printer.block("return try await \(n.call).run { continuation in") { printStart(adapter, n, handle: "continuation", into: &$0) }
    }

    func printDelegateStreamBody(_ adapter: DelegateAdapter, _ n: DelegateNames, into printer: inout CodePrinter) {
        guard let stream = adapter.stream else { return }
        printDelegateSetup(adapter, n, into: &printer)
        let head = "BridgegenStream<\(Self.spelled(adapter.resultType)), Swift.Void>"
        let kind = stream.shared ? (stream.isThrowing ? "sharedThrowing" : "shared") : (stream.isThrowing ? "throwing" : "events")
        // The statement repeats the element type: it lands on the declaration.
        printer.line("return \(head).\(kind)(", from: adapter.signatureLine)
        printer.indented {
            $0.continuation(SwiftLiteral.quoted(adapter.adapterName) + ",")
            if stream.shared {
                // The hub is the owner's: its consumers share the delegate slot.
                $0.continuation("owner: self,")
                if stream.replay > 0 { $0.continuation("replay: \(stream.replay),") }
            }
            if let buffering = stream.buffering { $0.continuation("buffering: \(buffering),") }
            $0.continuation("stop: { _ in")
            $0.indented {
                if let cancel = adapter.cancel { $0.line("self.\(cancel)", from: adapter.cancelLine) }
                printClearSlot(adapter, n, into: &$0)
            }
            $0.line("},")
            if stream.isThrowing, let mapError = adapter.mapError {
                $0.continuation("mapError: \(mapError),", from: adapter.mapErrorLine)
            }
            $0.continuation("register: { events in")
            $0.indented { printStart(adapter, n, handle: "events", into: &$0) }
            $0.line("}")
        }
        printer.continuation(")")
    }

    /// The body of one delegate method.
    func methodBody(_ role: DelegateAdapter.Role, handle h: String) -> String {
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
