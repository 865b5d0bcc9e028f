/// Values a completion of several is handed as nil beside another value: absent values of a
/// success, not a failure.
extension Scan {
    /// The positions (from 1) of a closure's values that its method's body hands over as `nil`,
    /// or cast to an optional (`expiration as Date?`), in a call that hands a value in another
    /// place and nil for the error, last (FilesProvider's `publicLink(to:completionHandler:)`:
    /// `completionHandler(url, nil, nil, nil)` of `(URL?, FileObject?, Date?, Error?)`: the link,
    /// with no attribute and no expiration). A call of nothing but nils and an error is a
    /// failure, and says nothing. Unwrapped, those values would make every success throw
    /// `noResult`.
    static func absentValuePositions(_ closures: [String], in tokens: [SkimToken], body: Range<Int>) -> Set<Int> {
        var positions: Set<Int> = []
        for index in body {
            guard case .call(let arguments)? = closureMention(closures, at: index, in: tokens, body: body) else { continue }
            // Two values or more, then no error (AwesomeCache's `completion(nil, false, error)`
            // is a failure's, whatever its flag says).
            guard arguments.count >= 3, let error = arguments.last, error.count == 1, tokens[error.lowerBound].word == "nil" else { continue }
            let values = arguments.dropLast()
            let absent = values.indices.filter { position in
                let argument = values[position]
                if argument.count == 1 { return tokens[argument.lowerBound].word == "nil" }
                // `expiration as Date?`: optional on purpose.
                return argument.count >= 3 && tokens[argument.upperBound - 1].isPunctuation("?")
                    && tokens[argument.upperBound - 3].word == "as"
            }
            let handed = values.indices.filter { position in
                !absent.contains(position) && !(values[position].count == 1 && tokens[values[position].lowerBound].word == "nil")
            }
            guard !absent.isEmpty, !handed.isEmpty else { continue }
            positions.formUnion(absent.map { $0 - values.startIndex + 1 })
        }
        return positions
    }

    /// The positions (from 1) of a closure's values that its method's body hands over from a
    /// local `var x: T?` that starts nil, in a body that has a `try?` (Uber's `fetchProduct`: `var product: Product?`, set to
    /// `try? decode(…)` when the response has no error, then `completion(product, response)`):
    /// a success whose body did not decode hands nil with no failure, an absent value.
    static func undecodedValuePositions(_ closures: [String], in tokens: [SkimToken], body: Range<Int>) -> Set<Int> {
        guard body.contains(where: { tokens[$0].word == "try" && $0 + 1 < body.upperBound && tokens[$0 + 1].isPunctuation("?") })
        else { return [] }
        // `var x: T?`, with nothing after the type's `?` on its line or `= nil` (`var x: T? = y`
        // starts set).
        var startingNil: Set<String> = []
        for index in body where tokens[index].word == "var" && index + 3 < body.upperBound {
            guard let name = tokens[index + 1].word, tokens[index + 2].isPunctuation(":") else { continue }
            var cursor = index + 3
            while cursor < body.upperBound, !tokens[cursor].startsLine, !tokens[cursor].isPunctuation("=") { cursor += 1 }
            guard tokens[cursor - 1].isPunctuation("?") else { continue }
            if cursor == body.upperBound || tokens[cursor].startsLine || tokens[cursor + 1].word == "nil" { startingNil.insert(name) }
        }
        guard !startingNil.isEmpty else { return [] }
        var positions: Set<Int> = []
        for index in body {
            guard case .call(let arguments)? = closureMention(closures, at: index, in: tokens, body: body), arguments.count >= 2 else { continue }
            for (position, argument) in arguments.enumerated() where argument.count == 1 {
                if let word = tokens[argument.lowerBound].word, startingNil.contains(word) { positions.insert(position + 1) }
            }
        }
        return positions
    }

    /// Whether the body calls one of its closures with nothing but nils (`completion(nil, nil)`),
    /// in itself or in a closure inside it (Ballcap's `listen(documentReference:…)`, a method of
    /// a public extension with no access word of its own: `completion(nil, nil)` when the
    /// document does not exist). Read by tokens, so the method's own access word is not needed;
    /// the caller reads only public methods' bodies (ClosureUses).
    /// Or with nils and, last, a variable the body sets to nil on purpose (OAuth2's
    /// `tryToObtainAccessTokenIfNeeded`: `returnedError = nil` for `.noRefreshToken`, then
    /// `callback(nil, returnedError)`): "no token, and that is no failure".
    static func callsBackWithNothing(_ closures: [String], in tokens: [SkimToken], body: Range<Int>) -> Bool {
        // Local names set to nil (`name = nil`, not a property's `self.name = nil`).
        let clearedNames = Set(body.compactMap { index -> String? in
            guard index + 2 < body.upperBound, index > body.lowerBound, let word = tokens[index].word,
                tokens[index + 1].isPunctuation("="), tokens[index + 2].word == "nil", !tokens[index - 1].isPunctuation(".")
            else { return nil }
            return word
        })
        return body.contains { index in
            guard case .call(let arguments)? = closureMention(closures, at: index, in: tokens, body: body), arguments.count >= 2 else { return false }
            return arguments.dropLast().allSatisfy { $0.count == 1 && tokens[$0.lowerBound].word == "nil" }
                && arguments.last.map { $0.count == 1 && (tokens[$0.lowerBound].word == "nil" || clearedNames.contains(tokens[$0.lowerBound].word ?? "")) } == true
        }
    }
}
