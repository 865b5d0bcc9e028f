import DeclParser
import Generator

/// What a callback method's starter entry says about it: the annotations scan infers, each with
/// why, and the notes where the evidence is weak or the adapter cannot be what an expert would
/// write. In order: what the closures' names say; a returned token or handle, a start/stop pair
/// or an undoing call; progress and observer names; a returned future; a suspended task; then
/// what the callback's arguments are (lent objects, the next item, a `Result`, an enum).
extension StarterBlock {
    mutating func inferredAnnotations(of function: FunctionDecl, tokens: TokenMethods) -> [(annotation: String, why: String)] {
        var annotations: [(annotation: String, why: String)] = []
        // What the closures' names say (the rule `generate` gives them their roles by):
        // an event closure beside a failure or end closure is a stream; a success (or end)
        // closure beside a failure closure a one-shot, whatever the method is called.
        let aliases = closureAliases
        let callbacks = function.parameters.filter {
            Self.isCallback($0, aliases: aliases, method: function.name.name, returns: function.returnType?.description, owner: type, declared: declaredTypes, documentation: function.documentation)
        }
        // A synchronous call that reports progress and returns (or throws) its outcome (Zip's
        // `zipFiles(…, progress:) throws`): `@blocking`, its return the value.
        if let progress = progressOfBlockingCall(function), isClosureEscaping(progress) {
            var annotations = [
                ("@blocking", "'\(function.name.name)' is synchronous: it reports progress through '\(progress.label?.name ?? progress.name.name)' and returns its outcome, blocking until it is done")
            ]
            // Beside a hook the call runs (AudioKit's `renderToFile(…, prerender:, progress:)`): the
            // caller's code, which the adapter would run on the object's queue.
            for hook in function.parameters where hook.name.name != progress.name.name && isClosure(hook) {
                let name = hook.label?.name ?? hook.name.name
                annotations.append(
                    ("", "'\(function.name.name)' also runs '\(name)', your code, during the call: as written, on the object's serial queue; if it must run on your thread, call '\(function.name.name)' directly and delete this declaration"))
            }
            return annotations
        }
        // A slot for one handler that nil clears (SQLite.swift's `trace(_ callback: ((String) ->
        // Void)?)`, `updateHook(_:)`): called for each event until the same method is given nil.
        if let stop = handlerSlotClearing(function) {
            // A `Result` per call is one event's outcome: the slot keeps its handler after a failure.
            let results = callbacks.count == 1 && resultType(of: callbacks[0]) != nil
            return [
                (results ? "@stream(results)" : "@stream", "'\(function.name.name)' keeps one handler, which nil clears: called for each event until then"
                    + (results ? ", a Result each, which a failure does not end" : "")),
                ("@cancel(\(stop))", "'\(stop)' clears the handler"),
            ]
        }
        if var annotations = streamOfFuturesAnnotations(of: function, callbacks: callbacks) {
            enumRoles(of: function, callback: callbacks[0], into: &annotations)
            return annotations
        }
        // Or a closure named `on` and a thing beside one that ends (Postal's `fetchAttachments(…,
        // onAttachment:, onComplete:)`, LiveKit's `readChunks(onChunk:onCompletion:)`): called
        // for each such thing, then the end; named, since no word list holds every thing.
        var named = ClosureRoleNames.kind(of: callbacks.map { ($0.name.name, $0.label?.name) }, method: function.name.name)
        if named?.isStream == true, let (progress, end) = progressBesideOutcome(callbacks) {
            let why = "'\(progress)' may be nil: it reports each step on the way, and '\(end)' hands the whole outcome"
            named = (false, why)
            annotations += [("@completion(\(end))", why), ("@progress(\(progress))", "'\(progress)' is passed through as it is; if each step is what you want, write '@stream' instead of these two")]
        }
        let itemAndEnd = named == nil ? perItemClosureAndEnd(among: callbacks) : nil
        let byNames = named ?? itemAndEnd.map { (true, "'\($0.item)' is named for a thing, called for each, and '\($0.end)' ends them") }
        if let itemAndEnd {
            annotations += [
                ("@event(\(itemAndEnd.item))", "'\(itemAndEnd.item)' gets each \(itemAndEnd.thing)"),
                ("@finish(\(itemAndEnd.end))", "'\(itemAndEnd.end)' comes after the last"),
            ]
        }
        // A success and a failure closure whose error is not named like one (TRON's `failure:
        // ((ErrorModel) -> Void)?`, `ErrorModel: ErrorSerializable`, `ErrorSerializable: Error`):
        // named, so that generate takes the module's word that it is an error.
        if let roles = namedErrorPair(callbacks, tokens: tokens) { annotations += roles }
        if byNames == nil, let roles = doneAndCancelRoles(callbacks) { return annotations + roles }
        if let kept = keptRegistrationAnnotations(of: function, callbacks: callbacks, namedKind: byNames != nil) {
            return annotations + kept
        }
        // A name that says once (`observeCompleted`, `onClose`) is a one-shot; one that names
        // the end of each of many things (`clientConnectionFailed`) a stream, said below.
        let endOfEach = ClosureRoleNames.namesEndOfEach(function.name.name)
        // Or one that adds its closure to listeners called once (Noze.io's `onEnd(handler:)`,
        // into an `EventOnceListenerSet`), or the adding of such a set itself.
        let onceSet = callbacks.count == 1 ? onceListenerSets[function.name.name] : nil
        let addsToOnceSet = callbacks.count == 1 && (function.name.name == "add" || Self.namesAddition(function.name.name)) && Scan.namesOnceSet(type)
        let once = (ClosureRoleNames.namesOnce(function.name.name) && !endOfEach) || onceSet != nil || addsToOnceSet
        if let onceSet, !ClosureRoleNames.namesOnce(function.name.name) {
            annotations.append(("", "one-shot: '\(function.name.name)' adds its closure to '\(onceSet)', listeners that are called once"))
        } else if addsToOnceSet, !ClosureRoleNames.namesOnce(function.name.name) {
            annotations.append(("", "one-shot: a listener given to a \(TokenMethods.bareName(type)) is called once"))
        }
        // A connection's close, registered for (Appwrite's `Realtime.onClose(_:)`): once per
        // connection, and a client that reconnects by itself closes again.
        if once, callbacks.count == 1, ClosureRoleNames.eventName(function.name.name).hasPrefix("on"),
            ClosureRoleNames.camelWords(function.name.name).contains(where: { ["close", "closed", "disconnect", "disconnected"].contains($0) })
        {
            if let reconnect = reconnectMember {
                // SwiftPhoenixClient's `Socket.onClose(callback:)`, beside `reconnectAfter`.
                annotations.insert(("@stream", "'\(function.name.name)' comes once per connection, and \(Self.bareTypeName(type)) reconnects ('\(reconnect)'): called for each"), at: 0)
                annotations.insert(("", Self.onlyWhenGivingUp(function.name.name, owner: Self.bareTypeName(type))), at: 1)
            } else {
                annotations.append(
                    ("", "one-shot: '\(function.name.name)' is named for an end, which comes once; if the SDK reconnects and calls it for each connection, add '@stream'"))
            }
        }
        if let note = cancellationNote(of: function, callbacks: callbacks) { annotations.append(note) }
        // A builder-style method returns `Self`: the block's own type. An opaque or existential
        // token is its protocol, and a typealias of the block its target (Defaults' `observe(…) ->
        // some Observation`, `typealias Observation = _DefaultsObservation`).
        let returnedType = function.returnType.map { $0.description == "Self" ? type : resolvedAlias(Self.withoutSomeOrAny($0.description)) }
        // `@stream` only because an observer-like method returns a token, or only by the method's
        // name: weak evidence, which the documentation overrules.
        var streamFromToken = false
        var streamFromName = false
        // The object itself, returned for chaining by a registration for one of its own events
        // (Kitura-net's `Server.started(callback:) -> Self`): its stop would stop the object
        // (the server), not the listening.
        if function.returnType?.description == "Self", function.name.name.hasSuffix("ed"), let stop = tokens.stopMethod(of: type) {
            annotations.append(
                ("@cancel(none)", "'\(function.name.name)' returns the \(type) itself, for chaining: its \(stop)() would stop the \(type), not this listening"))
        } else if let returnedType, ["Progress", "Foundation.Progress"].contains(returnedType.hasSuffix("?") ? String(returnedType.dropLast()) : returnedType),
            progressesOnlyReport
        {
            // A `Progress` the library makes only to report (Frollo's `setup(configuration:
            // completion:) -> Progress?`, a `Progress(totalUnitCount: 1)` of its migration):
            // generate would take it for the cancel token, and the call would throw at a cancel
            // while the work went on unstopped.
            annotations.append(
                ("@cancel(none)", "the returned \(returnedType) only reports progress: nothing in the library reads its cancellation ('cancellationHandler', 'isCancelled'), so its cancel() would stop nothing"))
        } else if let returned = function.returnType, !returned.isVoid, let returnedType, let stop = tokens.stopMethod(of: returnedType) {
            let cancel = stop == "cancel" ? "@cancel(token)" : "@cancel(token: \(stop)())"
            let named = returned.description == returnedType ? returnedType : "\(returned.description) (\(returnedType))"
            annotations.append((cancel, "the returned \(named) has \(stop)()"))
            if byNames == nil, !once,
                let handed = callbacks.first(where: {
                    Self.isHanded(returned, by: $0) && !Analyzer.looksLikeCompletion($0.name.name)
                        && !Analyzer.looksLikeCompletion($0.label?.name)
                })
            {
                // The closure gets the handle the method returns (NIO's `RepeatedTask`, a
                // `Timer`): it is called until that handle is stopped. Not a completion
                // handed the result it also returns (Just's `HTTPResult`).
                annotations.insert(
                    ("@stream", "'\(handed.label?.name ?? handed.name.name)' is handed the returned \(returned) and called until it is stopped"),
                    at: 0)
                // What the stream leaves out of each event, said (Schedule's `Plan.do(queue:action:
                // (Task) -> Void) -> Task`, whose task has the run's count and next date).
                if let note = handleLeftOut(of: handed, returned: returned) { annotations.append(note) }
            } else if byNames == nil, !once,
                Self.namesObserver(function.name.name)
                    // Or what it returns says so (BTKit's `scan(_:options:closure:) ->
                    // ObservationToken`): an observation, a subscription, kept until stopped. Only
                    // for one closure named for no outcome: BTKit's `readRSSI(…, result:)` and
                    // `disconnect(…, result:)` return the same token and call back once.
                    || (Self.namesObservation(returnedType) && callbacks.count == 1 && Self.namesNoOutcome(callbacks[0], of: function.name.name))
                    // Not an addition of something with its completion (Cloudinary's
                    // `addTag(_:publicIds:params:completionHandler:) -> CLDTagRequest`): a request.
                    || (Self.namesAddition(function.name.name)
                        && !callbacks.contains { [$0.name.name, $0.label?.name ?? ""].contains { $0.lowercased().contains("completion") } }),
                // Not the object itself, returned for chaining (pCloud's `addProgressBlock(_:) -> CallTask`).
                returned.description != "Self", TokenMethods.bareName(returned.description) != Self.bareTypeName(type)
            {
                // An `add…` that returns what removes it (SwiftState's `addHandler(event:order:handler:)
                // -> Disposable`, `addRoute(_:handler:)`) registers too.
                annotations.insert(
                    ("@stream", "'\(function.name.name)' returns a token and calls back until it is stopped"), at: 0)
                streamFromToken = true
                // Handed the token it returns under a name for an outcome (FileKit's `Path.watch(…,
                // callback: ((DispatchFileSystemWatcher) -> Void)?) -> DispatchFileSystemWatcher`,
                // whose event is read from the watcher): what each event leaves out, said.
                if let handed = callbacks.first(where: { Self.isHanded(returned, by: $0) }), let note = handleLeftOut(of: handed, returned: returned) {
                    annotations.append(note)
                }
            }
        } else if let returned = function.returnType, !returned.isVoid, let returnedType, byNames == nil, !once,
            Self.namesObserver(function.name.name), !tokens.declares(returnedType), Self.namesToken(returnedType)
        {
            // A token of another module (Realm's `observe(_:) -> NotificationToken`, an alias of
            // Objective-C's `RLMNotificationToken`): a stream still, whose stop the sources do not show.
            annotations.insert(("@stream", "'\(function.name.name)' returns a token and calls back until it is stopped"), at: 0)
            // Its stop, where the documentation or the module's own calls show it, replaces the
            // note (withModuleReadings).
            annotations.append(("", "the \(returned) it returns is not declared in these sources: write '@cancel(token: method())' with the method that stops it"))
            streamFromToken = true
        }
        // An id the receiver's inverse takes back (socket.io's `on(_:callback:) -> UUID` and
        // `off(id:)`): the stop, for a stream or a one-shot (`once`) alike.
        if !annotations.contains(where: { $0.annotation.hasPrefix("@cancel") }), let inverse = tokens.idTakingInverse(of: function, in: type) {
            let returned = function.returnType?.description ?? ""
            annotations.append(("@cancel(\(inverse))", "'\(inverse.replacingOccurrences(of: "using: ", with: ""))' takes the \(returned) '\(function.name.name)' returns"))
            // A registration whose key its inverse takes back (SwiftyDropbox's
            // `registerGlobalErrorHandler(_:queue:) -> String` and `deregisterGlobalErrorHandler(key:)`):
            // called until then.
            // Not a listener for one result (Amplify's `Hub.listenForResult(to:resultListener:)`,
            // removed after the operation's one result): a one-shot whose stop is the same.
            let namesResult = callbacks.count == 1 && [callbacks[0].name.name, callbacks[0].label?.name ?? ""].flatMap(ClosureRoleNames.camelWords)
                .contains { ["result", "completion"].contains($0) }
            if namesResult, !once, byNames == nil, !annotations.contains(where: { $0.annotation == "@stream" }) {
                annotations.append(
                    ("", "one-shot: '\(callbacks[0].label?.name ?? callbacks[0].name.name)' is named for the result, which comes once; if it is called for every event, add '@stream'"))
            }
            if !once, byNames == nil, callbacks.count == 1, !namesResult, !annotations.contains(where: { $0.annotation == "@stream" }),
                function.name.name.hasPrefix("register") || Self.namesObserver(function.name.name) || Self.namesAddition(function.name.name)
            {
                annotations.insert(("@stream", "'\(function.name.name)' registers a handler, called until the \(returned) it returns is taken back"), at: 0)
            }
        }
        // A start/stop pair of the receiver (`startListening(onUpdatePerforming:)` and
        // `stopListening()`), or a call that undoes it with the method's own arguments
        // (`addPublishListener(named:_:)` and `removePublishListener(named: name)`): the
        // callback fires until the stop, which ends the stream.
        // An observer's one `completion` beside its undoing call (Bluejay's `listen(to:…,
        // completion:)` and `endListen(to:)`) is a registration too, whatever it is called.
        // Or `complete` (SwiftyTeeth's `connect(with:autoReconnect:complete:)` beside `disconnect`).
        let namedCompletion = callbacks.count == 1
            && [callbacks[0].name.name, callbacks[0].label?.name ?? ""].contains(where: {
                $0.lowercased().contains("completion") || ["complete", "oncomplete"].contains($0.lowercased())
            })
        // Not the completion of the request itself (Moscapsule's `subscribe(_:qos:
        // requestCompletion:)`, whose messages come through `onMessageCallback`).
        let namesRequest = callbacks.count == 1
            && [callbacks[0].name.name, callbacks[0].label?.name ?? ""].contains(where: { $0.lowercased().contains("request") })
        let observerCompletion = callbacks.count == 1 && Self.namesObserver(function.name.name) && !namesRequest
            && (byNames?.isStream == false || (byNames == nil && namedCompletion))
        if !once, !annotations.contains(where: { $0.annotation.hasPrefix("@cancel") }),
            // Not a success closure (Haneke's `Cache.set(value:key:…, success:)` beside
            // `remove(key:…)`): the call's one outcome.
            // Nor a `completion` (stream-chat's `startWatching(isInRecoveryMode:completion:)` beside
            // `stopWatching`, `connect(completion:)` beside `disconnect`): the call's outcome.
            byNames?.isStream == true || (byNames == nil && callbacks.count == 1
                && !ClosureRoleNames.namesSuccess(name: callbacks[0].name.name, label: callbacks[0].label?.name)
                && !namedCompletion) || observerCompletion,
            let stop = tokens.stopMethod(pairedWith: function.name.name, of: type).map({ $0 + "()" })
                ?? tokens.undoingCall(of: function, in: type)
        {
            annotations.append(("@cancel(\(stop))", "'\(stop)' undoes what '\(function.name.name)' does"))
            // By the owner the caller passes (LaunchDarkly's `stopObserving(owner:)`): every
            // handler of that owner goes, not only this stream's.
            if let owner = function.parameters.first(where: { ["owner", "observer", "target"].contains($0.name.name) }), stop.contains(": \(owner.name.name)") {
                annotations.append(
                    ("", "'\(stop)' stops every handler of '\(owner.name.name)': as written, ending one stream ends the others of the same owner; give each stream an owner of its own"))
            }
            if observerCompletion {
                annotations.insert(("@stream", "'\(function.name.name)' is named like an observer and calls back until '\(stop)'"), at: 0)
                annotations.append(
                    ("", "'\(callbacks[0].label?.name ?? callbacks[0].name.name)' is named for one outcome: if it is called once, remove '@stream'"))
            }
            // Not `begin…` with a flag (Perfect-Net's `beginSSL(closure: (Bool) -> ())`, whether the
            // handshake took): the beginning's one outcome, which scan says it assumed; its `end…`
            // ends what began.
            let beginsWithFlag = function.name.name.hasPrefix("begin") && closureType(of: callbacks[0]).map {
                $0.parameters.count == 1 && $0.parameters[0].type.strippingAttributes.description == "Bool"
            } == true
            if byNames == nil, !beginsWithFlag, !annotations.contains(where: { $0.annotation == "@stream" }) {
                annotations.insert(("@stream", "'\(function.name.name)' calls back until '\(stop)'"), at: 0)
                // A closure that gets nothing beside such a pair (socket.io's `connect(withPayload:
                // timeoutAfter:withHandler: (() -> ())?)`, called once, on a timeout) may as well
                // come once: weak evidence, said.
                if let callback = callbacks.first, let closure = closureType(of: callback), closure.parameters.isEmpty {
                    annotations.append(
                        ("", "a stream of Void assumed: '\(callback.label?.name ?? callback.name.name)' gets nothing; if it is called once, remove '@stream' and '@cancel(\(stop))'"))
                }
            }
        }
        if byNames == nil, !once, !annotations.contains(where: { $0.annotation == "@stream" }) {
            // Kept by the method, and named for no one outcome (AlertKit's `present(on:completion:)`
            // keeps its completion and adds a tap that dismisses: once).
            if callbacks.count == 1, !function.isAsync,
                registersTargetActions[Self.bareTypeName(type) + "." + function.name.name]?.contains(callbacks[0].name.name) == true,
                ![callbacks[0].name.name, callbacks[0].label?.name ?? ""].contains(where: { ClosureRoleNames.namesOnce(property: $0) || ClosureRoleNames.namesOnce($0) }),
                !ClosureRoleNames.camelWords(callbacks[0].name.name).contains(where: { Self.endWords.contains($0) || ["completion", "handler"].contains($0) })
            {
                annotations.insert(
                    ("@stream", "'\(function.name.name)' registers a control's action ('addTarget'), which the control calls for each event, and with it '\(callbacks[0].label?.name ?? callbacks[0].name.name)'"),
                    at: 0)
            } else if ClosureRoleNames.namesRepetition(function.name.name) {
                annotations.insert(("@stream", "'\(function.name.name)' reports progress, many times"), at: 0)
            } else if ClosureRoleNames.namesIteration(function.name.name), callbacks.count == 1 {
                annotations.insert(("@stream", "'\(function.name.name)' is named for calling back for each item"), at: 0)
            } else if ClosureRoleNames.namesStreaming(function.name.name), callbacks.count == 1,
                !function.parameters.contains(where: { $0.name.name == "stream" })
            {
                annotations.insert(("@stream", "'\(function.name.name)' is named for streaming: called for each part"), at: 0)
                streamFromName = true
            } else if function.returnType?.isVoid ?? true, callbacks.count == 1, Self.namesObserver(function.name.name),
                tokens.answeringInverse(of: function, in: type) == nil,
                // Not one that names the outcome outright (CoreStore's `monitorList(createAsynchronously:
                // …)` hands over the monitor it made, once); a bare `callback` or `block` says nothing.
                ![callbacks[0].name.name, callbacks[0].label?.name ?? ""].contains(where: {
                    $0.lowercased().contains("completion") || $0.lowercased().hasSuffix("asynchronously")
                })
            {
                annotations.insert(
                    ("@stream", "'\(function.name.name)' is named like an observer and keeps its handler (nothing stops it)"), at: 0)
                streamFromName = true
            } else if endOfEach, callbacks.count == 1 {
                annotations.insert(
                    ("@stream", "'\(function.name.name)' is named for the end of each of many things: called for each"), at: 0)
                streamFromName = true
            } else if Self.registersEventHandler(function, callbacks: callbacks.count, owner: Self.bareTypeName(type)),
                // Not a promise's failure half (Then's `Promise.onError(_:) -> Promise<Void>`).
                !(ClosureRoleNames.namesFailure(method: function.name.name)
                    && [type, function.returnType?.description ?? ""].contains(where: { name in
                        ["Promise", "Future", "Guarantee"].contains(where: name.contains)
                    }))
            {
                annotations.insert(("@stream", "'\(function.name.name)' registers a handler the SDK calls for each event"), at: 0)
                streamFromName = true
                // Handed the object itself as it updates or draws (Former's `onUpdate(_ handler:
                // (Self) -> Void) -> Self`, run at the start of each `update()`): maybe a hook to
                // change it before the library goes on. Said.
                if callbacks.count == 1, closureType(of: callbacks[0])?.parameters.map(\.type.description) == ["Self"],
                    ClosureRoleNames.camelWords(function.name.name).contains(where: { ["update", "layout", "render", "draw"].contains($0) })
                {
                    annotations.append(
                        ("", "'\(function.name.name)' hands its handler the object itself as it updates: if that is a hook to change it before the library goes on, not an event, mark '@context'"))
                }
            } else if callbacks.count == 1, Self.setsHandler(function.name.name), Self.returnsNothingOrThePrevious(function) {
                // A setter of the object's handler (AudioKit's `DynamicWaveformNode.setWaveformUpdateHandler(_:)`):
                // kept, and called for each event until another replaces it.
                annotations.insert(("@stream", "'\(function.name.name)' sets a handler the SDK keeps and calls for each event"), at: 0)
                streamFromName = true
            } else if callbacks.count == 1, ["Observable", "Signal", "Subject", "Emitter"].contains(Self.bareTypeName(type)),
                function.returnType.map({ $0.description == "Self" || TokenMethods.bareName($0.description) == Self.bareTypeName(type) }) ?? true
            {
                // A source of events's handler, chained (Interstellar's `Observable.next(_:) ->
                // Observable<T>`, `error(_:)`): called for each of its events.
                annotations.insert(("@stream", "the \(Self.bareTypeName(type)) calls '\(function.name.name)''s handler for each of its events"), at: 0)
                streamFromName = true
            }
        }
        if let byNames, byNames.isStream, !once {
            annotations.insert(("@stream", byNames.why), at: 0)
            streamFromName = callbacks.count == 1
        }
        // A "progress" closure handed the data itself beside a completion (FilesProvider's
        // `contents(path:progressHandler: (Int64, Data) -> Void, completionHandler:)`): the
        // content, piece by piece, which the completion ends. Progress is a count.
        if !once, !annotations.contains(where: { $0.annotation == "@stream" }),
            case let progress = callbacks.filter({ ClosureRoleNames.namesProgress(name: $0.name.name, label: $0.label?.name) }),
            progress.count == 1, let pieces = progress.first,
            closureType(of: pieces)?.parameters.contains(where: {
                ["Data", "[UInt8]", "ByteBuffer"].contains($0.type.strippingAttributes.unwrappingOptional.description)
            }) == true,
            case let ends = callbacks.filter({ Analyzer.looksLikeCompletion($0.name.name) || Analyzer.looksLikeCompletion($0.label?.name) }),
            ends.count == 1, let end = ends.first
        {
            let piecesName = pieces.label?.name ?? pieces.name.name
            let endName = end.label?.name ?? end.name.name
            annotations.insert(("@finish(\(endName))", "'\(endName)' ends them"), at: 0)
            annotations.insert(("@event(\(piecesName))", "'\(piecesName)' is handed the data itself, not a count"), at: 0)
            annotations.insert(("@stream", "'\(piecesName)' is handed the data piece by piece"), at: 0)
        }
        // A method of an array of the module's objects whose callback gets one of them (Tiercel's
        // `extension Array where Element == DownloadTask { func success(onMainQueue:handler:) }`):
        // called for each element, whatever it is named.
        if callbacks.count == 1, !annotations.contains(where: { $0.annotation == "@stream" }),
            let element = arrayElement, let closure = closureType(of: callbacks[0]), closure.parameters.count == 1,
            [element, "Element"].contains(closure.parameters[0].type.strippingAttributes.description)
                // or behind a generic typealias of the element (`Handler<DownloadTask>`)
                || callbacks[0].type.strippingAttributes.description.hasSuffix("<\(element)>")
        {
            annotations.insert(("@stream", "'\(callbacks[0].label?.name ?? callbacks[0].name.name)' is called for each \(element) of the array"), at: 0)
        }
        // A handler whose `Bool` answers whether the events go on (StarterBlock+Answering).
        answeringReadings(of: function, callbacks: callbacks, into: &annotations)
        // What the documentation says of how often the one callback comes, above what names
        // suggest; said where stronger evidence disagrees.
        let documentedOnce = documentedFrequencyReading(
            of: function, callbacks: callbacks, once: once, streamFromName: streamFromName, streamFromToken: &streamFromToken,
            into: &annotations)
        // A stream only its documentation tells (SwiftyBluetooth's `scanForPeripherals(…,
        // completion:)`, "called multiple times"), beside a call of the receiver that undoes it
        // (`stopScan()`): that call stops it when the consumer leaves.
        if !once, annotations.contains(where: { $0.annotation == "@stream" }), !annotations.contains(where: { $0.annotation.hasPrefix("@cancel") }),
            callbacks.count == 1, !function.isAsync, function.returnType?.isVoid ?? true,
            let stop = tokens.stopMethod(pairedWith: function.name.name, of: type).map({ $0 + "()" }) ?? tokens.undoingCall(of: function, in: type)
        {
            annotations.append(("@cancel(\(stop))", "'\(stop)' undoes what '\(function.name.name)' does"))
        }
        // What the value it returns says: a future that ends the items or fails the call, a
        // request it sends, a task it starts.
        returnedValueReadings(of: function, callbacks: callbacks, returnedType: returnedType, tokens: tokens, into: &annotations)
        annotations += taskAndCommandNotes(of: function, returnedType: returnedType, annotations: annotations, tokens: tokens)
        // A registration named so, or a flag that asks for updates: after the other stream
        // readings (an undoing call may say it already), before what is said of a one-shot assumed.
        registrationReadings(of: function, callbacks: callbacks, once: once, documentedOnce: documentedOnce, into: &annotations)
        // Weak evidence is said, not guessed silently: a one-shot assumed of a closure whose
        // name says nothing of how often it is called.
        if byNames == nil, !once, !documentedOnce, !annotations.contains(where: { $0.annotation == "@stream" }),
            callbacks.count == 1, let callback = callbacks.first,
            !Analyzer.looksLikeCompletion(callback.name.name), !Analyzer.looksLikeCompletion(callback.label?.name)
        {
            annotations.append(
                ("", "one-shot assumed: nothing says how often '\(callback.label?.name ?? callback.name.name)' is called; "
                    + "if for every event, add '@stream'"))
        }
        // A value closure and an error closure that only their types tell apart (decision 112):
        // an observer's are its events and its failure; anything else is assumed once, said.
        if byNames == nil, !once, !documentedOnce, !annotations.contains(where: { $0.annotation.hasPrefix("@stream") }),
            callbacks.count == 2, let pair = Self.valueAndErrorClosures(callbacks, closureTypes: callbacks.map { closureType(of: $0) })
        {
            let value = pair.value.label?.name ?? pair.value.name.name
            let error = pair.error.label?.name ?? pair.error.name.name
            if Self.namesObserver(function.name.name) {
                annotations.insert(("@stream", "'\(function.name.name)' is named like an observer: '\(value)' gets each event, '\(error)' the failure"), at: 0)
            } else if !ClosureRoleNames.camelWords(value).contains(where: { ["success", "succeeded", "result", "response", "completion", "done"].contains($0) }) {
                // (`successResult` says once; `got` does not.)
                annotations.append(
                    ("", "one-shot assumed: '\(value)' gets the value and '\(error)' the error, by their types; if '\(value)' is called for every event, add '@stream'"))
            }
        }
        // The method's name says an event, the closure's one outcome (SwiftyStoreKit's
        // `onEntitlementRevocation(completion:)`, which it calls for every revocation): said.
        let name = function.name.name
        if byNames == nil, !once, !documentedOnce, !annotations.contains(where: { $0.annotation == "@stream" }), callbacks.count == 1,
            name.count > 2, name.hasPrefix("on"), name.dropFirst(2).first?.isUppercase == true, let callback = callbacks.first,
            Analyzer.looksLikeCompletion(callback.name.name) || Analyzer.looksLikeCompletion(callback.label?.name)
        {
            annotations.append(
                ("", "one-shot assumed: '\(callback.label?.name ?? callback.name.name)' is named for one outcome, but '\(name)' for an event; "
                    + "if the SDK calls it for every event, add '@stream'"))
        }
        // An object the library only lends, handed to the callback: lent to it too.
        for lent in callbacks.compactMap({ closureType(of: $0) }).flatMap({ lentTypes?.lent(in: $0) ?? [] })
        where !annotations.contains(where: { $0.annotation == "@lent(\(lent))" }) {
            annotations.append(
                ("@lent(\(lent))",
                 "'\(lent)' is a class that is not Sendable, which the library only lends to closures that do not escape ('\(lentTypes?.lender(of: lent) ?? "")'): valid only inside the callback"))
        }
        // A stream ends at `(nil, nil)`: nil is no event to take for an error.
        if callbacks.count == 1, let closure = closureType(of: callbacks[0]), !annotations.contains(where: { $0.annotation == "@stream" }) {
            annotations += nilWithoutError(function, closure: closure)
        } else if callbacks.count == 1, let closure = closureType(of: callbacks[0]), Self.isValueAndError(closure),
            answersNilWithoutErrorIn.contains(name)
        {
            // Unless its own body calls back with (nil, nil) (Ballcap's document listener, when
            // the document does not exist): an event of no value, and the listener goes on.
            annotations.append(
                ("@nullableResult", "'\(name)' calls back with nil and no error itself: an event with no value (nil), not the end"))
            annotations.append(("", "if nil without an error means the end, remove '@nullableResult': it then finishes the stream"))
        }
        resultPerCallReading(of: function, callbacks: callbacks, into: &annotations)
        // A callback that gets one `Result` reports one outcome, whatever else the method
        // looks like (RxSwift's `Single.subscribe(_ observer: (SingleEvent<Element>) -> Void)
        // -> Disposable`, whose token would otherwise say it calls back until stopped).
        if callbacks.count == 1, let result = resultType(of: callbacks[0]), streamFromToken {
            let name = callbacks[0].label?.name ?? callbacks[0].name.name
            if (result + " " + (whereClause ?? "")).contains("Single") {
                annotations.removeAll { $0.annotation == "@stream" || $0.annotation.isEmpty }
                annotations.insert(("", "one-shot: '\(name)' gets a \(result), a single outcome"), at: 0)
            } else {
                annotations.append(("", "'\(name)' gets a \(result): if it is called once, remove '@stream'"))
            }
        }
        // A method named for polling (TransloaditKit's `pollAssemblyStatus(completion:)`, called
        // at every check; McuManager's `poll(callback:)`, once): the name says neither, the reviewer does.
        if callbacks.count == 1, ClosureRoleNames.camelWords(name).first == "poll", !annotations.contains(where: { $0.annotation.hasPrefix("@stream") }) {
            annotations.append(("", "one-shot assumed: '\(name)' is named for polling; if it calls back at every check, add '@stream'"))
        }
        // A generic parameter named only in the closure (Chargebee's `purchaseProductHandler<T>(
        // product:completion: (Result<T, Error>) -> Void)`): the caller picks the value's type,
        // and the library can only cast to it.
        if callbacks.count == 1,
            let only = function.genericParameters.first(where: { generic in
                // Unconstrained: a `Decodable` one the caller picks on purpose, and the library decodes.
                guard generic.constraint == nil else { return false }
                let name = generic.name.name
                let words = Self.identifiers(in:)
                return words(callbacks[0].type.description).contains(name)
                    && !function.parameters.filter { $0.name.name != callbacks[0].name.name }.contains { words($0.type.description).contains(name) }
                    && !(function.returnType.map { words($0.description).contains(name) } ?? false)
            })
        {
            annotations.append(
                ("", "'\(only.name.name)' is named only in '\(callbacks[0].label?.name ?? callbacks[0].name.name)': the caller picks the value's type; if the library uses this itself, mark it '@context'"))
        }
        handedValueNotes(of: function, callbacks: callbacks, into: &annotations)
        stopsNotTheObjectItself(function, in: &annotations)
        // The one closure that reports the outcome: the only one, or the only one beside
        // progress (Facebook's `uploadImage(with:completion:andProgressHandler:)`).
        let outcomes = callbacks.filter { !ClosureRoleNames.namesProgress(name: $0.name.name, label: $0.label?.name) }
        if let outcome = callbacks.count == 1 ? callbacks.first : outcomes.count == 1 ? outcomes.first : nil {
            enumRoles(of: function, callback: outcome, into: &annotations)
            errorListRoles(of: outcome, into: &annotations)
            nonErrorFailureRoles(of: outcome, tokens: tokens, into: &annotations)
            carriedFailureRoles(of: function, callback: outcome, into: &annotations)
            successCaseRoles(of: outcome, into: &annotations)
            nilRoles(of: function, callback: outcome, into: &annotations)
            flagRoles(of: function, callback: outcome, into: &annotations)
            messageRoles(of: function, callback: outcome, into: &annotations)
            textErrorRoles(of: function, callback: outcome, into: &annotations)
        } else {
            successNilNote(callbacks: callbacks, into: &annotations)
        }
        annotations += readings(of: function, callbacks: callbacks, annotations: annotations, tokens: tokens)
        annotations += severalEventsRoles(of: function, callbacks: callbacks, annotations: annotations)
        if let note = doneFlagNote(callbacks: callbacks, annotations: annotations) { annotations.append(note) }
        if let name = taskMethodAsyncName(of: function, callbacks: callbacks) { annotations.append(name) }
        closingAnnotations(of: function, callbacks: callbacks, once: once, into: &annotations)
        return annotations
    }
}
