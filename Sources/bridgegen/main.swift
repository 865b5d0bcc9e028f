import BridgegenCLI
import Foundation
import Parallel

// Thin on purpose: everything testable lives in BridgegenCLI. The process exits right after
// writing, so big inputs' trees are left for the exit to reclaim (see ExitTimeRelease), and its
// heaps may grow in big steps (see HeapGrowth).
ExitTimeRelease.enable()
HeapGrowth.growInLargeSteps()
exit(CLI.run(Array(CommandLine.arguments.dropFirst())).rawValue)
