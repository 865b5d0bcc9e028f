import BridgegenCLI
import Foundation
import Parallel

// Thin on purpose: everything testable lives in BridgegenCLI. The process exits right after
// writing, so big inputs' trees are left for the exit to reclaim (see ExitTimeRelease).
ExitTimeRelease.enable()
exit(CLI.run(Array(CommandLine.arguments.dropFirst())).rawValue)
