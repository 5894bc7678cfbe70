import A11yKB
import ArgumentParser
import Foundation

/// Shell completion from what the knowledge base holds: component slugs, categories, platforms
/// and frameworks. The scripts (`a11ykb --generate-completion-script bash|zsh|fish`) call a11ykb
/// back with the words typed so far; the knowledge base is the one `--db` names among them, else
/// the default one. Completion never creates a knowledge base and never fails: a missing or
/// unreadable file completes nothing.
enum Completion {
    static let components = names(.components)
    static let categories = names(.categories)
    static let platforms = names(.platforms)
    static let frameworks = names(.frameworks)

    static func names(_ subject: Listing.Subject) -> CompletionKind {
        .custom { words, _, _ in
            guard let kb = knowledgeBase(words) else { return [] }
            return (try? kb.names(subject)) ?? []
        }
    }

    /// The knowledge base the command line being typed would use, if its file holds one: read
    /// only, so that pressing Tab never creates, migrates or writes a file.
    static func knowledgeBase(_ words: [String]) -> KnowledgeBase? {
        var path: String?
        for (index, word) in words.enumerated() {
            if word == "--db", index + 1 < words.count {
                path = shellWord(words[index + 1])
            } else if word.hasPrefix("--db=") {
                path = shellWord(String(word.dropFirst(5)))
            }
        }
        guard let file = path ?? (try? KnowledgeBase.defaultPath()) else { return nil }
        return try? ReadHandle(path: file).knowledgeBase()
    }

    /// A word as the shell typed it, reduced to its value: quotes and backslashes removed, a
    /// leading `~/` expanded (the shells pass words verbatim).
    static func shellWord(_ word: String) -> String {
        var value = ""
        var quote: Character?
        var escaped = false
        for c in word {
            if escaped { value.append(c); escaped = false }
            else if c == "\\" && quote != "'" { escaped = true }
            else if let q = quote, c == q { quote = nil }
            else if quote == nil && (c == "'" || c == "\"") { quote = c }
            else { value.append(c) }
        }
        if value.hasPrefix("~/") { value = NSHomeDirectory() + value.dropFirst(1) }
        return value
    }
}
