/// Choices a team makes once per target, in `bridgegen.json` or with command-line flags (which
/// win). Every default is what bridgegen does without any configuration.
public struct Settings: Equatable, Sendable {
    public enum Naming: String, Sendable, CaseIterable {
        /// SE-0297: drop completion suffixes, a leading `get`, a trailing `Asynchronously`.
        case swift
        /// Keep the legacy method's base name (`@asyncName` still overrides it).
        case legacy
    }

    /// Access level of adapters in blocks that do not say (`@bridge(access:)`).
    public var access = AccessLevel.internal
    public var naming: Naming = .swift
    /// The platforms of the `@available` attribute on generated extensions.
    public var availability = "iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *"
    /// For each bridged type, a protocol of its async surface, the type's conformance, and a
    /// scriptable fake (`--test-doubles`); the runtime then carries the fakes' scripts.
    public var testDoubles: TestDoubles = .none
    /// With `.fakes`: the module whose adapters the fakes stand in for (`@testable import`).
    public var fakesImport: String?

    /// Whether generated code maps its lines back to the `.bridge` file (`#sourceLocation`).
    public var sourceLocations: SourceLocations = .none

    /// The mapping policy of an output (docs/decisions.md, decision 34).
    public enum SourceLocations: String, Sendable, CaseIterable {
        /// No line numbers: for output committed to the source tree and reviewed in diffs, where
        /// one edit to a `.bridge` file must change only its own adapter's lines.
        case none
        /// Every statement that repeats `.bridge` text is mapped to its line, so the compiler
        /// reports a mistake there at the `.bridge` file: for output nobody reviews (the build
        /// plugin's).
        case lines
    }

    public enum TestDoubles: String, Sendable, CaseIterable {
        case none
        /// The protocols, conformances and fakes, beside the adapters.
        case all
        /// The adapters, protocols and conformances: the app target's part.
        case protocols
        /// Only the fakes (and the runtime with their scripts): a test-support target's part,
        /// which imports the app module.
        case fakes
    }

    public init() {}

    public static let accessLevels = AccessLevel.allCases.map(\.rawValue)
}
