import Testing
import Text

/// `WordSet` replaces `Set<String>` for keywords and reserved words: it must answer exactly as
/// a `Set` of the same words does, for words of every length and first byte, colliding buckets
/// included.
@Suite struct WordSetTests {
    @Test func answersAsASetDoes() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcAZ_éz019`")
        func randomWord() -> String {
            String((0..<Int.random(in: 0...6, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
        }
        for _ in 0..<300 {
            let words = (0..<Int.random(in: 0...40, using: &generator)).map { _ in randomWord() }
            let set = WordSet(words)
            let expected = Set(words)
            #expect(set.count == expected.count)
            for word in words { #expect(set.contains(word), "\(word) in \(words)") }
            for _ in 0..<100 {
                let probe = randomWord()
                #expect(set.contains(probe) == expected.contains(probe), "\(probe) in \(words)")
            }
        }
    }

    @Test func keepsTheFirstOrderAndDropsRepeats() {
        let set: WordSet = ["func", "var", "func", "", "Self", "self"]
        #expect(Array(set) == ["func", "var", "", "Self", "self"])
        #expect(set.contains(""))
        #expect(!WordSet(["a"]).contains(""))
        #expect(set.contains("Self") && set.contains("self") && !set.contains("SELF"))
        // Same length and first byte as a member, different bytes after it.
        #expect(!set.contains("fund") && !set.contains("va") && !set.contains("varr"))
        // Non-ASCII and long names.
        let unicode: WordSet = ["état", "associatedtype", "précédent"]
        #expect(unicode.contains("état") && unicode.contains("précédent") && unicode.contains("associatedtype"))
        #expect(!unicode.contains("etat") && !unicode.contains("associatedtypes"))
    }

    @Test func comparesAndJoinsAsSets() {
        let set: WordSet = ["a", "b", "c"]
        #expect(set == ["c", "b", "a"])
        #expect(set != ["a", "b"])
        #expect(set != ["a", "b", "d"])
        #expect(Array(set.union(["c", "d"])) == ["a", "b", "c", "d"])
    }
}
