/// "did you mean": a first word that is no command (`a11ykb searhc dimmed`) is answered with the
/// nearest command names, as git does, instead of ArgumentParser's "Unexpected argument".
enum CommandGuess {
    /// The message for `arguments` when its first word is meant as a command and is none; nil otherwise.
    static func unknownCommand(in arguments: [String]) -> String? {
        let names = A11yKBCommand.configuration.subcommands.map { $0._commandName } + ["help"]
        var words = arguments[...]
        // Global options may come first (`a11ykb --db kb.sqlite searhc`).
        while let first = words.first, first.hasPrefix("-") {
            words = words.dropFirst(GlobalOptions.valued.contains(first) ? 2 : 1)
            if !GlobalOptions.valued.contains(where: { first.hasPrefix($0) }) && !GlobalOptions.flags.contains(first) { return nil }
        }
        guard let word = words.first, !names.contains(word) else { return nil }
        let near = nearest(word, in: names)
        let suggestion = near.isEmpty ? "" : "; did you mean " + near.map { "'\($0)'" }.joined(separator: " or ") + "?"
        return "'\(word)' is not an a11ykb command\(suggestion) (see 'a11ykb --help')"
    }

    /// The names within a third of the word's length in edits (at least 1, at most 3), nearest first.
    static func nearest(_ word: String, in names: [String]) -> [String] {
        let limit = min(3, max(1, word.count / 3))
        let scored = names.map { ($0, distance(word.lowercased(), $0)) }.filter { $0.1 <= limit }
        guard let best = scored.map(\.1).min() else { return [] }
        return scored.filter { $0.1 == best }.map(\.0).sorted()
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
    /// neighbours each count one (`searhc` is one swap from `search`).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}
