import DeclParser

/// A callback that gets one `Result` (Swift's or an alias of it), beside what the outcome leaves
/// out: the objects `@lent` names, what the call was for (Mapbox Directions' `(Session,
/// Result<RouteResponse, DirectionsError>)`), its raw response (Azure's `(Result<T, AzureError>,
/// HTTPResponse?)`), said in the doc comment (decision 117); and the next page's cursor, which is
/// returned beside the success.
extension Analyzer {
    mutating func resultShape(
        _ elements: [TupleTypeElement], result resultIndex: Int, success: TypeSyntax, function: FunctionDecl,
        annotations: FunctionAnnotations, lent: inout LentAnnotation, where_: String
    ) -> (CompletionShape, String)? {
        var flag: CompletionShape.Flag?
        if annotations.asyncError != nil {
            guard let found = successFlag(success.strippingAttributes.description, at: resultIndex + 1, annotations: annotations, where_: where_)
            else { return nil }
            flag = found
        }
        let lentBeside = elements.indices.map { $0 != resultIndex && lent.take(elements[$0].type) }
        // Or Objective-C's placeholder for nothing (MapboxMaps' `Result<NSNull, Error>`): the
        // call's one value says only that it succeeded.
        let lentValue = lent.take(success) || success.strippingAttributes.description == "NSNull"
        guard lent.checkUsed(by: where_, diagnostics: &diagnostics) else { return nil }
        // Except the next page's cursor, named so (SwiftyInsta's `(Result<[R], Error>, _
        // nextParameters: PaginationParameters)`): without it a one-shot of one page cannot ask
        // for the next, so it is returned beside the Result's success.
        let cursors =
            annotations.stream == nil
            ? elements.indices.filter { $0 != resultIndex && !lentBeside[$0] && Self.namesNextCursor(elements[$0]) } : []
        let kept = [success.isVoid || lentValue || flag != nil ? nil : success.description].compactMap { $0 }
            + cursors.map { elements[$0].type.strippingAttributes.description }
        let resultType = kept.isEmpty ? "Void" : kept.count == 1 ? kept[0] : "(" + kept.joined(separator: ", ") + ")"
        let generic = !function.genericParameters.isEmpty
        var besides: [String] = []
        let parameters = elements.indices.map { index -> CompletionShape.Parameter in
            let type = generic ? elements[index].type.strippingAttributes.description : nil
            // (A `Void` success beside a cursor is dropped as a lent one is: the cursor is the value.)
            if index == resultIndex { return .init(name: "result", role: .result(lent: lentValue || (success.isVoid && !cursors.isEmpty)), type: type) }
            if lentBeside[index] { return .init(name: Self.lentName(elements[index].type), role: .handedBack, type: type) }
            if cursors.contains(index) { return .init(name: elements[index].secondName ?? elements[index].label ?? "next", role: .besideResult, type: type) }
            besides.append("the `\(elements[index].type.strippingAttributes)` it gets beside the Result, which is the outcome")
            return .init(name: "_", role: .handedBack, type: type)
        }
        var shape = CompletionShape(parameters: parameters)
        shape.leftOut = Self.lentNotes(annotations.lent) + besides
        shape.successFlag = flag
        return (shape, resultType)
    }

    /// `@asyncError(zeroArgument: N)` naming the `Result` (or SDK enum) at N: its success is a
    /// `Bool` or integer status (EosioSwift's `EosioResult<Bool, EosioError>`, documented "a
    /// `Bool` for success", `.success(true)` on every path), so the call returns nothing and a
    /// false one fails. Nil when a diagnostic was reported.
    mutating func successFlag(
        _ successType: String, at position: Int, annotations: FunctionAnnotations, where_: String
    ) -> CompletionShape.Flag? {
        guard let (failsWhenZero, named, location) = annotations.asyncError else { return nil }
        guard named == position else {
            diagnostics.error(
                "'@asyncError' names parameter \(named), but the outcome of \(where_) is parameter \(position)", at: location,
                notes: [.init("name the Result whose success is a status: '@asyncError(zeroArgument: \(position))'")])
            return nil
        }
        let bare = successType.hasPrefix("Swift.") ? String(successType.dropFirst(6)) : successType
        let isBool = ["Bool", "ObjCBool"].contains(bare)
        guard isBool || Self.integerFlagTypes.contains(bare) else {
            diagnostics.error(
                "the Result of \(where_) succeeds with '\(successType)'; '@asyncError' needs a Bool or integer status", at: location,
                notes: [.init("remove it; the Result's failure case already reports errors")])
            return nil
        }
        if let stream = annotations.stream {
            diagnostics.error(
                "'@asyncError' on a Result's status applies to a one-shot", at: location,
                notes: [.init("remove it, or remove '@stream'", at: stream.location)])
            return nil
        }
        return .init(failsWhenZero: failsWhenZero, isBool: isBool)
    }
}

/// `@lent(Database)`'s types, each taken by the first parameter of its type; one no parameter
/// took is a mistake.
struct LentAnnotation {
    private let all: [(type: String, location: SourceLocation)]
    private var remaining: [(type: String, location: SourceLocation)]

    init(_ lent: [(type: String, location: SourceLocation)]) {
        all = lent
        remaining = lent
    }

    /// Whether `type` is lent (a second parameter of a type already taken is too).
    mutating func take(_ type: TypeSyntax) -> Bool {
        let written = type.strippingAttributes.unwrappingOptional.strippingAttributes.description
        let bare = written.split(separator: ".").last.map(String.init) ?? written
        guard let index = remaining.firstIndex(where: { $0.type == written || $0.type == bare }) else {
            return all.contains { $0.type == written || $0.type == bare }
        }
        remaining.remove(at: index)
        return true
    }

    /// Reports a type no parameter took.
    func checkUsed(by where_: String, diagnostics: inout DiagnosticBag) -> Bool {
        guard let unused = remaining.first else { return true }
        diagnostics.error(
            "'@lent(\(unused.type))': \(where_) gets no '\(unused.type)'", at: unused.location,
            notes: [.init("name the type of a parameter of the callback, as the declaration writes it")])
        return false
    }
}
