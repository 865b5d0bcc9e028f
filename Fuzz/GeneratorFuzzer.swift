// libFuzzer entry point: every input runs through the whole pipeline (parse, analyse, plan,
// render). Any crash, trap or sanitizer report is a bug: bad input must only ever produce
// diagnostics. Built and run by scripts/fuzz.

// The build plugin's form: the mapped output exercises the directive choice too (the committed
// form is the same lines without directives).
let generator: GeneratorPipeline = {
    var generator = try! GeneratorPipeline.standard()
    generator.settings.sourceLocations = .lines
    return generator
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let output = generator.generate(source: bytes, path: "fuzz.bridge", displayName: "fuzz.bridge")
    if output.text == nil && !output.reports.contains(where: { $0.diagnostic.severity == .error }) {
        fatalError("no output and no error for \(bytes.count) bytes")
    }
    return 0
}
