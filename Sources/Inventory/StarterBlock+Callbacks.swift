import DeclParser
import Generator

/// Which of a type's members are callback APIs: by the shape of their closures (CallbackShape),
/// their names where the type is another module's, and what they return.
extension StarterBlock {
    /// A closure parameter: a function type (optional too), or one of the SDK's closure aliases.
    func isClosure(_ parameter: Parameter) -> Bool {
        let type = parameter.type.unwrappingOptional
        if case .function = type.kind { return true }
        if case .named(let components) = type.kind, let last = components.last, closureAliases[last.name.name] != nil { return true }
        return parameter.type.description.contains("->")
    }

    /// `logHandler`, `logger`, `onLog`: a logging hook, configuration rather than events.
    static func namesLogging(_ name: String) -> Bool { CallbackShape.namesLogging(name) }

    /// A closure named for what it builds or configures (`multipartFormData:`, `configure:`,
    /// `requestModifier:`): the SDK hands it an object to fill in before the work, not a result
    /// after it.
    static func namesConfiguration(_ parameter: Parameter) -> Bool {
        // Or typed so (alerts-and-pickers' `addTwoTextFields(…textFieldOne: TextField.Config?, …)`,
        // `typealias Config = (TextField) -> Swift.Void`: the caller's code that sets up the field).
        let type = parameter.type.strippingAttributes.unwrappingOptional.strippingAttributes
        if case .named(let components) = type.kind, let last = components.last?.name.name,
            ["Config", "Configuration", "Configurator"].contains(where: last.hasSuffix)
        {
            return true
        }
        return [parameter.name.name, parameter.label?.name ?? ""].contains { name in
            let lowered = name.lowercased()
            // And one named for configuring what it is handed (Bond's `configureCell:`).
            // Or one that binds a value to a target (VueFlux's `bind(to:on:binding:)`, RxSwift's
            // `Binder(_:binding:)`): a setter the SDK runs for each value.
            return ["formdata", "builder", "configuration", "configure", "setup", "modifier", "binding"].contains { lowered.hasSuffix($0) }
                || (lowered.hasPrefix("configure") && name.dropFirst(9).first?.isUppercase == true)
        }
    }

    /// `onText(_ callback:)`, `onHTTPResponse(on: queue, perform:)`: named `on` and an event, with
    /// one callback and nothing else to wait for, so each call of the callback is an event, not
    /// the outcome of a call.
    static func registersEventHandler(_ function: FunctionDecl, callbacks: Int, owner: String = "") -> Bool {
        let name = ClosureRoleNames.eventName(function.name.name)
        // `on(_ event: String, callback:)` (socket.io, Node's emitters): the event is an argument;
        // or the receiver (EmitterKit's `Event<T>.on(_ handler:) -> EventListener<T>`), not a
        // future's or a promise's outcome.
        let namedOn = name == "on"
            && (function.parameters.count > 1 || !(ClosureRoleNames.isFuture(owner) || ["Promise", "Future", "Guarantee"].contains(where: owner.contains)))
        guard namedOn || (name.count > 2 && name.hasPrefix("on") && name.dropFirst(2).first?.isUppercase == true), callbacks == 1
        else { return false }
        // Not a one-time outcome (`onComplete(completion:)`, a future's `onSuccess`/`onFailure`).
        let names = (function.parameters.map { $0.name.name + " " + ($0.label?.name ?? "") } + [name]).joined(separator: " ").lowercased()
        return !["complet", "finish", "done", "reply", "result", "success", "fail"].contains { names.contains($0) }
    }

    /// `set…Handler`, `set…Callback`, `set…Listener`, `set…Observer`, named for an event
    /// (`setWaveformUpdateHandler`), not for an outcome (`setCompletionHandler`).
    static func setsHandler(_ name: String) -> Bool {
        let words = ClosureRoleNames.camelWords(name)
        guard words.count >= 2, words.first == "set", let last = words.last,
            ["handler", "callback", "listener", "observer", "receiver", "processor"].contains(last)
        else { return false }
        return !words.contains { word in ["completion", "complete", "finish", "done", "result", "success", "failure", "response"].contains(word) }
    }

