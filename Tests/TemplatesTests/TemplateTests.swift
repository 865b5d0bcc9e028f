import Templates
import Testing

@Suite struct TemplateTests {
    func render(_ source: String, _ value: TemplateValue, partials: [String: String] = [:]) throws -> String {
        var sources = [(name: "main", path: "main.template", source: source)]
        for (name, text) in partials.sorted(by: { $0.key < $1.key }) { sources.append((name, "\(name).template", text)) }
        return try TemplateSet(sources: sources).render("main", value)
    }

    @Test func variablesAreNotEscaped() throws {
        #expect(try render("a {{x}} b", .object(["x": "<&\">"])) == "a <&\"> b")
    }

    @Test func sectionsOverListsFlagsAndObjects() throws {
        let value: TemplateValue = .object([
            "items": .list([.object(["n": "1"]), .object(["n": "2"])]), "yes": true, "no": false, "names": .strings(["a", "b"]),
        ])
        #expect(try render("{{#items}}[{{n}}]{{/items}}{{#yes}}Y{{/yes}}{{#no}}N{{/no}}{{^no}}!{{/no}}{{#names}}{{.}}{{/names}}", value) == "[1][2]Y!ab")
    }

    @Test func standaloneLinesVanish() throws {
        let source = "start\n  {{#items}}\n  - {{.}}\n  {{/items}}\n  {{! note }}\nend\n"
        #expect(try render(source, .object(["items": .strings(["a", "b"])])) == "start\n  - a\n  - b\nend\n")
    }

    /// Templates hold comments and plain lines: a partial or a value of several lines is
    /// inserted as written (the generator's printer indents what a template renders).
    @Test func partialsAndMultiLineValuesAreInsertedAsWritten() throws {
        let output = try render("a {\n    {{> body}}\n}\n", .object([:]), partials: ["body": "b\n  c\n"])
        #expect(output == "a {\nb\n  c\n}\n")
        #expect(try render("// {{text}}\n", .object(["text": "x\ny"])) == "// x\ny\n")
        let partials = ["a": "  {{> b}}\nend", "b": "B1\nB2"]
        #expect(try render("x {{> a}}\n", .object([:]), partials: partials) == "x B1\nB2end\n")
    }

    /// Objects whose fields are in another order, or lack the name (found further out), render
    /// each from their own fields.
    @Test func lookupsFollowEachObjectsOwnFields() throws {
        let template = "{{#items}}{{a}}{{b}}{{c}};{{/items}}"
        func items(_ count: Int) -> [TemplateValue] {
            (0..<count).map { index -> TemplateValue in
                switch index % 3 {
                case 0: return .object(["a": "1", "b": "2"])
                case 1: return .object(["b": "4", "x": "-", "a": "3"])
                default: return .object(["c": "6", "a": "5"])
                }
            }
        }
        for count in [3, 300] {
            let expected = (0..<count).map { ["12C;", "34C;", "5B6;"][$0 % 3] }.joined()
            let value = TemplateValue.object(["items": .list(items(count)), "b": "B", "c": "C"])
            #expect(try render(template, value) == expected)
            // Through a partial: another template's tags with the same positions in its names.
            let partials = ["item": "{{c}}{{b}}{{a}}"]
            let reversed = (0..<count).map { ["C21;", "C43;", "6B5;"][$0 % 3] }.joined()
            #expect(try render("{{#items}}{{> item}};{{/items}}", value, partials: partials) == reversed)
        }
    }

    /// A tag names a partial by the template's name; the same name as a variable is a key.
    @Test func partialNamesAreResolvedPerTag() throws {
        let partials = ["item": "<{{item}}>", "other": "[{{> item}}]"]
        #expect(try render("{{item}} {{> other}} {{> item}}", .object(["item": "v"]), partials: partials) == "v [<v>] <v>")
    }

