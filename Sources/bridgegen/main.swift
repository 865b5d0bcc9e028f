import BridgegenCLI
import Foundation

// Thin on purpose: everything testable lives in BridgegenCLI.
exit(CLI.run(Array(CommandLine.arguments.dropFirst())).rawValue)
