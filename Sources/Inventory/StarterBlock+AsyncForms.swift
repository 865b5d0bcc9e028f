import DeclParser
import Generator

/// The SDK's own async forms of a callback method: one to call instead of an adapter, or, under
/// another name, a question for the reviewer (decision 79).
extension StarterBlock {
    /// An `async` method of the type that is the method's own async form: the same base name
    /// and some of its labels, in any order (`clearCache() async` of `clearCache(completion:)`,
    /// OctoKit's `pullRequests(…page:perPage:direction:) async` of the same with `direction:`
    /// earlier and `completion:`).
    func asyncTwin(of function: FunctionDecl) -> String? {
        asyncForm(of: function, renamed: false)
    }

    /// An `async` method with exactly the labels of the method's parameters that are not
    /// closures, named as the method without a leading `get` (as the Clang importer names an
    /// Objective-C method's async form, SE-0297), `list`, `fetch` or `load`: OctoKit's
    /// `reviews(owner:repository:pullRequestNumber:) async` beside `listReviews(…completion:)`.
    /// Maybe the same call under another name, maybe not (RevenueCat's `customerInfo() async`
    /// is, and apps still want `getCustomerInfo` bridged as they wrote it): a question for the
    /// reviewer, not a reason to leave it out.
    func renamedAsyncTwin(of function: FunctionDecl) -> String? {
        asyncForm(of: function, renamed: true)
    }

    private func asyncForm(of function: FunctionDecl, renamed: Bool) -> String? {
        func split(_ fullName: String) -> (String, [Substring]) {
            let open = fullName.firstIndex(of: "(") ?? fullName.endIndex
            let labels = fullName[open...].dropFirst().dropLast().split(separator: ":", omittingEmptySubsequences: true)
            return (String(fullName[..<open]), labels)
        }
        let (name, labels) = split(function.fullName)
        let plainLabels = function.parameters.filter { !$0.type.description.contains("->") }.map { Substring($0.label?.name ?? "_") }
        return asyncMethods.first { twin in
            // `_isolation: isolated (any Actor)? = #isolation` (Realm's `find(filter:options:_isolation:)
            // async`) is the caller's actor, passed implicitly: no label of the call.
            let (twinName, allTwinLabels) = split(twin)
            let twinLabels = allTwinLabels.filter { $0 != "_isolation" && $0 != "isolation" }
            if renamed {
                let stripped = ["get", "list", "fetch", "load"].contains { verb in
                    name.hasPrefix(verb) && name.dropFirst(verb.count).first?.isUppercase == true
                        && name.dropFirst(verb.count).prefix(1).lowercased() + name.dropFirst(verb.count + 1) == twinName
                }
                return stripped && twinLabels.sorted() == plainLabels.sorted()
            }
            guard twinName == name, twinLabels.count < labels.count else { return false }
            var rest = labels
            for label in twinLabels {
                guard let index = rest.firstIndex(of: label) else { return false }
                rest.remove(at: index)
            }
            return true
        }
    }

    /// The SDK's own async sequence of a registration named `on<Event>`: `<event>` or
    /// `<event>Stream`, with the method's labels that are not closures (supabase's
    /// `statusChange` beside `onStatusChange(_:)`, `broadcastStream(event:)` beside
    /// `onBroadcast(event:callback:)`).
    func streamTwin(of function: FunctionDecl) -> String? {
        let name = function.name.name
        guard name.hasPrefix("on"), let first = name.dropFirst(2).first, first.isUppercase else { return nil }
        let stem = first.lowercased() + name.dropFirst(3)
        let labels = function.parameters.filter { !$0.type.description.contains("->") }.map { $0.label?.name ?? "_" }
        return streamForms.first { form in
            [stem, stem + "Stream"].contains(form.name) && form.labels.sorted() == labels.sorted()
        }.map { $0.name + ($0.labels.isEmpty ? "" : "(" + $0.labels.map { $0 + ":" }.joined() + ")") }
    }
}
