/// What a declaration's documentation says of how often its callback is called: "Call the
/// closure once if the request succeeds" (Siesta's `onNewData`), "called whenever the client
/// is shut down", "invoked for every event". The author's own word, which is what a person
/// migrating an app reads first: scan weighs it above what names suggest, and says when it
/// disagrees with stronger evidence (docs/decisions.md, 73).
///
/// Only phrases about repetition count, read word by word: "once" that is a conjunction
/// ("once the connection is open") says nothing, "once for each row" and "more than once" say
/// many, "never more than once" once. Documentation that says both says nothing.
struct DocumentedFrequency: Equatable {
    enum Kind: Equatable {
        case once, many
    }

    var kind: Kind
    /// The words that said it, to quote in the starter.
    var phrase: String
    /// `if` or `unless` of "once if the request succeeds": maybe never, and then a one-shot
    /// waits until it is cancelled.
    var condition: String?

    /// Nouns of things that come many times ("for every event", "each message").
    static let repeatedThings: Set<String> = [
        "event", "events", "change", "changes", "update", "updates", "message", "messages", "row", "rows", "chunk",
        "chunks", "frame", "frames", "packet", "packets", "notification", "notifications", "response", "responses",
        // "returns a block with heartbeat serie for each iteration until done" (HealthKitReporter).
        "iteration", "iterations",
    ]
    /// Verbs a closure is the object of ("called once", "call the closure once").
    static let callingVerbs: Set<String> = [
        "called", "invoked", "executed", "fired", "run", "triggered", "call", "calls", "invoke", "invokes", "fire",
        "fires", "runs", "execute", "executes", "trigger", "triggers",
    ]
    /// Words after a conjunction "once" ("once the socket connects"), never after a count.
    static let conjunctionFollowers: Set<String> = [
        "the", "a", "an", "it", "all", "we", "you", "that", "this", "its", "there", "they", "both", "any", "some", "each",
        "every", "data",
    ]
    static let negations: Set<String> = ["never", "not", "don't", "won't", "doesn't", "isn't", "cannot", "can't"]

    /// Words that make a sentence about the callback rather than the method ("the closure is
    /// called for every event", not "do not call this method multiple times").
    static let aboutCallback: Set<String> = [
        "closure", "closures", "block", "handler", "callback", "listener", "observer", "called", "invoked", "fired",
        "executed", "triggered", "notified", "delivered", "emitted",
    ]

    /// Whether the word at `index` speaks of the callback: not "callback" naming something else
    /// ("every callback notification that uses the URL", Watson's `registerCallback(callbackURL:
    /// …, completionHandler:)`: the service's HTTP callbacks, not the closure's calls).
    static func isAboutCallback(_ words: [String], at index: Int) -> Bool {
        guard aboutCallback.contains(words[index]) else { return false }
        let next = index + 1 < words.count ? words[index + 1] : ""
        return !(words[index] == "callback" && (repeatedThings.contains(next) || ["url", "urls"].contains(next)))
    }

    /// What `documentation` says, sentence by sentence, leaving out the lines that document the
    /// other parameters (`- parameter progress: called periodically` says nothing of the
    /// completion) and sentences about calling the method itself.
    static func read(_ documentation: [String], callback: String, otherParameters: Set<String>, method: String = "") -> DocumentedFrequency? {
        let others = Set(otherParameters.map { $0.lowercased() })
        // A list item (`- completion: callback to be executed on completion`) is a sentence of
        // its own, not the end of the one above it (WordPressKit's "…, whenever noteIds is
        // present)" then the parameter list). Its lines wrapped go on with it, up to a blank
        // line or the next item (HealthKitReporter's "- Parameter dataHandler: returns a block
        // with heartbeat serie for each" then "iteration until done is True."); the items of the
        // other parameters are left out, wrapped lines too.
        var prose: [String] = []
        var paragraphs: [String] = []
        var item: (kept: Bool, open: Bool) = (true, false)
        for line in documentation {
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            let words = Self.words(of: line)
            if trimmed.hasPrefix("-") {
                // `- Parameter name:` / `- parameter name:` / `- name:` (under `- Parameters:`).
                let named = words.first == "parameter" && words.count > 1 ? words[1] : words.first ?? ""
                item = (!others.contains(named), true)
                if item.kept {
                    prose.append(line)
                    paragraphs.append(". " + line + " .")
                }
            } else if item.open && !trimmed.isEmpty {
                guard item.kept, let last = paragraphs.popLast() else { continue }
                prose.append(line)
                paragraphs.append(last.dropLast(2) + " " + line + " .")
            } else {
                item = (true, false)
                prose.append(line)
                paragraphs.append(line)
            }
        }
        let sentences = paragraphs.joined(separator: " ").split(whereSeparator: { ".!?;".contains($0) }).map { words(of: String($0)) }
        // Not a sentence about another parameter ("any filters attached to the request … are only
        // executed once", AlamofireImage's, beside its `filter:`), unless it names the callback too.
        // Nor one with no subject, which is the method's own ("May be called multiple times",
        // Perfect-HTTP's `push(callback:)`: the app may push again; each push calls back once).
        // So is one whose subject is "this" ("This should be called whenever details … are
        // altered", Frollo's `updateUser(securityCode:completion:)`: the app calls it again).
        // "It" in the method's own description, above its parameters, is the method ("Fetches
        // the next page of notifications. It can be called multiple times to obtain all pages",
        // MagicBell's `fetch(completion:)`, one page per call); in a parameter's line, the closure.
        let description = Set(
            prose.prefix { !$0.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("-") }
                .joined(separator: " ").split(whereSeparator: { ".!?;".contains($0) }).map { words(of: String($0)) })
        let said = sentences.filter { sentence in
            !saysHowTheMethodIsCalled(sentence, itIsTheMethod: description.contains(sentence))
                && (sentence.indices.contains { isAboutCallback(sentence, at: $0) } || sentence.contains(callback.lowercased()))
                && (sentence.contains(callback.lowercased()) || !sentence.contains { others.contains($0) || others.contains(String($0.dropLast())) && $0.hasSuffix("s") })
        }.flatMap { phrases(in: $0, method: method.lowercased()) }
        guard let first = said.first, said.allSatisfy({ $0.kind == first.kind }) else { return nil }
        return first
    }

