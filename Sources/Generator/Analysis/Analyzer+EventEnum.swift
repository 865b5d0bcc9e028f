import DeclParser

/// A stream whose SDK reports through several event closures, each named by `@event`: BTKit's
/// `connect(for:uuid:options:connected:heartbeat:disconnected:) -> ObservationToken?`, HotKey's
/// `keyDownHandler` and `keyUpHandler`, an inbox listener's `onLoading`, `onMessagesChanged`, ….
/// No one closure is the element, and keeping the others as parameters would leave the caller
/// half of the events to handle the old way; so each closure is a case of one enum that
/// bridgegen declares, and every call of any of them is an element, in the order the SDK made
/// them. Their arguments are the payload as they come: an `Error?` handed to an event closure
/// (BTKit's `connected: (T, BTError?) -> Void`) is an event's, not the stream's failure, which
/// only a closure named `@failure` is (docs/language.md, "What each closure is").
extension Analyzer {
    /// The value closure's shape when it is one of several event closures: its values yielded
    /// as its case, none of them read as an error or a flag. nil, said, when a closure cannot be
    /// a case (it returns a value, or its payload needs the method's own type parameter).
    mutating func severalEventsShape(
        _ function: FunctionDecl, annotations: FunctionAnnotations, roles: inout ClosureRoles, value: Int, scope: String
    ) -> (shape: CompletionShape, cases: [EventEnum.Case])? {
        // What reads one closure's arguments has nothing to read here: the payloads are as they
        // come. Said, never ignored.
        let reading = ["until", "nullableResult", "lent", "asyncError"]
        for attribute in function.attributes where reading.contains(attribute.name.name) {
            diagnostics.error(
                "'@\(attribute.name.name)' reads one callback's arguments, but '\(function.fullName)' has several event closures, whose arguments are their cases' payloads as they come",
                at: attribute.location, notes: [.init("remove '@\(attribute.name.name)', or name one closure '@event' and bridge the others as you need")])
            return nil
        }
        if let stream = annotations.stream, stream.keepsResults {
            diagnostics.error(
                "'@stream(results)' keeps one callback's Results, but '\(function.fullName)' has several event closures, each a case of the stream's enum",
                at: stream.location, notes: [.init("write '@stream': a Result handed to an event closure is its case's payload already")])
            return nil
        }
        let indices = [value] + roles.others.compactMap { if case .event = $0.role { return $0.index } else { return nil } }
        var cases: [EventEnum.Case] = []
        var shape = CompletionShape(parameters: [])
        for index in indices {
            let parameter = function.parameters[index]
            guard let closure = resolvedClosure(parameter.type, scope: scope) else { return nil }
            guard closure.result.isVoid, closure.throwsClause == nil, !closure.isAsync else {
                diagnostics.error(
                    "'\(parameter.name.name)' returns a value or throws: an event closure of a stream of several is called, never asked",
                    at: parameter.location, notes: [.init("name only the closures that report events '@event(…)'; leave this one a parameter")])
                return nil
            }
            let handsBack = Self.handsBackArgument(closure.parameters, of: function) || Self.handsBackReceiver(closure.parameters, scope: scope)
            let payload = closure.parameters.dropFirst(handsBack ? 1 : 0).map { $0.type.strippingAttributes.description }
            let generics = function.genericParameters.map(\.name.name)
            if let generic = generics.first(where: { name in payload.contains { Self.mentions($0, name) } }) {
                diagnostics.error(
                    "'\(parameter.name.name)' hands the stream a '\(generic)', the method's own type parameter: the events' enum is declared once, outside the method, and cannot name it",
                    at: parameter.location,
                    notes: [.init("bridge a method of yours with the type made concrete, which calls this one")])
                return nil
            }
            let name = Self.eventCaseName(parameter.label?.name ?? parameter.name.name)
            if let earlier = cases.first(where: { $0.name == name }) {
                diagnostics.error(
                    "'\(parameter.name.name)' and '\(earlier.closure)' would both be the case '.\(name)' of the stream's events",
                    at: parameter.location, notes: [.init("name one of them '@event' and leave the other a parameter, or bridge a method of yours that tells them apart")])
                return nil
            }
            cases.append(EventEnum.Case(name: name, payload: payload, closure: parameter.name.name, line: parameter.location.line))
            if index == value {
                let values = payload.count == 1 ? ["value"] : payload.indices.map { "value\($0)" }
                shape.parameters = (handsBack ? [CompletionShape.Parameter(name: "_", role: .handedBack)] : [])
                    + values.map { CompletionShape.Parameter(name: $0, role: .value(unwrap: false)) }
                shape.eventCase = Naming.escaped(name)
            } else if let position = roles.others.firstIndex(where: { $0.index == index }) {
                roles.others[position].role = .event(case: Naming.escaped(name), arity: payload.count)
            }
        }
        return (shape, cases)
    }

