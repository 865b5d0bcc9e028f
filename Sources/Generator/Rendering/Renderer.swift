import DeclParser

/// The render stage: the planned file as text, under the output's mapping policy. Output nobody
/// reviews (the build plugin's) maps every statement that repeats `.bridge` text back to its line
/// with `#sourceLocation`; output committed to the source tree has no line numbers, so one edit to
/// a `.bridge` file changes only its own adapter's lines (docs/decisions.md, decision 34).
public enum Renderer {
    /// `sourcePath`: how `#sourceLocation` names the `.bridge` file.
    public static func render(_ plan: FilePlan, sourceLocations: Settings.SourceLocations, sourcePath: String) -> String {
        let file: String? = sourceLocations == .lines ? SwiftLiteral.quoted(sourcePath) : nil
        let lines = plan.code.rendered(sourceFile: file)
        return lines.isEmpty ? "\n" : lines.map(\.text).joined(separator: "\n") + "\n"
    }
}
