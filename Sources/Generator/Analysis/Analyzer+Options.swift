import DeclParser

/// The options an adapter takes from its own annotations or its block's: timeout, error mapping,
/// retry and main-actor isolation (cancellation, which needs the declaration's return type, is
/// read by Analyzer+Cancellation.swift into the same value). Every kind of adapter reads them
/// here, once.
extension Analyzer {
    /// Reads `@timeout`, `@mapError`, `@retry`, `@MainActor` and `@blocking` from a block or a function.
    mutating func readOptions(_ attributes: [Attribute], inheriting base: AdapterOptions) -> AdapterOptions {
        var options = base
        for attribute in attributes {
            switch attribute.name.name {
            case "timeout":
                let usage = Annotations.usage("timeout")
                guard let arguments = Annotations.arguments(of: attribute, into: &diagnostics)
                else { continue }
                guard let argument = arguments["seconds"] else {
                    diagnostics.error("'@timeout' needs 'seconds:'", at: attribute.location, notes: [.init("write \(usage)")])
                    continue
                }
                switch argument.value {
                case .integer(let value) where value > 0: options.timeout = Written(String(value), line: argument.location.line)
                case .float(let value) where value > 0: options.timeout = Written(String(value), line: argument.location.line)
                default:
                    diagnostics.error(
                        "timeout must be a positive number of seconds, found '\(argument.value.text)'", at: argument.location,
                        notes: [.init("write \(usage)")])
                }
            case "mapError":
                let usage = Annotations.usage("mapError")
                guard let arguments = Annotations.arguments(of: attribute, into: &diagnostics),
                    let argument = arguments[""]
                else { continue }
                let text = argument.value.text
                guard Self.isDottedName(text) else {
                    diagnostics.error("'\(text)' is not a function name", at: argument.location, notes: [.init("write \(usage)")])
                    continue
                }
                options.mapError = Written(text, line: argument.location.line)
            case "retry":
                // `@retry(none)` turns off the block's retry.
                if case .some(var retry) = readRetry(attribute) {
                    retry?.line = attribute.location.line
                    options.retry = retry
                }
            case "MainActor":
                if attribute.arguments != nil {
                    diagnostics.error(
                        "'@MainActor' takes no arguments", at: attribute.location, notes: [.init("write '@MainActor'")])
                }
                options.isMainActor = true
            case "blocking":
                if attribute.arguments != nil {
                    diagnostics.error(
                        "'@blocking' takes no arguments", at: attribute.location, notes: [.init("write \(Annotations.usage("blocking"))")])
                }
                options.blocking = attribute.location.line
            default:
                break
            }
        }
        return options
    }

}
