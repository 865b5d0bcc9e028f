import DeclParser
import Generator

/// The SDK's own async forms of a callback method: one to call instead of an adapter, or, under
/// another name, a question for the reviewer (decision 79).
extension StarterBlock {
    /// An `async` method of the type that is the method's own async form: the same base name
    /// and some of its labels, in any order (`clearCache() async` of `clearCache(completion:)`,
    /// OctoKit's `pullRequests(…page:perPage:direction:) async` of the same with `direction:`
    /// earlier and `completion:`), or all of them and more with defaults (FirebaseAuth's
    /// `sendPasswordReset(withEmail:actionCodeSettings: = nil) async` of
    /// `sendPasswordReset(withEmail:completion:)`).
    func asyncTwin(of function: FunctionDecl, among candidates: [FunctionDecl]? = nil) -> String? {
        let labels = Self.labels(of: function)
        let plain = Self.labels(of: function, closures: false)
        return (candidates ?? asyncMethods).first { twin in
            // Or named with `Async` after it (FirebaseStorage's `putDataAsync(_:metadata:onProgress:)`
            // of `putData(_:metadata:completion:)`).
            if Self.isTypedForm(function, of: twin) || isNamedForItsValue(function, twin) { return true }
            // An Objective-C convenience of the same name and arguments, labelled for Objective-C
            // (RevenueCat's `@objc(showStoreMessagesForTypes:completion:) showStoreMessages(forTypes:
            // NSSet, completion:)` beside Swift's `showStoreMessages(for: Set<StoreMessageType>)
            // async`): the async form is the Swift one. Not one that takes other arguments
            // (`recordPurchase(productID:completion:)` beside `recordPurchase(_ purchaseResult:)`).
            let arguments = function.parameters.filter { !isClosure($0) }
            if twin.name.name == function.name.name, function.attributes.contains(where: { $0.name.name == "objc" && $0.text.contains("(") }),
                arguments.count == twin.parameters.count,
                zip(arguments, twin.parameters).allSatisfy({ own, twins in
                    ClosureRoleNames.camelWords(own.label?.name ?? "_").first == ClosureRoleNames.camelWords(twins.label?.name ?? "_").first
                })
            {
                return true
            }
            // URLSession's pairs (`dataTask(with:completionHandler:)` and `data(for:delegate:)`,
            // `uploadTask(with:fromData:…)` and `upload(for:from:delegate:)`), mirrored by SDKs
            // that wrap it (RequestKit's `RequestKitURLSession`): the same request. Also under a
            // prefix of the SDK's (BlueTriangle's `btDataTask(with:completionHandler:)` and
            // `btData(for:delegate:) async`).
            if ["dataTask", "uploadTask", "downloadTask"].contains(function.name.name)
                || ["DataTask", "UploadTask", "DownloadTask"].contains(where: function.name.name.hasSuffix),
                twin.name.name == String(function.name.name.dropLast(4)),
                twin.parameters.first?.type.strippingAttributes.description == function.parameters.first?.type.strippingAttributes.description
            {
                return true
            }
            // Or `Async` in the callback method's name, and not in its async form's (smoke-http's
            // `executeAsyncWithOutput(…, completion:)` of `executeWithOutput(…) async throws`).
            let words = ClosureRoleNames.camelWords(function.name.name)
            let withoutAsync = words.count > 1 && words.contains("async") ? function.name.name.replacingOccurrences(of: "Async", with: "") : nil
            guard [function.name.name, function.name.name + "Async", withoutAsync].contains(twin.name.name),
                Self.sharedLabelsHaveTheSameTypes(function, twin)
            else { return false }
            let twinLabels = Self.labels(of: twin)
            // What the twin leaves out is the callback and where it runs, no more: Flagsmith's
            // `getFeatureFlags(forIdentity:) async` is no form of `getFeatureFlags(forIdentity:
            // traits:transient:completion:)`, whose traits it cannot pass.
            // Nor a closure that answers the library (Martin's `errorDecoder: (Stanza?) -> Error`,
            // beside `retractItem(at:from:itemId:) async`): an argument the twin cannot pass.
            let left = function.parameters.filter { parameter in
                (!isClosure(parameter) || closureType(of: parameter).map { !$0.result.isVoid } == true)
                    && !Self.endsLikeCallback(parameter.type.strippingAttributes.unwrappingOptional.description)
                    && !twinLabels.contains(Self.label(of: parameter)) && !Self.saysWhereItRuns(parameter)
                    && !["_isolation", "isolation"].contains(parameter.label?.name ?? parameter.name.name)
            }
            if twinLabels.count < labels.count, Self.isSubmultiset(twinLabels, of: labels), left.isEmpty { return true }
            // More labels than the call's, each of them defaulted; a closure they share, too
            // (smoke-http's `retryOnError:`), and not where the callback runs.
            let required = Self.labels(of: twin, defaulted: false)
            let running = Set(function.parameters.filter(Self.saysWhereItRuns).map(Self.label(of:)))
            let asked = plain.filter { !running.contains($0) }
            return Self.isSubmultiset(asked, of: twinLabels) && Self.isSubmultiset(required, of: labels) && !twin.parameters.isEmpty
                && twinLabels.count > asked.count
        }?.fullName
    }

