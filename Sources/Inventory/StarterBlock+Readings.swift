import DeclParser
import Generator

/// Where the adapter, as written, is one reading of several (decision 81): the starter says which
/// it took and the annotation that says the other, so that a reviewer, not scan, decides.
extension StarterBlock {
    /// The end of the note on a closure type of another module; the summary counts its method
    /// as not bridgeable, since generate cannot bridge it until the typealias is pasted.
    static let pasteAlias =
        "scan again with '--dependency' and the sources of the module that declares it, or paste its typealias into this file; " + unseenClosure

    /// The end of every note on a closure type generate cannot see: the method is refused.
    static let unseenClosure = "else generate cannot see the closure"

    func readings(
        of function: FunctionDecl, callbacks: [Parameter], annotations: [(annotation: String, why: String)], tokens: TokenMethods
    ) -> [(annotation: String, why: String)] {
        let aliases = closureAliases
        var notes: [(annotation: String, why: String)] = []
        // A closure type of another module (KituraKit's `respondWith: @escaping
        // CodableResultClosure<O>`, a typealias of KituraContracts): generate cannot see it.
        // An associated type of the protocol itself, even one whose default is a closure (ReSwift's
        // `StoreType.DispatchCallback = (State) -> Void`), is what each conforming type sets it to.
        for callback in callbacks where closureType(of: callback) == nil {
            let name = TokenMethods.bareName(callback.type.strippingAttributes.unwrappingOptional.description)
            notes.append(
                associatedTypes.contains(name)
                    ? ("", "'\(name)' is an associated type of \(Self.bareTypeName(type)), which each conforming type sets: bridge the method of a conforming type that declares it a closure; " + Self.unseenClosure)
                    : ("", "'\(name)' is not declared in these sources: " + Self.pasteAlias))
        }
        // A value named for an outcome that these sources do not declare (Swift-Kuery-PostgreSQL's
        // `onCompletion: (QueryResult) -> ()`, an enum of SwiftKuery's with an `.error` case; a
        // `QueryOutcome`):
        // returned whole, its failure not thrown, unless the enum is pasted and its case named.
        if callbacks.count == 1, let closure = closureType(of: callbacks[0]), closure.parameters.count == 1,
            !annotations.contains(where: { $0.annotation.hasPrefix("@failure") || $0.annotation.hasPrefix("@success") || $0.annotation.hasPrefix("@event") })
        {
            let written = closure.parameters[0].type.strippingAttributes.unwrappingOptional.description
            let name = TokenMethods.bareName(written)
            if ["Result", "Outcome"].contains(where: { name.hasSuffix($0) && name != $0 }), !written.contains("<"), enums[name] == nil, !errorTypes.contains(name),
                !tokens.declares(name), !aliasNames.contains(name)
            {
                notes.append(
                    ("", "'\(name)' is not declared in these sources: as written, it is the value, whole; if it is an enum with a failure case, scan again with '--dependency' and the sources of the module that declares it, or paste it into this file and write '@failure(.case)', so that the failure throws"))
            }
        }
        // A Result beside other values (Mapbox Directions' `(Session, Result<RouteResponse,
        // DirectionsError>)`): the Result is the outcome, the rest is left out (decision 117).
        // Or as one tuple (Tealium's `ModuleCompletion = ((Result<Bool, Error>, [String: Any]?)) -> Void`).
        // (Kept whole by `@stream(results)`, nothing is left out.)
        for callback in callbacks where !annotations.contains(where: { $0.annotation == "@stream(results)" }) {
            guard let closure = closureType(of: callback) else { continue }
            var types = closure.parameters.map(\.type)
            if types.count == 1, case .tuple(let inner) = types[0].strippingAttributes.kind { types = inner.map(\.type) }
            guard types.count > 1 else { continue }
            let isResult = types.map { resultName($0) != nil }
            guard isResult.filter({ $0 }).count == 1 else { continue }
            // The next page's cursor is returned beside the Result's success (not by a stream).
            let elements = closure.parameters.count == types.count ? closure.parameters : []
            let cursors = types.indices.filter {
                !isResult[$0] && $0 < elements.count && Analyzer.namesNextCursor(elements[$0])
                    && !annotations.contains { $0.annotation.hasPrefix("@stream") }
            }
            if !cursors.isEmpty {
                notes.append(
                    ("", "'\(callback.label?.name ?? callback.name.name)' hands \(cursors.map { "'\(elements[$0].secondName ?? elements[$0].label ?? "")'" }.joined(separator: ", ")) beside the Result: "
                        + "the next page's cursor, returned with its value"))
            }
            let others = types.indices.filter { !isResult[$0] && !cursors.contains($0) }.map { types[$0].strippingAttributes.description }
                // (An object lent to the callback only is said where it is named: GRDB's `Database`.)
                .filter { other in !annotations.contains { $0.annotation == "@lent(\(TokenMethods.bareName(other)))" } }
            if others.isEmpty { continue }
            notes.append(
                ("", "'\(callback.label?.name ?? callback.name.name)' gets a Result beside \(others.map { "'\($0)'" }.joined(separator: ", ")): "
                    + "the Result is the outcome, and the rest is left out of the value; if you need it, bridge a method of yours that hands it on"))
        }
        // What the caller passed, handed back under its own names (BluetoothKit's `sendData(_ data:
        // Data, toRemotePeer remotePeer: BKRemotePeer, completionHandler: (_ data: Data, _
        // remotePeer: BKRemotePeer, _ error: BKError?) -> Void)`): the value, as written; said.
        // (Not beside a Result, which is the outcome: the rest is left out, said above.)
        if callbacks.count == 1, let closure = closureType(of: callbacks[0]),
            !closure.parameters.contains(where: { resultName($0.type) != nil })
        {
            let echoed = closure.parameters.compactMap { element -> String? in
                let type = element.type.strippingAttributes.unwrappingOptional.strippingAttributes.description
                func typeOf(_ parameter: Parameter) -> String { parameter.type.strippingAttributes.unwrappingOptional.strippingAttributes.description }
                guard let name = [element.secondName, element.label].compactMap({ $0 }).first(where: { $0 != "_" }) else {
                    // Unnamed, by a type of the SDK's or the system's that only one parameter has
                    // (NextLevel's `requestAuthorization(forMediaType mediaType: AVMediaType,
                    // completionHandler: (AVMediaType, NextLevelAuthorizationStatus) -> Void)`);
                    // not a plain `String` or `Int`, which may be anything, nor a collection (Swift-SMTP's
                    // `([Mail], [(Mail, Error)])`: those of the mails passed that were sent), nor
                    // a generic parameter (Phoenix's `delegateOn(_:to owner: Target, …)`, whose
                    // owner the adapter leaves out).
                    guard closure.parameters.count > 1, !Analyzer.plainValueTypes.contains(type), !type.hasPrefix("["),
                        !function.genericParameters.contains(where: { $0.name.name == type })
                    else { return nil }
                    let passing = function.parameters.filter { typeOf($0) == type }
                    return passing.count == 1 ? passing[0].name.name : nil
                }
                // Named as the argument, or as the start of its name (Spring's `imageForUrl(urlString:
                // completionHandler: (_ image: UIImage?, _ url: String) -> ())`).
                let passed = { (argument: String) in
                    argument == name || (argument.hasPrefix(name) && argument.dropFirst(name.count).first?.isUppercase == true)
                }
                return function.parameters.contains { passed($0.name.name) && typeOf($0) == type } ? name : nil
            }
            if !echoed.isEmpty {
                notes.append(
                    ("", "'\(callbacks[0].label?.name ?? callbacks[0].name.name)' hands back \(echoed.map { "'\($0)'" }.joined(separator: ", ")), which the caller passed: "
                        + "as written, part of the value; if the call only reports that it is done, bridge a method of yours that leaves them out"))
            }
        }
        // An info dictionary (DKImagePickerController's `exportAssetsAsynchronously(assets:completion:
        // (_ info: [AnyHashable: Any]) -> Void)`, PhotoKit's `(UIImage?, [AnyHashable: Any]?)`):
        // its keys may say that the call failed or was cancelled, which no declaration shows.
        if callbacks.count == 1, let closure = closureType(of: callbacks[0]),
            closure.parameters.contains(where: { element in
                let type = element.type.strippingAttributes.unwrappingOptional.strippingAttributes.description.filter { !$0.isWhitespace }
                return [element.secondName, element.label].contains("info") && ["[AnyHashable:Any]", "[String:Any]"].contains(type)
            })
        {
            notes.append(
                ("", "'\(callbacks[0].label?.name ?? callbacks[0].name.name)' gets an info dictionary: as written, part of the value; "
                    + "if its keys say that the call failed or was cancelled, bridge a method of yours that throws then"))
        }
        // Values after the error (ImageLoader's `(UIImage?, Error?, FetchOperation)`, SDWebImage's
        // `(image, error, cacheType, url)`): how the value came, more often than part of it. Said.
        if callbacks.count == 1, let closure = closureType(of: callbacks[0]),
            let errorIndex = closure.parameters.lastIndex(where: { element in
                let type = element.type.strippingAttributes.unwrappingOptional.strippingAttributes.description
                return ["Error", "NSError", "any Error", "Swift.Error"].contains(type) || errorTypes.contains(type)
            }),
            errorIndex > 0, errorIndex < closure.parameters.count - 1
        {
            let after = closure.parameters[(errorIndex + 1)...].map { $0.type.strippingAttributes.description }
            notes.append(
                ("", "'\(callbacks[0].label?.name ?? callbacks[0].name.name)' gets \(after.map { "'\($0)'" }.joined(separator: ", ")) after the error: as written, returned with the value; "
                    + "if \(after.count == 1 ? "it says" : "they say") only how the value came, bridge a method of yours that leaves \(after.count == 1 ? "it" : "them") out"))
        }
        // The generic value it is given, handed back (Interstellar's `Thread.main<T>(_ a: T,
        // completion: (T) -> Void)`, a hop to the main queue): maybe no result of any work. Or
        // of its protocol's associated type (smoke-http's `AsyncResponseInvocationStrategy.
        // invokeResponse(response: OutputType, completion:)`, which picks the thread).
        let generics = Set(function.genericParameters.map(\.name.name)).union(associatedTypes)
        if callbacks.count == 1, let closure = closureType(of: callbacks[0]), closure.parameters.count == 1,
            case let handed = closure.parameters[0].type.strippingAttributes.description, generics.contains(handed),
            function.parameters.contains(where: { $0.type.strippingAttributes.description == handed })
        {
            let name = callbacks[0].label?.name ?? callbacks[0].name.name
            notes.append(
                ("", "'\(name)' gets back the \(handed) '\(function.name.name)' is given: if the call only moves it to another queue or thread, mark it '@context'"))
        }
        // A value that carries its own failure (Web3.swift's `Web3Response<T>`, with `error:
        // Swift.Error?`): handed over whole, as written, and the call does not throw.
        // Of a stream, its events' (the last closure, Web3.swift's `subscribeToNewHeads(subscribed:onEvent:)`).
        let isStream = annotations.contains { $0.annotation.hasPrefix("@stream") }
        if callbacks.count == 1 || isStream, let callback = callbacks.last, let closure = closureType(of: callback), closure.parameters.count == 1,
            !annotations.contains(where: { $0.annotation.hasPrefix("@failure") || $0.annotation.hasPrefix("@success") || $0.annotation.hasPrefix("@event") })
        {
            let name = TokenMethods.bareName(closure.parameters[0].type.strippingAttributes.unwrappingOptional.description)
            // Not an enum of outcomes, whose failure case throws (RxSwift's `Event`, with `error` too).
            if let property = failureCarriers[name]?.member, enums[name] == nil, !annotations.contains(where: { $0.annotation.hasPrefix("@asyncError") }) {
                notes.append(
                    ("", "'\(name)' carries its own failure ('\(property)'): as written, \(isStream ? "each is an event" : "it is the value"), whole, and a failure is not thrown; check its '\(property)', or bridge a method of yours that throws it"))
            }
        }
        // Beside a stream's events, a closure that gets an outcome of its own (Web3.swift's
        // `subscribed`, the subscription's id or its failure): it stays the caller's to pass, so
        // its failure does not end the stream.
        if isStream, callbacks.count > 1 {
            for callback in callbacks.dropLast() {
                guard let closure = closureType(of: callback), closure.parameters.count == 1,
                    case let name = TokenMethods.bareName(closure.parameters[0].type.strippingAttributes.unwrappingOptional.description),
                    enums[name] != nil
                else { continue }
                let label = callback.label?.name ?? callback.name.name
                notes.append(
                    ("", "'\(label)' gets a '\(name)' of its own and stays a parameter: as written, its failure does not end the stream, which then waits for events until the task is cancelled; pass a '\(label)' that cancels it on failure"))
            }
        }
        // The object itself beside values (Siesta's `addObserver(owner:closure: (Resource,
        // ResourceEvent) -> Void)`): the adapter leaves it out of each value; said, for an oracle
        // of the values may have wanted a property read off it (CoreStore's snapshot).
        if callbacks.count == 1, !function.modifiers.contains(where: { $0.name == "static" || $0.name == "class" }),
            let closure = closureType(of: callbacks[0]), closure.parameters.count > 1, Analyzer.isReceiver(closure.parameters[0], scope: type)
        {
            let name = callbacks[0].label?.name ?? callbacks[0].name.name
            notes.append(
                ("", "'\(name)' also gets the \(Self.bareTypeName(type)) itself, which you already hold: as written, it is left out of each value; read what you need from it"))
        }
        // A step of a promise's chain (Then's `chain(_:) -> Promise<T>`, `finally(_:)`): the
        // promise is awaited where its chain ends, not each step. Not a registration for its
        // outcome (`onSuccess`, `whenComplete`), which is that awaiting. One that returns
        // nothing and hands its callback a value has no next link (Deferred's `upon(_:execute:)`):
        // it hands over the outcome, which the future may give to a wait of its own (SmokeHTTP's
        // `EventLoopFuture.completeWithResult(on:…)`, beside NIO's `get()`).
        if ClosureRoleNames.isFuture(type) || ["Promise", "Futur"].contains(where: type.contains), !isStreamOfFutures,
            !["on", "when", "observe", "subscribe"].contains(where: function.name.name.hasPrefix)
        {
            let handsOverOutcome = (function.returnType.map(\.isVoid) ?? true)
                && callbacks.contains { closureType(of: $0).map { !$0.parameters.isEmpty } ?? false }
            notes.append(
                !handsOverOutcome
                    ? ("", "'\(function.name.name)' is a step of the promise: as written, a one-shot of this step; if the promise is awaited where its chain ends, mark it '@context'")
                    : ("", "'\(function.name.name)' hands over the \(Self.bareTypeName(type))'s outcome: as written, a one-shot of it; if the \(Self.bareTypeName(type)) is awaited in another way (an async form of its own, or where its chain ends), mark it '@context'"))
        }
        // A method handed an error beside its completion (OAuthSwift's static
        // `completionHandler(completionHandler:request:data:resp:error:)`, which maps a
        // URLSession answer onto the completion at once): it passes on an outcome it is given.
        if callbacks.count == 1, let given = function.parameters.first(where: { parameter in
            ["Error?", "any Error?", "(any Error)?", "NSError?", "Error", "any Error"].contains(parameter.type.strippingAttributes.description)
        }) {
            notes.append(
                ("", "'\(function.name.name)' is handed '\(given.label?.name ?? given.name.name)': if it only passes on an outcome it is given, calling back at once, mark it '@context'"))
        }
        // A method that hands back the request it is handed (Frollo's `adapt(_ urlRequest:
        // URLRequest, for session:, completion: (Result<URLRequest, Error>) -> Void)`, Alamofire's
        // `RequestAdapter`): a hook the library calls to let the app change what it sends.
        // (Requests only: an `on(_ event: String, callback: (String) -> Void)` is no hook.)
        else if callbacks.count == 1, let closure = closureType(of: callbacks[0]), closure.parameters.count == 1,
            case let handed = Self.successType(of: closure.parameters[0].type.strippingAttributes.description), handed.hasSuffix("Request"),
            let given = function.parameters.first(where: { $0.type.strippingAttributes.description == handed })
        {
            notes.append(
                ("", "'\(function.name.name)' hands back a '\(handed)' as it is handed one ('\(given.label?.name ?? given.name.name)'): if the library calls it to let you change it (an interceptor), mark it '@context'"))
        }
        // A registration nothing undoes (KeyboardShortcuts' `onKeyDown(for:action:)`, which
        // appends the handler to a list and returns nothing): when the stream ends, the handler
        // stays with the SDK, called for nothing. Said, not refused: the stream still works.
        if annotations.contains(where: { $0.annotation.hasPrefix("@stream") }), !annotations.contains(where: { $0.annotation.hasPrefix("@cancel") }),
            !annotations.contains(where: { $0.annotation.hasPrefix("@finish") }), !function.isAsync, function.returnType?.isVoid ?? true,
            callbacks.count == 1,
            // Not an iteration or a progress, which end by themselves (`forEach(operation:)`).
            !ClosureRoleNames.namesIteration(function.name.name), !ClosureRoleNames.namesRepetition(function.name.name)
        {
            notes.append(
                ("", "nothing stops what '\(function.name.name)' registers: as written, the handler stays with the SDK after the stream ends; if that matters, bridge a method of yours that removes it"))
        }
        // A completion of nothing beside a closure that gets a value and is named for no role
        // (SwiftyDropbox's `handleEventsForBackgroundURLSession(…, completionHandler: () -> Void,
        // requestsToReconnect: ([Result<…>]) -> Void)`, where the first is UIKit's, passed
        // through): the value would stay a parameter.
        if callbacks.count >= 2, !annotations.contains(where: { $0.annotation == "@stream" }),
            let chosen = callbacks.first(where: { Analyzer.looksLikeCompletion($0.name.name) || Analyzer.looksLikeCompletion($0.label?.name) }),
            closureType(of: chosen)?.parameters.isEmpty == true,
            let valued = callbacks.first(where: { other in
                other != chosen && closureType(of: other)?.parameters.isEmpty == false
                    && ![other.name.name, other.label?.name ?? ""].contains(where: { $0.lowercased().contains("progress") })
                    && !ClosureRoleNames.namesOutcome(name: other.name.name, label: other.label?.name)
            })
        {
            let kept = valued.label?.name ?? valued.name.name
            notes.append(
                ("", "'\(chosen.label?.name ?? chosen.name.name)' gets nothing, and '\(kept)' gets a value that stays a parameter: if that value is the outcome, write '@completion(\(kept))'"))
        }
        // A synchronous call that throws, and calls back with no value (Bluejay's
        // `SynchronizedPeripheral.flushListen(to:nonZeroTimeout:completion:) throws`, which
        // blocks until it is done): its throw may be the outcome, and the callback a hook.
        if function.throwsClause != nil, !function.isAsync, function.returnType?.isVoid ?? true, callbacks.count == 1,
            let closure = closureType(of: callbacks[0]), carriesNoValue(closure, in: type, aliases: aliases)
        {
            let name = callbacks[0].label?.name ?? callbacks[0].name.name
            notes.append(
                ("", "'\(function.name.name)' throws, and '\(name)' gets no value: if it blocks until it is done and throws its failure, mark it '@context'"))
        }
        return notes
    }

