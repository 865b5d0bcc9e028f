/// What a declaration's attributes and documentation say of whether an app should call it.
extension SourceDeclarations {
    /// Public only for the library's own other modules, as its documentation says (Facebook's
    /// `GamingWebDialog`, "INTERNAL - DO NOT USE. This class is public so that other public types
    /// may extend it"): no API of an app's.
    static func documentedInternal(_ documentation: [String]) -> Bool {
        let text = documentation.joined(separator: " ").lowercased()
        return [
            "internal - do not use", "internal, do not use", "for internal use only",
            "internal use only", "not intended for public use",
        ]
        .contains(where: text.contains)
    }

    /// `@available(*, deprecated…)`, or deprecated on both iOS and macOS (Alamofire's
    /// `NetworkReachabilityManager`, `@available(macOS, deprecated: 14.4, message: "Use
    /// NWPathMonitor instead.")` and the like for every Apple platform): an app on either is told
    /// to move to what replaces it.
    static func deprecates(_ attributes: String) -> Bool {
        let compact = attributes.filter { !$0.isWhitespace }
        if compact.contains("@available(*,deprecated") { return true }
        let deprecations = compact.components(separatedBy: "@available(").dropFirst().compactMap {
            attribute -> String? in
            let arguments = attribute.prefix { $0 != ")" }
            return arguments.contains("deprecated")
                ? arguments.split(separator: ",").first.map(String.init) : nil
        }
        return deprecations.contains("iOS")
            && (deprecations.contains("macOS") || deprecations.contains("OSX"))
    }
}
