import Foundation

// Thin on purpose: everything testable lives in CLI.swift and beside it.
exit(CLI.run(Array(CommandLine.arguments.dropFirst())).rawValue)