    @Test func errorsHaveTemplateLocations() {
        #expect(throws: TemplateError(path: "main.template", line: 2, column: 3, message: "unknown key 'missing'")) {
            try render("ok\n  {{missing}}", .object([:]))
        }
        #expect(throws: TemplateError.self) { try render("{{#a}}never closed", .object(["a": true])) }
        #expect(throws: TemplateError.self) { try render("{{/a}}", .object([:])) }
        #expect(
            throws: TemplateError(path: "main.template", line: 1, column: 4, message: "unknown partial 'nope'; known: item, main")
        ) {
            try render("ok {{> nope}}", .object([:]), partials: ["item": "x"])
        }
        #expect(throws: TemplateError.self) { try render("{{unclosed", .object([:])) }
        #expect(throws: TemplateError.self) { try render("{{#list}}{{list}}{{/list}}", .object(["list": .strings(["a"])])) }
        #expect(throws: TemplateError.self) { try render("{{> main}}", .object([:])) }
    }

    /// Sections nest, close where they say, and what follows a section renders after it.
    @Test func nestedSectionsRenderTheirOwnChildren() throws {
        let source = "{{#items}}({{name}}{{#inner}}<{{.}}>{{/inner}}{{^inner}}none{{/inner}}{{#flag}}!{{/flag}}){{/items}}|{{after}}"
        func items(_ count: Int) -> TemplateValue {
            .list(
                (0..<count).map { index in
                    .object([
                        "name": .string("n\(index)"), "inner": .strings(index % 3 == 0 ? [] : ["a", "b\(index)"]),
                        "flag": .bool(index % 2 == 0),
                    ])
                })
        }
        func expected(_ count: Int) -> String {
            (0..<count).map { index in
                "(n\(index)" + (index % 3 == 0 ? "none" : "<a><b\(index)>") + (index % 2 == 0 ? "!" : "") + ")"
            }.joined() + "|end"
        }
        for count in [0, 1, 5, 200] {
            #expect(try render(source, .object(["items": items(count), "after": "end"])) == expected(count))
        }
    }

    /// A list of strings renders exactly as a list of string values: items, emptiness, and the
    /// error for using it as a variable.
    @Test func stringListsRenderAsListsOfStrings() throws {
        let source = "{{#names}}[{{.}}]\n{{/names}}{{^none}}no names{{/none}}{{#none}}?{{/none}}"
        let names = ["a", "", "é\nb"]
        let asStrings = try render(source, .object(["names": .strings(names), "none": .strings([])]))
        let asList = try render(source, .object(["names": .list(names.map { .string($0) }), "none": .list([])]))
        #expect(asStrings == asList && asStrings == "[a]\n[]\n[é\nb]\nno names")
        #expect(throws: TemplateError(path: "main.template", line: 1, column: 1, message: "'names' is a list, flag or object; use '{{#names}}' to render it")) {
            try render("{{names}}", .object(["names": .strings(names)]))
        }
    }

    /// Columns count Unicode scalars, whatever their UTF-8 length: `é` (two bytes), `e` with a
    /// combining accent (two scalars, one character) and `𝔸` (four bytes). The template lexer
    /// reads bytes; this pins it to the scalar count of the text before the tag.
    @Test func columnsCountScalarsNotBytes() throws {
        #expect(throws: TemplateError(path: "main.template", line: 1, column: 6, message: "unknown key 'missing'")) {
            try render("é e\u{301}𝔸{{missing}}", .object([:]))
        }
        #expect(throws: TemplateError(path: "main.template", line: 2, column: 3, message: "tag is not closed on its line; close it with '}}'")) {
            try render("{{a}}ü\nü {{b}ü\n}}", .object(["a": "x"]))
        }
        #expect(
            throws: TemplateError(
                path: "main.template", line: 1, column: 2, message: "invalid tag name 'b}c'; names are letters, digits, '_' and '-'")
        ) {
            try render("ß{{b}c}}", .object([:]))
        }
        // Text around tags keeps every byte, multi-byte and single braces included.
        #expect(try render("ä{x}{{a}}}ö", .object(["a": "é"])) == "ä{x}é}ö")
    }

}
