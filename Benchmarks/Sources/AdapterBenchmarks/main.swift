import Foundation

/// Per-call cost of each adapter kind against a bare checked continuation, measured in one run
/// (ratios within one run are what is stable on a shared machine). Prints medians of repeated
/// rounds.
struct Measurement {
    var name: String
    var nanoseconds: [Double]
    var median: Double {
        let sorted = nanoseconds.sorted()
        return sorted[sorted.count / 2]
    }
}

let calls = Int(ProcessInfo.processInfo.environment["BENCH_CALLS"] ?? "") ?? 200_000
let rounds = Int(ProcessInfo.processInfo.environment["BENCH_ROUNDS"] ?? "") ?? 11

func measure(_ name: String, calls: Int, _ body: (Int) async throws -> Int) async rethrows -> Measurement {
    var samples: [Double] = []
    var sink = 0
    for _ in 0..<rounds {
        let start = DispatchTime.now().uptimeNanoseconds
        for i in 0..<calls { sink &+= try await body(i) }
        let end = DispatchTime.now().uptimeNanoseconds
        samples.append(Double(end - start) / Double(calls))
    }
    if sink == 42 { print("") }
    return Measurement(name: name, nanoseconds: samples)
}

/// Each ratio is against the bare continuation around the same SDK call: the adapters that keep
/// a token are compared with a bare continuation around the token-returning call, so the SDK's
/// own work (allocating the token) is not counted as adapter overhead.
func report(_ title: String, _ measurements: [Measurement]) {
    let bare = measurements[0].median
    let bareToken = measurements[2].median
    print("\n\(title)")
    print("| adapter | ns/call (median) | × bare checked | × bare, same SDK call |")
    print("| --- | ---: | ---: | ---: |")
    for (index, m) in measurements.enumerated() {
        let base = index < 2 ? bare : bareToken
        let ratio = String(format: "%.2f", m.median / bare)
        print("| \(m.name) | \(String(format: "%.0f", m.median)) | \(ratio) | \(String(format: "%.2f", m.median / base)) |")
    }
}

/// Everything runs in one nonisolated function: the SDK object is not Sendable and never
/// leaves this task.
nonisolated func runBenchmarks() async throws {
    let sdk = BenchSDK()
    // Warm up (lazy metadata, caches).
    for i in 0..<10_000 { _ = try await sdk.bareFetch(id: i); _ = try await sdk.fetchCancellable(id: i) }

    // Allocation counting (Benchmarks/allocations): run one candidate a fixed number of times,
    // synchronously answered, and nothing else.
    if let only = ProcessInfo.processInfo.environment["BENCH_ONLY"] {
        var sink = 0
        let body: (Int) async throws -> Int
        switch only {
        case "bare": body = { try await sdk.bareFetch(id: $0) }
        case "bareToken": body = { try await sdk.bareFetchCancellable(id: $0) }
        case "completion": body = { try await sdk.fetch(id: $0) }
        case "cancellable": body = { try await sdk.fetchCancellable(id: $0) }
        case "timeout": body = { try await sdk.fetchWithTimeout(id: $0) }
        case "operationBridge": body = { try await sdk.operationBridgeFetch(id: $0) }
        default: fatalError("BENCH_ONLY: unknown candidate \(only)")
        }
        for i in 0..<calls { sink &+= try await body(i) }
        if sink == 42 { print("") }
        return
    }

    // Interleave the candidates per round so machine noise hits them alike.
    var results: [String: [Double]] = [:]
    let candidates: [(String, (Int) async throws -> Int)] = [
        ("bare withCheckedThrowingContinuation", { try await sdk.bareFetch(id: $0) }),
        ("bridgegen completion (no cancel)", { try await sdk.fetch(id: $0) }),
        ("bare checked, token-returning SDK call", { try await sdk.bareFetchCancellable(id: $0) }),
        ("bridgegen cancellable token", { try await sdk.fetchCancellable(id: $0) }),
        ("bridgegen cancellable + timeout", { try await sdk.fetchWithTimeout(id: $0) }),
        ("OperationBridge port", { try await sdk.operationBridgeFetch(id: $0) }),
    ]
    for _ in 0..<rounds {
        for (name, body) in candidates {
            let m = try await measure(name, calls: calls / 4) { try await body($0) }
            results[name, default: []].append(contentsOf: m.nanoseconds)
        }
    }
    report(
        "Completion inside the start call (\(calls / 4) calls × \(rounds) rounds × \(rounds) repeats)",
        candidates.map { Measurement(name: $0.0, nanoseconds: results[$0.0]!) })

    // Delegate adapters and stream elements, each against its hand-written bare equivalent.
    let owner = BenchOwner()
    let elements = 100
    var other: [String: [Double]] = [:]
    let others: [(String, (Int) async throws -> Int)] = [
        ("bare delegate + checked continuation", { try await owner.bareValue(id: $0) }),
        ("bridgegen delegate adapter", { try await owner.value(id: $0) }),
        ("bare AsyncStream, per element", { _ in var sum = 0; for await v in sdk.bareObserve(count: elements) { sum &+= v }; return sum }),
        ("bridgegen stream adapter, per element", { _ in var sum = 0; for await v in sdk.events(count: elements) { sum &+= v }; return sum }),
    ]
    for _ in 0..<rounds {
        for (index, (name, body)) in others.enumerated() {
            let perCall = index >= 2 ? calls / 4 / elements : calls / 4
            let m = try await measure(name, calls: perCall) { try await body($0) }
            other[name, default: []].append(contentsOf: m.nanoseconds.map { index >= 2 ? $0 / Double(elements) : $0 })
        }
    }
    print("\nDelegate adapters and stream elements (synchronous answers; ratio to the bare equivalent)")
    print("| adapter | ns (median) | × bare |")
    print("| --- | ---: | ---: |")
    for (index, (name, _)) in others.enumerated() {
        let median = Measurement(name: name, nanoseconds: other[name]!).median
        let base = Measurement(name: "", nanoseconds: other[others[index - index % 2].0]!).median
        print("| \(name) | \(String(format: "%.0f", median)) | \(String(format: "%.2f", median / base)) |")
    }

    if ProcessInfo.processInfo.environment["BENCH_SKIP_THREADED"] != nil { return }
    // The SDK calls back from its own thread: includes a thread hop and a real suspension.
    sdk.deliverer = Deliverer()
    var threaded: [String: [Double]] = [:]
    for _ in 0..<3 {
        for (name, body) in candidates {
            let m = try await measure(name, calls: calls / 20) { try await body($0) }
            threaded[name, default: []].append(contentsOf: m.nanoseconds)
        }
    }
    report(
        "Completion from the SDK's own thread (\(calls / 20) calls × \(rounds) rounds × 3 repeats)",
        candidates.map { Measurement(name: $0.0, nanoseconds: threaded[$0.0]!) })
}

try await runBenchmarks()