    /// "May be called multiple times", "This should be called whenever …", "This method must be
    /// called …": the method's own calls (an optional subject of "this", or of "it" where that is
    /// the method, a modal, "be").
    static func saysHowTheMethodIsCalled(_ sentence: [String], itIsTheMethod: Bool = false) -> Bool {
        var words = sentence[...]
        if words.first == "this" || (itIsTheMethod && words.first == "it") {
            words = words.dropFirst()
            if let noun = words.first, ["method", "function", "api", "call"].contains(noun) { words = words.dropFirst() }
        }
        return words.count > 2 && ["may", "can", "might", "should", "must"].contains(words[words.startIndex])
            && words[words.startIndex + 1] == "be"
    }

    /// The sentence of the documentation that says nil is the failure ("If an error or
    /// disconnection occurs then a nil object will be delivered", "otherwise, a nil object will
    /// be passed": Perfect-Net's), shortened to its words from "nil" on; nil if none does. Not
    /// "nil if the key is absent": an absent value is no failure.
    static func saysNilIsFailure(_ documentation: [String]) -> String? {
        let failures: Set<String> = ["error", "errors", "fails", "failed", "failure", "otherwise", "unsuccessful", "disconnection", "disconnected"]
        for sentence in documentation.joined(separator: " ").split(whereSeparator: { ".!?;".contains($0) }) {
            let said = words(of: String(sentence))
            guard let nilIndex = said.firstIndex(of: "nil"), said.contains(where: failures.contains) else { continue }
            return said[max(0, nilIndex - 2)...].prefix(8).joined(separator: " ")
        }
        return nil
    }

    /// The words saying the method does not return while its work goes on ("This function will
    /// not return until the `EventLoop` has stopped"), if the documentation (not a parameter's
    /// line) says so. Not "blocks the current thread until a write access can be established"
    /// (GRDB's `DatabaseRegionObservation.start(in:onError:onChange:)`): it returns, and its
    /// closures are called later.
    static func saysItBlocks(_ documentation: [String]) -> String? {
        let prose = documentation.filter { !$0.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("-") }
        for sentence in prose.joined(separator: " ").split(whereSeparator: { ".!?;".contains($0) }) {
            let said = words(of: String(sentence))
            for index in said.indices.dropLast(2)
            where ["not", "never", "doesn't", "won't"].contains(said[index]) && said[index + 1] == "return" && said[index + 2] == "until" {
                return said[index...(index + 2)].joined(separator: " ")
            }
        }
        return nil
    }

    /// Whether the documentation opens with "Sets a block/handler/closure…": a builder's setter
    /// of a closure that a later call uses (Kingfisher's `redirectHandler(_:) -> Self`).
    static func saysSetter(_ documentation: [String]) -> Bool {
        let opening = words(of: documentation.first(where: { !words(of: $0).isEmpty }) ?? "")
        return (opening.first == "sets" || opening.first == "set") && opening.prefix(4).contains(where: aboutCallback.contains)
    }

