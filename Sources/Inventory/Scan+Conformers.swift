import DeclParser

extension Scan {
    /// A protocol's requirement read by what its conformers do, where its own declaration says
    /// nothing of how often it calls back (InstantSearch's `Observable.subscribePast(with:
    /// callback:) -> Obs`, with no body to read, which both `Observer` and `Signal` implement by
    /// storing the callback and calling it until the returned subscription is cancelled): a
    /// stream when every conformer's implementation of it in these sources is one.
    static func readRequirementsByConformers(_ blocks: inout [StarterBlock], types: [SourceType]) {
        let streams = Dictionary(grouping: blocks.flatMap { block in
            block.entries.compactMap { entry -> (type: String, name: String, isStream: Bool)? in
                guard entry.role == .callback, entry.refusal == nil, case .function(let function)? = entry.member.declaration else { return nil }
                return (block.type, function.fullName, entry.annotations.contains { $0.annotation.hasPrefix("@stream") })
            }
        }, by: \.type)
        for index in blocks.indices where blocks[index].isProtocol {
            let proto = blocks[index].type
            let conformers = types.filter { $0.kind != .protocol && $0.inherits.contains(proto) }.map(\.name)
            guard !conformers.isEmpty else { continue }
            for entryIndex in blocks[index].entries.indices {
                let entry = blocks[index].entries[entryIndex]
                guard entry.role == .callback, entry.refusal == nil, case .function(let function)? = entry.member.declaration,
                    !entry.annotations.contains(where: { $0.annotation.hasPrefix("@") || $0.why.contains("once") })
                else { continue }
                let implementations = conformers.flatMap { streams[$0] ?? [] }.filter { $0.name == function.fullName }
                guard !implementations.isEmpty, implementations.allSatisfy(\.isStream) else { continue }
                let names = Set(implementations.map(\.type)).sorted().joined(separator: ", ")
                blocks[index].entries[entryIndex].annotations.insert(
                    ("@stream", "\(names)'s implementation\(implementations.count == 1 ? " is a stream" : "s are streams")"), at: 0)
            }
        }
    }
}