    /// A handler setter that returns nothing, or the handler it replaces (Perfect-PostgreSQL's
    /// `setReceiver(_:) -> PQnoticeReceiver?`, libpq's previous notice receiver).
    static func returnsNothingOrThePrevious(_ function: FunctionDecl) -> Bool {
        guard let returned = function.returnType, !returned.isVoid else { return true }
        let kind = ClosureRoleNames.camelWords(function.name.name).last ?? ""
        return TokenMethods.bareName(returned.strippingAttributes.unwrappingOptional.description).lowercased().hasSuffix(kind)
    }

    /// A delegate method the library calls with itself first (SyncKit's
    /// `CoreDataAdapterDelegate.coreDataAdapter(_ adapter: CoreDataAdapter,
    /// requestsContextSaveWithCompletion:)`, kept in `CoreDataAdapter.delegate`), or one of a
    /// delegate no public type of the module adopts (MiniApp's `MiniAppMessageDelegate`, kept in
    /// `RealMiniAppView.hostAppMessageDelegate`): the app implements it and calls the completion;
    /// no app code calls it, so an adapter would be unused.
    func delegateMethodCalledByHolder(_ function: FunctionDecl) -> String? {
        guard let heldBy, let holder = heldBy.split(separator: ".").first.map(String.init),
            requirementNames.contains(function.fullName), requirementsCalledOnValues.contains(function.name.name)
        else { return nil }
        let namedDelegate = type.hasSuffix("Delegate") || type.hasSuffix("DataSource")
        if namedDelegate, let first = function.parameters.first, first.label == nil,
            Self.withoutSomeOrAny(first.type.strippingAttributes.unwrappingOptional.description) == holder
        {
            return "a delegate method: the library keeps a \(type) in '\(heldBy)' and calls '\(function.name.name)' with itself first; your delegate implements it"
        }
        guard !isAdoptedPublicly else { return nil }
        // A protocol of another name may be the library's own seam, implemented inside it
        // (SignalR's `HttpClientProtocol`, Gigya's `BusinessApiServiceProtocol`) and called by
        // apps as well: only one that nothing in the module adopts is the app's to implement.
        guard namedDelegate || !isAdoptedInModule else { return nil }
        guard namedDelegate else {
            return "the library keeps a \(type) in '\(heldBy)' and calls '\(function.name.name)', and nothing in it adopts \(type): your code implements it and the library calls it"
        }
        return "a delegate method: the library keeps a \(type) in '\(heldBy)' and calls '\(function.name.name)', and none of its public types adopts \(type); your delegate implements it"
    }

    /// The note on a requirement the library calls on the app's object (Pusher's
    /// `Authorizer.fetchAuthValue(socketID:channelName:completionHandler:)`): the app implements
    /// it, and calls it only sometimes (composing Alamofire's interceptors).
    func heldNote(_ function: FunctionDecl) -> (annotation: String, why: String)? {
        if let heldBy, requirementNames.contains(function.fullName), requirementsCalledOnValues.contains(function.name.name) {
            return ("", "the library keeps a \(type) in '\(heldBy)' and calls '\(function.name.name)' itself: if your code only implements it, mark it '@context'")
        }
        // Called by the protocol's own extension (Kitura-Credentials' `generateNewProfile`).
        guard calledByOwnExtensions.contains(function.name.name) else { return nil }
        return ("", "an extension of \(type) calls '\(function.name.name)' itself: if your code only implements it, mark it '@context'")
    }

