import DeclParser
import Generator

/// Methods whose closures what they return keeps, rather than call back: an operator's hooks, a
/// factory's closure, a configuration, a builder's setter, a step of a future's chain, a screen
/// for the caller to present.
extension StarterBlock {
    /// An operator that returns a new value (`do(onNext:…) -> Observable<Element>`,
    /// `handleEvents(receiveOutput:…)`, `on(event:…) -> Signal<Value, Error>`) whose closures
    /// all have defaults: hooks of the value it returns, which run when that value is used, not
    /// callbacks of this call. A returned token with a stop method keeps it an API
    /// (`subscribe(onNext:…) -> Disposable`).
    func isOperatorWithHooks(_ function: FunctionDecl, tokens: TokenMethods) -> Bool {
        guard let returned = function.returnType, !returned.isVoid else { return false }
        let spelled = returned.description == "Self" ? type : returned.description
        guard tokens.stopMethod(of: spelled) == nil else { return false }
        let closures = function.parameters.filter(isClosure)
        guard !closures.isEmpty, closures.allSatisfy({ $0.defaultValue != nil }) else { return false }
        // A new value of a generic type (or its own), or a set of hooks (`onError:`,
        // `onCompleted:`, …) whatever it returns (RxSwift's `-> Completable`); not one optional
        // completion beside a plain result, nor a success and a failure closure beside a request
        // of another module (TRON's `perform(withSuccess:failure:) -> Alamofire.DataRequest`).
        let isOutcomePair = closures.count == 2
            && closures.contains { ClosureRoleNames.plays(.success, name: $0.name.name, label: $0.label?.name) }
            && closures.contains { ClosureRoleNames.plays(.failure, name: $0.name.name, label: $0.label?.name) }
        // Nor a completion beside progress (Cloudinary's `fetchImage(_:_ progress:completionHandler:)
        // -> CLDFetchImageRequest`).
        let namesCompletion = { (closure: Parameter) in [closure.name.name, closure.label?.name ?? ""].contains { $0.lowercased().contains("completion") } }
        let isCompletionWithProgress = closures.contains(where: namesCompletion)
            && closures.allSatisfy { namesCompletion($0) || ClosureRoleNames.namesProgress(name: $0.name.name, label: $0.label?.name) }
        // Nor a subscription's handlers beside the subscription it returns (PusherPlatform's
        // `subscribe(using:onOpening:onOpen:onEvent:onEnd:onError:) -> PPSubscription`): the
        // events of what the call starts.
        // Not presence hooks beside the channel it returns (PusherSwift's `subscribe(_:auth:
        // onMemberAdded:onMemberRemoved:onSubscriptionCountChanged:) -> PusherChannel`): one of
        // them reports the subscription's failure.
        let subscribes = Self.namesObserver(function.name.name)
            && closures.contains { ClosureRoleNames.plays(.failure, name: $0.name.name, label: $0.label?.name) }
        // Nor the object itself, returned for chaining beside its one optional completion
        // (Ballcap's `get(_ cachePolicy:completion:) -> Self`, which fetches and calls back);
        // not a listener's (Ballcap's `listen(includeMetadataChanges:completion:) -> Self`, whose
        // every snapshot no returned token could stop).
        let chainsBesideCompletion = returned.description == "Self" && closures.count == 1 && namesCompletion(closures[0])
            && function.parameters.count > 1 && !Self.namesObserver(function.name.name)
            && !ClosureRoleNames.namesStreaming(function.name.name)
        return (returned.description == "Self" && !chainsBesideCompletion) || spelled.contains("<")
            || (closures.count >= 2 && !isOutcomePair && !isCompletionWithProgress && !subscribes)
    }

