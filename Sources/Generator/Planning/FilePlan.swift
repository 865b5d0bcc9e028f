/// The plan stage's value: the whole generated file, printed by one `CodePrinter`, every line
/// with the `.bridge` line its text repeats. Rendering writes it out under an output's mapping
/// policy; a test reads it to see what will be generated and where each line maps, without
/// parsing Swift.
public struct FilePlan: Hashable, Sendable {
    /// The `.bridge` file's name, as the header names it.
    public var sourceFile: String
    public var code: CodePrinter

    /// The printed lines, each with the `.bridge` line the compiler reports for it when the file
    /// is rendered with `#sourceLocation` directives (nil: the generated file's own line).
    public var mappedLines: [(text: String, bridgeLine: Int?)] {
        code.rendered(sourceFile: "\"\"").filter { !$0.isDirective }.map { ($0.text, $0.bridgeLine) }
    }
}