    /// The one per-item callback of an `async` method that returns nothing, of a `Sendable`
    /// type (the stream calls it from a task), with no synchronous overload of the same name
    /// (SQLKit's `execute(sql:_:) async throws` beside its future form is left to that form).
    func asyncPerItemCallback(_ function: FunctionDecl) -> Parameter? {
        guard function.isAsync, isSendable, function.returnType.map(\.isVoid) ?? true, !function.name.name.hasPrefix("_"),
            !synchronousMethods.contains(function.fullName)
        else { return nil }
        let aliases = closureAliases
        let callbacks = function.parameters.filter { Self.isCallback($0, aliases: aliases, method: function.name.name, owner: type, declared: declaredTypes, documentation: function.documentation) }
        guard callbacks.count == 1, let callback = callbacks.first,
            ClosureRoleNames.isPerItemBesideFuture(name: callback.name.name, label: callback.label?.name)
        else { return nil }
        return callback
    }

    /// An async method that takes its caller's isolation (RealmSwift's `observe(keyPaths:on:
    /// _isolation: isolated (any Actor)? = #isolation, _:) async -> NotificationToken`, whose
    /// objects belong to the caller's thread): it must be called where the app is, and a stream
    /// adapter calls it from a task of its own.
    static func registersInCallersIsolation(_ function: FunctionDecl) -> Bool {
        function.parameters.contains { $0.type.description.hasPrefix("isolated ") }
    }

    /// A closure parameter that returns nothing (directly, optional, or through one of the
    /// SDK's closure typealiases), or one named like a completion handler. A closure that returns
    /// a value is a transform or a synchronous body (`read { db in … }`), not a callback; an
    /// `async` method has nothing to bridge.
    func takesCallback(_ function: FunctionDecl) -> Bool {
        // `async` methods have nothing to bridge; `_underscored` ones are not meant for apps.
        if function.isAsync || function.name.name.hasPrefix("_") { return false }
        let closureAliases = self.closureAliases
        // A delegate method the type implements for another SDK, named after its first,
        // unlabelled parameter's type (`urlSession(_ session: URLSession, …, completionHandler:)`):
        // the other SDK calls it, the app does not.
        // Not when that type is one of the SDK's closure aliases (Phoenix's `onJoin(_ callback:
        // @escaping OnJoin)`): the handler of an event, named after it. Nor when the type is
        // specialized or a handle comes back (Vimeo's `request(_ request: Request<ModelType>, …,
        // completion:) -> RequestToken`): the app's call, on a request of its own.
        if let first = function.parameters.first, first.label == nil,
            case .named(let components) = first.type.strippingAttributes.kind, let type = components.last?.name.name,
            closureAliases[type] == nil, components.last?.genericArguments.isEmpty == true,
            ["Void", "()", "Bool"].contains(function.returnType?.strippingAttributes.description ?? "Void"),
            Naming.lowercasingFirstWord(type) == function.name.name
                // A framework's type without its prefix; not the module's own (Perfect-FileMaker's
                // `query(_ query: FMPQuery, completion:)` is its request).
                || (Naming.lowercasingFirstWord(Self.withoutFrameworkPrefix(type)) == function.name.name && !declaredTypes.contains(type))
                // or its last word, with a `did…`/`will…`/`should…` label after it
                // (`socket(_ sock: GCDAsyncSocket, didReceive:completionHandler:)`, CocoaAsyncSocket's);
                // not a requirement of the module's own protocols, named so (Alamofire's
                // `RedirectHandler.task(_:willBeRedirectedTo:for:completion:)`), nor its implementation.
                || (!isProtocol && requirementsServed[Scan.signature(of: function)] == nil
                    && function.name.name.count >= 4 && type.lowercased().hasSuffix(function.name.name.lowercased())
                    && function.parameters.dropFirst().contains { parameter in
                        ["did", "will", "should"].contains { verb in
                            parameter.label?.name.hasPrefix(verb) == true && parameter.label?.name.dropFirst(verb.count).first?.isUppercase == true
                        }
                    })
        {
            return false
        }
        return function.parameters.contains {
            Self.isCallback($0, aliases: closureAliases, method: function.name.name, returns: function.returnType?.description, owner: type, declared: declaredTypes, documentation: function.documentation)
        }
    }