    /// What serves a wrapper that hands its closure to another method of its type.
    enum ForwardedTwin {
        /// The SDK's own async form of that method: the one to call.
        case ownAsyncForm(callee: String, twin: String)
        /// That method, bridged itself: its adapter may be enough.
        case adapter(callee: String, adapter: String)
    }

    /// A method of an extension of another module's type that only renames one of that type's
    /// own methods, handing it its closure with the same arguments (OmiseSDK's
    /// `PKPaymentAuthorizationController.presentSheet(completion:)`: `self.present(completion:
    /// completion)`, PassKit's, whose async form the importer makes, SE-0297): that method is the
    /// one to call. Not a method that hands its closure on with other arguments (AlamofireImage's
    /// `DataRequest.responseImage(…completionHandler:)`, around Alamofire's `response(queue:
    /// responseSerializer:completionHandler:)`): its work is its own.
    func forwardedToOtherModule(_ function: FunctionDecl) -> String? {
        // Not a type of the module under another name (RealmSwift's `typealias Object =
        // RealmSwiftObject`, whose internal `_observe` its `observe` calls), nor a method the
        // module declares in the type.
        let bare = Self.bareTypeName(type)
        guard !declaredTypes.contains(bare), !aliasNames.contains(bare) else { return nil }
        let labels = Self.labels(of: function)
        return (handOvers[function.fullName] ?? []).sorted().first { callee in
            let calleeLabels = callee.drop { $0 != "(" }.dropFirst().dropLast().split(separator: ":").map { $0.lowercased() }
            // Nor an initializer of a type the module declares (AlertsPickers'
            // `addTelegramPicker(selection:)`, which makes `TelegramPickerViewController(selection:)`).
            let name = String(callee.prefix { $0 != "(" })
            return calleeLabels == labels && !functionNames.contains(name) && !declaredTypes.contains(name)
        }
    }

    /// The SDK's own async form of what `function` wraps: an async method named as a method of
    /// the type it hands its closure to, directly or through another such wrapper, that takes
    /// the same arguments (RouteComposer's `commitNavigation(to:with:animated:completion:)` →
    /// `navigate(to:with:animated:completion:)`, and the SDK's `navigate(to:with:animated:)
    /// async throws`; `commitNavigation(to:animated:completion:)` → `commitNavigation(to:with:…)`
    /// → `navigate`, and `navigate(to:animated:) async throws`). Not an overload of other
    /// argument types (the `Destination` overload of `navigate(to:animated:completion:)`).
    func forwardedAsyncTwin(of function: FunctionDecl) -> ForwardedTwin? {
        var seen: Set<String> = [function.fullName]
        var pending = (handOvers[function.fullName] ?? []).sorted(by: >)
        var callees: [String] = []
        while let callee = pending.popLast(), seen.count < 8 {
            guard seen.insert(callee).inserted else { continue }
            callees.append(callee)
            pending += (handOvers[callee] ?? []).sorted(by: >)
        }
        let arguments = Self.labels(of: function, closures: false)
        for callee in callees {
            let name = String(callee.prefix { $0 != "(" })
            if let twin = asyncMethods.first(where: { twin in
                twin.name.name == name && Self.labels(of: twin) == arguments && Self.sharedLabelsHaveTheSameTypes(function, twin)
            }) {
                return .ownAsyncForm(callee: callee, twin: twin.fullName)
            }
        }
        // Or a callback method of the type that takes the same arguments and is bridged itself
        // (the `Destination` overload of `commitNavigation(to:animated:completion:)`, around
        // `navigate(to:animated:completion:)` of the same `Destination`): its adapter, maybe (a
        // question: RouteComposer's oracle wants `commit(with:completion:)`, around `execute`).
        for callee in callees where callee != function.fullName {
            if let wrapped = typeFunctions.first(where: { wrapped in
                wrapped.fullName == callee && !wrapped.isAsync && Self.labels(of: wrapped) == Self.labels(of: function)
                    && Self.sharedLabelsHaveTheSameTypes(function, wrapped) && asyncTwin(of: wrapped) == nil
            }) {
                return .adapter(callee: callee, adapter: wrapped.name.name + "(" + arguments.map { $0 + ":" }.joined() + ")")
            }
        }
        return nil
    }

