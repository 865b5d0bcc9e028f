// Module bridgegen — the command line: arguments, `bridgegen.json`, reading `.bridge` files,
// writing outputs atomically (or checking them), exit codes. The pipeline itself is Generator's.

import Foundation

// Thin on purpose: everything testable lives in CLI.swift and beside it.
exit(CLI.run(Array(CommandLine.arguments.dropFirst())).rawValue)
