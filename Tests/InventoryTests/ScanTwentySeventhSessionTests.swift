@testable import Generator
@testable import Inventory
import Testing

/// What the twenty-seventh session taught (decision 141).
@Suite struct ScanTwentySeventhSessionTests: ScanTesting {
    /// FilesProvider's `publicLink(to:completionHandler:)` of `(URL?, FileObject?, Date?,
    /// Error?)`: WebDAV's calls back `(url, nil, nil, nil)`, iCloud's `(url, nil, expiration as
    /// Date?, nil)`. Unwrapped, every success threw `noResult`; the values handed as nil beside
    /// the link stay optional. A call of nils and an error is a failure and says nothing.
    @Test func valuesHandedAsNilBesideAValueStayOptional() {
        let text = scan(
            """
            public protocol FileProviderSharing {
                func publicLink(to path: String, completionHandler: @escaping (_ link: URL?, _ attribute: FileObject?, _ expiration: Date?, _ error: Error?) -> Void)
            }
            open class WebDAVFileProvider: FileProviderSharing {
                open func publicLink(to path: String, completionHandler: @escaping ((URL?, FileObject?, Date?, Error?) -> Void)) {
                    guard path.isEmpty else {
                        completionHandler(nil, nil, nil, URLError(.resourceUnavailable))
                        return
                    }
                    if let url = URL(string: path) {
                        completionHandler(url, nil, nil, nil)
                        return
                    }
                    completionHandler(nil, nil, nil, nil)
                }
            }
            open class CloudFileProvider: FileProviderSharing {
                open func publicLink(to path: String, completionHandler: @escaping ((_ link: URL?, _ attribute: FileObject?, _ expiration: Date?, _ error: Error?) -> Void)) {
                    query.start { url, expiration in
                        completionHandler(url, nil, expiration as Date?, nil)
                    }
                }
            }
            open class Cache<T> {
                open func setObject(forKey key: String, completion: @escaping (T?, Bool, NSError?) -> Void) {
                    if let object = object(forKey: key) { completion(object, true, nil) } else { completion(nil, false, error) }
                }
            }
            open class Reader {
                open func read(path: String, completion: @escaping (Data?, URLResponse?, Error?) -> Void) {
                    session.load(path) { data, response, error in
                        if let error { completion(nil, nil, error) } else { completion(data, response, nil) }
                    }
                }
            }
            """
        ).text
        #expect(
            text.contains(
                "    // scan: @nullableResult(2, 3) because 'publicLink' calls back with nil for 'attribute' and 'expiration' beside a value and no error: absent values of a success, not a failure\n    @nullableResult(2, 3)\n    // scan: as written, 'link' nil without an error throws BridgegenError.noResult; if nil is a value there too, write '@nullableResult'\n    func publicLink("
            ), "\(text)")
        #expect(!text.contains("@nullableResult(1"), "\(text)")
        // Values and nils only as a failure's: nothing said.
        #expect(!text.contains("'read' calls back with nil"), "\(text)")
        // A flag beside a failure's nil (AwesomeCache's `completion(nil, false, error)`): no value.
        #expect(!text.contains("'setObject' calls back with nil"), "\(text)")
    }
}
