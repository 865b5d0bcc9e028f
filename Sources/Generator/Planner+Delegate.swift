import Analysis
import DeclParser
import Templates

/// Plans delegate adapters: the async function (or stream) on the owner, and the delegate
/// class whose methods end the call.
extension Planner {
    func plan(_ adapter: DelegateAdapter) -> TemplateValue {
        let access = accessPrefix(adapter.access)
        var docLines = adapter.documentation.map(Self.commentSafe)
        if !docLines.isEmpty { docLines.append("") }
        docLines.append("Bridged from `\(Self.commentSafe(adapter.sourceName))`.")
        let isStream = adapter.stream != nil
        // bridgegen's own names must not shadow a parameter of the adapter.
        let taken = Set(adapter.parameters.map(\.name))
        func free(_ name: String) -> String {
            var candidate = name
            while taken.contains(candidate) { candidate = "bridge" + candidate.capitalizedFirst }
            return candidate
        }
        let names = Names(delegate: free("delegate"), previous: free("previous"), earlier: free("earlier"), call: free("call"))
        let handle = isStream ? "events" : "continuation"
        let handleType =
            isStream
            ? "BridgegenStreamEvents<\(adapter.resultType)>"
            : "BridgegenContinuation<\(adapter.resultType), Void>"
        return .object([
            "availability": .strings([availability]),
            "ownerType": .string(adapter.ownerType),
            "docLines": .strings(docLines),
            "attributes": .strings(adapter.attributes),
            "signature": .string(delegateSignature(adapter, access: access)),
            "body": .string(isStream ? delegateStreamBody(adapter, names) : delegateCallBody(adapter, names)),
            "protocolType": .string(adapter.protocolType),
            "adapterName": .string(Self.commentSafe(adapter.adapterName)),
            "className": .string(adapter.className),
            "classDoc": .strings(
                wrap(
                    "Receives `\(adapter.protocolType)` calls for one `\(Self.commentSafe(adapter.adapterName))` call, "
                        + "and lives exactly as long as that call.", width: lineLength - 4)),
            "classHead": .string(classHead(adapter)),
            "handle": .string(handle),
            "handleType": .string(handleType),
            "previousType": .string(adapter.restoresPrevious ? "(any \(adapter.protocolType))?" : ""),
            "methods": .list(
                adapter.methods.map {
                    .object(["declaration": .string($0.declaration), "body": .string(methodBody($0.role, handle: handle))])
                }),
        ])
    }

    /// `private final class Name: NSObject, Protocol, @unchecked Sendable {`, with the
    /// inheritance list on its own line when it does not fit.
    func classHead(_ adapter: DelegateAdapter) -> String {
        let inheritance = "NSObject, \(adapter.protocolType), @unchecked Sendable"
        let oneLine = "private final class \(adapter.className): \(inheritance) {"
        if oneLine.count <= lineLength { return oneLine }
        return "private final class \(adapter.className):\n\(indent)\(inheritance)\n{"
    }

    /// Words of `text` in lines of at most `width` characters.
    func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    struct Names {
        var delegate, previous, earlier, call: String
    }

    func delegateSignature(_ adapter: DelegateAdapter, access: String) -> String {
        let parameters = adapter.parameters.map(Self.declaration(of:)).joined(separator: ", ")
        let result: String
        switch adapter.stream?.isThrowing {
        case true?: result = " -> AsyncThrowingStream<\(adapter.resultType), any Error>"
        case false?: result = " -> AsyncStream<\(adapter.resultType)>"
        case nil: result = " async throws" + (adapter.resultType == "Void" ? "" : " -> " + adapter.resultType)
        }
        let isolation = adapter.stream == nil ? "nonisolated(nonsending) " : ""
        return access + isolation + "func " + adapter.name + "(" + parameters + ")" + result
    }

