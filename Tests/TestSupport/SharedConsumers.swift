import FixtureSDK
@testable import GoldenAdapters

/// `count` consumers of one source's shared stream, each joining after a random delay and
/// leaving one of the three ways a consumer leaves: its loop breaks after a few events, its task
/// is cancelled, or its stream is dropped unread. Used by the behaviour and the stress tests.
/// The draws come from `seed`, so a failing round can be replayed.
public func joinAndLeaveAtRandom(
    _ count: Int, _ source: RepeatingSource, maxDelay: Double = 0.02, seed: UInt64
) async throws {
    var generator = SeededGenerator(seed: seed)
    try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<count {
            let way = Int.random(in: 0..<3, using: &generator)
            let delay = Double.random(in: 0..<maxDelay, using: &generator)
            let breakAfter = Int.random(in: 1..<10, using: &generator)
            group.addTask {
                try await Task.sleep(for: .seconds(delay))
                switch way {
                case 0:
                    var seen = 0
                    for await _ in source.sharedTicks() {
                        seen += 1
                        if seen == breakAfter { break }
                    }
                case 1:
                    let task = Task { for await _ in source.sharedTicks() {} }
                    try await Task.sleep(for: .seconds(delay))
                    task.cancel()
                    await task.value
                default:
                    _ = source.sharedTicks()  // dropped unread
                }
            }
        }
        try await group.waitForAll()
    }
}
