import Foundation

/// Completion handlers in odd places, under odd names, behind typealiases.
public final class Catalog: FixtureObject {
    public typealias CompletionHandler = (Receipt?, Error?) -> Void

    public func lookup(completion: @escaping (Result<String, Error>) -> Void, sku: String) {
        respond { completion($0.result(sku)) }
    }

    public func search(_ query: String, then handler: @escaping ([String]?, Error?) -> Void) {
        respond { outcome in
            let (value, error) = outcome.pair([query])
            handler(value, error)
        }
    }

    public func download(
        id: String, progress: @escaping (Double) -> Void, completion: @escaping (Data?, Error?) -> Void,
        onCancel: @escaping () -> Void
    ) {
        progress(0.5)
        respond { outcome in
            let (value, error) = outcome.pair(Data(id.utf8))
            completion(value, error)
        }
    }

    public func sync(force: Bool = false, completion: ((Bool, Error?) -> Void)? = nil) {
        respond { outcome in completion?(outcome == .value, outcome.error) }
    }

    public func refresh(completion: ((Error?) -> Void)? = nil) {
        respond { completion?($0.error) }
    }

    public func item(named name: String, completion: @escaping CompletionHandler) {
        respond { outcome in
            let (value, error) = outcome.pair(Receipt(id: name))
            completion(value, error)
        }
    }

    public func price(of sku: String, reply: @escaping (Decimal?, Error?) -> Void) {
        respond { outcome in
            let (value, error) = outcome.pair(Decimal(9))
            reply(value, error)
        }
    }

    public func count(completion: @escaping (Result<Int, Error>) -> Void) {
        respond { completion($0.result(7)) }
    }

    public func names(completion: @escaping (Result<[String: [Int]], Error>) -> Void) {
        respond { completion($0.result(["a": [1]])) }
    }
}

/// A type whose whole completion vocabulary is typealiases.
public typealias JSONHandler = ([String: Any]?, Error?) -> Void
public typealias Completion<Value> = (Result<Value, Error>) -> Void

public final class Feed: FixtureObject {
    public func latest(completion: @escaping JSONHandler) {
        respond { outcome in
            let (value, error) = outcome.pair(["k": 1] as [String: Any])
            completion(value, error)
        }
    }

    public func entries(limit: Int, completion: @escaping Completion<[String]>) {
        respond { completion($0.result(Array(repeating: "e", count: limit))) }
    }

    public func decode<T: Decodable>(_ type: T.Type, from data: Data, completion: @escaping (Result<T, Error>) -> Void) {
        respond { outcome in
            completion(Result { try JSONDecoder().decode(T.self, from: data) })
        }
    }

    public func first<S: Sequence>(of sequence: S, completion: @escaping (S.Element?, Error?) -> Void) where S.Element: Equatable {
        var iterator = sequence.makeIterator()
        let first = iterator.next()
        respond { outcome in completion(first, outcome.error) }
    }

    public static func shared(completion: @escaping (Result<String, Error>) -> Void) {
        completion(.success("shared"))
    }

    public class func configure(verbose: Bool, completion: @escaping (Error?) -> Void) {
        completion(nil)
    }

    public func connect(host: String) throws -> Void {}

    public func open(path: String, completion: @escaping (Result<Int, Error>) -> Void) throws {
        if path.isEmpty { throw FixtureError.startRefused }
        respond { completion($0.result(path.count)) }
    }

    public func post(_ body: String, headers: [String: String] = [:], timeout: TimeInterval = 30, retries: Int = -1, completion: @escaping (Error?) -> Void) {
        respond { completion($0.error) }
    }

    public func stream(completion: @escaping @Sendable (Result<Int, Error>) -> Void) {
        respond { completion($0.result(1)) }
    }

    public func render(completion: @escaping @MainActor (Result<String, Error>) -> Void) {
        respond { outcome in
            let box = UncheckedBox(completion)
            DispatchQueue.main.async { MainActor.assumeIsolated { box.value(outcome.result("pixels")) } }
        }
    }
}
