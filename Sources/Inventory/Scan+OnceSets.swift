import Foundation
import Generator

extension Scan {
    /// The methods that add their closure to a set of listeners that fires once (Noze.io's
    /// `Socket.onConnect(handler:)`: `connectListeners.add(handler: cb)`, where `var
    /// connectListeners = EventOnceListenerSet<Socket>()`): the set calls each listener once,
    /// however the method is named, so it is a one-shot. By method name, the set's name; so a
    /// method that hands its closure on to one of the same name (`DuplexStream.onEnd`, to its
    /// `readStream.onEnd`) and the protocol requirement it implements are read alike.
    static func methodsAddingToOnceSets(in files: [File]) -> [String: String] {
        var onceSets: Set<String> = []
        // Each call handed one of the method's own parameters: its receiver (if any) and callee.
        var handedOn: [(method: String, receiver: String, callee: String)] = []
        for (code, method) in linesInMethods(of: files) {
            // `var endListeners = EventOnceListenerSet<Void>()`, `let x: EventOnceListenerSet<T>`.
            let words = code.split(whereSeparator: { " \t:=(<".contains($0) })
            if let index = words.firstIndex(where: { $0 == "var" || $0 == "let" }), index + 2 < words.count,
                Self.namesOnceSet(String(words[index + 2]))
            {
                onceSets.insert(String(words[index + 1]))
            }
            guard let method else { continue }
            // `connectListeners.add(handler: cb)`, `_installOnEndHandler(handler: cb, once: false)`.
            // Only a closure parameter of the method (`handler cb: @escaping EndCB`).
            for call in Self.calls(in: code) where call.arguments.contains(where: { argument in
                [" ", "("].contains { method.line.contains($0 + argument + ": @escaping") || method.line.contains($0 + argument + ": ((") }
            }) {
                handedOn.append((method.name, call.receiver, call.callee))
            }
        }
        var found: [String: String] = [:]
        for call in handedOn where call.callee == "add" && onceSets.contains(call.receiver) && found[call.method] == nil {
            found[call.method] = call.receiver
        }
        // And a method that hands its closure on to one of those (`onEnd(handler:)` to
        // `_installOnEndHandler(handler:once:)`, a `DuplexStream`'s to its `readStream.onEnd`).
        for _ in 0..<3 {
            for call in handedOn where found[call.method] == nil {
                if let set = found[call.callee] { found[call.method] = set }
            }
        }
        return found
    }

    /// The calls on a line of code: the callee, what it is called on, and the arguments that are
    /// a bare name (`cb` in `x.add(handler: cb, once: true)`).
    private static func calls(in code: Substring) -> [(receiver: String, callee: String, arguments: [String])] {
        var found: [(receiver: String, callee: String, arguments: [String])] = []
        var rest = code
        while let open = rest.firstIndex(of: "(") {
            let before = rest[..<open]
            let callee = String(before.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed())
            let head = before.dropLast(callee.count)
            let receiver = head.last == "." ? String(head.dropLast().reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed()) : ""
            let inside = rest[rest.index(after: open)...].prefix { $0 != ")" && $0 != "(" }
            let arguments = inside.split(separator: ",").map { argument in
                (argument.split(separator: ":").last ?? argument).trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }
            if !callee.isEmpty { found.append((receiver, callee, arguments)) }
            rest = rest[rest.index(after: open)...]
        }
        return found
    }

    /// A type named for firing once: `EventOnceListenerSet`, a `OnceEmitter`.
    static func namesOnceSet(_ type: String) -> Bool {
        ClosureRoleNames.camelWords(TokenMethods.bareName(type)).contains("once")
    }
}

extension Scan {
    /// The methods the library's own messages say may be called only once (SwiftyStoreKit:
    /// `print("SwiftyStoreKit.completeTransactions() should only be called once when the app
    /// launches. Ignoring this call")`): a registration the app makes for its whole life, whose
    /// closure the library keeps and calls for each event. By method name. Only a string
    /// literal that names the call, `name()`, beside "only be called once".
    static func methodsSaidToBeCalledOnce(in files: [File]) -> Set<String> {
        var found: Set<String> = []
        for file in files {
            let text = String(decoding: file.bytes, as: UTF8.self)
            for line in text.split(separator: "\n") where line.contains("only be called once") {
                let literals = line.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
                for (_, literal) in literals where literal.contains("only be called once") {
                    guard let call = literal.range(of: "()") else { continue }
                    let name = literal[..<call.lowerBound].reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                    if !name.isEmpty { found.insert(String(name.reversed())) }
                }
            }
        }
        return found
    }

    /// Methods whose bodies hand work to a debouncer or a throttler (what3words'
    /// `W3WAutoSuggestHelper.update(text:options:completion:)`, whose debouncer keeps the first
    /// call's job): a later call may take this one's place, and its callback may never come.
    static func methodsDebouncing(in files: [File]) -> Set<String> {
        var found: Set<String> = []
        for line in linesInMethods(of: files) {
            guard let method = line.method else { continue }
            let lowered = line.code.lowercased()
            if lowered.contains("debounc") || lowered.contains("throttl") { found.insert(method.name) }
        }
        return found
    }

    /// Methods whose bodies only keep what they are given in properties (`self.animations =
    /// animations`, `self.completion = completion`), every body of the name: a later call of the
    /// library runs what they keep (Instructions' `CoachMarkTransitionManager.animate(_:
    /// animations:fromInitialState:completion:)`, used inside a delegate call).
    static func methodsOnlyKeeping(in files: [File]) -> Set<String> {
        var verdicts: [String: Bool] = [:]
        for line in linesInMethods(of: files) {
            guard let method = line.method else { continue }
            let code = line.code.trimmingCharacters(in: .whitespaces)
            if code.isEmpty || code.allSatisfy({ "{}".contains($0) }) { continue }
            let sides = code.components(separatedBy: " = ")
            let isName = { (text: String) in !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }
            let keeps = sides.count == 2 && isName(sides[1])
                && isName(sides[0].hasPrefix("self.") ? String(sides[0].dropFirst(5)) : sides[0])
            verdicts[method.name] = (verdicts[method.name] ?? true) && keeps
        }
        return Set(verdicts.filter(\.value).keys)
    }
}