    /// A subclass's async form (Unleash's `UnleashClient.start(bootstrap:printToConsole:) async`
    /// of `UnleashClientBase.start(bootstrap:_:completionHandler:)`): the one to call on objects
    /// of the subclass, a question for the reviewer, since the type's own objects lack it.
    func subclassTwinNote(of function: FunctionDecl) -> (annotation: String, why: String)? {
        for (subclass, methods) in subclassAsyncMethods {
            guard let twin = asyncTwin(of: function, among: methods) ?? renamedAsyncTwin(of: function, among: methods) else { continue }
            return ("", "the subclass \(subclass) has '\(twin)' async: if your objects are \(subclass)s, call that and mark '\(function.name.name)' '@context'")
        }
        return nil
    }

    /// An `async` method that may be the method's async form under another name: a question for
    /// the reviewer, not a reason to leave it out (RevenueCat's `customerInfo() async` is
    /// `getCustomerInfo(completion:)`'s, and apps still want that bridged as they wrote it).
    /// - with exactly the labels of the method's parameters that are not closures, named as the
    ///   method without a leading `get` (as the Clang importer names an Objective-C method's
    ///   async form, SE-0297), `list`, `fetch` or `load`: OctoKit's
    ///   `reviews(owner:repository:pullRequestNumber:) async` beside `listReviews(…completion:)`;
    /// - named with its first label written into the method's name, Objective-C's way
    ///   (FirebaseAuth's `getIDTokenForcingRefresh(_:completion:)` and `getIDToken(forcingRefresh:)
    ///   async`, `getCredentialWith(_:completion:)` and `credential(with:) async`);
    /// - of the same name, with fewer of its arguments (Flagsmith's `getIdentity(_:) async`);
    /// - or one that takes the same types and returns the callback's value (APIKit's
    ///   `send(_:callbackQueue:handler:)` and `response(for:callbackQueue:) async throws`).
    func renamedAsyncTwin(of function: FunctionDecl, among candidates: [FunctionDecl]? = nil) -> String? {
        let name = function.name.name
        let plain = Self.labels(of: function, closures: false)
        let stems = [name] + ["get", "list", "fetch", "load"].compactMap { verb -> String? in
            let rest = name.dropFirst(verb.count)
            guard name.hasPrefix(verb), let first = rest.first, first.isUppercase else { return nil }
            return first.lowercased() + rest.dropFirst()
        }
        let plainTypes = function.parameters.filter { !$0.type.description.contains("->") }.map { $0.type.strippingAttributes.description }
        let values = function.parameters.filter { $0.type.description.contains("->") }.compactMap { closureType(of: $0) }
            .flatMap(\.parameters).map { $0.type.strippingAttributes.description }
        // A closure that answers the library (Martin's `errorDecoder:`): no form without it is this
        // call's.
        let answering = function.parameters.filter { isClosure($0) && closureType(of: $0).map { !$0.result.isVoid } == true }.map(Self.label(of:))
        return (candidates ?? asyncMethods).first { twin in
            let twinName = twin.name.name
            let twinLabels = Self.labels(of: twin)
            if answering.contains(where: { !twinLabels.contains($0) }) { return false }
            if twinName != name, stems.contains(twinName), twinLabels.sorted() == plain.sorted() { return true }
            // The same name with fewer of the call's arguments (Flagsmith's `getIdentity(_:) async`
            // beside `getIdentity(_:transient:completion:)`): its form for callers who never pass
            // the others.
            // Unlabelled there and labelled here by the same name (Unleash's `start(bootstrap:_
            // printToConsole:completionHandler:)` and `start(bootstrap:printToConsole:) async`): the
            // same argument.
            let named = function.parameters.filter { !$0.type.description.contains("->") }.map {
                ($0.label?.name == "_" ? $0.name.name : ($0.label?.name ?? $0.name.name)).lowercased()
            }
            if twinName == name, Self.sharedLabelsHaveTheSameTypes(function, twin),
                Self.isSubmultiset(twinLabels, of: plain) || Self.isSubmultiset(twinLabels, of: named)
            {
                return true
            }
            // `getIDTokenForcingRefresh(_:)` → `getIDToken(forcingRefresh:)`, `getSessionWithCompletion`
            // → `session()`: the stem, then the first label capitalized (or a trailing `WithCompletion`).
            for stem in stems where stem != twinName && stem.hasPrefix(twinName) {
                let rest = String(stem.dropFirst(twinName.count))
                if rest == "WithCompletion", twinLabels == plain { return true }
                if let first = twinLabels.first, first != "_", plain.first == "_",
                    rest.lowercased() == first, Array(twinLabels.dropFirst()) == Array(plain.dropFirst())
                {
                    return true
                }
            }
            // The same types, in order, and the callback's value returned.
            let twinTypes = twin.parameters.map { $0.type.strippingAttributes.description }
            guard twinName != name, !twinTypes.isEmpty, twinTypes == plainTypes, let returned = twin.returnType?.strippingAttributes.description,
                !returned.isEmpty, returned != "Void"
            else { return false }
            return values.contains { $0 == returned || $0.contains("<" + returned + ",") || $0 == returned + "?" }
        }?.fullName
    }

