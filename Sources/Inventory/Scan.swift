// Module Inventory — `bridgegen scan` and `bridgegen audit`: what an SDK offers to bridge, and
// how many legacy callback calls an app still makes. Both read ordinary Swift sources (not
// `.bridge` files), read into tokens by the `.bridge` language's own lexer (SourceTokens.swift).
import DeclParser
import Generator

/// `bridgegen scan`: the callback APIs of an SDK's sources, written as a starter `.bridge` file
/// that generates without errors. Declarations are pasted verbatim, grouped by type; what
/// bridgegen can infer is added as annotations, each with a comment saying why; what it cannot
/// bridge is commented out with the reason; the type's other members come along as context.
public struct Scan {
    public struct File {
        public var path: String
        public var bytes: [UInt8]
        public init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
        }
    }

    public struct Result {
        /// The starter `.bridge` file.
        public var text: String
        public var apis = 0
        public var types = 0
        /// The SDK's free functions among `apis`.
        public var freeFunctions = 0
        public var asWritten = 0
        public var inferred = 0
        public var notBridgeable = 0
        /// Initializers that keep a callback: listed in the starter with what to do instead.
        public var initializers = 0
        /// The closure typealiases pasted from the modules the SDK depends on.
        public var dependencyAliases: [String] = []
        /// How often the analyser judged the starter (once, unless refusing a declaration
        /// changed another's meaning).
        public var passes = 0

        /// `scan: 46 callback APIs in 12 types: 30 bridged as written, …`, and the initializers
        /// that take callbacks when there are any.
        public var summary: String {
            "scan: \(apis) callback API\(apis == 1 ? "" : "s") in \(types) type\(types == 1 ? "" : "s")\(freeFunctions == 0 ? "" : " and \(freeFunctions) free function\(freeFunctions == 1 ? "" : "s")"): \(asWritten) bridged as written, \(inferred) with inferred annotations, \(notBridgeable) not bridgeable"
                + (initializers == 0 ? "" : "; \(initializers) initializers take callbacks (an initializer cannot become async)")
        }
    }

    /// `internal` members count too (`--access internal`), not only `public` and `open` ones.
    public var includesInternal = false
    /// The modules to import (from `--module`, or the SDK's modules found in the paths).
    public var modules: [String] = []
    /// Sources of the modules the SDK depends on (`--dependency`, or its SwiftPM checkouts): read
    /// for the closure typealiases and error types the SDK's declarations use, not bridged.
    public var dependencyFiles: [File] = []

    public init() {}

    /// A member's text without its attributes and modifiers, white space normalized: the same
    /// for a requirement and its default implementation, and for the two branches of an `#if`.
    static func declarationKey(_ text: String) -> String {
        let words = text.split(whereSeparator: \.isWhitespace)
        guard let start = words.firstIndex(where: { $0 == "func" || $0.hasPrefix("init") || $0 == "var" || $0 == "subscript" })
        else { return words.joined(separator: " ") }
        return words[start...].joined(separator: " ")
    }

    /// A method or initializer with a closure parameter, or a closure property.
    static func takesClosure(_ member: SourceMember) -> Bool {
        switch member.declaration {
        case .function(let function)?: function.parameters.contains { $0.type.description.contains("->") }
        case .context(let context)?:
            (context.type?.description.contains("->") ?? false) || context.parameters.contains { $0.type.description.contains("->") }
        default: false
        }
    }

    public func run(_ files: [File]) -> Result {
        var types: [SourceType] = []
        var aliases: [SourceMember] = []
        var globals: [String] = []
        var imports: [String] = []
        var nilAndNil = NilAndNilEvidence()
        var optionalReturns: Set<String> = []
        var internalUse: [(type: String, methods: [String])] = []
        var freeMembers: [SourceMember] = []
        var valueAliases: [SourceMember] = []
        // Compositions of protocols, whatever their access: a conformer adopts them as one.
        var compositions: [SourceMember] = []
        var freeFunctions: [String] = []
        for file in files {
            let text = String(decoding: file.bytes, as: UTF8.self)
            for line in Self.imports(in: text) where !imports.contains(line) {
                imports.append(line)
            }
            nilAndNil.merge(StarterBlock.callsBackWithNilAndNil(text))
            optionalReturns.formUnion(StarterBlock.optionalReturns(text))
            let isInterface = file.path.hasSuffix(".swiftinterface")
            var found = SourceDeclarations.read(file.bytes, path: file.path, allPublic: isInterface)
            // Public declarations the library says are its own (a file's header comment, or a
            // declaration's documentation): left out, named at the end.
            let fileIsInternal = InternalUse.says(InternalUse.leadingComment(of: file.bytes))
            let marks = InternalUse.internalMarks(in: file.bytes)
            for index in found.types.indices {
                var named: [String] = []
                // A section marked internal that also declares members `internal` or `private`
                // (AWS AppSync's "MARK: - Internal Functions -" over `internal func
                // sendGraphQLRequest` and the `public func send` of a public protocol): its public
                // members were made public on purpose.
                let typeLine = found.types[index].line
                let mixed = Set(found.types[index].members.filter { !$0.isPublic }.compactMap {
                    InternalUse.section(of: $0.line, after: typeLine, marks: marks)
                })
                for member in found.types[index].members.indices
                where fileIsInternal || InternalUse.says(found.types[index].members[member].documentation)
                    || (InternalUse.isUnderInternalMark(found.types[index].members[member].line, after: typeLine, marks: marks)
                        && !mixed.contains(InternalUse.section(of: found.types[index].members[member].line, after: typeLine, marks: marks) ?? -1))
                {
                    if found.types[index].members[member].isPublic, Self.takesClosure(found.types[index].members[member]) {
                        named.append(found.types[index].members[member].name)
                    }
                    found.types[index].members[member].isPublic = false
                }
                if fileIsInternal { found.types[index].isPublic = false }
                guard !named.isEmpty, !includesInternal else { continue }
                if let known = internalUse.firstIndex(where: { $0.type == found.types[index].name }) {
                    internalUse[known].methods += named.filter { !internalUse[known].methods.contains($0) }
                } else {
                    internalUse.append((found.types[index].name, named))
                }
            }
            types += found.types
            // Closure shapes, and `Result`s under another name (RxSwift's `SingleEvent<Element> =
            // Result<Element, Swift.Error>`): a callback that gets one reports one outcome.
            aliases += found.topLevel.filter {
                $0.kind == .typeAlias && (includesInternal || $0.isPublic) && ($0.text.contains("->") || StarterBlock.aliasesResult($0))
            }
            globals += found.topLevel.filter { $0.kind == .property && $0.isPublic }.map(\.name)
            valueAliases += found.topLevel.filter { $0.kind == .typeAlias && (includesInternal || $0.isPublic) && !$0.text.contains("->") }
            compositions += found.topLevel.filter { $0.kind == .typeAlias && $0.text.contains("&") }
            // Free functions that take a closure: bridged at the top level of the starter.
            freeMembers += found.topLevel.filter { $0.kind == .function && ($0.isPublic || includesInternal) }
        }
        // A type declared `@available(*, unavailable)` (SwiftSH's `SCPSession`, a stub): neither
        // it nor its extensions can be called, so an adapter of it would not compile.
        let unavailable = Set(types.filter { $0.isUnavailable && $0.kind != .extension }.map(\.name))
        for index in types.indices where unavailable.contains(types[index].name) { types[index].isPublic = false }
        Self.markServices(&types)
        let nested = NestedClosureAliases(types)
        if !nested.isEmpty {
            for index in types.indices { types[index].members = types[index].members.map(nested.spellingOut) }
            freeMembers = freeMembers.map(nested.spellingOut)
            let spelled = valueAliases.map(nested.spellingOut)
            aliases += spelled.filter { $0.text.contains("->") }
            valueAliases = spelled.filter { !$0.text.contains("->") }
        }
        // The closure typealiases of the modules it depends on that its declarations use
        // (AzureCommunicationChat's `HTTPResultHandler<T>`, declared in AzureCore): pasted, so
        // that scan and generate see the closures.
        let dependencies = Self.dependencyDeclarations(dependencyFiles)
        let spelled = Self.identifiers(in: types.flatMap { $0.members.map(\.text) } + freeMembers.map(\.text))
        let borrowed = Self.aliasesUsed(
            by: spelled, among: dependencies.aliases, besides: Set((aliases + valueAliases).map(\.name)))
        aliases += borrowed
        let closureAliasNames = Set(aliases.map(\.name))
            .union(types.flatMap(\.members).filter { $0.kind == .typeAlias && $0.text.contains("->") }.map(\.name))
        let nilReading = Self.nilWithoutErrorReading(
            nilAndNil, optionalReturns: optionalReturns, types: types, closureAliases: closureAliasNames)
        types = Self.followingDocumentationLinks(types)
        let merged = Self.merging(types)
        var tokens = TokenMethods(types: merged, includesInternal: includesInternal)
        let stoppingOnRelease = Self.typesStoppingOnRelease(in: files)
        let progressesOnlyReport = Self.progressesOnlyReport(in: files)
        tokens.addStops(calledOnRelease: stoppingOnRelease)
        let lentTypes = LentTypes(types: types, includesInternal: includesInternal)
        // And the public enums of the modules it depends on that the SDK does not declare again
        // (Swift-Kuery's `QueryResult`, which every SwiftKueryPostgreSQL call hands back).
        let ownNames = Set(merged.map(\.name))
        let borrowedEnums = dependencies.types.filter { $0.kind == .enum && $0.isPublic && !ownNames.contains($0.name) }
        let enums = SDKEnum.index(borrowedEnums + merged.filter { includesInternal || $0.isPublic })
        // Typealiases of the SDK's enums (`ConditionResult = ProcedureResult<Bool>`): pasted, so
        // that generate reads a callback that gets one by the enum's cases.
        let enumAliases = SDKEnum.aliases(in: valueAliases, of: enums)
        aliases += enumAliases.values.map(\.member).filter { alias in !aliases.contains { $0.name == alias.name } }
            .sorted { $0.name < $1.name }
        // And a type's own (WKZombie's `Action<T>.ResultType = Result<T>`), which its block pastes.
        var typesEnumAliases = enumAliases.mapValues(\.type)
        for type in merged {
            for (name, alias) in SDKEnum.aliases(in: type.members, of: enums) { typesEnumAliases[type.name + "." + name] = alias.type }
        }
        // Types any of whose declarations conform to `Sendable` (`@unchecked Sendable` too).
        let associatedTypes = Dictionary(
            types.filter { $0.kind == .protocol }.map { ($0.name, Set($0.associatedTypes)) }, uniquingKeysWith: { $0.union($1) })
        let servedBy = Self.adaptersServing(types, includesInternal: includesInternal, aliases: compositions)
        let holders = Self.holders(of: types)
        // The protocols a public type adopts, in an extension of it too.
        let publicTypeNames = Set(types.filter { $0.kind != .protocol && $0.kind != .extension && $0.isPublic }.map(\.name))
        // Or handed to the app's type through a public protocol's property (Gigya's `Provider.delegate:
        // BusinessApiDelegate?`, set by the library on the app's provider): the app calls it.
        let handedToApps = Set(types.filter { $0.kind == .protocol && $0.isPublic }.flatMap(\.members).compactMap { member -> String? in
            guard member.kind == .property, case .context(let property)? = member.declaration, let type = property.type else { return nil }
            return StarterBlock.withoutSomeOrAny(type.strippingAttributes.unwrappingOptional.description)
        })
        // A composition's alias adopts each of its protocols (Gini's `DefaultDocumentService:
        // DefaultDocumentServiceProtocol`, `= DocumentService & V2DocumentService`).
        let composed = Self.compositions(compositions).mapValues { $0.map { String($0.prefix { $0 != "<" }) } }
        // What the named types inherit (a protocol's refinements too) and what their aliases compose.
        let moduleTypes = ModuleTypes(types)
        func adopted(by names: some Sequence<String>) -> Set<String> {
            let named = names.flatMap { moduleTypes.inherits[$0] ?? [] }
            return Set(named + named.flatMap { composed[$0] ?? [] })
        }
        let publiclyAdopted = adopted(by: publicTypeNames).union(handedToApps)
        let adoptedInModule = adopted(by: moduleTypes.inherits.keys)
        let valueHolders = Self.valueHolders(of: types)
        let executors = Self.executors(of: types)
        let executorReaches = Self.executorReaches(of: types, executors: executors)
        let ownCalls = Self.requirementsCalledByOwnExtensions(types, in: files)
        let calledOnValues = Self.requirementsCalledOnValues(types, in: files)
        let closureProperties = Self.closureProperties(of: types, aliases: aliases)
        let keptInProperties = Self.closuresKept(in: closureProperties, files: files)
        let clearedIn = Self.methodsSettingToNil(closureProperties, in: files)
        let onceListenerSets = Self.methodsAddingToOnceSets(in: files)
        let saidToBeCalledOnce = Self.methodsSaidToBeCalledOnce(in: files)
        let debouncing = Self.methodsDebouncing(in: files)
        let onlyKeeping = Self.methodsOnlyKeeping(in: files)
        let withMessages = Self.methodsCallingBackWithMessages(in: files)
        // And the requirements they implement (ApplozicSwift's `ALKConversationListViewModelProtocol.
        // block`, whose one conformer calls back with `(nil, true)` and `(error, false)`).
        let withFlags = Self.requirementsToo(Self.methodsCallingBackWithFlags(in: files), types: types)
        let withNoValueAndMessage = Self.methodsCallingBackWithNoValueAndMessage(in: files)
        let wrappedInContinuations = Self.methodsWrappedInContinuations(in: files)
        let registeringTargetActions = Self.methodsRegisteringTargetActions(in: files)
        let errorTypes = Self.errorTypes(types + dependencies.types)
        let declaredTypes = Set(types.filter { $0.kind != .extension }.map { $0.name.split(separator: ".").last.map(String.init) ?? $0.name })
        let failureCarriers = Self.failureCarriers(types)
        let reentrantOutcomes = Self.reentrantOutcomes(types)
        let foreignStops = Self.stopsCalledOnValues(in: files)
        let unreachable = Self.unreachableTypes(types, topLevel: freeMembers + aliases + valueAliases)
        let unadopted = Self.unadoptedProtocols(types, topLevel: freeMembers + aliases + valueAliases)
        let sendableTypes = Set(types.filter { $0.inherits.contains("Sendable") }.map(\.name))
        // Aliases of closure aliases (Azure's `PipelineStageResultHandler = ResultHandler<
        // PipelineResponse, AzureError>`): closures too, pasted beside what they name.
        aliases += Self.aliasesOfClosureAliases(valueAliases, closureAliases: aliases)
        let closureAliases = Self.closureAliasIndex(aliases, types: merged)
        let cFunctionAliases = Self.cFunctionAliases(aliases, types: merged)
        let aliasedProperties = Self.propertiesOfClosureAliases(types, aliases: closureAliases)
        let readByLibrary = Self.propertiesTheLibraryReads(closureProperties.union(aliasedProperties), in: files)
        // Also one whose type is a closure alias (LiveKit's `StateSync.onDidMutate: OnDidMutate?`,
        // set by its `Track` to a handler of its own).
        let setByLibrary = Self.propertiesTheLibrarySets(closureProperties.union(aliasedProperties), in: files)
        let forwardedToDelegates = Self.propertiesForwardedToDelegates(Set(setByLibrary.keys), in: files)
        let superclasses = Dictionary(
            types.filter { $0.kind == .class }.compactMap { type in
                type.inherits.first.map { (StarterBlock.bareTypeName(type.name), StarterBlock.bareTypeName(String($0.prefix { $0 != "<" }))) }
            }, uniquingKeysWith: { first, _ in first })
        let closureUses = Self.closureUses(in: files, superclasses: superclasses)
        let withDegradedFlags = Self.methodsCallingBackWithDegradedFlags(in: files, handOvers: closureUses.handOvers)
        let initializersCallingBack = Self.initializersCallingBack(in: files)
        var blocks: [StarterBlock] = []
        // A type's block (or the free functions', named ""), with what the whole module says
        // (read once: a module of thousands of types, SwiftyDropbox's, made a block each).
        let resultAliases = Set(aliases.filter(StarterBlock.aliasesResult).map(\.name))
        let mergedTypes = ModuleTypes(merged)
        let dependencyTypes = ModuleTypes(dependencies.types)
        let subclasses = Dictionary(grouping: types.filter { $0.kind == .class && $0.inherits.first != nil }, by: { $0.inherits[0] })
            .mapValues { Set($0.map(\.name)) }
        let aliasNames = Set((aliases + valueAliases).map(\.name)).union(merged.flatMap(\.members).filter { $0.kind == .typeAlias }.map(\.name))
        let successCases = Self.successCasesOfErrorEnums(types, errorTypes: errorTypes.all)
        let statusEnums = Self.statusEnumsWithErrorCases(types, errorTypes: errorTypes.all)
        func newBlock(_ name: String) -> StarterBlock {
            var block = StarterBlock(type: name, topLevelAliases: closureAliases)
            block.enums = enums
            block.successCasesOfErrors = successCases
            block.statusEnums = statusEnums
            block.lentTypes = lentTypes
            block.answersNilWithoutError = nilReading.everywhere
            block.answersNilWithoutErrorIn = nilReading.methods.union(closureUses.callBackWithNothing)
            block.answersNilWithoutErrorVia = nilReading.callbacks
            block.resultAliases = resultAliases
            block.aliasNames = aliasNames
            block.errorTypes = errorTypes.all
            block.declaredTypes = declaredTypes
            block.stoppingOnRelease = stoppingOnRelease
            block.progressesOnlyReport = progressesOnlyReport
            block.failureCarriers = failureCarriers
            block.reentrantOutcomes = reentrantOutcomes
            block.foreignStops = foreignStops
            block.enumAliases = typesEnumAliases
            block.cFunctionAliases = cFunctionAliases
            return block
        }
        var unbridged = Unbridged()
        // Types with closure typealiases but no callbacks: kept for the typealiases another
        // type's callback names (`Signal<Value, Error>.Observer.Action`).
        var aliasBlocks: [StarterBlock] = []
        var delegates: [SourceType] = []
        // A public method of an internal type is no API (Swinject's `ReadWriteLock`), nor is one in
        // an extension of it.
        let internalTypes = Set(types.filter { $0.kind != .extension && !$0.isPublic }.map(\.name))
        for type in merged where !(type.kind == .protocol && StarterBlock.isDelegateProtocol(type)) {
            if !includesInternal && internalTypes.contains(type.name) { continue }
            // `_objc_Request` (Siesta's Objective-C glue), `_Private`: by Swift's convention not
            // the API an app calls.
            if (type.name.split(separator: ".").last ?? "").hasPrefix("_") { continue }
            let members = type.members.filter { includesInternal ? !$0.isPrivate : $0.isPublic }
            var block = newBlock(type.name)
            block.ownAliases = members.filter { $0.kind == .typeAlias }
            block.isSendable = sendableTypes.contains(type.name)
            block.associatedTypes = associatedTypes[type.name] ?? []
            (block.superclass, block.requirementsServed) = servedBy[type.name] ?? (nil, [:])
            block.heldBy = type.kind == .protocol ? holders[type.name] : nil
            block.isAdoptedPublicly = publiclyAdopted.contains(type.name)
            block.isAdoptedInModule = adoptedInModule.contains(type.name) || publiclyAdopted.contains(type.name)
            block.requirementsCalledOnValues = calledOnValues
            block.executors = executors
            block.executorReaches = executorReaches[type.name] ?? [:]
            block.requirementNames = Set(
                moduleTypes.declarations(of: type.name).filter { $0.kind == .protocol }.flatMap(\.members).compactMap { member in
                    if case .function(let function)? = member.declaration { return function.fullName }
                    return nil
                })
            block.calledByOwnExtensions = ownCalls[type.name] ?? []
            block.callsBackWithMessages = withMessages
            block.callsBackWithFlags = withFlags
            block.callsBackWithDegradedFlags = withDegradedFlags
            block.callsBackWithNoValueAndMessage = withNoValueAndMessage
            block.wrappedInContinuations = wrappedInContinuations
            block.registersTargetActions = registeringTargetActions
            block.readKeptClosures(keptInProperties, clearedIn: clearedIn, members: members, moduleTypes: moduleTypes)
            block.onceListenerSets = onceListenerSets
            block.saidToBeCalledOnce = saidToBeCalledOnce
            block.debouncing = debouncing
            block.onlyKeeping = onlyKeeping
            block.isObjC = type.isObjC
            block.propertiesSetByLibrary = setByLibrary
            block.propertiesSetToNamesakes = closureUses.storedUnderOwnName
            block.propertiesForwardedToDelegates = forwardedToDelegates
            block.closuresBodiesNeverUse = closureUses.unused[StarterBlock.bareTypeName(type.name)] ?? [:]
            block.callsBackWithValueOrError = closureUses.neverNilWithoutError
            block.absentValues = closureUses.absentValues
            block.succeedOnlyWithTrue = closureUses.succeedOnlyWithTrue
            block.handOvers = closureUses.handOvers[StarterBlock.bareTypeName(type.name)] ?? [:]
            block.calledOnlyInline = closureUses.calledOnlyInline[StarterBlock.bareTypeName(type.name)] ?? []
            block.functionNames = closureUses.functionNames[StarterBlock.bareTypeName(type.name)] ?? []
            block.initializersCallingBack = initializersCallingBack[StarterBlock.bareTypeName(type.name)] ?? []
            block.typeFunctions = members.compactMap { member -> FunctionDecl? in
                if case .function(let function)? = member.declaration { return function }
                return nil
            }
            block.propertiesReadByLibrary = readByLibrary
            block.errorTypes.formUnion(errorTypes.parameters[type.name] ?? [])
            block.unreachableReason = unreachable[type.name]
            block.unadoptedNote = unadopted[type.name]
            block.readKind(of: type, among: moduleTypes, types: types, merged: merged)
            block.inheritedAliases = Self.inheritedAliases(of: type.name, own: members, in: mergedTypes, servedBy: servedBy)
            block.asyncMethods = Self.asyncForms(of: type.name, in: moduleTypes, dependencies: dependencyTypes, includesInternal: includesInternal)
            block.subclassAsyncMethods = (subclasses[type.name] ?? []).sorted().map {
                ($0, Self.asyncForms(of: $0, in: moduleTypes, includesInternal: includesInternal))
            }
            block.streamForms = Self.streamForms(of: type.name, in: moduleTypes, includesInternal: includesInternal)
            block.currentMethodNames = Set(members.compactMap { member -> String? in
                guard case .function(let function)? = member.declaration, !StarterBlock.isDeprecated(function) else { return nil }
                return function.name.name
            })
            block.chainedTypes = Self.chainedTypes(of: members, in: type.name, among: moduleTypes)
            block.synchronousMethods = Set(members.compactMap { member -> String? in
                guard case .function(let function)? = member.declaration, !function.isAsync else { return nil }
                return function.fullName
            })
            block.condition = type.condition
            // A type the SDK declares under a name Foundation or the standard library also has
            // (Swifter's `Process`) is ambiguous beside `import Foundation`: name it with its module.
            if type.kind != .extension, modules.count == 1, let module = modules.first,
                StarterBlock.shadowedNames.contains(type.name)
            {
                block.spelledType = module + "." + type.name
            }
            block.whereClause = type.whereClause
            // Also one behind a closure alias (CollectionKit's `init(viewGenerator:viewUpdater:
            // ViewUpdaterFn<Data, View>)`, kept in `var viewUpdater`).
            block.initializerClosures = Set(members.flatMap { member -> [String] in
                guard member.kind == .initializer, case .context(let initializer)? = member.declaration else { return [] }
                return initializer.parameters.filter { $0.type.description.contains("->") || block.closureType(of: $0) != nil }.map(\.name.name)
            })
            // A reconnect the app calls, or the library's own (SwiftPhoenixClient's `Socket.reconnectAfter`,
            // CocoaMQTT's `autoReconnect`): not a hook announcing a retry (Swift-ActionCableClient's
            // `willReconnect`, whose retried drops the library keeps to itself).
            block.reconnectMember =
                members.first { $0.kind == .function && $0.name.hasPrefix("reconnect") }.map { $0.name + "()" }
                ?? members.first { $0.kind == .property && ["reconnect", "autoReconnect"].contains(where: $0.name.hasPrefix) }?.name
            block.streamedProperties = Set(
                members.filter { member in
                    block.isCallbackProperty(member) && !StarterBlock.isUnavailable(member)
                        && (block.isOptionalProperty(member) || !block.initializerClosures.contains(member.name))
                }.map(\.name))
            block.propertiesHandBackSender = members.contains { member in
                guard block.isCallbackProperty(member), let closure = block.propertyClosure(member) else { return false }
                return Analyzer.handsBackReceiver(closure.parameters, scope: block.type)
            }
            let unfilled = block
            for member in members { block.add(member, tokens: tokens) }
            block.readOverloadsWithTheSameArguments()
            // A value's callback properties: an adapter would set its own copy's (Mocker's `Mock`);
            // unless an object keeps the value, whose property the adapter sets them through.
            let valueProperties = block.isValueType ? members.filter { block.isCallbackProperty($0, ofAValueToo: true) }.map(\.name) : []
            var heldBlocks: [StarterBlock] = []
            // A factory's methods whose values another object runs: bridged through the holder
            // that keeps both (HealthKitReporter's queries), in a block of their own.
            for through in Array(Set(block.entries.compactMap(\.through))).sorted() {
                var held = unfilled
                held.reachedThrough = through
                held.entries = block.entries.filter { $0.through == through }
                block.entries.removeAll { $0.through == through }
                heldBlocks.append(held)
            }
            for holder in valueProperties.isEmpty ? [] : valueHolders[type.name] ?? [] {
                var held = unfilled
                held.reachedThrough = holder
                for member in members where member.kind == .property && held.isCallbackProperty(member) { held.add(member, tokens: tokens) }
                if held.hasCallbacks { heldBlocks.append(held) }
            }
            if !valueProperties.isEmpty, heldBlocks.isEmpty { unbridged.valueTypeProperties.append((type.name, valueProperties)) }
            if block.hasCallbacks || !heldBlocks.isEmpty {
                if block.hasCallbacks { blocks.append(block) }
                blocks += heldBlocks
            } else {
                if block.entries.contains(where: { $0.role == .typeAlias }) { aliasBlocks.append(block) }
                unbridged.record(block, members: members, lentTypes: lentTypes)
            }
        }
        Self.readRequirementsByConformers(&blocks, types: merged)
        // A superclass's typealias a subclass's callback names bare is written qualified.
        let callbackTexts = blocks.flatMap { block in
            block.entries.filter { $0.role == .callback }.map { StarterFile.qualifying($0.member.text, block.inheritedAliases) }
        }
        for var block in aliasBlocks {
            let owner = block.type.split(separator: ".").last.map(String.init) ?? block.type
            block.entries = block.entries.filter { entry in
                entry.role == .typeAlias && callbackTexts.contains { $0.contains(owner) && $0.contains("." + entry.member.name) }
            }
            if !block.entries.isEmpty { blocks.append(block) }
        }
        // A delegate protocol the app cannot see (internal to the SDK) is no API of it.
        for type in merged where type.kind == .protocol && StarterBlock.isDelegateProtocol(type) && (includesInternal || type.isPublic) {
            delegates.append(type)
        }
        var result = Result(text: "")
        result.dependencyAliases = borrowed.map(\.name)
        let extra = Self.importsToRepeat(imports, modules: modules)
        // The SDK's free functions (SwiftyContacts' `fetchContacts(keysToFetch:completionHandler:)`),
        // by the same rules as methods, written at the top level; those that take no callback are
        // named at the end.
        // A closure under a typealias counts (SwiftyBluetooth's `asyncState(completion: @escaping
        // AsyncCentralStateCallback)`).
        freeMembers = freeMembers.filter { member in
            guard case .function(let function)? = member.declaration else { return false }
            return Self.takesClosure(member) || function.parameters.contains { parameter in
                guard case .named(let components) = parameter.type.strippingAttributes.unwrappingOptional.kind else { return false }
                return components.count == 1 && closureAliases[components[0].name.name] != nil
            }
        }
        if !freeMembers.isEmpty {
            var block = newBlock("")
            block.isFreeFunctions = true
            for member in freeMembers { block.add(member, tokens: tokens) }
            freeFunctions = block.entries.filter { $0.role != .callback }.compactMap(\.swiftName)
            block.entries = block.entries.filter { $0.role == .callback }
            if block.hasCallbacks { blocks.insert(block, at: 0) }
        }
        var starter = StarterFile(modules: modules, imports: extra, typeAliases: aliases, blocks: blocks, delegates: delegates)
        starter.borrowedAliases = borrowed
        // Swift-SMTP's `typealias Progress`, Swifter's `Process`: ambiguous beside Foundation's.
        if modules.count == 1, let module = modules.first {
            let declared = types.filter { $0.kind != .extension && !$0.name.contains(".") }.map(\.name) + aliases.map(\.name)
            for name in declared where StarterBlock.shadowedNames.contains(name) { starter.qualifiedNames[name] = module + "." + name }
        }
        starter.delegateTakers = Self.methodsTakingDelegates(delegates, in: merged, includesInternal: includesInternal)
        var used: [String] = []
        for name in blocks.flatMap(\.usedEnums) where !used.contains(name) {
            // A struct that holds an outcome after the enum it holds; one nested in it, in it.
            if let companion = enums[name]?.pastedWith, !used.contains(companion) { used.append(companion) }
            used.append(name)
        }
        let wrappers = used.filter { enums[$0]?.declaration.first?.hasPrefix("struct ") == true }
        used.removeAll { name in wrappers.contains { name.hasPrefix($0 + ".") } }
        starter.enums = used.compactMap { enums[$0] }
        starter.borrowedEnums = Set(borrowedEnums.map(\.name))
        starter.globalVariables = Set(globals)
        starter.unbridged = unbridged
        starter.internalUse = internalUse
        starter.freeFunctions = freeFunctions
        result.text = starter
            .validated(counting: &result)
        return result
    }
}
