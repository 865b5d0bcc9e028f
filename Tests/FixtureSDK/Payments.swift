import Foundation

/// Completion-handler shapes, one method each. Bridged by the goldens in Tests/GoldenTests/Inputs.
public final class PaymentsClient: FixtureObject {
    public func charge(amount: Int, currency: String, completion: @escaping (Result<Receipt, Error>) -> Void) {
        respond { completion($0.result(Receipt(id: "\(amount) \(currency)"))) }
    }

    public func getReceiptAsynchronously(id: String, completionHandler: @escaping (Receipt?, Error?) -> Void) {
        respond { outcome in
            let (value, error) = outcome.pair(Receipt(id: id))
            completionHandler(value, error)
        }
    }

    public func refund(id: String, completion: @escaping (Error?) -> Void) {
        respond { completion($0.error) }
    }

    public func ping(completion: @escaping () -> Void) {
        respond { _ in completion() }
    }

    public func balance(completion: @escaping (Balance) -> Void) {
        respond { _ in completion(Balance(cents: 4200)) }
    }

    public func lastReceipt(completion: @escaping (Receipt?) -> Void) {
        respond { outcome in completion(outcome == .value ? Receipt(id: "last") : nil) }
    }

    public func limits(completion: @escaping (Int, String) -> Void) {
        respond { _ in completion(100, "EUR") }
    }

    public func statement(month: Int, completion: @escaping (Data?, StatusLine?, Error?) -> Void) {
        respond { outcome in
            let (value, error) = outcome.pair(Data([UInt8(month)]))
            completion(value, outcome == .nothing ? nil : StatusLine(code: 200), error)
        }
    }

    public func verify(token: String, completion: @escaping (Bool, Error?) -> Void) {
        respond { outcome in completion(outcome == .value, outcome == .failure ? FixtureError.failed : nil) }
    }

    public func authorize(amount: Int, completion: @escaping (Data?, Int32, NSError?) -> Void) {
        respond { outcome in
            completion(outcome == .value ? Data([1]) : nil, outcome == .value ? 0 : 7, nil)
        }
    }

    /// Perfect-LDAP's style: nil when it succeeded, a text that says why it failed. `.both`:
    /// nil, then a text.
    public func cancelPayout(id: String, completion: @escaping (String?) -> Void) {
        respond { outcome in
            switch outcome {
            case .value, .nothing: completion(nil)
            case .failure: completion("PAYOUT NOT CANCELLED: \(id)")
            case .both:
                completion(nil)
                completion("PAYOUT NOT CANCELLED: \(id)")
            }
        }
    }

    /// BMSPush's style: values, and a text that says why it failed, empty when it succeeded.
    /// `.nothing`: no values and no text; `.both`: the values, then a text.
    /// Hyperwallet's style: the SDK's own error, under a name that does not end in `Error`.
    public func approve(amount: Int, completion: @escaping (String?, DeclineReason?) -> Void) {
        respond { outcome in
            switch outcome {
            case .value: completion("approved \(amount)", nil)
            case .nothing: completion(nil, nil)
            case .failure: completion(nil, .insufficientFunds)
            case .both:
                completion("approved \(amount)", nil)
                completion(nil, .insufficientFunds)
            }
        }
    }

    public func unregister(device: String, completion: @escaping (_ response: String?, _ statusCode: Int?, _ error: String) -> Void) {
        respond { outcome in
            switch outcome {
            case .value: completion("unregistered \(device)", 200, "")
            case .nothing: completion(nil, nil, "")
            case .failure: completion(nil, 404, "DEVICE NOT FOUND: \(device)")
            case .both:
                completion("unregistered \(device)", 200, "")
                completion(nil, 500, "DEVICE NOT FOUND: \(device)")
            }
        }
    }

    /// TelegramBotSDK's style: the SDK's own error type is a plain enum, no `Error`.
    public enum LedgerError: Equatable {
        case locked(account: String)
    }

    /// `(receipt, nil)` or `(nil, .locked)`; `.both`: a receipt, then the error.
    public func post(entry: String, completion: @escaping (_ receipt: String?, _ error: LedgerError?) -> Void) {
        respond { outcome in
            switch outcome {
            case .value: completion("posted \(entry)", nil)
            case .nothing: completion(nil, nil)
            case .failure: completion(nil, .locked(account: entry))
            case .both:
                completion("posted \(entry)", nil)
                completion(nil, .locked(account: entry))
            }
        }
    }

    public func settle(completion: @escaping (Result<Int, Never>) -> Void) {
        respond { _ in completion(.success(3)) }
    }

