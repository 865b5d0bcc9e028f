# Writes a synthetic .bridge file with N declarations of mixed shapes and annotations:
#   awk -v n=1000 -f make-input.awk > Input.bridge
# Every tenth method is in a new extension block; names are unique so nothing collides.
BEGIN {
    print "import Foundation"
    print "import LegacySDK"
    print ""
    print "/// The SDK names its completion types; every tenth method or so uses one."
    print "typealias RecordHandler = (Record?, Error?) -> Void"
    print ""
    for (i = 0; i < n; i++) {
        if (i % 10 == 0) {
            if (i > 0) print "}\n"
            if (i % 20 == 0) print "@timeout(seconds: 30)"
            printf "extension Service%d {\n", int(i / 10)
        }
        kind = i % 8
        printf "    /// Declaration %d of the synthetic input.\n", i
        if (kind == 0) printf "    func fetchItem%d(id: String, completion: @escaping (Result<Item, Error>) -> Void)\n", i
        if (kind == 1) printf "    func getRecord%dAsynchronously(id: Int, completionHandler: @escaping RecordHandler)\n", i
        if (kind == 2) printf "    func delete%d(id: Int, completion: @escaping (Error?) -> Void)\n", i
        if (kind == 3) printf "    @asyncError(zeroArgument: 1)\n    func verify%d(token: String, completion: @escaping (Bool, Error?) -> Void)\n", i
        if (kind == 4) printf "    @cancel(token)\n    func upload%d(data: [UInt8], progress: @escaping (Double) -> Void, completion: @escaping (Error?) -> Void) -> Operation\n", i
        if (kind == 5) printf "    @cancel(using: cancelRequest(_:))\n    @asyncName(sync%d)\n    func startSync%d(completion: @escaping (Int, String) -> Void) -> RequestID\n", i, i
        if (kind == 6) printf "    @stream(bufferingNewest: 1)\n    @cancel(token)\n    func observe%d(_ handler: @escaping (Int?, Error?) -> Void) -> ObservationToken\n", i
        if (kind == 7) printf "    @MainActor\n    func present%d(animated: Bool, completion: (() -> Void)? = nil)\n", i
    }
    print "}"
}