    /// Lowercased words, code spans (`` `name` ``) left out.
    static func words(of text: String) -> [String] {
        var words: [String] = []
        var word = ""
        var inCode = false
        for character in text.lowercased() {
            if character == "`" { inCode.toggle() }
            if !inCode && (character.isLetter || character == "'") {
                word.append(character)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    static func phrases(in words: [String], method: String = "") -> [DocumentedFrequency] {
        var found: [DocumentedFrequency] = []
        for (index, word) in words.enumerated() {
            let next = index + 1 < words.count ? words[index + 1] : ""
            let afterNext = index + 2 < words.count ? words[index + 2] : ""
            let before = words[max(0, index - 4)..<index]
            switch word {
            case "each", "every":
                // Not "each time setOnline(true) is called" (LaunchDarkly's throttling): calls of
                // the method, not of its callback.
                // So is "each time `setOnline:YES` is called": the code span, left out, is the subject.
                if next == "time", (!method.isEmpty && afterNext == method) || afterNext == "is" { continue }
                // Nor "this method is meant to be called every time the user presses a key"
                // (StreamChat's `sendKeystrokeEvent`): the method's calls, said of the method.
                if let called = words[..<index].lastIndex(where: { ["called", "invoked"].contains($0) }),
                    words[..<called].contains(where: { ["method", "function"].contains($0) })
                {
                    continue
                }
                if next == "time" || repeatedThings.contains(next) {
                    found.append(.init(kind: .many, phrase: word + " " + next))
                } else if repeatedThings.contains(afterNext) {
                    // "for each parameter event" (AudioKit's `recordAutomation(callback:)`): a
                    // thing that comes many times, said with a word of what it is about.
                    found.append(.init(kind: .many, phrase: word + " " + next + " " + afterNext))
                } else if let last = before.last, ["when", "after", "as", "on"].contains(last), !next.isEmpty {
                    // "The closure called when each download request is complete" (AlamofireImage's
                    // batch `download(_:…:completion:)`): once per thing. So is "a completion block
                    // to execute on each view's animation" (Material's `FABMenu.open(…completion:)`).
                    // Not "for every": "returns a `ChecksumResult` for every `Checksumable` in this
                    // array" (Checksum's) is one result of many things.
                    found.append(.init(kind: .many, phrase: last + " " + word + " " + next))
                }
            case "multiple", "many", "several":
                if next == "times", !before.contains(where: negations.contains) {
                    found.append(.init(kind: .many, phrase: word + " times"))
                }
            case "once":
                // Not "once per": "once per authorization cycle" (p2/OAuth2's `attemptToAuthorize`)
                // is one call for the one cycle this call starts. Nor "once regardless of how many
                // flags changed" (LaunchDarkly's `observe(keys:owner:handler:)`): one call per
                // change, however much changed.
                if next == "per" || next == "regardless" || afterNext == "regardless" {
                    continue
                } else if before.suffix(2) == ["at", "least"] {
                    // "if it has fired at least once" (InstantSearch's `subscribePast(with:
                    // callback:)`, which also says "whenever"): no count of one.
                    continue
                } else if next == "for" && (afterNext == "each" || afterNext == "every") {
                    found.append(.init(kind: .many, phrase: "once for " + afterNext))
                } else if before.suffix(2) == ["more", "than"] {
                    let negated = words[max(0, index - 6)..<max(0, index - 2)].contains(where: negations.contains)
                    found.append(.init(kind: negated ? .once : .many, phrase: negated ? "never more than once" : "more than once"))
                } else if conjunctionFollowers.contains(next) {
                    continue
                } else if let last = before.last, ["only", "exactly", "just"].contains(last) {
                    found.append(.init(kind: .once, phrase: last + " once"))
                } else if before.suffix(2) == ["at", "most"] {
                    found.append(.init(kind: .once, phrase: "at most once"))
                } else if let verb = before.lastIndex(where: callingVerbs.contains) {
                    found.append(
                        .init(kind: .once, phrase: words[verb...index].joined(separator: " "), condition: ["if", "unless"].contains(next) ? next : nil))
                }
            case "whenever", "repeatedly", "continuously":
                found.append(.init(kind: .many, phrase: word))
            default:
                continue
            }
        }
        return found
    }
}

extension DocumentedFrequency {
    /// Whether a method's documentation says the `Bool` its handler returns decides whether the
    /// events go on: "Returns `true` to stay subscribed and `false` to unsubscribe" (Mapbox's
    /// `observeDataSource(with:)`), "return `true` if they want to continuing or `false` to abort
    /// reading" (AMSMB2's `fetchedData`). Not a predicate's "returns true if the item matches".
    static func saysAnswerGoesOn(_ documentation: [String]) -> Bool {
        let text = documentation.joined(separator: " ").lowercased().replacingOccurrences(of: "`", with: "")
        let goesOn = ["to stay subscribed", "to unsubscribe", "to abort", "to stop", "to continue", "to keep", "continuing", "to cancel"]
        for answer in ["true", "false"] {
            var rest = text[...]
            while let found = rest.range(of: answer) {
                // The few words after the answer (`false to unsubscribe`, `true if they want to continuing`).
                let after = String(rest[found.upperBound...].prefix(40))
                if goesOn.contains(where: after.contains) { return true }
                rest = rest[found.upperBound...]
            }
        }
        return false
    }
}
