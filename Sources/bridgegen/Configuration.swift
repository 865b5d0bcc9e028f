import Foundation
import Generator

/// `bridgegen.json`: a target's settings, decoded with Foundation. An unknown key or a bad
/// value is a diagnostic at its line and column, so a typo never silently does nothing.
struct Configuration: Equatable {
    static let keys = [
        "access", "availability", "fakesImport", "naming", "templates", "testDoubles",
    ]

    /// Keys of earlier releases that one shared runtime module cannot honour per target: each
    /// is an error that says what to do instead (decision 3).
    static let removedKeys: [String: String] = [
        "continuation":
            "the BridgegenRuntime module, shared by every module of the app, always uses checked continuations; delete the key",
        "misuseHook":
            "every module's adapters now report to the one BridgegenMisuse.handler; delete the key and set the handler once at launch",
    ]

    var access: String?
    var naming: Settings.Naming?
    var availability: String?
    /// Resolved against the configuration file's folder.
    var templates: String?
    var testDoubles: Settings.TestDoubles?
    var fakesImport: String?

    /// The configuration at `path`, or its diagnostics (`path:line:col: error: …` lines).
    struct Problems: Error {
        var lines: [String]
    }

    static func load(path: String) -> Result<Configuration, Problems> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(Problems(lines: ["\(path): error: cannot read the configuration file"]))
        }
        let text = String(decoding: data, as: UTF8.self)
        guard let object = try? JSONSerialization.jsonObject(with: data), let dictionary = object as? [String: Any] else {
            return .failure(
                Problems(lines: [
                    "\(path):1:1: error: the configuration is not a JSON object",
                    "\(path):1:1: note: write for example {\"access\": \"public\", \"naming\": \"swift\"}",
                ]))
        }
        var configuration = Configuration()
        var errors: [String] = []
        func error(_ key: String, _ message: String, note: String) {
            let at = "\(path):\(location(of: key, in: text))"
            errors += ["\(at): error: \(message)", "\(at): note: \(note)"]
        }
        // In the order they appear in the file, so diagnostics read top to bottom.
        let ordered = dictionary.keys.sorted {
            (text.range(of: "\"\($0)\"")?.lowerBound ?? text.endIndex, $0)
                < (text.range(of: "\"\($1)\"")?.lowerBound ?? text.endIndex, $1)
        }
        for key in ordered {
            if let instead = removedKeys[key] {
                error(key, "'\(key)' is no longer a setting", note: instead)
                continue
            }
            guard keys.contains(key) else {
                error(key, "unknown key '\(key)' in the configuration", note: "known keys: " + keys.joined(separator: ", "))
                continue
            }
            // `testDoubles` may be a JSON `true` or `false` (Foundation gives a number for `1`
            // too, so the file's text decides) or a string.
            if key == "testDoubles", let flag = dictionary[key] as? Bool, Self.isBooleanLiteral(key, in: text) {
                configuration.testDoubles = flag ? .all : Settings.TestDoubles.none
                continue
            }
            guard let value = dictionary[key] as? String else {
                error(key, "'\(key)' must be a string", note: usage[key]!)
                continue
            }
            switch key {
            case "access" where Settings.accessLevels.contains(value): configuration.access = value
            case "naming" where Settings.Naming(rawValue: value) != nil: configuration.naming = Settings.Naming(rawValue: value)
            case "availability" where isAvailabilityList(value): configuration.availability = value
            case "testDoubles" where value == "protocols" || value == "fakes":
                configuration.testDoubles = Settings.TestDoubles(rawValue: value)
            case "fakesImport" where isQualifiedName(value): configuration.fakesImport = value
            case "templates" where !value.isEmpty:
                let folder = (path as NSString).deletingLastPathComponent
                configuration.templates = value.hasPrefix("/") || folder.isEmpty ? value : folder + "/" + value
            default:
                error(key, "'\(value)' is not a valid value for '\(key)'", note: usage[key]!)
            }
        }
        return errors.isEmpty ? .success(configuration) : .failure(Problems(lines: errors))
    }

    static let usage: [String: String] = [
        "access": "one of: internal, package, public",
        "naming": "'swift' (SE-0297 names, the default) or 'legacy' (keep the SDK's method names)",
        "availability": "a platform list ending in '*', e.g. \"iOS 15.0, macOS 12.0, *\"",
        "templates": "a folder of templates, relative to this file",
        "testDoubles":
            "true (a protocol per bridged type, its conformance and a scriptable fake), \"protocols\" (an app target) or \"fakes\" (a test-support target)",
        "fakesImport": "the module a \"fakes\" target stands in for, e.g. \"PaymentsApp\"",
    ]

    /// `iOS 15.0, macOS 12.0, *`.
    static func isAvailabilityList(_ text: String) -> Bool {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.last == "*" else { return false }
        return parts.dropLast().allSatisfy { part in
            let words = part.split(separator: " ")
            return words.count == 2 && words[0].allSatisfy(\.isLetter)
                && words[1].split(separator: ".", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
        }
    }

    /// `name` or `Type.name`: identifiers separated by dots.
    static func isQualifiedName(_ text: String) -> Bool {
        text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            guard let first = part.first, first.isLetter || first == "_" else { return false }
            return part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        }
    }

    /// Whether `"key":` is followed by `true` or `false` in the file.
    static func isBooleanLiteral(_ key: String, in text: String) -> Bool {
        guard let range = text.range(of: "\"\(key)\"") else { return false }
        let rest = text[range.upperBound...].drop { $0 == " " || $0 == ":" || $0.isNewline || $0 == "\t" }
        return rest.hasPrefix("true") || rest.hasPrefix("false")
    }

    /// `line:column` of the first `"key"` in the file (1:1 when it cannot be found).
    static func location(of key: String, in text: String) -> String {
        guard let range = text.range(of: "\"\(key)\"") else { return "1:1" }
        let before = text[..<range.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let column = before.distance(from: before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex, to: before.endIndex) + 1
        return "\(line):\(column)"
    }

    /// The settings: the file's values, then the command line's on top.
    func settings(overriddenBy options: Options) -> Settings {
        var settings = Settings()
        if let access = (options.access ?? access).flatMap(AccessLevel.init(rawValue:)) { settings.access = access }
        if let naming = options.naming ?? naming { settings.naming = naming }
        if let availability = options.availability ?? availability { settings.availability = availability }
        settings.testDoubles = options.testDoubles ?? testDoubles ?? Settings.TestDoubles.none
        settings.fakesImport = options.fakesImport ?? fakesImport
        settings.sourceLocations = options.sourceLocations ?? .none
        return settings
    }
}
