import DeclParser
import Generator

/// Initializers that keep a callback: which ones, and which of those are a source of events
/// whose factory returns the object and its stream.
extension StarterBlock {
    /// An initializer that keeps a callback (by the same shapes as a method's): listed with what
    /// to do instead. One that keeps a predicate or a transform (`isOfflineError: (Error) -> Bool`)
    /// is plain context.
    func initializerKeepsCallback(_ member: SourceMember) -> Bool {
        guard case .context(let initializer)? = member.declaration else {
            return member.text.contains("@escaping") || member.text.contains("Void)?")
        }
        let aliases = closureAliases
        return initializer.parameters.contains { Self.isCallback($0, aliases: aliases, declared: declaredTypes) }
    }

    /// The callbacks of an initializer, when each is named for one of the type's callback
    /// properties that are bridged as streams (the initializer fills them in), in order; nil
    /// when any is not. Optional ones only: a caller can leave them out.
    func callbacksKeptInStreamedProperties(_ member: SourceMember) -> [String]? {
        guard case .context(let initializer)? = member.declaration else { return nil }
        let aliases = closureAliases
        let callbacks = initializer.parameters.filter { Self.isCallback($0, aliases: aliases, declared: declaredTypes) }
        guard !callbacks.isEmpty,
            callbacks.allSatisfy({ streamedProperties.contains($0.name.name) && $0.type.strippingAttributes.description.hasSuffix("?") })
        else { return nil }
        return callbacks.map { $0.label?.name ?? $0.name.name }
    }

    /// The one callback of an initializer that the object it makes calls for each event: an
    /// object named for a source of events (AudioKit's `RawDataTap(_:…, handler:)`, `NodeRecorder`,
    /// `MIDICallbackInstrument`, FilesProvider's `LocalFileMonitor`, Apollo's `…Watcher`, Chime's
    /// `IntervalScheduler`, Magnet's `HotKey`), or one handed a sink for its data (NIOExtras'
    /// `NIOWritePCAPHandler(…, fileSink:)`). Most initializers' closures are no such thing
    /// (the oracles say none for nine in ten): a configuration's or a builder's setting, a
    /// disposable's or a token's cleanup, a button's action, a logger, an observer or listener
    /// made to be handed to another call; so only a class of those names, with one callback
    /// named for no outcome (not `completion`, `onInitialized`, `didCancel`). Its name, or nil.
    /// Several such callbacks, each for its own kind of event (HotKey's `keyDownHandler:` and
    /// `keyUpHandler:`), are the cases of one stream's enum (decision 183): their names.
    func eventHandlersOfInitializer(_ member: SourceMember) -> [String]? {
        guard !isView, !isValueType, case .context(let initializer)? = member.declaration, initializer.function != nil else { return nil }
        let aliases = closureAliases
        let callbacks = initializer.parameters.filter { Self.isCallback($0, aliases: aliases, declared: declaredTypes) }
        let once = ["completion", "complete", "completed", "done", "finish", "finished", "cancel", "ready", "initialized", "loaded", "result"]
        guard !callbacks.isEmpty,
            callbacks.allSatisfy({ callback in
                let words = [callback.name.name, callback.label?.name ?? ""].flatMap(ClosureRoleNames.camelWords)
                return !words.contains(where: once.contains) && closureType(of: callback)?.result.isVoid == true
            })
        else { return nil }
        let owner = String(Self.bareTypeName(type).reversed().drop(while: \.isNumber).reversed())
        let sources = ["Tap", "Monitor", "Watcher", "Instrument", "Scheduler", "HotKey", "Recorder"]
        let sink = callbacks.count == 1 && [callbacks[0].name.name, callbacks[0].label?.name ?? ""].contains { $0.hasSuffix("Sink") }
        guard sources.contains(where: owner.hasSuffix) || sink else { return nil }
        return callbacks.map { $0.label?.name ?? $0.name.name }
    }

    /// The one callback of an initializer whose body calls it and never keeps it (ClosureUses),
    /// when the initializer cannot fail (an `init?` that makes nothing never calls back) and
    /// is not async: its name, or nil.
    func completionOfInitializer(_ member: SourceMember) -> String? {
        guard case .context(let initializer)? = member.declaration, let function = initializer.function, !initializer.isFailable,
            !function.isAsync
        else { return nil }
        let labels = function.parameters.map { ($0.label?.name ?? $0.name.name) + ":" }.joined()
        guard initializersCallingBack.contains("init(" + labels + ")") else { return nil }
        let aliases = closureAliases
        let callbacks = initializer.parameters.filter { Self.isCallback($0, aliases: aliases, declared: declaredTypes) }
        guard callbacks.count == 1, let callback = callbacks.first else { return nil }
        return callback.label?.name ?? callback.name.name
    }

    /// An initializer that keeps its completion for a run that a method of the object starts
    /// (Kingfisher's `ImagePrefetcher(urls:options:progressBlock:completionHandler:)`, which
    /// does nothing until `start()` and ends early on `stop()`; decision 187): the class has a
    /// `start()` and a stop of its own, and the initializer's callbacks are one completion and
    /// any progress. Its start and stop, or nil.
    func startedInitializer(_ member: SourceMember, tokens: TokenMethods) -> (completion: String, start: String, stop: String)? {
        guard !isView, !isValueType, !type.contains("<"), case .context(let initializer)? = member.declaration,
            let function = initializer.function, !initializer.isFailable, !function.isAsync,
            let start = tokens.startMethod(of: type), let stop = tokens.stopMethod(of: type)
        else { return nil }
        let aliases = closureAliases
        let callbacks = initializer.parameters.filter { Self.isCallback($0, aliases: aliases, declared: declaredTypes) }
        // Named for the end itself: a `callback` or a `handler` of a start/stop object is as
        // likely a timer's tick (Chime's `IntervalScheduler(intervalMs:callback:)`).
        let ends = ["complet", "finish", "done"]
        let completions = callbacks.filter { callback in
            [callback.name.name, callback.label?.name ?? ""].contains { name in ends.contains(where: name.lowercased().contains) }
        }
        guard completions.count == 1, let completion = completions.first,
            callbacks.allSatisfy({ $0.name.name == completion.name.name || $0.name.name.lowercased().contains("progress") }),
            closureType(of: completion)?.result.isVoid == true
        else { return nil }
        return (completion.label?.name ?? completion.name.name, start, stop)
    }
}
