import DeclParser
import Templates

/// Plans delegate adapters: the async function (or stream) on the owner, and the delegate
/// class whose methods end the call.
extension Planner {
    func plan(_ adapter: DelegateAdapter) -> DelegatePlan {
        let access = accessPrefix(adapter.access)
        var docLines = adapter.documentation.map(Self.commentSafe)
        if !docLines.isEmpty { docLines.append("") }
        docLines.append("Bridged from `\(Self.commentSafe(adapter.sourceName))`.")
        let isStream = adapter.stream != nil
        // bridgegen's own names must not shadow a parameter of the adapter.
        let taken = Set(adapter.parameters.map(\.name))
        let names = DelegateNames(
            delegate: Self.freeName("delegate", taken: taken), previous: Self.freeName("previous", taken: taken),
            earlier: Self.freeName("earlier", taken: taken), call: Self.freeName("call", taken: taken))
        let handle = isStream ? "events" : "continuation"
        let adapterName = Self.commentSafe(adapter.adapterName)
        return DelegatePlan(
            availability: availability, ownerType: adapter.ownerType, docLines: docLines, attributes: adapter.attributes,
            signature: delegateSignature(adapter, access: access),
            signatureLine: adapter.signatureLine.map { max(1, $0 - adapter.attributes.count) },
            body: isStream ? delegateStreamBody(adapter, names) : delegateCallBody(adapter, names),
            protocolType: adapter.protocolType, adapterName: adapterName, className: adapter.className,
            classDoc: wrap(
                "Receives `\(adapter.protocolType)` calls for one `\(adapterName)` call, and lives exactly as long as that call."),
            classHead: classHead(adapter), handle: handle,
            handleType: isStream
                ? "BridgegenStreamEvents<\(Self.spelled(adapter.resultType))>"
                : "BridgegenContinuation<\(Self.spelled(adapter.resultType)), Swift.Void>",
            previousType: adapter.restoresPrevious ? "(any \(adapter.protocolType))?" : nil,
            methods: adapter.methods.map {
                .init(declaration: $0.declaration, line: $0.line, body: methodBody($0.role, handle: handle))
            })
    }

    /// `private final class Name: NSObject, Protocol, @unchecked Sendable {`, with the
    /// inheritance list on its own line when it does not fit.
    func classHead(_ adapter: DelegateAdapter) -> String {
        let inheritance = "Foundation.NSObject, \(adapter.protocolType), @unchecked Swift.Sendable"
        let oneLine = "private final class \(adapter.className): \(inheritance) {"
        var printer = CodePrinter()
        if printer.fits(oneLine) { return oneLine }
        printer.line("private final class \(adapter.className):")
        printer.indented { $0.line(inheritance) }
        printer.line("{")
        return printer.text
    }

