import DeclParser

/// What a callback's argument types are: an error (optional or not), a failure flag, a `Result`,
/// an optional value, the receiver handed back, an object only lent; and the names its
/// parameters get in the generated closure. The shape analysis (Analyzer+Shape.swift) reads
/// every argument through these.
extension Analyzer {
    /// A callback whose first argument, beside others, is the object the method was called on
    /// (`onText { ws, text in … }` on `WebSocket`): the caller has it, so it is no value. One rule
    /// for completion handlers and callback properties.
    public static func handsBackReceiver(_ elements: [TupleTypeElement], scope: String) -> Bool {
        elements.count > 1 && isReceiver(elements[0], scope: scope)
    }

    /// Whether a closure argument is of the block's own type: `Storage` or `Storage<Key, Value>`
    /// in `extension Storage`.
    public static func isReceiver(_ element: TupleTypeElement, scope: String) -> Bool {
        let type = String(element.type.strippingAttributes.description.prefix { $0 != "<" })
        return type == scope || type == scope.split(separator: ".").last.map(String.init)
    }

    /// The one element that is neither the handle the method returns nor the receiver, when
    /// every other is one of these: a callback handed back what the caller already has.
    static func onlyElementBesideHandles(_ elements: [TupleTypeElement], of function: FunctionDecl, scope: String) -> Int? {
        let returned = function.returnType.map { $0.strippingAttributes.unwrappingOptional.strippingAttributes.description }
        let others = elements.indices.filter { index in
            !(elements[index].type.strippingAttributes.unwrappingOptional.strippingAttributes.description == returned
                || isReceiver(elements[index], scope: scope))
        }
        return others.count == 1 ? others[0] : nil
    }

    /// A callback whose first argument is of a generic type of the method that
    /// the caller passes as an argument (RxSwift's `subscribe(with object: Object, onNext:
    /// (Object, Element) -> Void)`): a value of a type the SDK knows nothing of can only be the
    /// caller's own object, handed back. Not part of the value.
    public static func handsBackArgument(_ elements: [TupleTypeElement], of function: FunctionDecl) -> Bool {
        guard let first = elements.first, case .named(let components) = first.type.strippingAttributes.kind, components.count == 1,
            components[0].genericArguments.isEmpty
        else { return false }
        let name = components[0].name.name
        // Alone, of a type the SDK knows (EVCloudKitDao's `saveItem<T: CKDataObject>(_ item: T,
        // completionHandler: (_ item: T) -> Void)`), it is what the call made of it: the value.
        let knowsTheType = { (generic: GenericParameter) in
            generic.constraint.map { !["AnyObject", "Any", "Sendable"].contains($0.strippingAttributes.description) } ?? false
        }
        return function.genericParameters.contains { $0.name.name == name && (elements.count > 1 || !knowsTheType($0)) }
            && function.parameters.contains { $0.type.strippingAttributes.description == name }
    }

    /// A callback whose first argument, beside others, is the object the method returns, or that
    /// object's base type spelled shorter (HealthKitReporter's `sampleQuery(…, resultsHandler:
    /// (Query?, [Sample], Error?) -> Void) -> SampleQuery`): the query handed back, no value.
    static func handsBackReturned(_ elements: [TupleTypeElement], of function: FunctionDecl) -> Bool {
        guard elements.count > 1, let returned = function.returnType?.strippingAttributes.unwrappingOptional.strippingAttributes,
            case .named(let components) = returned.kind, let last = components.last, last.genericArguments.isEmpty,
            !plainValueTypes.contains(last.name.name),
            case .named(let handed) = elements[0].type.strippingAttributes.unwrappingOptional.strippingAttributes.kind,
            let handedName = handed.last?.name.name, handed.last?.genericArguments.isEmpty == true
        else { return false }
        let name = last.name.name
        return handedName == name || (handedName.count > 3 && handedName.first?.isUppercase == true && name.hasSuffix(handedName))
    }

    static func lentNotes(_ lent: [(type: String, location: SourceLocation)]) -> [String] {
        lent.map { "the `\($0.type)` it gets (lent to it only)" }
    }

    /// `database` for a lent `Database`: the closure parameter's name in generated code.
    static func lentName(_ type: TypeSyntax) -> String {
        let written = type.strippingAttributes.unwrappingOptional.strippingAttributes.qualifiedName ?? ""
        let bare = written.split(separator: ".").last.map(String.init) ?? written
        let name = bare.prefix(1).lowercased() + bare.dropFirst()
        return Naming.isValidIdentifier(name) && !Naming.reservedWords.contains(name) ? name : "lent"
    }

    public static func isOptional(_ type: TypeSyntax) -> Bool {
        switch type.strippingAttributes.kind {
        case .optional, .implicitlyUnwrappedOptional: true
        default: false
        }
    }

    /// The success and failure types when `type` is `Result<T, E>` (or `Swift.Result`).
    func resultArguments(_ type: TypeSyntax, scope: String) -> (TypeSyntax, TypeSyntax)? {
        guard let resolved = try? resolver.resolve(type, scope: scope).strippingAttributes,
            case .named(let components) = resolved.kind,
            let last = components.last, last.name.name == "Result", last.genericArguments.count == 2,
            components.count == 1 || (components.count == 2 && components[0].name.name == "Swift")
        else { return nil }
        return (last.genericArguments[0], last.genericArguments[1])
    }

    enum ErrorKind { case optional, nonOptional }

