// libFuzzer entry point: every input is an SDK's Swift source file, read by `scan` (the
// `.bridge` lexer reading Swift, the declarations reader, the starter and its check by the
// analyser). Any crash, trap or sanitizer report is a bug: whatever a source
// file holds, scan writes a starter (or says it found nothing). Built and run by scripts/fuzz.

@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    var scan = Scan()
    scan.modules = ["SDK"]
    _ = scan.run([Scan.File(path: "Sources/SDK/SDK.swift", bytes: bytes)])
    return 0
}