    /// Why a method's closures are kept by what it returns rather than called back: it returns
    /// a closure (Moya's `createStubFunction(…) -> (() -> Void)`, Realm's
    /// `ObjectiveCSupport.convert(object:)`: it wraps what it is given), a configuration (Realm's
    /// `flexibleSyncConfiguration(…, initialSubscriptions:) -> Realm.Configuration`: its
    /// closures run when it is used), or a Combine publisher (Realm's `changeEvents(onOpen:)
    /// -> AsyncThrowingPublisher<…>`, a publisher's `onOpen(_:) -> Self`: they run when it is
    /// subscribed). nil otherwise.
    func returnedValueKeepsClosures(_ function: FunctionDecl) -> String? {
        // A method of a builder itself (Split's `CertificatePinningConfig.Builder.failureHandler(_:)`):
        // what it is handed runs when what it builds is used. Not the one that sends what it
        // built (api.video's `RequestBuilder.execute(_:_ completion:) -> RequestTask`).
        let own = TokenMethods.bareName(type)
        if !function.modifiers.contains(where: { $0.name == "static" }), own.hasSuffix("Builder"),
            !["execute", "perform", "send", "start", "run"].contains(function.name.name)
        {
            return "a method of a \(own), whose closures run when what it builds is used"
        }
        guard let returned = function.returnType?.strippingAttributes.unwrappingOptional.strippingAttributes, !returned.isVoid else {
            return nil
        }
        if case .function = returned.kind { return "returns a closure: it wraps what it is given, and calls nothing back" }
        // A conversion (Sheeeeeeeeet's `Menu.toActionSheet(…, action:) -> ActionSheet`,
        // `toAlertController(action:) -> Result<UIAlertController, …>`): what it makes keeps the
        // closure and runs it when it is used.
        let words = ClosureRoleNames.camelWords(function.name.name)
        if words.count > 1, words[0] == "to" {
            return "a conversion: the \(TokenMethods.bareName(returned.description)) it returns keeps the closure and runs it when it is used"
        }
        let spelled = returned.description == "Self" ? type : returned.description
        let bare = TokenMethods.bareName(spelled)
        // Not a type the module declares so (BlueSignals' `SignalWatch.on(signal:perform:) ->
        // SignalWatchHandler`, a struct: the handle that removes the watch).
        if ["Block", "Handler", "Callback", "Closure"].contains(where: bare.hasSuffix), !bare.hasSuffix("Token"), !declaredTypes.contains(bare) {
            return "returns a closure: it wraps what it is given, and calls nothing back"
        }
        // Also a popup's parameters, returned for chaining (PopupView's `BasePopupParameters.
        // dismissCallback(_:) -> Self`, set inside `.popup(…) { $0.dismissCallback { … } }`).
        if ["Configuration", "Config", "Options", "Settings", "Builder", "Parameters"].contains(where: bare.hasSuffix) {
            return "returns a \(bare), whose closures run when it is used"
        }
        if spelled.contains("Publisher") {
            return "returns a publisher, whose closures run when it is subscribed to"
        }
        // A screen made for the caller to present (WordPressAuthenticator's `loginUI(…,
        // onLoginButtonTapped:) -> UIViewController?`): its closures run while it is shown. Not a
        // method that presents it itself (URLNavigator's `present(_:…, completion:) -> UIViewController?`).
        if ["ViewController", "NavigationController"].contains(where: bare.hasSuffix),
            !["present", "push", "show", "open", "display", "dismiss", "pop"].contains(where: function.name.name.hasPrefix)
        {
            return "returns a \(bare) for the caller to present, whose closures run while it is shown"
        }
        // A step of a future's chain (FutureKit's `FutureProtocol.onFail(_:block:) -> Future<T>`,
        // `onCancel`, a promise's `finally(_:) -> Promise<T>`): its closure runs when this future
        // completes one way, and the future it returns carries on; awaiting it would hang on the
        // other outcomes. Only a closure of nothing (`always`, `finally`) or of the error alone
        // (`catch`, `onFail`): one handed a value (`done`, `then(onFulfilled:onRejected:)`, a
        // progress) or the whole `Result` (NIO's `always(_:)`) reports the outcome.
        // Or a method named for one outcome (FutureKit's `onFailorCancel(_:block:)`,
        // `FutureBatchOf.onFirstFail(_:block:)`), whatever its closure is handed.
        let namesOneOutcome = ClosureRoleNames.camelWords(function.name.name).contains { word in
            ["fail", "failure", "error", "cancel", "catch", "failor"].contains(word)
        }
        let runsOnOneOutcome = namesOneOutcome || function.parameters.filter(isClosure).allSatisfy { parameter in
            guard let closure = closureType(of: parameter) else { return false }
            guard closure.parameters.count == 1 else { return closure.parameters.isEmpty }
            let spelled = closure.parameters[0].type.strippingAttributes.unwrappingOptional.strippingAttributes.description
            let name = TokenMethods.bareName(spelled.replacingOccurrences(of: "any ", with: ""))
            return name.hasSuffix("Error") || errorTypes.contains(name)
        }
        if Self.namesFuture(TokenMethods.bareName(type)), Self.namesFuture(bare), runsOnOneOutcome {
            return "a step of a future's chain: it runs when this future completes, and the future it returns carries on; await the future's own outcome"
        }
        // A SwiftUI view modifier (KeyboardShortcuts' `View.onGlobalKeyboardShortcut(_:perform:)
        // -> some View`, Defaults' `Toggle.onChange(_:) -> Self`): it runs while the view is shown.
        // Or one that returns the view's own type (SDWebImageSwiftUI's `WebImage.onSuccess(perform:)
        // -> WebImage`).
        if spelled == "some View" || (isView && (returned.description == "Self" || bare == TokenMethods.bareName(type))) {
            return "a SwiftUI view modifier: its closure runs while the view is shown"
        }
        // A value's modifier (MapboxMaps' `PointAnnotation.onTapGesture(handler:) -> Self`): the
        // closure goes into the copy it returns, and nothing of the value called on calls it; an
        // adapter that drops the copy would wait for nothing.
        if isValueType, !function.modifiers.contains(where: { $0.name == "static" || $0.name == "mutating" }), bare == own {
            return "a modifier of a value: its closure goes into the copy it returns, which runs it when it is used"
        }
        return nil
    }

