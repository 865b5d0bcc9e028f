# Writes a stub legacy SDK that declares everything make-input.awk's .bridge file names, so the
# generated adapters can be type-checked:  awk -v n=1000 -f make-sdk.awk > LegacySDK.swift
BEGIN {
    print "import Foundation"
    print ""
    print "public final class Item {}"
    print "public final class Record {}"
    print "public typealias RequestID = Int"
    print "public final class ObservationToken { public func cancel() {} }"
    for (i = 0; i < n; i++) {
        if (i % 10 == 0) {
            if (i > 0) print "}\n"
            printf "public final class Service%d {\n", int(i / 10)
            print "    public init() {}"
            print "    public func cancelRequest(_ id: RequestID) {}"
        }
        kind = i % 8
        if (kind == 0) printf "    public func fetchItem%d(id: String, completion: @escaping (Result<Item, Error>) -> Void) {}\n", i
        if (kind == 1) printf "    public func getRecord%dAsynchronously(id: Int, completionHandler: @escaping (Record?, Error?) -> Void) {}\n", i
        if (kind == 2) printf "    public func delete%d(id: Int, completion: @escaping (Error?) -> Void) {}\n", i
        if (kind == 3) printf "    public func verify%d(token: String, completion: @escaping (Bool, Error?) -> Void) {}\n", i
        if (kind == 4) printf "    public func upload%d(data: [UInt8], progress: @escaping (Double) -> Void, completion: @escaping (Error?) -> Void) -> Operation { Operation() }\n", i
        if (kind == 5) printf "    public func startSync%d(completion: @escaping (Int, String) -> Void) -> RequestID { 0 }\n", i
        if (kind == 6) printf "    public func observe%d(_ handler: @escaping (Int?, Error?) -> Void) -> ObservationToken { ObservationToken() }\n", i
        if (kind == 7) printf "    public func present%d(animated: Bool, completion: (() -> Void)? = nil) {}\n", i
    }
    print "}"
}
