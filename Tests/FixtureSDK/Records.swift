/// Something a `RecordStore` can load.
public protocol StoredRecord: Sendable {
    init(id: String, source: String)
}

/// A record the store also keeps in its cache.
public protocol CachedRecord: StoredRecord {}

/// A store whose generic `load` is overloaded on the record's constraint (legal Swift): cached
/// records come from the cache, the others from the network.
public final class RecordStore: FixtureObject, @unchecked Sendable {
    // @unchecked: configured before use, as every fixture object.
    public func load<T: StoredRecord>(_ type: T.Type, id: String, completion: @escaping (T?, Error?) -> Void) {
        respond { outcome in
            let (value, error) = outcome.pair(T(id: id, source: "network"))
            completion(value, error)
        }
    }

    public func load<T: CachedRecord>(_ type: T.Type, id: String, completion: @escaping (T?, Error?) -> Void) {
        respond { outcome in
            let (value, error) = outcome.pair(T(id: id, source: "cache"))
            completion(value, error)
        }
    }

    /// The same overload pair with the constraint in a `where` clause.
    public func refresh<T>(_ type: T.Type, id: String, completion: @escaping (T?, Error?) -> Void) where T: StoredRecord {
        load(type, id: id, completion: completion)
    }

    public func refresh<T>(_ type: T.Type, id: String, completion: @escaping (T?, Error?) -> Void) where T: CachedRecord {
        load(type, id: id, completion: completion)
    }
}

/// Records for the tests.
public struct Article: StoredRecord, Equatable {
    public let id: String
    public let source: String
    public init(id: String, source: String) {
        self.id = id
        self.source = source
    }
}

public struct Profile: CachedRecord, Equatable {
    public let id: String
    public let source: String
    public init(id: String, source: String) {
        self.id = id
        self.source = source
    }
}
