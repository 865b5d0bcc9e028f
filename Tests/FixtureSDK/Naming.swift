import Foundation

/// Methods named in the Objective-C way, whose async names follow SE-0297.
public final class Account: FixtureObject {
    public func getProfile(completion: @escaping (String?, Error?) -> Void) {
        respond { outcome in
            let (value, error) = outcome.pair("profile")
            completion(value, error)
        }
    }

    public func getURLForKey(_ key: String, completionHandler: @escaping (URL?, Error?) -> Void) {
        respond { outcome in
            let (value, error) = outcome.pair(URL(fileURLWithPath: "/" + key))
            completionHandler(value, error)
        }
    }

    public func signOutWithCompletionHandler(_ completionHandler: @escaping (Error?) -> Void) {
        respond { completionHandler($0.error) }
    }

    public func loadAvatarWithCompletion(_ completion: @escaping (Data?, Error?) -> Void) {
        respond { outcome in
            let (value, error) = outcome.pair(Data())
            completion(value, error)
        }
    }

    public func renewWithReply(_ reply: @escaping (Bool) -> Void) {
        respond { _ in reply(true) }
    }

    public func pingWithBlock(_ block: @escaping () -> Void) {
        respond { _ in block() }
    }

    public func saveAsynchronously(completion: @escaping (Error?) -> Void) {
        respond { completion($0.error) }
    }

    public func get(completion: @escaping (Int) -> Void) {
        respond { _ in completion(1) }
    }

    public func getDefault(completion: @escaping (String) -> Void) {
        respond { _ in completion("default") }
    }

    public func fetchTokens(completion: @escaping ([String]) -> Void) {
        respond { _ in completion(["t"]) }
    }

    public func `import`(from path: String, completion: @escaping (Error?) -> Void) {
        respond { completion($0.error) }
    }

    public func send(in channel: String, for user: String, completion: @escaping (Error?) -> Void) {
        respond { completion($0.error) }
    }
}

/// A legacy type behind a wrapper, with a token-returning start call.
public final class LegacyPayments: FixtureObject {
    public func authorize(amount: Int, completion: @escaping (Result<Receipt, Error>) -> Void) -> RequestToken {
        respond { completion($0.result(Receipt(id: "auth \(amount)"))) }
        return RequestToken()
    }

    public static func version(completion: @escaping (String) -> Void) {
        completion("1.0")
    }
}

/// A generic legacy type.
public final class Store<Item> {
    public var items: [Item]
    public init(items: [Item]) { self.items = items }

    public func load(completion: @escaping ([Item]?, Error?) -> Void) {
        completion(items, nil)
    }
}

/// A protocol-based legacy API.
public protocol Uploader: AnyObject {
    func upload(_ data: Data, completion: @escaping (Result<URL, Error>) -> Void)
}

public final class FileUploader: Uploader {
    public init() {}
    public func upload(_ data: Data, completion: @escaping (Result<URL, Error>) -> Void) {
        completion(.success(URL(fileURLWithPath: "/uploads/\(data.count)")))
    }
}

/// An API deprecated and newer than the floor, whose attributes the adapter must carry.
public final class Modern: FixtureObject {
    @available(macOS 11, iOS 14, *)
    public func newer(completion: @escaping (Int) -> Void) {
        respond { _ in completion(14) }
    }

    @available(*, deprecated, message: "use newer")
    public func older(completion: @escaping (Int) -> Void) {
        respond { _ in completion(13) }
    }
}