    /// A parameter that says where or how the callback runs, which an async form needs not:
    /// a queue, or smoke-http's `asyncResponseInvocationStrategy:`.
    static func saysWhereItRuns(_ parameter: Parameter) -> Bool {
        parameter.type.description.contains("Queue") || parameter.name.name.lowercased().contains("queue")
            || parameter.type.description.contains("InvocationStrategy")
    }

    /// A declaration's argument labels (`_` for none), without `_isolation: isolated (any
    /// Actor)? = #isolation` (Realm's `find(filter:options:_isolation:) async`), which is the
    /// caller's actor passed implicitly; without closures' when `closures` is false, and
    /// without defaulted parameters' when `defaulted` is false. Lowercased: a twin may spell a
    /// label's case otherwise (BoxSDK's `copy(folderId:destinationFolderID:…completion:)` and
    /// `copy(folderId:destinationFolderId:…) async`).
    static func labels(of function: FunctionDecl, closures: Bool = true, defaulted: Bool = true) -> [String] {
        function.parameters.filter { parameter in
            !["_isolation", "isolation"].contains(parameter.label?.name ?? parameter.name.name)
                && (closures || !parameter.type.description.contains("->"))
                && (defaulted || parameter.defaultValue == nil)
        }.map { label(of: $0) }
    }

    static func label(of parameter: Parameter) -> String { (parameter.label?.name ?? "_").lowercased() }

    /// Whether the parameters of the same label take the same type: ApphudSDK's
    /// `purchase(_ productId: String, callback:)` is no form of `purchase(_ product:
    /// ApphudProduct, prefersCommitmentPlan:isPurchasing:) async`.
    static func sharedLabelsHaveTheSameTypes(_ function: FunctionDecl, _ twin: FunctionDecl) -> Bool {
        var remaining = twin.parameters
        for parameter in function.parameters where !parameter.type.description.contains("->") {
            let label = label(of: parameter)
            guard let index = remaining.firstIndex(where: { Self.label(of: $0) == label }) else { continue }
            let other = remaining.remove(at: index)
            // Optional or not, and with or without `any`: the same parameter (FirebaseAuth's
            // `updateCurrentUser(_ user: User?, completion:)` and `updateCurrentUser(_ user: User) async`).
            func spelled(_ type: TypeSyntax) -> String {
                type.strippingAttributes.unwrappingOptional.description.replacingOccurrences(of: "any ", with: "")
            }
            if spelled(other.type) != spelled(parameter.type) { return false }
        }
        return true
    }

