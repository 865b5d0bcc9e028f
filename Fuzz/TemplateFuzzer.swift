// libFuzzer entry point for the template engine: every input is parsed as a template (and as a
// partial of itself, to reach the partial-depth limit) and rendered against a fixed value with
// every kind of data. A template may only ever fail with a TemplateError at a real position;
// any crash, trap or sanitizer report is a bug. Built and run by scripts/fuzz.

let context: TemplateValue = .object([
    "name": "value",
    "empty": "",
    "flag": true,
    "off": false,
    "items": .list(["one", "two", .object(["name": "nested", "items": .strings(["x"])])]),
    "object": .object(["name": "inner", "flag": false, "items": .list([])]),
    "lines": .strings(["first", "second"]),
])

@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let source = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    do {
        let set = try TemplateSet(sources: [
            (name: "main", path: "main.template", source: source),
            (name: "part", path: "part.template", source: source),
        ])
        var printer = CodePrinter()
        printer.lines(of: try set.render("main", context))
        _ = printer.rendered(sourceFile: "\"main.template\"")
    } catch {
        if error.line < 1 || error.column < 1 || error.message.isEmpty {
            fatalError("error without a position or message: \(error)")
        }
    }
    return 0
}