    /// Perfect's style: the outcome handed over as a closure that returns it or throws.
    public func confirm(id: String, completion: @escaping (() throws -> Receipt) -> Void) {
        respond { outcome in
            let result = outcome.result(Receipt(id: id))
            completion { try result.get() }
        }
    }

    public func void(completion: @escaping (Result<Void, PaymentsError>) -> Void) {
        respond { outcome in completion(outcome == .value ? .success(()) : .failure(.declined)) }
    }

    /// What a request answers with, beside its model (Uber's `Response`): the failure is its
    /// `error`, an `Error` here.
    public final class Reply: @unchecked Sendable {
        public let statusCode: Int
        public let error: Error?
        init(statusCode: Int, error: Error?) {
            self.statusCode = statusCode
            self.error = error
        }
    }

    /// A status the SDK reports its failures with, which is no `Error` (Uber's `UberError`).
    public struct Problem: CustomStringConvertible, Sendable {
        public let title: String
        public var description: String { "problem: \(title)" }
    }

    /// A reply whose failure is no `Error` (DRACOON's `Dracoon.Response`, `error: DracoonError?`).
    public struct Answer: Sendable {
        public let problem: Problem?
    }

    /// Uber's `fetchProducts(pickupLocation:completion: ([Product], Response) -> Void)`: the
    /// model beside the reply that carries the failure. `.nothing`: no model, no failure.
    /// `.both`: a model, then the failure.
    public func products(near place: String, completion: @escaping (_ products: [String]?, _ reply: Reply) -> Void) {
        respond { outcome in
            switch outcome {
            case .value: completion(["\(place) 1", "\(place) 2"], Reply(statusCode: 200, error: nil))
            case .nothing: completion(nil, Reply(statusCode: 200, error: nil))
            case .failure: completion(nil, Reply(statusCode: 500, error: FixtureError.failed))
            case .both:
                completion(["\(place) 1"], Reply(statusCode: 200, error: nil))
                completion(nil, Reply(statusCode: 500, error: FixtureError.failed))
            }
        }
    }

    /// EosioSwift's `broadcast(completion: (EosioResult<Bool, EosioError>) -> Void)`, "a `Bool`
    /// for success": `.success(true)`; `.nothing` hands `.success(false)`; `.both`: true, then
    /// the failure.
    public func clear(id: String, completion: @escaping (Result<Bool, Error>) -> Void) {
        respond { outcome in
            switch outcome {
            case .value: completion(.success(true))
            case .nothing: completion(.success(false))
            case .failure: completion(.failure(FixtureError.failed))
            case .both:
                completion(.success(true))
                completion(.failure(FixtureError.failed))
            }
        }
    }

    /// The same status in an SDK's own result (EosioSwift's `EosioResult`).
    public func release(id: String, completion: @escaping (PhotoResult<Bool>) -> Void) {
        respond { outcome in
            switch outcome {
            case .value, .both: completion(.fulfilled(true))
            case .nothing: completion(.fulfilled(false))
            case .failure: completion(.rejected(FixtureError.failed))
            }
        }
    }

    /// DRACOON's `deleteNodes(request:completion: (Dracoon.Response) -> Void)`: the answer
    /// alone, optional, its failure a `Problem`.
    public func archive(id: String, completion: @escaping (_ answer: Answer?) -> Void) {
        respond { outcome in
            completion(outcome == .failure ? Answer(problem: Problem(title: "locked \(id)")) : outcome == .nothing ? nil : Answer(problem: nil))
        }
    }
}

extension PaymentsClient {
    /// SwiftMQTT's shape: the error enum has a case that says the call went well.
    public enum SessionError: Error, Equatable {
        case none
        case socketError
        case refused(code: Int)
    }

    /// `.none` when it went well, `.refused` when it failed; `.both`: `.none`, then `.socketError`.
    public func settle(batch: String, completion: ((_ error: SessionError) -> Void)?) {
        respond { outcome in
            switch outcome {
            case .value, .nothing: completion?(.none)
            case .failure: completion?(.refused(code: 5))
            case .both:
                completion?(.none)
                completion?(.socketError)
            }
        }
    }

    /// A push-notification handler's shape (Appcues, Klaviyo): returns whether it will call
    /// `completionHandler`; `.nothing`: not its notification, false, and it never calls back;
    /// `.both`: it calls back before it returns true.
    public func handle(notification id: String, completionHandler: @escaping () -> Void) -> Bool {
        switch outcome {
        case .nothing:
            recordStart()
            return false
        case .both:
            recordStart()
            completionHandler()
            return true
        case .value, .failure:
            respond { _ in completionHandler() }
            return true
        }
    }

