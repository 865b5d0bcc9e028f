// libFuzzer entry point: every input runs through the whole pipeline (parse, analyse, plan,
// render). Any crash, trap or sanitizer report is a bug: bad input must only ever produce
// diagnostics. It also parses each input in tiny pieces, as big files are parsed on several
// cores, and traps if that differs from the whole-file parse. Built and run by scripts/fuzz.

let generator = try! Generator.standard()

@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let output = generator.generate(source: bytes, path: "fuzz.bridge", displayName: "fuzz.bridge")
    if output.text == nil && !output.reports.contains(where: { $0.diagnostic.severity == .error }) {
        fatalError("no output and no error for \(bytes.count) bytes")
    }
    let whole = Parser.parse(bytes, pieceSize: Int.max / 4)
    let pieces = Parser.parse(bytes, pieceSize: 8)
    if pieces.0 != whole.0 || pieces.1 != whole.1 {
        fatalError("parsing in pieces differs from parsing whole for \(bytes.count) bytes")
    }
    return 0
}
