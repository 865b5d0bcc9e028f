import Foundation

public struct Account: Sendable, Equatable {
    public var name: String
    public var homeAddress: String
    public init(name: String, homeAddress: String) { (self.name, self.homeAddress) = (name, homeAddress) }
}

/// A vendor's accounts SDK: completion handlers on its own queue, and, as such SDKs do on bad
/// days, a `(nil, nil)` answer or a second callback.
open class AccountsClient: @unchecked Sendable {
    public enum Behaviour: Sendable { case answers, answersNothing, answersTwice }
    public var behaviour = Behaviour.answers
    private let queue = DispatchQueue(label: "accounts")

    public init() {}

    open func fetchAccount(id: String, completion: @escaping (Account?, Error?) -> Void) {
        let behaviour = behaviour
        queue.asyncAfter(deadline: .now() + 0.01) {
            switch behaviour {
            case .answers: completion(Account(name: "Ada", homeAddress: "\(id) Main Street"), nil)
            case .answersNothing: completion(nil, nil)
            case .answersTwice:
                completion(Account(name: "Ada", homeAddress: "\(id) Main Street"), nil)
                completion(Account(name: "Eve", homeAddress: "elsewhere"), nil)
            }
        }
    }
}
