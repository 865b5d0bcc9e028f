import DeclParser

/// The options an adapter takes from its own annotations or its extension block's: timeout,
/// error mapping, retry and main-actor isolation.
extension Analyzer {
    /// Annotations of an extension block that apply to each of its adapters.
    struct BlockOptions {
        var timeout: String?
        var mapError: String?
        var isMainActor = false
        var retry: RetryPolicy?
        /// Where `@mapError` and `@retry` were written (generated code that repeats them is
        /// mapped back to these lines).
        var mapErrorLine: Int?
        var retryLine: Int?
    }


    /// Reads `@timeout`, `@mapError`, `@retry` and `@MainActor` from a block or a function.
    mutating func readOptions(_ attributes: [Attribute], inheriting base: BlockOptions) -> BlockOptions {
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
                case .integer(let value) where value > 0: options.timeout = String(value)
                case .float(let value) where value > 0: options.timeout = String(value)
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
                options.mapError = text
                options.mapErrorLine = argument.location.line
            case "retry":
                if let retry = readRetry(attribute) {
                    options.retry = retry
                    options.retryLine = attribute.location.line
                }
            case "MainActor":
                if attribute.arguments != nil {
                    diagnostics.error(
                        "'@MainActor' takes no arguments", at: attribute.location, notes: [.init("write '@MainActor'")])
                }
                options.isMainActor = true
            default:
                break
            }
        }
        return options
    }

}
