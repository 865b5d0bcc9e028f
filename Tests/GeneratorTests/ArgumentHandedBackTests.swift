import DeclParser
@testable import Generator
import Testing

/// The caller's own object handed back to a callback: beside a value (RxSwift's
/// `subscribe(with object: Object, onNext: (Object, Element) -> Void)`) it is no part of the
/// value; alone, of a type the SDK knows (EVCloudKitDao's `saveItem<T: CKDataObject>`), it is
/// what the call made of it, the value (decision 148).
@Suite struct ArgumentHandedBackTests {
    func generated(_ declaration: String) throws -> String {
        let source = "import Foundation\n\nextension Store {\n    \(declaration)\n}\n"
        let output = try GeneratorPipeline.standard().generate(source: Array(source.utf8), path: "S.bridge", displayName: "S.bridge")
        return try #require(output.text, "\(output.reports.map(\.formatted))")
    }

    @Test func aLoneArgumentOfAKnownTypeIsTheValue() throws {
        let text = try generated(
            "func saveItem<T: Record>(_ item: T, completionHandler: @escaping (_ item: T) -> Void, errorHandler: @escaping (_ error: Error) -> Void)")
        #expect(text.contains("func saveItem<T: Record>(_ item: T) async throws -> T {"), "\(text)")
    }

    @Test func anObserverHandedBackBesideAValueIsNoPartOfIt() throws {
        let text = try generated(
            "func scan<T: AnyObject>(_ observer: T, completion: @escaping (T, Int) -> Void)")
        #expect(text.contains("func scan<T: AnyObject>(_ observer: T) async throws -> Int {"), "\(text)")
    }

    @Test func aLoneObserverOfNoKnownTypeIsStillHandedBack() throws {
        let text = try generated("func ping<T: AnyObject>(_ observer: T, completion: @escaping (T) -> Void)")
        #expect(text.contains("func ping<T: AnyObject>(_ observer: T) async throws {"), "\(text)")
    }
}
