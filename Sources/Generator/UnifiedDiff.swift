/// A unified diff of two texts (Myers' algorithm), for `--check` and golden-test failures:
/// the reader sees exactly which lines differ, white space included.
public enum UnifiedDiff {
    public static func diff(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let script = editScript(a, b)
        if script.allSatisfy({ $0.kind == .same }) { return "" }

        var output = "--- \(oldName)\n+++ \(newName)\n"
        var index = 0
        while index < script.count {
            guard let firstChange = script[index...].firstIndex(where: { $0.kind != .same }) else { break }
            var start = max(index, firstChange - context)
            if start < index { start = index }
            var end = firstChange
            // Extend the hunk while changes are within 2 * context of each other.
            var cursor = firstChange
            while cursor < script.count {
                if script[cursor].kind != .same {
                    end = cursor
                    cursor += 1
                    continue
                }
                let nextChange = script[cursor...].firstIndex { $0.kind != .same }
                if let nextChange, nextChange - end <= 2 * context {
                    cursor = nextChange
                } else {
                    break
                }
            }
            let stop = min(script.count, end + context + 1)
            let hunk = script[start..<stop]
            let oldStart = (hunk.first { $0.kind != .insert }?.oldIndex ?? 0) + 1
            let newStart = (hunk.first { $0.kind != .delete }?.newIndex ?? 0) + 1
            let oldCount = hunk.filter { $0.kind != .insert }.count
            let newCount = hunk.filter { $0.kind != .delete }.count
            output += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
            for edit in hunk {
                switch edit.kind {
                case .same: output += " " + a[edit.oldIndex] + "\n"
                case .delete: output += "-" + a[edit.oldIndex] + "\n"
                case .insert: output += "+" + b[edit.newIndex] + "\n"
                }
            }
            index = stop
        }
        return output
    }

    struct Edit {
        enum Kind { case same, delete, insert }
        var kind: Kind
        var oldIndex: Int
        var newIndex: Int
    }

    /// Myers' O((N+M)·D) shortest edit script.
    static func editScript(_ a: [String], _ b: [String]) -> [Edit] {
        let n = a.count
        let m = b.count
        let max = n + m
        if max == 0 { return [] }
        var v = [Int](repeating: 0, count: 2 * max + 2)
        var trace: [[Int]] = []
        let offset = max + 1
        outer: for d in 0...max {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    x = v[offset + k + 1]
                } else {
                    x = v[offset + k - 1] + 1
                }
                var y = x - k
                while x < n && y < m && a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n && y >= m { break outer }
            }
        }
        // Backtrack.
        var edits: [Edit] = []
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK: Int
            if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                previousK = k + 1
            } else {
                previousK = k - 1
            }
            let previousX = v[offset + previousK]
            let previousY = previousX - previousK
            while x > previousX && y > previousY {
                edits.append(Edit(kind: .same, oldIndex: x - 1, newIndex: y - 1))
                x -= 1
                y -= 1
            }
            if d > 0 {
                if x == previousX {
                    edits.append(Edit(kind: .insert, oldIndex: x, newIndex: y - 1))
                } else {
                    edits.append(Edit(kind: .delete, oldIndex: x - 1, newIndex: y))
                }
            }
            x = previousX
            y = previousY
        }
        return edits.reversed()
    }
}
