import DeclParser
import Generator

extension StarterBlock {
    /// A method: context with the reason it is not bridged (what serves it, or why nothing can
    /// await it), or a callback with the annotations its evidence gives.
    mutating func addFunction(_ member: SourceMember, tokens: TokenMethods) {
        guard case .function(let function)? = member.declaration else {
            // Not Swift the .bridge language can hold (an operator, say): a callback only if
            // its text shows one.
            if member.text.contains("->") && member.text.contains("(") && Self.mentionsCallback(member.text) {
                var entry = Entry(member: member, role: .callback)
                entry.refusal = member.parseError ?? "not a declaration bridgegen reads"
                entries.append(entry)
            }
            return
        }
        // `@available(*, noasync)`: it cannot be called from async code, so an async adapter
        // of it means nothing (NIO's event-loop-isolated views).
        // `@available(*, unavailable)`: it cannot be called at all.
        if let reason = function.attributes.lazy.compactMap({ attribute -> String? in
            guard attribute.name.name == "available" else { return nil }
            if attribute.text.contains("noasync") { return "noasync: not callable from async code" }
            return Self.isUnavailable(attribute) ? "unavailable: not callable" : nil
        }).first ?? (Self.isUnavailable(function.attributes) ? "unavailable on iOS and macOS: not callable" : nil) {
            return addContext(member, function, reason: reason, marked: takesCallback(function))
        }
        // A method of an object the library only lends to synchronous closures (GRDB's
        // `Database.afterNextTransaction`) is called inside them, where nothing can await.
        if takesCallback(function), let lender = lentTypes?.lender(of: type) {
            return addContext(
                member, function, reason: "'\(LentTypes.bare(type))' is only lent to closures that do not escape ('\(lender)'), where nothing can be awaited")
        }
        // An override is the superclass's method: the superclass's adapter calls it through
        // dynamic dispatch, and a second adapter of the same name in the subclass's extension
        // does not compile (ReactiveKit's `ReplaySubject.observe(with:)` under `Subject`'s).
        // Not one of URLSession's (DVR's `Session.dataTask(with:completionHandler:)`):
        // Foundation's async forms (`data(for:)`) are methods of their own, which never call
        // a subclass's override.
        if takesCallback(function), function.modifiers.contains(where: { $0.name == "override" }), !subclassesURLSession {
            let base = superclass.map { "\($0)'s" } ?? "its superclass's"
            return addContext(member, function, reason: "overrides \(base): the superclass's adapter calls it", servedBy: superclass)
        }
        // So is the implementation of a requirement of the module's protocol (Starscream's
        // `WebSocket.write(string:completion:)` of `WebSocketClient`): the protocol's adapter
        // calls it.
        // A system delegate call the SDK wants forwarded (Iterable's
        // `userNotificationCenter(_ center: UNUserNotificationCenter?, didReceive:
        // withCompletionHandler:)`): the app passes on the handler the system gave it.
        // Handed first under its own name, as a delegate method is (`application(_
        // application:`, Split's `authenticate(session:challenge:completionHandler:)`): not a
        // method of the SDK's own that takes one (BulletinBoard's `showBulletin(in application:
        // UIApplication, …, completion:)`).
        // Nor one whose closure gets a type of the module (Gigya's `attachTo(webView: WKWebView,
        // viewController:, pluginEvent: (GigyaPluginEvent<T>) -> Void)`): the system hands its
        // own types only. Nor one whose closure gets an error (BlueTriangle's
        // `verifySessionStitchingOnWebView(_ webView: WKWebView, completion: (String?, Error?))`):
        // a delegate's handler takes the app's decision back, it reports no failure.
        if takesCallback(function), let first = function.parameters.first, first.label == nil || first.label == first.name,
            case let system = first.type.strippingAttributes.unwrappingOptional.description, Self.systemDelegators.contains(system),
            !function.parameters.compactMap(closureType(of:)).contains(where: { closure in
                closure.parameters.contains { parameter in
                    let named = Self.identifiers(in: parameter.type.description)
                    return named.contains(where: declaredTypes.contains) || named.contains("Error") || named.contains("NSError")
                }
            })
        {
            return addContext(member, function, reason: "forwards the \(system)'s delegate call: pass on the completion handler the system gave you")
        }
        // A delegate protocol's method, implemented: the library calls it, the app does not.
        if takesCallback(function), let proto = requirementsServed["delegate " + function.fullName] {
            return addContext(member, function, reason: "implements \(proto)'s requirement: the library calls it, as the \(proto)")
        }
        // Also a requirement implemented with a closure that does not escape (Kingfisher's
        // `Base64ImageDataProvider.data(handler:)`, which calls it at once).
        if takesCallback(function) || function.parameters.contains(where: Self.isSynchronousCompletion),
            let proto = requirementsServed[Scan.signature(of: function)]
        {
            return addContext(member, function, reason: "implements \(proto)'s requirement: \(proto)'s adapter calls it", servedBy: proto)
        }
        // Deprecated for what is bridged already, or for the SDK's async form: left for that
        // (decision 110). Else bridged: apps still call it, and its adapter is deprecated too.
        if takesCallback(function), let reason = replacement(of: function, documentation: member.documentation) {
            return addContext(member, function, reason: reason)
        }
        // A method that blocks its caller while the closure runs (NIOPosix's
        // `withCurrentThreadAsEventLoop(_:)`: "This function will not return until the
        // `EventLoop` has stopped"): the closure is work done meanwhile, and an async adapter
        // would hold a thread of the cooperative pool for as long.
        if takesCallback(function), let said = DocumentedFrequency.saysItBlocks(member.documentation) {
            return addContext(member, function, reason: "its documentation says '\(said)': it blocks its caller, and its closure is work run meanwhile")
        }
        // So is one of a deprecated type or extension (CoreStore's legacy containers).
        if takesCallback(function), member.isInDeprecatedScope {
            return addContext(member, function, reason: "deprecated with its type: bridge what replaces it")
        }
        // An async method that calls a closure per item and returns when they are over
        // (SQLiteNIO's `query(_:_:_ onRow:) async throws`): a stream its return ends.
        // A method of an `AsyncSequence` that calls a closure per element (LiveKit's
        // `DataTrackStream.read(onFrame:) async`, "Objective-C entry point"): the type is the
        // stream, iterated with `for await`.
        if isAsyncSequence, asyncPerItemCallback(function) != nil {
            return addContext(member, function, reason: "'\(Self.bareTypeName(type))' is an AsyncSequence itself: iterate it with 'for await'")
        }
        if let callback = asyncPerItemCallback(function) {
            var entry = Entry(member: member, role: .callback)
            let name = callback.label?.name ?? callback.name.name
            entry.annotations = [
                ("@stream", "'\(name)' is called for each item"),
                ("@finish(returned)", "'\(function.name.name)' is async and returns when they are over, or throws"),
            ]
            entries.append(entry)
            return
        }
        // An async method that registers an observer and returns the token that stops it
        // (SQLiteNIO's `addUpdateObserver(lifetime:_:) async throws -> SQLiteHookToken`).
        if let entry = asyncRegistrationEntry(member, function, tokens: tokens) {
            entries.append(entry)
            return
        }
        // A synchronous call that reports progress through a closure that does not escape:
        // a `@blocking` adapter could not take it along to the object's queue.
        if let progress = progressOfBlockingCall(function), !isClosureEscaping(progress) {
            return addContext(
                member, function,
                reason: "synchronous, with progress through '\(progress.name.name)', which does not escape: call it from a task of yours off the main actor")
        }
        // A struct's that the app cannot get hold of (PubNub's `InstanceIdOperator`), or a
        // protocol's only internal types adopt (PlayKit's `TimeMonitor`).
        if takesCallback(function), let reason = unreachableReason, !isView {
            return addContext(member, function, reason: reason)
        }
        // A coder's (Contentful's `KeyedDecodingContainer.resolveLink(forKey:decoder:callback:)`):
        // called inside `init(from:)` or `encode(to:)`, which cannot await.
        if takesCallback(function), Self.codingTypes.contains(Self.bareTypeName(type)) {
            return addContext(
                member, function, reason: "a \(type)'s: called while decoding or encoding (init(from:), encode(to:)), which cannot await")
        }
        // The system's completion handed over for the library to call (Cloudinary's
        // `setBackgroundCompletionHandler(_:)`, given the handler of the app delegate's
        // `application(_:handleEventsForBackgroundURLSession:completionHandler:)`): nothing to await.
        // Or handed to a method named for the app delegate's call, as its one closure
        // (VimeoUpload's `handleEventsForBackgroundURLSession(completionHandler:)`); not beside
        // another closure the library calls with what it reconnected (SwiftyDropbox's).
        if takesCallback(function), Self.handsOverBackgroundCompletion(function.name.name),
            function.name.name.hasPrefix("set") || (function.name.name.hasPrefix("handle") && function.parameters.filter(isClosure).count == 1)
        {
            return addContext(
                member, function,
                reason: "hands over the system's background-session completion handler, which the library calls when the session's events are handled: nothing to await")
        }
        // The synchronous twin of an asynchronous method (JSQCoreDataKit's `saveSync(completion:)`
        // beside `saveAsync(completion:)`): it calls back before it returns; the twin is the one
        // to await.
        if takesCallback(function), function.name.name.hasSuffix("Sync"), case let twin = function.name.name.dropLast(4) + "Async",
            synchronousMethods.contains(where: { $0.hasPrefix(twin + "(") })
        {
            return addContext(member, function, reason: "named synchronous beside '\(twin)': it calls back before it returns; bridge '\(twin)'")
        }
        if takesCallback(function), function.parameters.contains(where: { parameter in
            parameter.type.description.filter { !$0.isWhitespace }.contains("@convention(c)")
                || cFunctionAliases.contains(TokenMethods.bareName(parameter.type.strippingAttributes.unwrappingOptional.description))
        }) {
            return addContext(
                member, function, reason: "takes a C function pointer ('@convention(c)'), which captures nothing: no adapter can hand it the call")
        }
        // A closure its body never uses (ScrollStackController's `setRowHidden(…, completion:)`):
        // nothing calls it, and an adapter would wait for ever.
        let signature = function.name.name + "(" + function.parameters.map { ($0.label?.name ?? "_") + ":" }.joined() + ")"
        // The one awaited: the last closure, or every one (WordPressAuthenticator's
        // `showLogin(…, onLoginButtonTapped:, onCompletion:)` drops the first and presents with
        // the last: a context closure never called says nothing of the outcome).
        let closureParameters = function.parameters.filter(isClosure)
        if takesCallback(function), let unused = closureParameters.last(where: { closuresBodiesNeverUse[signature + "|" + $0.name.name] != nil }),
            unused == closureParameters.last || closureParameters.allSatisfy({ closuresBodiesNeverUse[signature + "|" + $0.name.name] != nil }),
            let via = closuresBodiesNeverUse[signature + "|" + unused.name.name]
        {
            let says = via.isEmpty ? "its body never uses '\(unused.name.name)'" : "it hands '\(unused.name.name)' to \(via), which never calls it"
            return addContext(member, function, reason: says + ": nothing calls it, so an adapter would wait for ever")
        }
        if takesCallback(function), CallbackShape.namesButtonHandler(method: function.name.name, owner: type) {
            return addContext(
                member, function, reason: "a button's handler: called only if that button is picked, so awaiting it could wait for ever")
        }
        if takesCallback(function), Self.namesHook(function.name.name), chainedEventHandler(function) == nil {
            return addContext(
                member, function, reason: "named for what is about to happen: a hook the library runs before it goes on, not an event to listen to")
        }
        // A closure run for each element of a collection the caller passes (Swifter's
        // `ul<T: Sequence>(_ collection: T, _ closure: (T.Iterator.Element) -> Void)`, which
        // writes one `<li>` per item): work, as `forEach`'s body is.
        if takesCallback(function), let collection = Self.iteratedCollection(function) {
            return addContext(member, function, reason: "runs the closure for each element of '\(collection)', the collection it is given: work")
        }
        // A block of nothing it runs, returning what came of it (Nimble's
        // `catchBadInstruction(block: () -> Void) -> BadInstructionException?`): work.
        if takesCallback(function), let reason = runsBlockAndReturns(function, tokens: tokens) {
            return addContext(member, function, reason: reason)
        }
        // Keeps the work it is given (an `animations` block) and its completion, and does
        // nothing else: a later call of the library runs them (Instructions'
        // `CoachMarkTransitionManager.animate(_:animations:completion:)`, set inside a delegate call).
        if takesCallback(function), onlyKeeping.contains(function.name.name), function.returnType?.isVoid ?? true,
            function.parameters.contains(where: { parameter in
                isClosure(parameter) && [parameter.name.name, parameter.label?.name ?? ""].contains { ["animations", "work", "operation"].contains($0.lowercased()) }
            })
        {
            return addContext(
                member, function, reason: "only keeps the work it is given and its completion, for a later call of the library to run: nothing this call starts calls them")
        }
        // What it returns keeps the closures, and nothing this call starts calls them.
        if takesCallback(function), let reason = returnedValueKeepsClosures(function) {
            return addContext(member, function, reason: reason)
        }
        // A handle that takes back what the call starts when it is released (GetStream's
        // `Feed.subscribe(…) -> SubscribedChannel`, whose `deinit` unsubscribes), with no stop of
        // its own: an adapter drops what the call returns at once, and nothing would come.
        if takesCallback(function), let returned = function.returnType?.strippingAttributes.unwrappingOptional.description,
            case let bare = TokenMethods.bareName(returned), let verb = stoppingOnRelease[bare], tokens.stopMethod(of: returned) == nil
        {
            return addContext(
                member, function,
                reason: "returns a \(bare), which takes back what this call starts when it is released (its deinit calls '\(verb)'): an adapter would drop it at once and wait for nothing; bridge a method of yours that keeps it while you listen")
        }
        // Several handles at once (CwlSignal's `SignalChannel.subscribe(context:_:) -> (input:,
        // output:)`, whose input cancels the signal when released): an adapter returns only what
        // the callback gets, so it would drop them the moment the call returns.
        if takesCallback(function), case .tuple(let parts)? = function.returnType?.strippingAttributes.kind, parts.count > 1 {
            let names = parts.map { $0.label.map { "'\($0)'" } ?? $0.type.description }.joined(separator: ", ")
            return addContext(
                member, function,
                reason: "returns a tuple (\(names)) beside its callback: an adapter would drop it as the call returns, and the caller needs its parts (to send, to stop); bridge a method of yours that keeps them while you listen")
        }
        // An operator of a chain (CwlSignal's `SignalInterface.onValue(context:_:) ->
        // Signal<OutputValue>`, beside dozens more that return a `Signal`): the value it returns
        // runs the closure as it is used, a "do" operator. Not the receiver's own type, returned
        // for chaining (a request's `response(_:) -> Self`), nor a token with a stop.
        if takesCallback(function), let returned = function.returnType?.description,
            case let bare = TokenMethods.bareName(returned), chainedTypes.contains(bare), bare != TokenMethods.bareName(type),
            tokens.stopMethod(of: returned) == nil
        {
            return addContext(
                member, function, reason: "an operator: the \(bare) it returns, as other operators of \(Self.bareTypeName(type)) do, runs the closure as it is used; nothing this call starts calls it")
        }
        // A builder's setter (Kingfisher's `onSuccess(_ block: ((RetrieveImageResult) -> Void)?)
        // -> Self`): it keeps the handler, optional so that nil clears it, for a later call
        // that does the work; nothing it starts calls back.
        // Or one whose documentation says it sets one (Kingfisher's `redirectHandler(_ block:)
        // -> Self`, "Sets a block to modify the image download request during redirection").
        // Or the next builder of a chain (SwiftyVK's `onError(_:) -> SuccessableProgressableConfigurable`,
        // "Set onError callback", then `send()`): the module's own type, no token to stop.
        let returnsBuilder = function.returnType.map { returned in
            returned.description == "Self"
                || (DocumentedFrequency.saysSetter(member.documentation) && tokens.declares(returned.description)
                    && tokens.stopMethod(of: returned.description) == nil
                    // Not the same object, returned for chaining (Cloudinary's in-flight
                    // `CLDFetchImageRequest.responseImage(_:) -> CLDFetchImageRequest`).
                    && TokenMethods.bareName(returned.description) != TokenMethods.bareName(type))
        } ?? false
        // Or a step of a type named for building a chain (Stellar's `BasicChainable.completion(_:)
        // -> Self`, run when the chain is animated).
        if takesCallback(function), returnsBuilder, function.parameters.count == 1,
            function.parameters[0].type.strippingAttributes.unwrappingOptional != function.parameters[0].type.strippingAttributes
                || DocumentedFrequency.saysSetter(member.documentation)
                || ["Chainable", "Builder"].contains(where: Self.bareTypeName(type).hasSuffix)
        {
            return addContext(member, function, reason: "sets a handler of the builder, which a later call uses: nothing this call starts calls it")
        }
        guard takesCallback(function) && !isOperatorWithHooks(function, tokens: tokens) && !isFactory(function) else {
            var entry = Entry(member: member, role: .context)
            entry.swiftName = function.fullName
            // Said where the closure is where the SDK writes its log (the outside try found the
            // bare name under a heading that lists no log sinks).
            if CallbackShape.namesLogSink(method: function.name.name) {
                entry.contextReason = "a log sink: where the SDK writes its log, not an outcome to await"
            } else if function.name.name.hasPrefix("_") {
                entry.contextReason = "its underscore says it is not meant for apps: bridge the method it serves"
            } else if function.isAsync, Self.registersInCallersIsolation(function), function.parameters.contains(where: {
                Self.isCallback($0, aliases: closureAliases, method: function.name.name, returns: function.returnType?.description, owner: type, declared: declaredTypes, documentation: function.documentation)
            }) {
                entry.contextReason = "an async method that takes its caller's isolation: call it where the app is; a stream adapter would make the call from a task of its own"
            } else if function.isAsync, let callback = function.parameters.first(where: {
                Self.isCallback($0, aliases: closureAliases, method: function.name.name, returns: function.returnType?.description, owner: type, declared: declaredTypes, documentation: function.documentation)
            }) {
                // An async registration whose token scan cannot stop (its type is not declared
                // here): said, where the generic reason was a riddle. Not an async method's body
                // or transform (`transaction(_ body:) async`): work. A scoped form (SQLiteNIO's
                // `withUpdateObserver(_:body:) async throws -> T`) keeps the callback only while
                // its body runs.
                let name = callback.label?.name ?? callback.name.name
                if let body = function.parameters.first(where: { $0 != callback && $0.type.description.contains("async") && $0.type.description.contains("->") }) {
                    let bodyName = body.label?.name ?? body.name.name
                    entry.contextReason = "an async method that calls '\(name)' while '\(bodyName)' runs: call it as it is, and listen in '\(bodyName)'"
                } else {
                    entry.contextReason = "an async method: call it as it is; a closure it keeps and calls after it returns (an observer's handler) is yours to turn into a stream by hand"
                }
            }
            let aliases = closureAliases
            entry.marksContext = function.parameters.contains {
                if case .function = $0.type.strippingAttributes.kind { return true }
                if case .named(let components) = $0.type.strippingAttributes.unwrappingOptional.kind,
                    let last = components.last, aliases[last.name.name] != nil
                {
                    return true
                }
                // Or behind another type's alias (`TextField.Config?`), which generate reads too.
                return $0.type.description.contains("->") || Self.endsLikeCallback($0.name.name) || closureType(of: $0) != nil
            }
            // A completion that does not escape (Kitura-redis's `get(_:callback:)`): called
            // before the method returns, a synchronous SDK, bridged off the cooperative pool.
            if entry.marksContext, let reason = delegateMethodCalledByHolder(function) {
                entry.contextReason = reason
            } else if entry.marksContext, !function.isAsync, !function.name.name.hasPrefix("_"),
                let callback = function.parameters.first(where: Self.isSynchronousCompletion)
            {
                var entry = Entry(member: member, role: .callback)
                entry.annotations = blockingAnnotations(of: function, callback: callback)
                if let held = heldNote(function) { entry.annotations.append(held) }
                return entries.append(entry)
            }
            entries.append(entry)
            return
        }
        // A future's half of its outcome, or a step of its chain: not awaited on its own.
        if let reason = futureContextReason(of: function) {
            return addContext(member, function, reason: reason)
        }
        // Half of a request's outcome: a callback, but no adapter of it alone can be right.
        switch chainedHalfPair(of: function, tokens: tokens) {
        case .failure(let success)?:
            let successName = success.prefix { $0 != "(" }
            return addContext(member, function, reason: "the failure half of the adapter of '\(successName)', which sets both halves")
        case .success(let annotations)?:
            var entry = Entry(member: member, role: .callback)
            entry.annotations = annotations
            return entries.append(entry)
        case nil: break
        }
        if let reason = chainedHalfReason(of: function) {
            return addContext(member, function, reason: reason, refused: true)
        }
        if let reason = contextOverloadReason(of: function) {
            return addContext(member, function, reason: reason)
        }
        var entry = Entry(member: member, role: .callback)
        var documented = function
        documented.documentation = member.documentation
        entry.annotations = inferredAnnotations(of: documented, tokens: tokens)
        entry.annotations = withModuleReadings(entry.annotations, of: function, tokens: tokens)
        // A stream of nothing but errors (LiveKit's `PreConnectAudioBuffer.setErrorHandler(_:)`,
        // for a background send's failures): each is an element, which may be only for a log.
        let closures = function.parameters.compactMap { closureType(of: $0) }
        if entry.annotations.contains(where: { $0.annotation.hasPrefix("@stream") }), closures.count == 1, closures[0].parameters.count == 1,
            case let error = TokenMethods.bareName(closures[0].parameters[0].type.strippingAttributes.unwrappingOptional.description
                .replacingOccurrences(of: "any ", with: "")),
            error.hasSuffix("Error") || errorTypes.contains(error)
        {
            entry.annotations.append(
                ("", "a stream of errors: each failure is an element, not thrown, and none ends it; if the SDK only reports them for you to log, mark it '@context'"))
        }
        // A stream's value closure, named before the evidence made it one, gets its events.
        if entry.annotations.contains(where: { $0.annotation.hasPrefix("@stream") }) {
            entry.annotations = entry.annotations.map { item in
                item.annotation.hasPrefix("@success(") ? ("@event(" + item.annotation.dropFirst("@success(".count), item.why) : item
            }
        }
        if !entry.annotations.contains(where: { $0.annotation.hasPrefix("@stream") }) { entry.annotations += successFlagNotes(of: function) }
        if let note = statusEnumNote(of: function) { entry.annotations.append(note) }
        if !entry.annotations.contains(where: { ["@asyncError", "@stream", "@success(", "@failure(", "@completion("].contains(where: $0.annotation.hasPrefix) }),
            let (position, error) = errorNamedOtherwise(in: function)
        {
            entry.annotations.append(
                ("@asyncError(thrown: \(position))", "'\(error)' is the SDK's error (it conforms to 'Error'), which generate cannot tell by its name"))
        }
        if let notAnError = errorNamedNonError(in: function, tokens: tokens), !entry.annotations.contains(where: { $0.annotation == "@stream(results)" }),
            !entry.annotations.contains(where: { $0.annotation.hasPrefix("@asyncError(message:") && $0.why.contains("'\(notAnError)?'") })
        {
            entry.refusal =
                "'\(notAnError)' is named like an error but is not an 'Error' in these sources: generate would throw it; bridge a method of yours that hands it over as part of the value, or, if it is safe to share between threads, declare 'extension \(notAnError): @retroactive @unchecked Sendable, @retroactive Error {}' in your code and bridge this as written"
        }
        if let (returned, executor) = executorOfReturned(function, tokens: tokens), let reach = executorReaches[executor] {
            bridge(&entry, through: reach, returned: returned, executor: executor)
        } else if let (returned, executor) = executorOfReturned(function, tokens: tokens) {
            entry.refusal =
                "returns a '\(returned)' that runs only once handed to '\(executor)': an adapter would drop it unstarted and wait until it is cancelled; write this one by hand where both are in reach (hand the value over, and stop it the same way when the task is cancelled)"
        }
        if let failure = failureOnlyCallback(of: function, annotations: entry.annotations) {
            return addContext(
                member, function,
                reason: "'\(failure)' is called only when '\(function.name.name)' fails: after a success a one-shot would wait until it is cancelled")
        }
        // A requirement the library calls on the app's object (Pusher's
        // `Authorizer.fetchAuthValue(socketID:channelName:completionHandler:)`): the app
        // implements it, and calls it only sometimes (composing Alamofire's interceptors).
        if let proto = requirementsServed["associated " + Scan.signature(of: function)] {
            entry.annotations.append(
                ("", "implements \(proto)'s requirement with its own types for \(proto)'s associated ones: \(proto)'s adapter returns the same; if one adapter is enough, mark this '@context'"))
        }
        // Escaping in its type, yet called only before it returns (PlayKit's `handleTracks(item:
        // cea608CaptionsEnabled:block:)`): maybe no callback to await. Said, not decided: a
        // protocol's default or one conformer may answer at once where the API may not
        // (Swift-Kuery's `fetchTitles(callback:)`, which a driver answers from memory).
        if let last = closureParameters.last, last.type.description.contains("@escaping") || last.type.description != last.type.unwrappingOptional.description,
            closureParameters.allSatisfy({ calledOnlyInline.contains(signature + "|" + $0.name.name) })
        {
            entry.annotations.append(
                ("", "as written, an async adapter; '\(function.name.name)' calls '\(last.name.name)' only in its own body, before it returns: if it never waits, call it directly and delete this declaration"))
        }
        if let note = unadoptedNote { entry.annotations.append(("", note)) }
        // An overload of a requirement it implements, with other types (SwiftLSPClient's
        // `JSONRPCLanguageServer.didCloseTextDocument(params: DidOpenTextDocumentParams, block:)`
        // beside the `DidCloseTextDocumentParams` one `LanguageServer` requires): its own API, or
        // a slip of the library's.
        if requirementsServed["associated " + Scan.signature(of: function)] == nil,
            let proto = requirementsServed.filter({ $0.key.hasPrefix(function.fullName + " ") }).map(\.value).sorted().first
        {
            entry.annotations.append(
                ("", "an overload of \(proto)'s requirement '\(function.fullName)' with other types: if it is no API of its own, mark it '@context'"))
        }
        if let reason = delegateMethodCalledByHolder(function) {
            return addContext(member, function, reason: reason)
        }
        if let held = heldNote(function) {
            entry.annotations.append(held)
        } else if isProtocol, let said = Self.saysTheLibraryCallsIt(member.documentation.joined(separator: "\n")) {
            // Or whose documentation says so (TangemSdk's `CardSessionRunnable.prepare(_:completion:)`,
            // "This method will be called before nfc session starts").
            entry.annotations.append(("", "its documentation says '\(said)': if your code only implements it, mark it '@context'"))
        }
        // The SDK's own async form (Kingfisher's `retrieveImage(with:options:progressBlock:)
        // async throws` beside the same call with `completionHandler:`): an adapter would only
        // duplicate it, and make calls to it ambiguous. Not of a stream: an async method that
        // returns all rows at once (FluentKit's `all() async`) is no form of one per row.
        if !function.isAsync, !entry.annotations.contains(where: { $0.annotation.hasPrefix("@stream") }),
            let twin = asyncTwin(of: function)
        {
            return addContext(member, function, reason: "the SDK's own async form '\(twin)' is the one to call")
        }
        // An async method of the module that wraps it in a continuation (ConfigCat's
        // `waitForReady() async`, around `hooks.addOnReady`): its async form, by another name.
        if !function.isAsync, !entry.annotations.contains(where: { $0.annotation.hasPrefix("@stream") }),
            let twin = continuationWrapper(of: function)
        {
            return addContext(member, function, reason: "the SDK's own async form '\(twin.member)' wraps it: that is the one to call")
        }
        // A wrapper of another method of the type, whose own async form does what it does
        // (RouteComposer's `commitNavigation(to:with:animated:completion:)`, which calls
        // `navigate(to:with:animated:completion:)` and reports its throw to the completion,
        // beside the SDK's `navigate(to:with:animated:) async throws`).
        if !function.isAsync, !entry.annotations.contains(where: { $0.annotation.hasPrefix("@stream") }),
            let twin = forwardedAsyncTwin(of: function)
        {
            switch twin {
            case .ownAsyncForm(let callee, let twin):
                return addContext(
                    member, function, reason: "it hands its closure to '\(callee)', whose own async form '\(twin)' does the same: that is the one to call")
            case .adapter(let callee, let adapter):
                entry.annotations.append(
                    ("", "it hands its closure to '\(callee)', whose adapter, '\(adapter)' may do the same: if one adapter is enough, mark '\(function.name.name)' '@context'"))
            }
        }
        if !function.isAsync, let callee = forwardedToOtherModule(function) {
            return addContext(
                member, function,
                reason: "it hands its closure to '\(callee)' of \(Self.bareTypeName(type)), which another module declares: call that module's method, or its async form (Objective-C's are imported as async)")
        }
        if entry.annotations.contains(where: { $0.annotation.hasPrefix("@stream") }), isAsyncSequence {
            return addContext(member, function, reason: "'\(Self.bareTypeName(type))' is an AsyncSequence itself: iterate it with 'for await'")
        }
        if !function.isAsync, entry.annotations.contains(where: { $0.annotation.hasPrefix("@stream") }), let twin = streamTwin(of: function) {
            return addContext(member, function, reason: "the SDK's own stream '\(twin)' is the one to iterate")
        }
        if !function.isAsync, let twin = renamedAsyncTwin(of: function) {
            entry.annotations.append(
                ("", "the SDK has '\(twin)' async: if that is this call's async form, mark '\(function.name.name)' '@context'"))
        } else if !function.isAsync, let note = subclassTwinNote(of: function) {
            entry.annotations.append(note)
        }
        entries.append(entry)
    }
}