    /// A closure that hands over nothing but whether it failed: `() -> Void`, `(Error?) -> Void`,
    /// or one of the SDK's enums whose cases carry nothing but an error (Bluejay's `WriteResult`).
    func carriesNoValue(_ closure: FunctionTypeSyntax, in type: String, aliases: [String: FunctionTypeSyntax]) -> Bool {
        guard let parameter = closure.parameters.first else { return true }
        guard closure.parameters.count == 1 else { return false }
        let written = parameter.type.strippingAttributes.description
        if ["Error?", "any Error?", "(any Error)?", "Swift.Error?", "NSError?"].contains(written) { return true }
        let bare = String(written.prefix { $0 != "<" })
        guard let found = enums[bare] ?? enums[type + "." + bare] else { return false }
        return found.declaration.dropFirst().dropLast().allSatisfy { !$0.contains("(") || $0.contains("Error") }
    }
}

extension StarterBlock {
    /// What the callback is handed, said where the value keeps or leaves something out: an
    /// associated type after the caller's object, the object itself, and a streaming call's
    /// messages (grpc's `makeServerStreamingCall(…, handler:)`), whose end only the returned call
    /// knows.
    func handedValueNotes(of function: FunctionDecl, callbacks: [Parameter], into annotations: inout [(annotation: String, why: String)]) {
        // `(O, S, Change)` after `_ observer: O` in a protocol with `associatedtype S`
        // (hyperoslo/Cache's observation registries): the observed object, which a conformer
        // may set to itself; nothing in the protocol says so, so it stays in the value.
        for callback in callbacks {
            guard let closure = closureType(of: callback), closure.parameters.count > 2,
                Analyzer.handsBackArgument(closure.parameters, of: function),
                case .named(let components) = closure.parameters[1].type.strippingAttributes.kind, components.count == 1,
                associatedTypes.contains(components[0].name.name)
            else { continue }
            let name = components[0].name.name
            annotations.append(
                ("", "'\(callback.label?.name ?? callback.name.name)' gets '\(name)', an associated type of \(type), after your object: "
                    + "it is kept in the value; if a conforming type sets '\(name)' to itself, bridge that type's own method, which drops it"))
        }
        // The object itself handed back (CoreStore's `ListPublisher.addObserver(_:notifyInitial:_:)`
        // calls back with the publisher on each change): the event says only that it changed.
        // Not a static method's (websocket-kit's `WebSocket.connect(to:…, onUpgrade:)` hands over
        // the new connection); beside values, the adapter leaves it out (decision 28).
        if callbacks.count == 1, !function.modifiers.contains(where: { $0.name == "static" || $0.name == "class" }),
            let closure = closureType(of: callbacks[0]), closure.parameters.count == 1, Analyzer.isReceiver(closure.parameters[0], scope: type)
        {
            let name = callbacks[0].label?.name ?? callbacks[0].name.name
            annotations.append(
                ("", "'\(name)' gets the \(Self.bareTypeName(type)) itself, which you already hold: as written, each value is that object; read the state you want from it"))
        }
        // Handed back first beside values (InputBarAccessoryView's `onKeyboardSwipeGesture(_ action:
        // (InputBarButtonItem, UISwipeGestureRecognizer) -> Void) -> Self`): the adapter leaves
        // the object out of each event (decision 28), which is said, with the other reading.
        if callbacks.count == 1, !function.modifiers.contains(where: { $0.name == "static" || $0.name == "class" }),
            let closure = closureType(of: callbacks[0]), Analyzer.handsBackReceiver(closure.parameters, scope: type)
        {
            let name = callbacks[0].label?.name ?? callbacks[0].name.name
            annotations.append(
                ("", "'\(name)' gets the \(Self.bareTypeName(type)) itself before its values: each value leaves it out, as you hold it; "
                    + "if you need it in each (one loop over several objects' events), bridge a method of yours that hands it on"))
        }
        if callbacks.count == 1, function.name.name.contains("Streaming"), function.returnType.map({ !$0.isVoid }) == true {
            let name = callbacks[0].label?.name ?? callbacks[0].name.name
            let returned = function.returnType?.description ?? ""
            if annotations.contains(where: { $0.annotation == "@stream" }) {
                annotations.append(
                    ("", "'\(name)' is called for each message of a streaming call, whose end only the returned \(returned) reports: "
                        + "as written, the stream does not end when the call does; if that matters, bridge a method of yours that ends it"))
            } else {
                annotations.append(
                    ("", "'\(name)' may be called for each message of a streaming call, whose end the returned \(returned) reports: as written, a one-shot of the first"))
            }
        }
    }

    /// `URLRequest` of `Result<URLRequest, Error>`, `URLRequest?` unwrapped, or the type as
    /// written.
    static func successType(of type: String) -> String {
        var text = type.hasSuffix("?") ? String(type.dropLast()) : type
        for prefix in ["Result<", "Swift.Result<"] where text.hasPrefix(prefix) && text.hasSuffix(">") {
            let inner = text.dropFirst(prefix.count).dropLast()
            var depth = 0
            for (offset, character) in inner.enumerated() {
                if "<([".contains(character) { depth += 1 } else if ">)]".contains(character) { depth -= 1 }
                if character == ",", depth == 0 { return String(inner.prefix(offset)).trimmingCharacters(in: .whitespaces) }
            }
        }
        text = text.trimmingCharacters(in: .whitespaces)
        return text
    }
}
