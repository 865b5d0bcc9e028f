/// Types that stop what they stand for when they are released: a handle whose `deinit` takes
/// the registration back (GetStream's `SubscribedChannel`: `deinit { channel.unsubscribe() }`).
/// A method that returns one registers for as long as the caller keeps it; an adapter drops
/// what the method returns at once, which takes the registration back before anything comes.
extension Scan {
    /// Verbs of a `deinit` that takes something back.
    static let releaseVerbs = ["unsubscribe", "cancel", "stop", "remove", "invalidate", "dispose", "unregister", "close"]

    /// Class name → the call its `deinit` makes, for the classes whose `deinit` stops something.
    static func typesStoppingOnRelease(in files: [File]) -> [String: String] {
        var found: [String: String] = [:]
        for file in files {
            let lines = String(decoding: file.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            var owner: String?
            for (index, line) in lines.enumerated() {
                let code = line.drop(while: { $0 == " " || $0 == "\t" })
                if code.hasPrefix("//") { continue }
                if let range = code.range(of: "class "), code[..<range.lowerBound].split(separator: " ").allSatisfy(Self.isDeclarationModifier) {
                    let name = code[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                    if !name.isEmpty, name != "func", name != "var" { owner = String(name) }
                    continue
                }
                guard let owner, code.hasPrefix("deinit") else { continue }
                // Its body, to the closing brace at its own indentation (a few lines).
                for following in lines[index...].prefix(8) {
                    let words = following.split(whereSeparator: { !($0.isLetter || $0.isNumber) })
                    // Not the cleanup of an observer it is (Tiercel's `DownloadTask`: `NotificationCenter.
                    // default.removeObserver(self)`), which takes nothing of the caller's back.
                    let calls = words.filter { word in !["removeobserver", "removefromsuperview"].contains(where: word.lowercased().hasPrefix) }
                    if let verb = calls.lazy.compactMap({ word in Self.releaseVerbs.first { word.lowercased().hasPrefix($0) }.map { _ in String(word) } }).first {
                        found[owner] = verb
                        break
                    }
                    if following.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("}") { break }
                }
            }
        }
        return found
    }

    static func isDeclarationModifier(_ word: Substring) -> Bool {
        ["public", "open", "final", "internal", "private", "fileprivate", "@objc", "@objcMembers"].contains(word) || word.hasPrefix("@")
    }
}

extension Scan {
    /// Whether the library makes `Progress` objects (`Progress(totalUnitCount:)`) and nothing in
    /// it reads their cancellation: no `cancellationHandler`, no `isCancelled`. Then a `Progress`
    /// it returns reports progress only (Frollo's `setup`), and its `cancel()` stops nothing. One
    /// it does not make (a task's `progress`, which Foundation cancels with the task) is not read so.
    static func progressesOnlyReport(in files: [File]) -> Bool {
        var makes = false
        for file in files {
            let text = String(decoding: file.bytes, as: UTF8.self)
            if text.contains("cancellationHandler") || text.contains("isCancelled") { return false }
            if text.contains("Progress(totalUnitCount") || text.contains("Progress(parent") || text.contains("Progress.discreteProgress") { makes = true }
        }
        return makes
    }
}