    /// Apptentive's `didReceiveRemoteNotification(_:fetchCompletionHandler:) -> Bool`: hands the
    /// id's length later when it returns true; `.nothing`: false, and never a call.
    public func fetch(push id: String, fetchCompletionHandler: @escaping (Int) -> Void) -> Bool {
        guard outcome != .nothing else {
            recordStart()
            return false
        }
        respond { _ in fetchCompletionHandler(id.count) }
        return true
    }

    public func ping2(completion: @escaping () -> Void) {
        respond { _ in completion() }
    }
}

/// Parameter types of every kind the .bridge type grammar knows.
public final class Converter: FixtureObject {
    public func convert(
        pair: (Int, label: String), matrix: [[Double]], lookup: [String: Int?], kind: any Codable.Type,
        both: (any Equatable & Sendable)?, transform: @escaping (Int) throws -> String,
        completion: @escaping (Swift.Result<[Int?], Swift.Error>) -> Void
    ) {
        respond { completion($0.result([pair.0, nil])) }
    }

    public func measure(samples: inout [Int], completion: @escaping (Int) -> Void) {
        samples.append(1)
        let count = samples.count
        respond { _ in completion(count) }
    }

    /// A variadic list beside a closure that names its parameters.
    public func sum(_ values: Int..., completion: @escaping (_ total: Int?, _ error: Error?) -> Void) {
        let total = values.reduce(0, +)
        respond { outcome in
            let (value, error) = outcome.pair(total)
            completion(value, error)
        }
    }

    /// A variadic list, as Redis clients take keys.
    public func join(_ parts: String..., separator: String, completion: @escaping (String?, Error?) -> Void) {
        let joined = parts.joined(separator: separator)
        respond { outcome in
            let (value, error) = outcome.pair(joined)
            completion(value, error)
        }
    }
}

public final class Ledger: FixtureObject {
    public func total(completion: @escaping (Result<Int, Error>) -> Void) {
        respond { completion($0.result(10)) }
    }
}

public final class Journal: FixtureObject {
    public func close(completion: @escaping () -> Void) {
        respond { _ in completion() }
    }
}

/// Names that collide with what bridgegen writes, and very long declarations.
public final class Workspace: FixtureObject {
    public func resume(continuation: String, completion: @escaping (_ continuation: Int, _ error: Error?) -> Void) {
        respond { outcome in completion(continuation.count, outcome.error) }
    }

    public func list(`default`: Bool? = nil, `for` owner: String, completion: @escaping (Int?, Error?) -> Void) {
        respond { outcome in
            let (value, error) = outcome.pair(owner.count + (`default` == true ? 1 : 0))
            completion(value, error)
        }
    }

    public func fetchShareParticipant(withUserRecordID userRecordID: String, completionHandler: @escaping (String?, Error?) -> Void) {
        respond { outcome in
            let (value, error) = outcome.pair(userRecordID)
            completionHandler(value, error)
        }
    }

    public func synchronizeEverythingInTheWorkspaceIncludingAttachments(
        destinationIdentifier: String, includeArchivedDocuments: Bool, conflictResolutionPolicy: Int,
        completionHandler: @escaping (Result<[String: [String]], Error>) -> Void
    ) {
        respond { completionHandler($0.result([destinationIdentifier: []])) }
    }

    public func title(completion: @escaping (String?, Error?) -> Void) {
        respond { outcome in
            let (value, error) = outcome.pair("title")
            completion(value, error)
        }
    }
}

extension PaymentsClient {
    public func capture(id: String, completion: @escaping (Receipt?, PaymentsError?) -> Void) {
        respond { outcome in
            completion(outcome == .value ? Receipt(id: id) : nil, outcome == .failure ? .declined : nil)
        }
    }
}

extension Ledger {
    public func audit(completion: @escaping (Result<Int, Error>) -> Void) {
        respond { completion($0.result(1)) }
    }

    /// Refuses to start (throws) when the outcome is `.failure`, as SDKs that validate first do.
    public func export(format: String, completion: @escaping (Result<Int, Error>) -> Void) throws {
        if outcome == .failure { throw FixtureError.failed }
        respond { completion($0.result(format.count)) }
    }

    public func reconcile(completion: @escaping (Bool, Error?) -> Void) {
        respond { outcome in completion(outcome == .value, outcome == .failure ? FixtureError.failed : nil) }
    }
}

/// An SDK's error named otherwise (Hyperwallet's `HyperwalletErrorType: Error`).
public enum DeclineReason: Error, Equatable, Sendable {
    case insufficientFunds
}

/// The app's error mapping, as a user would write it: SDK errors become the app's own.
public enum AppError: Error, Equatable, Sendable {
    case ledgerUnavailable
}

public enum TransfersErrorMapping {
    public static func map(_ error: any Error) -> any Error {
        (error as? FixtureError) == .failed ? AppError.ledgerUnavailable : error
    }
}
