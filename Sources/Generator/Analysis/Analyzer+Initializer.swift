import DeclParser

/// `@stream` on an initializer whose handler the object calls for each event (AudioKit's
/// `RawDataTap(_:bufferSize:callbackQueue:handler:)`, a file monitor's `init(url:handler:)`).
/// An extension cannot add an initializer that hands back a stream, and the object is the
/// caller's to keep, start and stop: the adapter is a static factory, `makeWithEvents(…) ->
/// (RawDataTap, AsyncStream<[Float]>)`, that makes the object with bridgegen's handler and
/// returns both. The stream ending stops nothing; what the object calls after that is dropped.
extension Analyzer {
    mutating func analyseInitializerStream(
        _ member: ContextDecl, typeName: String, scope: String, access: AccessLevel, block: AdapterOptions
    ) -> Adapter? {
        guard let function = member.function else { return nil }
        // What needs a registration to stop or a call to wait on has nothing to act on.
        let inapplicable = ["cancel", "until", "timeout", "retry", "blocking", "once", "notification", "asyncError"]
        if let attribute = function.attributes.first(where: { inapplicable.contains($0.name.name) }) {
            diagnostics.error(
                "'@\(attribute.name.name)' does not apply to an initializer's stream: the object it makes is the caller's, and nothing is stopped or awaited",
                at: attribute.location, notes: [.init("remove '@\(attribute.name.name)'; the caller stops the object as the SDK says")])
            return nil
        }
        if function.isAsync {
            diagnostics.error(
                "an async initializer's handler cannot be bridged as a stream", at: function.location,
                notes: [.init("bridge a method of yours that makes the object and hands on its handler's calls")])
            return nil
        }
        // Analysed as a method that does not throw: a throwing initializer throws from the
        // factory, before there is a stream; only the handler's own failures fail the stream.
        var plain = function
        plain.throwsClause = nil
        guard var adapter = analyseFunction(plain, typeName: typeName, scope: scope, access: access, block: block),
            let stream = adapter.stream, var call = adapter.call
        else { return nil }
        call.legacyCall.name = "init"
        call.legacyCall.isThrowing = function.throwsClause != nil
        adapter.start = .call(call)
        if stream.shared {
            diagnostics.error(
                "'@stream(shared)' does not apply to an initializer: each object made has its own handler, and its one stream",
                at: member.location, notes: [.init("write '@stream'")])
            return nil
        }
        if !function.attributes.contains(where: { $0.name.name == "asyncName" }) {
            adapter.name = "makeWithEvents"
            adapter.adapterName = Adapter.swiftName(adapter.name, adapter.parameters)
        }
        adapter.isStatic = true
        adapter.makes = MadeObject(type: typeName, isFailable: member.isFailable)
        return adapter
    }
}

/// `@once` on an initializer whose object starts work and calls its completion once when it is
/// done (Lottie's `LottieAnimationView(dotLottieName:…, completion:)`, which loads the file it
/// names): a static factory, `make(…) async throws`, makes the object with bridgegen's handler,
/// waits for the completion and returns the object, beside the completion's value when it hands
/// one that is not the object itself. An extension cannot add an async initializer to a class.
/// The object cannot be stopped (nothing was returned yet): a cancelled call throws at once and
/// the object is dropped. Not an `init?` (no object, no completion: the call would never end).
/// With `@start(method())` the object is the call's token instead: started once made, stopped
/// by `@cancel`, and the call, `run`, returns what the completion hands (decision 187).
extension Analyzer {
    mutating func analyseInitializerCall(
        _ member: ContextDecl, typeName: String, scope: String, access: AccessLevel, block: AdapterOptions
    ) -> Adapter? {
        guard let function = member.function else { return nil }
        // An object that does nothing until a method of its own starts it (Kingfisher's
        // `ImagePrefetcher`, `start()`): the object is the call's token, started once made and
        // stopped by `@cancel` when the task is cancelled (decision 187).
        let starts = function.attributes.contains { $0.name.name == "start" }
        let inapplicable = ["until", "retry", "blocking", "notification", "progressStream"] + (starts ? [] : ["cancel"])
        if let attribute = function.attributes.first(where: { inapplicable.contains($0.name.name) }) {
            diagnostics.error(
                "'@\(attribute.name.name)' does not apply to an initializer's one-shot: nothing stops the object it makes, and it is made once",
                at: attribute.location,
                notes: [.init(attribute.name.name == "cancel"
                    ? "remove '@cancel', or start the object with '@start(method())' where a method of its own starts its work"
                    : "remove '@\(attribute.name.name)'")])
            return nil
        }
        if starts, typeName.contains("<") {
            diagnostics.error(
                "'@start' on an initializer of a generic type cannot name the object it starts", at: function.location,
                notes: [.init("bridge a method of yours that makes the object and starts it")])
            return nil
        }
        if member.isFailable {
            diagnostics.error(
                "'@once' does not apply to a failable initializer: when it makes no object, its completion never comes and the call would never end",
                at: member.location, notes: [.init("bridge a method of yours that calls it and throws when it is nil")])
            return nil
        }
        if function.isAsync {
            diagnostics.error(
                "an async initializer cannot be bridged: it is awaited already", at: function.location,
                notes: [.init("remove '@once'")])
            return nil
        }
        // Analysed as a method that neither throws nor is marked: a throwing initializer throws
        // from the factory before anything is awaited.
        var plain = function
        plain.throwsClause = nil
        plain.attributes.removeAll { $0.name.name == "once" }
        if starts {
            let components = typeName.split(separator: ".").map { TypeNameComponent(name: Identifier(String($0), at: function.location)) }
            plain.returnType = TypeSyntax(.named(components), at: function.location)
        }
        guard var adapter = analyseFunction(plain, typeName: typeName, scope: scope, access: access, block: block),
            adapter.stream == nil, var call = adapter.call
        else { return nil }
        call.legacyCall.name = "init"
        call.legacyCall.isThrowing = function.throwsClause != nil
        adapter.start = .call(call)
        if !function.attributes.contains(where: { $0.name.name == "asyncName" }) {
            // Started, the object is spent once it has called back: the call is its run.
            adapter.name = starts ? "run" : "make"
            adapter.adapterName = Adapter.swiftName(adapter.name, adapter.parameters)
        }
        adapter.isStatic = true
        adapter.makes = MadeObject(type: typeName, isFailable: false)
        adapter.discardableResult = false
        return adapter
    }
}
