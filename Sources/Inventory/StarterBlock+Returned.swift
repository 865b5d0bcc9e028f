import DeclParser
import Generator

/// What a callback method's returned value says of its callbacks: a future that ends a stream of
/// items or fails a call whose one event may never come (NIO), a request that is sent by a call
/// on it (Kitura-net), a task that must be started (URLSession's and its mirrors').
extension StarterBlock {
    func returnedValueReadings(
        of function: FunctionDecl, callbacks: [Parameter], returnedType: String?, tokens: TokenMethods,
        into annotations: inout [(annotation: String, why: String)]
    ) {
    // A callback per row beside a returned future that says when the rows are over
    // (SQLKit's `run(_ handler:) -> EventLoopFuture<Void>`): a stream that ends with it.
    // Only a `…Future`: its `whenComplete(_:)` with a `Result` is what the adapter waits on.
    // Beside it, other callbacks with defaults are hooks the caller may pass (PostgresNIO's
    // `onMetadata: … = { _ in }` beside `onRow`), when the per-item one is the last.
    let perItem = callbacks.filter {
        ClosureRoleNames.namesPerItem($0.name.name) || $0.label.map { ClosureRoleNames.namesPerItem($0.name) } == true
    }
    // Or before them (MySQLNIO's `query(_:_:onRow:onMetadata: … = { _ in })`): named.
    let hooksBesidePerItem =
        perItem.count == 1 && callbacks.filter { $0.name.name != perItem[0].name.name }.allSatisfy { $0.defaultValue != nil }
    if let returned = function.returnType?.description, ClosureRoleNames.isFuture(returned), returned.contains("Future"),
        !ClosureRoleNames.isFuture(type), callbacks.count == 1 || hooksBesidePerItem,
        let callback = callbacks.count == 1 ? callbacks.last : perItem.first,
        ClosureRoleNames.isPerItemBesideFuture(name: callback.name.name, label: callback.label?.name),
        // An item to hand: a closure of nothing beside a future is a body the future waits for
        // (Realm's `updateSubscriptions(_ block: () -> Void) -> Future<Void, Error>`).
        closureType(of: callback)?.parameters.isEmpty == false
    {
        annotations.removeAll { $0.annotation == "@stream" || $0.annotation.isEmpty }
        let name = callback.label?.name ?? callback.name.name
        annotations.insert(("@finish(returned)", "the returned \(returned) says when they are over, or fails"), at: 0)
        // Named when a closure follows it, which generate would otherwise take for the event.
        if callback.name.name != function.parameters.filter(isClosure).last?.name.name {
            annotations.insert(("@event(\(name))", "the closures after it are hooks the caller may pass"), at: 0)
        }
        annotations.insert(("@stream", "'\(name)' is called for each item"), at: 0)
    }
    // One event beside a returned future (websocket-kit's `connect(…, onUpgrade:) ->
    // EventLoopFuture<Void>`): a failed connection never calls it, the future says why.
    if let returned = function.returnType?.description, ClosureRoleNames.isFuture(returned), returned.contains("Future"),
        !ClosureRoleNames.isFuture(type), callbacks.count == 1, let callback = callbacks.first,
        !ClosureRoleNames.isPerItemBesideFuture(name: callback.name.name, label: callback.label?.name),
        !annotations.contains(where: { $0.annotation == "@stream" })
    {
        let name = callback.label?.name ?? callback.name.name
        annotations.append(("@failure(returned)", "the returned \(returned) fails when '\(name)' never comes"))
    }
    // A stream beside a returned future that does not end it (RediStack's `subscribe(…) ->
    // EventLoopFuture<Void>` says whether the subscription took): its failure fails it.
    if let returned = function.returnType?.description, ClosureRoleNames.isFuture(returned), returned.contains("Future"),
        !ClosureRoleNames.isFuture(type), annotations.contains(where: { $0.annotation == "@stream" }),
        !annotations.contains(where: { $0.annotation == "@finish(returned)" || $0.annotation == "@failure(returned)" })
    {
        annotations.append(
            ("@failure(returned)", "the returned \(returned) says whether '\(function.name.name)' took, or fails"))
    }
    // A `Bool` beside the one completion, which hands nothing (Appcues'
    // `didReceiveNotification(response:completionHandler:) -> Bool`: "if true is returned,
    // Appcues will execute the completionHandler block; otherwise you should"): it says whether
    // the completion will come. As written, the adapter waited for ever after a false.
    // A value handed over (Apptentive's `fetchCompletionHandler: (UIBackgroundFetchResult) ->
    // Void`) is nil after a false. Only a closure that does not report a failure, and only a
    // push handler's (it is handed a notification, or its `userInfo`): elsewhere the `Bool` says
    // something else and the completion comes whatever it returns (Noze's Node-style
    // `write(_:done:) -> Bool`, full buffer or not; SwiftySound's `play(…, completion:) -> Bool`):
    // the first cut, on every `-> Bool`, lost 16 entries for 8.
    let notifications = ["UNNotificationResponse", "UNNotificationRequest", "UNNotificationContent", "UNNotification", "[AnyHashable: Any]"]
    if function.returnType?.strippingAttributes.description == "Bool", callbacks.count == 1, let callback = callbacks.first,
        function.parameters.contains(where: { notifications.contains($0.type.strippingAttributes.description) }),
        let closure = closureType(of: callback), closure.parameters.count <= 1,
        !closure.parameters.contains(where: { $0.type.strippingAttributes.description.hasSuffix("?") }),
        !closure.parameters.contains(where: { $0.type.strippingAttributes.unwrappingOptional.description.hasSuffix("Error") }),
        !annotations.contains(where: { $0.annotation.hasPrefix("@stream") || $0.annotation.hasPrefix("@asyncError") || $0.annotation.hasPrefix("@failure") })
    {
        let name = callback.label?.name ?? callback.name.name
        let value = closure.parameters.isEmpty ? "true" : "what '\(name)' hands over"
        annotations.append(
            ("@success(returned)", "the Bool it returns says whether '\(name)' will come: false is " + (closure.parameters.isEmpty ? "the value" : "nil") + " at once"))
        annotations.append(
            ("", "as written, the adapter returns \(value) once '\(name)' has come; if '\(name)' comes whatever it returns, remove '@success(returned)'"))
    }
    // A request made and returned unsent, sent by `end()` (Kitura-net's `HTTP.request(_:callback:)
    // -> ClientRequest`): the one-shot sends it, or it never calls back. Not one a method
    // named otherwise has sent already (`HTTP.get` calls `end()` itself, as Node's does).
    let makesRequest = ["request", "make", "create"].contains { function.name.name.lowercased().hasPrefix($0) }
    if makesRequest, let returnedType, function.returnType.map({ !$0.isVoid }) == true, !tokens.isResumable(returnedType),
        let send = tokens.sendMethod(of: returnedType), !annotations.contains(where: { $0.annotation == "@stream" })
    {
        annotations.append(("@start(\(send)())", "the returned \(returnedType) is sent by \(send)(): without it, no answer comes"))
        if !annotations.contains(where: { $0.annotation.hasPrefix("@cancel") }) {
            annotations.append(("@cancel(none)", "the returned \(returnedType) has no method that stops it"))
        }
    }
    // A returned task that can be suspended and resumed may come back suspended: the
    // one-shot starts it (a stream's register call must start it itself).
    // So is one made by a method of URLSession's names (RequestKit's `RequestKitURLSession.
    // dataTask(with:completionHandler:) -> URLSessionDataTaskProtocol`, a seam that mirrors
    // URLSession, whose tasks are made suspended).
    // Or named for one after a prefix of the library's (Tealium's `tealiumDataTask(with:
    // completionHandler:)`, Lottie's `lottieDataTask`).
    let namedAsURLSessions = ["dataTask", "uploadTask", "downloadTask"].contains { kind in
        let name = function.name.name
        return name == kind || (name.hasSuffix(kind.prefix(1).uppercased() + kind.dropFirst()) && name.dropLast(kind.count).last?.isLowercase == true)
    }
    // Or of a protocol the module makes URLSession's tasks adopt (VimeoNetworking's
    // `SessionManaging.request(_:parameters:then:) -> Task?`, `extension URLSessionTask: Task`).
    // Or one the module documents it returns suspended (decision 175, as `start()` is).
    let aURLSessionTask = returnedType.map { tokens.isAdoptedByURLSessionTasks($0) || tokens.isMadeSuspended($0) } ?? false
    if let returnedType, function.returnType.map({ !$0.isVoid }) == true,
        tokens.isResumable(returnedType) || ((namedAsURLSessions || aURLSessionTask) && tokens.canResume(returnedType)),
        // One with no stop (MeiliSearch's seam, whose one method is `resume()`) all the same:
        // unstarted, the call would wait until it is cancelled.
        // So is a URLSession-named method's, whose task is suspended by that convention
        // (Tealium's `URLSessionDataTaskProtocol`, whose one method is `resume()`).
        tokens.stopMethod(of: returnedType) != nil || tokens.isStartedByResume(returnedType) || namedAsURLSessions || aURLSessionTask,
        !annotations.contains(where: { $0.annotation == "@stream" })
    {
        annotations.append(
            ("@start(resume())",
             tokens.isStartedByResume(returnedType)
                ? "the returned \(returnedType) documents resume() as what starts it"
                : tokens.isResumable(returnedType)
                    ? "the returned \(returnedType) can be suspended and resumed: resume() starts it"
                    : namedAsURLSessions
                        ? "'\(function.name.name)' is named as URLSession's, whose tasks are made suspended: resume() starts the returned \(returnedType)"
                        : tokens.isMadeSuspended(returnedType)
                            ? "the module documents that it makes a \(returnedType) suspended: resume() starts it"
                            : "the module makes URLSession's tasks adopt \(returnedType), and they are made suspended: resume() starts it"))
    }
    }
}