    /// Whether a completion parameter is the error: `Error?`, `NSError?`, `(any Error)?`, or an
    /// optional of a type whose name ends in `Error` (an SDK's own error type).
    func errorKind(_ type: TypeSyntax, scope: String) -> ErrorKind? {
        let resolved = (try? resolver.resolve(type, scope: scope))?.strippingAttributes ?? type.strippingAttributes
        switch resolved.kind {
        case .optional(let wrapped), .implicitlyUnwrappedOptional(let wrapped):
            return isErrorType(wrapped.strippingAttributes) ? .optional : nil
        default:
            return isErrorType(resolved) ? .nonOptional : nil
        }
    }

    /// An SDK type named otherwise that `@asyncError(thrown: N)` says is an error (Hyperwallet's
    /// `enum HyperwalletErrorType: Error`): only the SDK's declarations tell, which bridgegen does
    /// not read, so the annotation is taken at its word (Swift checks it). Not a type of the
    /// standard library or Foundation, none of which is an error.
    func vouchedErrorKind(_ type: TypeSyntax, scope: String) -> ErrorKind? {
        let resolved = (try? resolver.resolve(type, scope: scope))?.strippingAttributes ?? type.strippingAttributes
        var isOptional = false
        var named = resolved
        if case .optional(let wrapped) = resolved.kind {
            isOptional = true
            named = wrapped.strippingAttributes
        }
        guard case .named(let components) = named.kind, let last = components.last, last.genericArguments.isEmpty,
            !["Swift", "Foundation"].contains(components.count > 1 ? components[0].name.name : ""),
            !Self.knownValueTypes.contains(last.name.name)
        else { return nil }
        return isOptional ? .optional : .nonOptional
    }

    /// Types of the standard library and Foundation a callback hands over as values.
    static let knownValueTypes: Set<String> = [
        "String", "Substring", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "CGFloat", "Bool", "Data", "Date", "URL", "UUID", "Decimal", "NSNumber", "NSString", "NSData", "NSDictionary",
        "NSArray", "Any", "AnyObject", "NSObject", "TimeInterval", "URLResponse", "HTTPURLResponse", "IndexPath", "Void",
    ]

    func isErrorType(_ type: TypeSyntax) -> Bool {
        switch type.kind {
        case .existential("any", let base): return isErrorType(base)
        case .named(let components):
            guard let last = components.last, last.genericArguments.isEmpty else { return false }
            if components.count == 1, errorGenerics.contains(last.name.name) { return true }
            return last.name.name.hasSuffix("Error")
        default: return false
        }
    }

    /// The function's generic parameters constrained to `Error` (`<E: Error>`, `where E: Error`,
    /// `Swift.Error` too).
    public static func errorGenerics(of function: FunctionDecl) -> Set<String> {
        let isError = { (type: TypeSyntax) in ["Error", "Swift.Error"].contains(type.strippingAttributes.description) }
        var names = Set(function.genericParameters.filter { $0.constraint.map(isError) ?? false }.map(\.name.name))
        for requirement in function.requirements where requirement.relation == .conformance && isError(requirement.right) {
            names.insert(requirement.left.description)
        }
        return names
    }

    /// nil unless `type` can be a status flag; true for Bool.
    func flagKind(_ type: TypeSyntax) -> Bool? {
        guard let name = type.qualifiedName else { return nil }
        let bare = name.hasPrefix("Swift.") ? String(name.dropFirst(6)) : name
        if bare == "Bool" || bare == "ObjCBool" { return true }
        return Self.integerFlagTypes.contains(bare) ? false : nil
    }

    static let integerFlagTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "NSInteger", "NSUInteger",
        "OSStatus",
    ]

    /// Names for the closure's parameters in generated code: the SDK's own names when it wrote
    /// them (`_ receipt: Receipt?`), else `value`/`error`/`flag`; always distinct and valid.
    func closureParameterNames(_ elements: [TupleTypeElement], roles: [CompletionShape.Role], handles: [Int: String] = [:]) -> [String] {
        var valueCount = 0
        for role in roles { if case .value = role { valueCount += 1 } }
        var valueIndex = 0
        var names: [String] = []
        names.reserveCapacity(elements.count)
        for (index, (element, role)) in zip(elements, roles).enumerated() {
            var fallback: String
            switch role {
            case .error, .failure: fallback = "error"
            case .flag: fallback = "flag"
            case .message: fallback = "message"
            case .carrier: fallback = "response"
            case .result, .thunk: fallback = "result"
            case .cases: fallback = "event"
            case .handedBack: fallback = handles[index] ?? "receiver"
            case .besideResult: fallback = "next"
            case .value:
                fallback = valueCount == 1 ? "value" : "value\(valueIndex)"
                valueIndex += 1
            }
            var candidate = element.secondName ?? (element.label == "_" ? nil : element.label) ?? fallback
            // A handful of names: searching them is cheaper than hashing into a set.
            if !Naming.isValidIdentifier(candidate) || Naming.reservedWords.contains(candidate) || names.contains(candidate)
                || candidate == "continuation"
            {
                candidate = fallback
            }
            while names.contains(candidate) { candidate += "_" }
            names.append(candidate)
        }
        return names
    }

    /// The line of the completion handler's first parameter type, where the result type is
    /// written; the handler's own line when its type is a typealias (the result type is then not
    /// written in the declaration at all).
    func firstParameterTypeLine(of parameter: Parameter) -> Int {
        guard case .function(let closure) = parameter.type.unwrappingOptional.kind, let first = closure.parameters.first else { return parameter.location.line }
        return first.type.location.line
    }
}