    /// `WebView` for `WKWebView`, `TableView` for `UITableView`: an Apple framework's type
    /// without its prefix, as its delegate methods name it (`webView(_:decidePolicyFor:…)`).
    static func withoutFrameworkPrefix(_ type: String) -> String {
        // A framework's prefix is two or three letters (`UI`, `WK`, `CKM`): not `HTTP` of Azure's
        // `HTTPRequest`, whose `request(_:context:completionHandler:)` is the SDK's own call.
        let capitals = type.prefix { $0.isUppercase }
        guard (3...4).contains(capitals.count) else { return type }
        return String(type.dropFirst(capitals.count - 1))
    }

    /// `typealias SingleEvent<Element> = Result<Element, Swift.Error>`.
    static func aliasesResult(_ alias: SourceMember) -> Bool {
        guard case .typeAlias(let decl)? = alias.declaration, case .named(let components) = decl.type.strippingAttributes.kind,
            let last = components.last
        else { return false }
        return last.name.name == "Result" && last.genericArguments.count == 2
            && (components.count == 1 || (components.count == 2 && components[0].name.name == "Swift"))
    }

    /// The name of the `Result` the callback's closure gets as its one argument (`Result`, or one
    /// of the SDK's typealiases of it: `SingleEvent`), if it gets one.
    func resultType(of parameter: Parameter) -> String? {
        guard let closure = closureType(of: parameter), closure.parameters.count == 1 else { return nil }
        return resultName(closure.parameters[0].type)
    }

    /// `Result` for a `Result<T, E>`, the alias's name for one of the SDK's aliases of it; else nil.
    func resultName(_ type: TypeSyntax) -> String? {
        guard case .named(let components) = type.strippingAttributes.kind, let last = components.last else { return nil }
        let name = last.name.name
        return (name == "Result" && last.genericArguments.count == 2) || resultAliases.contains(name) ? name : nil
    }

    /// A closure named like a completion (`callback`, `completion`, `onCompletion`) that does not
    /// escape and returns nothing: the method calls it before it returns.
    /// Not a body the method runs (SQLite.swift's `transaction(_:block: () throws -> Void)`,
    /// which may throw to roll back; a `block` or `body`) nor one that fills in a builder it is
    /// handed (`Table.create(block: (TableBuilder) -> Void)`): work.
    static func isSynchronousCompletion(_ parameter: Parameter) -> Bool {
        guard !parameter.type.description.contains("@escaping"), case .function(let closure) = parameter.type.strippingAttributes.kind,
            closure.result.isVoid, closure.throwsClause == nil
        else { return false }
        let names = [parameter.name.name, parameter.label?.name].compactMap { $0?.lowercased() }
        if names.contains(where: { $0 == "block" || $0 == "body" }) { return false }
        if closure.parameters.contains(where: { $0.type.strippingAttributes.description.hasSuffix("Builder") }) { return false }
        // Handed the object itself, to set it up (Former's `configure(handler: (Self) -> Void)
        // -> Self`): the caller's code run on it, as a builder's.
        if closure.parameters.count == 1, closure.parameters[0].type.strippingAttributes.description == "Self" { return false }
        return Analyzer.looksLikeCompletion(parameter.name.name) || Analyzer.looksLikeCompletion(parameter.label?.name)
    }

    /// `nextRow`, `fetchNext`, `next(completion:)`: named for the next item of an iteration.
    static func namesNext(_ method: String) -> Bool {
        method.hasPrefix("next") || method.contains("Next")
    }

    /// `(T?, Error?)`, or the same as one tuple (`((T?, Error?))`): optional values (one or
    /// more: Kitura-redis's `scan` gets a cursor and a page) and an optional error. Beside
    /// values that are not optional too (FilesProvider's `readData(…completionHandler: (Data?,
    /// Bool, Error?))`, whose data is nil at the end of the stream).
    static func isValueAndError(_ closure: FunctionTypeSyntax) -> Bool {
        var types = closure.parameters.map(\.type)
        if types.count == 1, case .tuple(let inner) = types[0].strippingAttributes.kind { types = inner.map(\.type) }
        guard types.count >= 2, let first = types.first, let last = types.last else { return false }
        let isOptional = { (type: TypeSyntax) -> Bool in
            if case .optional = type.strippingAttributes.kind { return true }
            return false
        }
        // The error last, or first (ZLPhotoBrowser's `(Error?, PHAsset?)`).
        let error = [last, first].first { isOptional($0) && $0.strippingAttributes.description.contains("Error") }
        return error != nil && types.filter(isOptional).count >= 2
    }