    /// Words of `text` in `///` comment lines that fit the line width.
    func wrap(_ text: String) -> [String] {
        let printer = CodePrinter(after: "/// ")
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && !printer.fits(line + " " + word) {
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

    func delegateSignature(_ adapter: DelegateAdapter, access: String) -> String {
        let parameters = adapter.parameters.map(Self.declaration(of:)).joined(separator: ", ")
        let result = Self.resultClause(adapter.stream, resultType: adapter.resultType)
        let isolation = adapter.stream == nil ? "nonisolated(nonsending) " : ""
        return access + isolation + "func " + adapter.name + "(" + parameters + ")" + result
    }

    /// What to do with a call already in progress, then the delegate, then the call.
    func delegateSetup(_ adapter: DelegateAdapter, _ n: DelegateNames, into printer: inout CodePrinter) {
        let slot = "self.\(adapter.property)"
        let busy = "BridgegenError.busy(adapter: \(Parser.quoted(adapter.adapterName)))"
        // A shared stream's later consumers join the registration in place: no one is busy.
        switch adapter.stream?.shared == true ? nil : adapter.busyPolicy {
        case nil:
            break
        case .fail?:
            // A stream function cannot throw: it returns a stream that has already ended.
            printer.block("if \(slot) is \(adapter.className) {") {
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
                    : "(\(slot) as? \(adapter.className))?.events?.finish()")
        }
        if adapter.restoresPrevious {
            // Behind an earlier call of this adapter, the delegate to put back is the one before it.
            printer.line("let \(n.earlier) = \(slot) as? \(adapter.className)")
            printer.line("let \(n.previous) = \(n.earlier) == nil ? \(slot) : \(n.earlier)?.previous")
        }
        printer.line("let \(n.delegate) = \(adapter.className)()")
        if adapter.restoresPrevious { printer.line("\(n.delegate).previous = \(n.previous)") }
    }

    /// `if self.delegate === delegate { self.delegate = nil }` (or the previous delegate).
    func clearSlot(_ adapter: DelegateAdapter, _ n: DelegateNames) -> String {
        let slot = "self.\(adapter.property)"
        return "if \(slot) === \(n.delegate) { \(slot) = \(adapter.restoresPrevious ? n.previous : "nil") }"
    }

    /// The delegate, the slot, and the start call, inside the call's or the stream's closure.
    /// A stream's throwing start call clears the slot before its error ends the stream (a
    /// call's does so in its `defer`).
    func startLines(_ adapter: DelegateAdapter, _ n: DelegateNames, handle: String, into printer: inout CodePrinter) {
        printer.line("\(n.delegate).\(handle) = \(handle)")
        printer.line("self.\(adapter.property) = \(n.delegate)")
        let start = { (printer: inout CodePrinter, call: String) in
            printer.mapped(to: adapter.startLine, file: sourcePathLiteral) { $0.line(call) }
        }
        guard adapter.startThrows else { return start(&printer, "self.\(adapter.start)") }
        guard adapter.stream != nil else { return start(&printer, "try self.\(adapter.start)") }
        printer.line("do {")
        printer.indented { start(&$0, "try self.\(adapter.start)") }
        printer.line("} catch {")
        printer.indented {
            $0.line("// Nothing stays registered when the start call fails.")
            $0.line(clearSlot(adapter, n))
            $0.line("throw error")
        }
        printer.line("}")
    }

    func delegateCallBody(_ adapter: DelegateAdapter, _ n: DelegateNames) -> String {
        var printer = CodePrinter(level: Level.body)
        delegateSetup(adapter, n, into: &printer)
        printer.block("defer {") {
            $0.line("// The slot goes back only if no newer call has taken it since.")
            $0.line(clearSlot(adapter, n))
        }
        var options: [String] = []
        if let cancel = adapter.cancel { options.append("cancel: { _ in self.\(cancel) }") }
        if let timeout = adapter.timeoutSeconds { options.append("timeout: \(timeout)") }
        if let mapError = adapter.mapError { options.append("mapError: \(mapError)") }
        let type = "BridgegenCall<\(Self.spelled(adapter.resultType)), Swift.Void>"
        let name = Parser.quoted(adapter.adapterName)
        var statement = CodePrinter(level: Level.body)
        if options.isEmpty && CodePrinter(level: Level.body, after: "let \(n.call) = ").fits(type + "(" + name + ")") {
            statement.line("let \(n.call) = \(type)(\(name))")
        } else {
            statement.line("let \(n.call) = \(type)(")
            statement.indented { $0.commaSeparated([name] + options) }
            statement.line(")")
        }
        // Mapped to an annotation it repeats, else to the declaration (it repeats the result type).
        let mappedLine =
            Self.mappedLine(of: statement.text, [("cancel: ", adapter.cancelLine), ("mapError: ", adapter.mapErrorLine)])
            ?? adapter.signatureLine
        printer.mapped(to: mappedLine, file: sourcePathLiteral) { $0.append(statement) }
        printer.block("return try await \(n.call).run { continuation in") {
            startLines(adapter, n, handle: "continuation", into: &$0)
        }
        return printer.text
    }

    func delegateStreamBody(_ adapter: DelegateAdapter, _ n: DelegateNames) -> String {
        guard let stream = adapter.stream else { return "" }
        var printer = CodePrinter(level: Level.body)
        delegateSetup(adapter, n, into: &printer)
        let head = "BridgegenStream<\(Self.spelled(adapter.resultType)), Swift.Void>"
        // The statement repeats the element type: mapped to the declaration.
        printer.mapped(to: adapter.signatureLine, file: sourcePathLiteral) { printer in
            let kind = stream.shared ? (stream.isThrowing ? "sharedThrowing" : "shared") : (stream.isThrowing ? "throwing" : "events")
            printer.line("return \(head).\(kind)(")
            printer.indented {
                $0.line(Parser.quoted(adapter.adapterName) + ",")
                if stream.shared {
                    // The hub is the owner's: its consumers share the delegate slot.
                    $0.line("owner: self,")
                    if stream.replay > 0 { $0.line("replay: \(stream.replay),") }
                }
                if let buffering = stream.buffering { $0.line("buffering: \(buffering),") }
                $0.block("stop: { _ in", close: "},") {
                    if let cancel = adapter.cancel {
                        $0.mapped(to: adapter.cancelLine, file: sourcePathLiteral) { $0.line("self.\(cancel)") }
                    }
                    $0.line(clearSlot(adapter, n))
                }
                if stream.isThrowing, let mapError = adapter.mapError { $0.line("mapError: \(mapError),") }
                $0.block("register: { events in") { startLines(adapter, n, handle: "events", into: &$0) }
            }
            printer.line(")")
        }
        return printer.text
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