    /// `onLoading` → `loading`, `keyDownHandler` → `keyDown`, `receivedMessage` as it is: the
    /// closure's label without the words every callback has.
    static func eventCaseName(_ label: String) -> String {
        var name = label
        if name.hasPrefix("on"), name.count > 2, name.dropFirst(2).first?.isUppercase == true { name.removeFirst(2) }
        for suffix in ["Handler", "Callback", "Closure", "Block", "Listener"] where name.hasSuffix(suffix) && name.count > suffix.count {
            name.removeLast(suffix.count)
            break
        }
        return name.prefix(1).lowercased() + name.dropFirst()
    }

    /// Whether a type's text names `identifier` as a whole word (`[T]`, `Result<T, E>`, not `Token`).
    static func mentions(_ type: String, _ identifier: String) -> Bool {
        var word = ""
        for character in type + " " {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                if word == identifier { return true }
                word = ""
            }
        }
        return false
    }

    /// The enum's name: the extended type's (its last component, without generic arguments)
    /// and the adapter's base name, `BTBackground` + `connect` → `BTBackgroundConnectEvent`
    /// (`connectEvents` too).
    static func eventEnumName(typeName: String, adapterBaseName: String) -> String {
        let type = typeName.split(separator: "<").first.map(String.init) ?? typeName
        let last = type.split(separator: ".").map(String.init).joined()
        var base = adapterBaseName.filter { $0 != "`" }
        // `@asyncName(connectEvents)`, as the warning about a shadowed name suggests: not
        // `…ConnectEventsEvent`.
        for suffix in ["Events", "Event", "Stream"] where base.hasSuffix(suffix) && base.count > suffix.count {
            base.removeLast(suffix.count)
            break
        }
        // An initializer's: the object's own events (`HotKeyEvent`).
        if base == "init" { base = "" }
        return last + base.prefix(1).uppercased() + base.dropFirst() + "Event"
    }

    /// Two adapters of a file with one event enum's name: the same cases (overloads that differ
    /// in other parameters) share the first one's declaration; other cases are an error.
    mutating func checkEventEnums(_ blocks: inout [AdapterBlock]) {
        var declared: [String: (cases: [EventEnum.Case], condition: String?, adapter: String)] = [:]
        for b in blocks.indices {
            for a in blocks[b].adapters.indices {
                guard let events = blocks[b].adapters[a].eventEnum else { continue }
                guard let first = declared[events.name] else {
                    declared[events.name] = (events.cases, blocks[b].condition, blocks[b].adapters[a].sourceName)
                    continue
                }
                let same = first.cases.map { [$0.name] + $0.payload } == events.cases.map { [$0.name] + $0.payload }
                if same && first.condition == blocks[b].condition {
                    blocks[b].adapters[a].eventEnum?.isDeclared = false
                    continue
                }
                diagnostics.error(
                    "the events of '\(blocks[b].adapters[a].sourceName)' would be declared as '\(events.name)', which the events of '\(first.adapter)' are already, with other cases",
                    at: blocks[b].adapters[a].location, notes: [.init("give this adapter another name with '@asyncName(name)': the enum is named after it")])
            }
        }
    }

    /// A stream that keeps, as parameters, closures of values that answer nothing: the SDK
    /// calls them for events the stream does not carry (an observer's `onInsert` beside its
    /// `onDelete`, bridged as the elements). Said, with the annotation that carries them all.
    mutating func warnKeptValueClosures(_ function: FunctionDecl, events: Int, besides roles: [Int], annotations: FunctionAnnotations, scope: String) {
        let kept = keptValueClosures(function, besides: [events] + roles, annotations: annotations, scope: scope)
        func name(_ index: Int) -> String { function.parameters[index].label?.name ?? function.parameters[index].name.name }
        let all = (kept + [events]).sorted().map(name).joined(separator: ", ")
        for index in kept {
            diagnostics.append(
                Diagnostic(
                    .warning,
                    "'\(name(index))' gets values but stays a parameter of the stream '\(function.fullName)', whose elements are what '\(name(events))' gets",
                    at: function.parameters[index].location,
                    notes: [
                        .init("if it reports events too, name each closure that does: '@event(\(all))' makes the elements an enum of them"),
                        .init("if it is the caller's own hook, no event of the stream, write '@progress(\(name(index)))': it stays a parameter, passed through"),
                    ]))
        }
    }

    /// The escaping closures of values that answer nothing and play no role of the outcome,
    /// nor of progress (`@progress`): kept as parameters of a stream, they report what the
    /// stream does not carry.
    func keptValueClosures(_ function: FunctionDecl, besides roles: [Int], annotations: FunctionAnnotations, scope: String) -> [Int] {
        function.parameters.indices.filter { index in
            let parameter = function.parameters[index]
            guard !roles.contains(index), !annotations.progress.contains(where: { $0.name == parameter.name.name || $0.name == parameter.label?.name }),
                let closure = resolvedClosure(parameter.type, scope: scope)
            else { return false }
            // One that throws is the caller's to stop the call with (MySQLNIO's `onMetadata: …
            // throws -> ()`), no event.
            return !closure.parameters.isEmpty && closure.result.isVoid && closure.throwsClause == nil && isEscaping(parameter.type, scope: scope)
        }
    }
}
