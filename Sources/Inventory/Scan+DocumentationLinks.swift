import DeclParser

extension Scan {
    /// A method documented only by a link to another's (Mapbox's conformers of `ViewportState`:
    /// "See ``ViewportState/observeDataSource(with:)``.") reads as that one's documentation too:
    /// what it says of the closures (how often they come, what their answer means) holds for both.
    static func followingDocumentationLinks(_ types: [SourceType]) -> [SourceType] {
        var linked: [String: [String]] = [:]
        for type in types {
            for member in type.members where !member.documentation.isEmpty {
                guard case .function(let function)? = member.declaration else { continue }
                linked[type.name.replacingOccurrences(of: ".", with: "/") + "/" + function.fullName] = member.documentation
            }
        }
        var types = types
        for typeIndex in types.indices {
            for index in types[typeIndex].members.indices {
                let member = types[typeIndex].members[index]
                // A link, not a page of its own that mentions another (a few lines at most).
                guard member.documentation.count <= 3, let target = linkTarget(in: member.documentation),
                    let documentation = linked[target], documentation != member.documentation,
                    case .function(var function)? = member.declaration
                else { continue }
                types[typeIndex].members[index].documentation += documentation
                function.documentation = types[typeIndex].members[index].documentation
                types[typeIndex].members[index].declaration = .function(function)
            }
        }
        return types
    }

    /// `ViewportState/observeDataSource(with:)` of "See ``ViewportState/observeDataSource(with:)``.".
    static func linkTarget(in documentation: [String]) -> String? {
        let text = documentation.joined(separator: " ")
        guard let start = text.range(of: "``"), let end = text[start.upperBound...].range(of: "``") else { return nil }
        let target = String(text[start.upperBound..<end.lowerBound])
        return target.contains("/") && target.hasSuffix(")") ? target : nil
    }
}