    /// A form of a generic async method for one type, for Objective-C, which has no generics
    /// (ConfigCat's `getStringValue(for:defaultValue:user:completion:)` of `getValue<Value>(for:
    /// defaultValue:user:) async -> Value`): the twin's name with the type's name as a word in it,
    /// the same labels, and that type where the twin takes its generic parameter.
    static func isTypedForm(_ function: FunctionDecl, of twin: FunctionDecl) -> Bool {
        let generics = Set(twin.genericParameters.map(\.name.name))
        let words = ClosureRoleNames.camelWords(function.name.name)
        guard !generics.isEmpty, Self.labels(of: function, closures: false) == Self.labels(of: twin), words.count > 1 else { return false }
        let plain = function.parameters.filter { !$0.type.description.contains("->") }
        for index in words.indices.dropFirst() {
            var rest = words
            let typeWord = rest.remove(at: index)
            guard rest == ClosureRoleNames.camelWords(twin.name.name) else { continue }
            let typed = zip(plain, twin.parameters).contains { mine, theirs in
                generics.contains(theirs.type.strippingAttributes.description) && mine.type.strippingAttributes.description.lowercased() == typeWord
            }
            if typed { return true }
        }
        return false
    }

    /// The async form named with one more word, for the value it returns (ApphudSDK's
    /// `fetchSKProducts(maxAttempts:) async -> [SKProduct]` of `fetchProducts(maxAttempts:_:
    /// ([SKProduct], Error?) -> Void)`, beside `fetchProducts() async -> [Product]`): the same
    /// labels and types, and the callback's value returned.
    func isNamedForItsValue(_ function: FunctionDecl, _ twin: FunctionDecl) -> Bool {
        let name = function.name.name
        let twinName = twin.name.name
        guard twinName.count > name.count, Self.labels(of: twin) == Self.labels(of: function, closures: false),
            Self.sharedLabelsHaveTheSameTypes(function, twin), let returned = twin.returnType?.strippingAttributes.description
        else { return false }
        // `fetch` + `SK` + `Products`: words put in where a word of the name begins.
        let head = zip(name, twinName).prefix { $0 == $1 }.count
        let tail = String(name.dropFirst(head))
        guard twinName.hasSuffix(tail), head + tail.count == name.count, tail.first?.isUppercase ?? true,
            twinName.dropFirst(head).first?.isUppercase == true
        else { return false }
        let values = function.parameters.filter(isClosure).compactMap { closureType(of: $0) }.flatMap(\.parameters)
            .map { $0.type.strippingAttributes.description }
        return values.contains { $0 == returned || $0 == returned + "?" }
    }

    static func isSubmultiset(_ part: [String], of whole: [String]) -> Bool {
        var rest = whole
        for label in part {
            guard let index = rest.firstIndex(of: label) else { return false }
            rest.remove(at: index)
        }
        return true
    }

    /// The SDK's own async sequence of a registration named `on<Event>`: `<event>` or
    /// `<event>Stream`, with the method's labels that are not closures (supabase's
    /// `statusChange` beside `onStatusChange(_:)`, `broadcastStream(event:)` beside
    /// `onBroadcast(event:callback:)`).
    func streamTwin(of function: FunctionDecl) -> String? {
        let name = function.name.name
        // `onX` or `addXHandler`/`addXListener`/`addXObserver` (mongo-swift-driver's
        // `addCommandEventHandler(_:)` beside `commandEventStream()`): the stream of X.
        var rest = Substring(name)
        if rest.hasPrefix("on") {
            rest = rest.dropFirst(2)
        } else if rest.hasPrefix("add"), let suffix = ["Handler", "Listener", "Observer"].first(where: rest.hasSuffix) {
            rest = rest.dropFirst(3).dropLast(suffix.count)
        } else {
            return nil
        }
        guard let first = rest.first, first.isUppercase else { return nil }
        // `SDAMEvent` → `sdamEvent` (mongo-swift-driver's `sdamEventStream()`).
        let stem = Naming.lowercasingFirstWord(String(rest))
        let labels = function.parameters.filter { !$0.type.description.contains("->") }.map { $0.label?.name ?? "_" }
        return streamForms.first { form in
            [stem, stem + "Stream"].contains(form.name) && form.labels.sorted() == labels.sorted()
        }.map { $0.name + ($0.labels.isEmpty ? "" : "(" + $0.labels.map { $0 + ":" }.joined() + ")") }
    }
}