    /// What to do with a call already in progress, then the delegate, then the call.
    func delegateSetup(_ adapter: DelegateAdapter, _ n: Names) -> [String] {
        let slot = "self.\(adapter.property)"
        var lines: [String] = []
        let busy = "BridgegenError.busy(adapter: \(Parser.quoted(adapter.adapterName)))"
        switch adapter.busyPolicy {
        case .fail:
            // A stream function cannot throw: it returns a stream that has already ended.
            let action: String
            switch adapter.stream?.isThrowing {
            case nil: action = "throw " + busy
            case true?: action = "return AsyncThrowingStream {\n\(indent)$0.finish(throwing: \(busy))\n}"
            case false?: action = "return AsyncStream { $0.finish() }"
            }
            lines += ["if \(slot) is \(adapter.className) {", Self.indentLines(action, by: indent), "}"]
        case .cancelPrevious:
            lines.append(
                adapter.stream == nil
                    ? "(\(slot) as? \(adapter.className))?.continuation?.cancelForNewCall()"
                    : "(\(slot) as? \(adapter.className))?.events?.finish()")
        }
        if adapter.restoresPrevious {
            // Behind an earlier call of this adapter, the delegate to put back is the one before it.
            lines += [
                "let \(n.earlier) = \(slot) as? \(adapter.className)",
                "let \(n.previous) = \(n.earlier) == nil ? \(slot) : \(n.earlier)?.previous",
            ]
        }
        lines.append("let \(n.delegate) = \(adapter.className)()")
        if adapter.restoresPrevious { lines.append("\(n.delegate).previous = \(n.previous)") }
        return lines
    }

    func delegateCallBody(_ adapter: DelegateAdapter, _ n: Names) -> String {
        let slot = "self.\(adapter.property)"
        var lines = delegateSetup(adapter, n)
        lines += [
            "defer {",
            indent + "// The slot goes back only if no newer call has taken it since.",
            indent + "if \(slot) === \(n.delegate) { \(slot) = \(adapter.restoresPrevious ? n.previous : "nil") }",
            "}",
        ]
        var options: [String] = []
        if let cancel = adapter.cancel { options.append("cancel: { _ in self.\(cancel) }") }
        if let timeout = adapter.timeoutSeconds { options.append("timeout: \(timeout)") }
        if let mapError = adapter.mapError { options.append("mapError: \(mapError)") }
        let type = "BridgegenCall<\(adapter.resultType), Void>"
        let name = Parser.quoted(adapter.adapterName)
        if options.isEmpty && indent.count * 2 + "let \(n.call) = ".count + type.count + name.count + 2 <= lineLength {
            lines.append("let \(n.call) = \(type)(\(name))")
        } else {
            lines.append("let \(n.call) = \(type)(")
            lines += ([name] + options).enumerated().map { index, option in
                indent + option + (index == options.count ? "" : ",")
            }
            lines.append(")")
        }
        lines += [
            "return try await \(n.call).run { continuation in",
            indent + "\(n.delegate).continuation = continuation",
            indent + "\(slot) = \(n.delegate)",
            indent + "self.\(adapter.start)",
            "}",
        ]
        return lines.joined(separator: "\n")
    }

    func delegateStreamBody(_ adapter: DelegateAdapter, _ n: Names) -> String {
        guard let stream = adapter.stream else { return "" }
        let slot = "self.\(adapter.property)"
        var lines = delegateSetup(adapter, n)
        let function = stream.isThrowing ? "throwing" : "events"
        var options = [Parser.quoted(adapter.adapterName)]
        if let buffering = stream.buffering { options.append("buffering: " + buffering) }
        var stop = ["stop: { _ in"]
        if let cancel = adapter.cancel { stop.append(indent + "self.\(cancel)") }
        stop.append(indent + "if \(slot) === \(n.delegate) { \(slot) = \(adapter.restoresPrevious ? n.previous : "nil") }")
        stop.append("}")
        options.append(stop.joined(separator: "\n"))
        if stream.isThrowing, let mapError = adapter.mapError { options.append("mapError: " + mapError) }
        let register = [
            "register: { events in",
            indent + "\(n.delegate).events = events",
            indent + "\(slot) = \(n.delegate)",
            indent + "self.\(adapter.start)",
            "}",
        ].joined(separator: "\n")
        lines.append("return BridgegenStream<\(adapter.resultType), Void>.\(function)(")
        lines.append((options + [register]).map { Self.indentLines($0, by: indent) }.joined(separator: ",\n"))
        lines.append(")")
        return lines.joined(separator: "\n")
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