    /// A callback parameter's closure type, written out or behind one of the SDK's typealiases.
    func closureType(of parameter: Parameter) -> FunctionTypeSyntax? {
        let type = parameter.type.strippingAttributes.unwrappingOptional.strippingAttributes
        if case .function(let closure) = type.kind { return closure }
        guard case .named(let components) = type.kind, let last = components.last else { return nil }
        return closureAliases[last.name.name] ?? closureAliases["qualified " + components.map(\.name.name).joined(separator: ".")]
    }

    /// The names a type's text is made of (`[String: Result<T, Error>]`: `String`, `Result`, `T`, `Error`).
    static func identifiers(in text: String) -> [String] {
        text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init)
    }

    /// Whether the callback's closure is handed the handle the method returns.
    static func isHanded(_ returned: TypeSyntax, by parameter: Parameter) -> Bool {
        guard case .function(let closure) = parameter.type.strippingAttributes.unwrappingOptional.strippingAttributes.kind else {
            return false
        }
        let handle = returned.strippingAttributes.unwrappingOptional.description
        guard !Analyzer.plainValueTypes.contains(handle) else { return false }
        return closure.parameters.contains { $0.type.strippingAttributes.unwrappingOptional.description == handle }
    }

    /// A callback parameter: it outlives the call (`@escaping`, or an optional closure; a
    /// non-escaping closure runs before the method returns: `create(table:) { t in … }`) and
    /// hands the app a result or an event, directly or through one of the SDK's closure aliases.
    static func isCallback(
        _ parameter: Parameter, aliases closureAliases: [String: FunctionTypeSyntax], method: String = "init", returns: String? = nil,
        owner: String? = nil, declared: Set<String> = [], documentation: [String] = []
    ) -> Bool {
        let answersGoingOn = DocumentedFrequency.saysAnswerGoesOn(documentation)
        if namesConfiguration(parameter) { return false }
        // `= nil`: an optional closure, which escapes, also behind a typealias of one
        // (Swift-SMTP's `progress: Progress = nil`, `typealias Progress = ((Mail, Error?) -> Void)?`).
        var escapes = parameter.type.description.contains("@escaping") || parameter.defaultValue == "nil"
        // Optional, or implicitly unwrapped (Backendless's `responseHandler: ((T) -> Void)!`).
        var type = parameter.type.strippingAttributes
        switch type.kind {
        case .optional(let wrapped), .implicitlyUnwrappedOptional(let wrapped):
            type = wrapped.strippingAttributes
            escapes = true
        case .named(let components) where closureAliases["optional " + (components.last?.name.name ?? "")] != nil:
            escapes = true
        default: break
        }
        guard escapes else { return false }
        // A closure handed a closure of the SDK's (WKWebViewJavascriptBridge's `register(handlerName:
        // handler: ([String: Any]?, Callback?) -> Void)`, `typealias Callback = …`): the caller's
        // code, which answers through it, as an endpoint or a gate; work, not a result.
        let handsAClosure = { (closure: FunctionTypeSyntax) in
            closure.parameters.contains { parameter in
                guard case .named(let components) = parameter.type.strippingAttributes.unwrappingOptional.strippingAttributes.kind,
                    let last = components.last
                else { return false }
                // Bare, or another type's (`WKWebViewJavascriptBridgeBase.Callback`, named `Callback`
                // inside that type's `Handler`). One that answers (returns nothing): not the outcome
                // handed as a closure that returns it (Perfect-CURL's `Confirmation = () throws ->
                // CURLResponse`), which is a result.
                let handed = closureAliases[last.name.name]
                    ?? closureAliases.first { $0.key.hasPrefix("qualified ") && $0.key.hasSuffix("." + last.name.name) }?.value
                return handed.map { $0.result.isVoid } ?? false
            }
        }
        if case .function(let closure) = type.kind {
            if handsAClosure(closure) { return false }
            // Work the SDK runs for the caller (`schedule(_ action: () -> Void)`) is not a callback.
            return CallbackShape.deliversResults(
                closure, name: parameter.name.name, label: parameter.label?.name, returns: returns,
                answersGoingOn: answersGoingOn || Self.finishedFlag(of: closure) != nil)
                && !CallbackShape.isWork(
                    name: parameter.name.name, label: parameter.label?.name, parameterCount: closure.parameters.count, method: method,
                    returns: returns, owner: owner, closureThrows: closure.throwsClause != nil,
                    handed: closure.parameters.first?.type.strippingAttributes.unwrappingOptional.description)
        }
        guard case .named(let components) = type.kind, let last = components.last else { return false }
        if let closure = closureAliases[last.name.name] ?? closureAliases["qualified " + components.map(\.name.name).joined(separator: ".")] {
            if handsAClosure(closure) { return false }
            // Work by an alias as well, where it throws (Jobs' `action: Job.Action`, `() throws ->
            // Void`: the job, whose error the library handles). One that does not throw keeps what
            // the rest of the evidence says (EasyClosure's `Action = () -> Void`, a control's
            // action at each of its events; Noze's `onDrain(handler: DoneCB)`), unless the alias
            // is named for work itself (ABSmartly's `Scheduler.schedule(after:execute: Work)`; not
            // an `Action`, which a control's event runs too).
            let workByName = ["work", "job", "task", "operation"].contains(last.name.name.lowercased())
            return CallbackShape.deliversResults(
                closure, name: parameter.name.name, label: parameter.label?.name, returns: returns, answersGoingOn: answersGoingOn)
                && !((closure.throwsClause != nil || workByName) && CallbackShape.isWork(
                    name: parameter.name.name, label: parameter.label?.name, parameterCount: closure.parameters.count, method: method,
                    returns: returns, owner: owner, closureThrows: closure.throwsClause != nil,
                    handed: closure.parameters.first?.type.strippingAttributes.unwrappingOptional.description))
        }
        // A type the sources do not declare (another module's alias): a callback only by its
        // spelling — a type named like one (`Networking.Completion`, `ProgressBlock`) or a
        // parameter whose name ends like one (`completionHandler`, `onReply`). Not one that
        // merely mentions it: `callbackQueue: DispatchQueue?` is the queue, not the callback.
        // Not a class or struct of the SDK named like one (Superwall's `handler:
        // PaywallPresentationHandler?`, Shopify Buy's `RetryHandler<R>`).
        if declared.contains(last.name.name) { return false }
        return endsLikeCallback(last.name.name) || endsLikeCallback(parameter.name.name)
            || endsLikeCallback(parameter.label?.name ?? "")
    }

    /// A settable property that holds a callback (by the same shapes as a method's parameter):
    /// `var onMessage: ((Event) -> Void)?`, `var onHeader: (String, String) -> ()`.
    /// Not a static one (a process-wide hook), nor one of a value type (setting a copy's property
    /// registers nothing), nor one named for logging (a logger is configuration).
    /// `ofAValueToo`: one of a value type counts (to be named as not bridged).
    func isCallbackProperty(_ member: SourceMember, ofAValueToo: Bool = false) -> Bool {
        // Not a `lazy` one (ReSwift's `lazy var dispatchFunction: DispatchFunction!`): the library
        // builds the function for callers to call, no slot for a handler.
        guard !member.isStatic, ofAValueToo || !isValueType || reachedThrough != nil, !Self.namesLogging(member.name), !member.text.contains("lazy ") else { return false }
        guard case .context(let property)? = member.declaration, property.kind == .property, property.isSettable,
            let closure = propertyClosure(member)
        else { return false }
        return CallbackShape.deliversEvents(closure, property: member.name)
    }

    /// A property of an optional type (`var onChange: ((Int) -> Void)?`).
    func isOptionalProperty(_ member: SourceMember) -> Bool {
        guard case .context(let property)? = member.declaration, let type = property.type else { return false }
        if case .optional = type.strippingAttributes.kind { return true }
        return false
    }

    /// The closure type a property holds, written out or behind one of the SDK's typealiases.
    func propertyClosure(_ member: SourceMember) -> FunctionTypeSyntax? {
        guard case .context(let property)? = member.declaration, let type = property.type else { return nil }
        var closureType = type.strippingAttributes.unwrappingOptional.strippingAttributes
        // Or implicitly unwrapped (Moscapsule's `var onConnectCallback: ((ReturnCode) -> ())!`).
        if case .implicitlyUnwrappedOptional(let wrapped) = closureType.kind { closureType = wrapped.strippingAttributes }
        if case .named(let components) = closureType.kind, let last = components.last, let alias = closureAliases[last.name.name] {
            closureType = TypeSyntax(.function(alias), at: type.location)
        }
        guard case .function(let closure) = closureType.kind else { return nil }
        return closure
    }

    /// The closure typealiases the block's declarations may name: the SDK's file-level ones,
    /// those its superclasses declare, and the type's own.
    var closureAliases: [String: FunctionTypeSyntax] {
        var aliases = topLevelAliases
        for (name, qualified) in inheritedAliases {
            aliases[name] = topLevelAliases["qualified " + qualified] ?? aliases[name]
        }
        for member in ownAliases {
            aliases[member.name] = Self.closureType(ofAlias: member)
        }
        for entry in entries where entry.role == .typeAlias {
            aliases[entry.member.name] = Self.closureType(ofAlias: entry.member)
        }
        return aliases
    }

    /// A closure that hands the app a result or an event (docs/migrating.md lists what is not).
    static func deliversResults(_ closure: FunctionTypeSyntax) -> Bool {
        CallbackShape.deliversResults(closure)
    }

    /// The closure type a typealias declaration (`public typealias Handler = (Int) -> Void`)
    /// stands for; nil for another type.
    static func closureType(ofAlias member: SourceMember, among aliases: [SourceMember] = []) -> FunctionTypeSyntax? {
        guard case .typeAlias(let alias)? = member.declaration else { return nil }
        var type = alias.type.strippingAttributes
        if case .optional(let wrapped) = type.kind { type = wrapped.strippingAttributes }
        if case .function(let closure) = type.kind { return closure }
        // An alias of another closure alias, with its arguments in place of that alias's generic
        // parameters (`HTTPResultHandler<T> = ResultHandler<T, AzureError>`).
        guard case .named(let components) = type.kind, components.count == 1,
            let target = aliases.first(where: { $0.name == components[0].name.name && $0.name != member.name }),
            case .typeAlias(let targetAlias)? = target.declaration,
            let closure = closureType(ofAlias: target, among: aliases.filter { $0.name != member.name }),
            targetAlias.genericParameters.count == components[0].genericArguments.count
        else { return nil }
        let substitutions = Dictionary(
            zip(targetAlias.genericParameters.map(\.name.name), components[0].genericArguments), uniquingKeysWith: { first, _ in first })
        guard case .function(let substituted) = TypeSyntax(.function(closure), at: type.location).substituting(substitutions).kind else { return nil }
        return substituted
    }

    static func mentionsCallback(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return ["completion", "handler", "callback", "reply"].contains { lowered.contains($0) }
    }

    static func endsLikeCallback(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return ["completion", "handler", "callback", "reply", "block", "closure"].contains { lowered.hasSuffix($0) }
    }

    /// Protocols that report results or events to an owner: named like delegates, with methods.
    static func isDelegateProtocol(_ type: SourceType) -> Bool {
        (type.name.hasSuffix("Delegate") || type.name.hasSuffix("Observer") || type.name.hasSuffix("Listener"))
            && type.members.contains { $0.kind == .function } && !type.isService
    }
}