    static func namesFuture(_ type: String) -> Bool {
        ["Future", "Promise"].contains { type.hasPrefix($0) || type.hasSuffix($0) || type.hasSuffix($0 + "Protocol") || type.hasSuffix($0 + "Type") }
    }

    /// A static method that makes a value of its own type from a closure
    /// (`SignalProducer.unserialized(_ startHandler:) -> SignalProducer<Value, Error>`): the
    /// value keeps the closure, as an initializer would; nothing of this call calls back.
    /// Not one whose closure is named a completion (SwiftSpinner's `show(duration:title:animated:
    /// completion:) -> SwiftSpinner`): the object it returns calls it back when its work is done.
    func isFactory(_ function: FunctionDecl) -> Bool {
        guard function.modifiers.contains(where: { $0.name == "static" || $0.name == "class" }),
            let returned = function.returnType?.description
        else { return false }
        // Named so in so many words: not a `block` or a `handler` (SwiftyTimer's `new(every:_
        // block:) -> Timer`, the timer's job).
        let closures = function.parameters.filter(isClosure)
        if closures.count == 1, [closures[0].name.name, closures[0].label?.name ?? ""].contains(where: { $0.lowercased().contains("completion") }) {
            return false
        }
        let bare = String((type.split(separator: ".").last ?? Substring(type)).prefix { $0 != "<" })
        return returned == "Self" || returned == bare || returned.hasPrefix(bare + "<")
    }

    /// A stream's closure handed only the token the method returns: each event is `Void`, the
    /// token the one the stream keeps and stops; said, for a caller who reads its state.
    func handleLeftOut(of handed: Parameter, returned: TypeSyntax) -> (annotation: String, why: String)? {
        guard closureType(of: handed)?.parameters.count == 1 else { return nil }
        return ("", "as written, each event is Void: the \(returned) '\(handed.label?.name ?? handed.name.name)' gets is the one the stream keeps and stops; "
            + "if you need its state on each call, bridge a method of yours that hands it on")
    }
}