/// A deprecated callback method, or one its documentation retires, and what replaces it
/// (decision 110).
extension StarterBlock {
    /// The words of a documentation comment that retire its declaration, if any.
    static func retiringWords(in documentation: [String]) -> String? {
        let text = documentation.joined(separator: " ").lowercased()
        // Of the declaration, not of something it handles (Algolia's `getLogs`: "All logs older
        // than 7 days will be removed").
        return ["will be removed in v", "will be removed in a future", "will be removed in the next", "will be removed in version",
                "this method is deprecated", "is deprecated and", "deprecated:", "old interface"].first { text.contains($0) }
    }

    static func isDeprecated(_ function: FunctionDecl) -> Bool {
        function.attributes.contains { $0.name.name == "available" && $0.text.contains("deprecated") }
    }

    /// Why the method is left for another, or nil when it is bridged:
    /// - deprecated and `renamed:` (the new name is bridged), or beside a method of the same
    ///   name that is not deprecated (StreamChat's `pin(messageId:pinning:completion:)`, "the
    ///   pinning parameter has no effect", beside `pin(messageId:completion:)`; ReactiveKit's
    ///   `sink(receiveValue:)`, whose adapter would be the other's);
    /// - deprecated for, or documented as kept only until, the SDK's own async form: its
    ///   message or a `Use X instead` in its documentation names one (Vapor's
    ///   `streamFile(…onCompleted:)`, "Migrate to asyncStreamFile"; Defaults' `observe`,
    ///   "Use ``Defaults/updates(_:initial:)`` instead").
    /// A deprecated method whose replacement is another callback API (Statsig's `start` for
    /// `initialize`) is bridged: an app still calls it, and its adapter says it is deprecated.
    func replacement(of function: FunctionDecl, documentation: [String]) -> String? {
        let deprecation = function.attributes.first { $0.name.name == "available" && $0.text.contains("deprecated") }
        // Retired in words beside a method of the same name (MiniApp's `getAccessToken(miniAppId:
        // completionHandler:)`, "Old interface … Will be removed in v4.0+", beside the one with
        // `scopes:`): the other is the one to bridge.
        if deprecation == nil, let said = Self.retiringWords(in: documentation),
            typeFunctions.contains(where: { $0.name.name == function.name.name && $0.fullName != function.fullName && !Self.isDeprecated($0) })
        {
            return "its documentation says '\(said)': the other '\(function.name.name)' replaces it"
        }
        if let deprecation {
            if deprecation.text.contains("renamed") { return "deprecated: its replacement is bridged" }
            if currentMethodNames.contains(function.name.name) {
                return "deprecated beside another '\(function.name.name)', which replaces it"
            }
        }
        let asyncNames = Set(asyncMethods.map(\.name.name) + streamForms.map(\.name))
        let said = (deprecation.map { [$0.text] } ?? []) + documentation.filter { $0.contains("instead") }
        for text in said {
            let words = text.split { !$0.isLetter && !$0.isNumber && $0 != "_" }.map(String.init)
            // Not an overload of its own name (SQLiteNIO's "use ``query(_:_:_:)`` instead", the
            // per-row `query` beside the array-returning one): which of them is meant is unsaid.
            if let form = words.first(where: { asyncNames.contains($0) && $0 != function.name.name }) {
                return "\(deprecation == nil ? "its documentation retires it" : "deprecated") for the SDK's async form '\(form)'"
            }
            // Or to `for await` over the object (LiveKit's "Use for/await on ByteStreamReader reader instead.").
            if deprecation != nil, words.contains(where: { $0.hasPrefix("async") || $0.hasSuffix("Async") || $0 == "await" }) {
                return "deprecated for the SDK's async form"
            }
        }
        return nil
    }
}
