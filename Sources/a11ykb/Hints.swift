import A11yKB
import Foundation

/// The command line's words for the library's advice: the options a user types.
enum Hints {
    static let wording: HintWording = { hint in
        switch hint {
        case .showAll: "--limit 0 shows all"
        case .listFacts(nil): "--facts lists facts"
        case .listFacts(let component?): "--component \(component) --facts"
        case .keepOnly(let platform): "--platform \(platform.rawValue) keeps only those"
        case .keepOneFamily: "--platform or --family keeps one"
        case .listEveryFile: "--verbose lists every file"
        case .nameFamily: "--family"
        case .raiseTimeout: "raise it with --timeout SECONDS (0: no limit)"
        case .raiseOutputCap: "raise it with --max-output SIZE (0: no cap)"
        case .waitForLock: "--wait"
        case .nameDatabase: "--db PATH"
        case .createKnowledgeBase(let path): "a11ykb import --db \(shellQuoted(path)) CHECKOUT (a clone of github.com/tmobile/magentaA11y)"
        case .importComponents: "import some with a11ykb import"
        case .listCategories: "a11ykb list categories"
        case .listComponents: "a11ykb list components lists them"
        }
    }

    /// An error's message with the advice in the command line's words.
    static func message(_ error: Error) -> String {
        if let error = error as? AtomicFile.WriteError, error.notAFile { return error.description + " (leave out --output to write to stdout)" }
        return ErrorMessage.text(error, wording)
    }
}

/// `text` as a shell word: as it is when that is safe, else in single quotes.
func shellQuoted(_ text: String) -> String {
    let safe = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_./=:,+@%~"))
    if !text.isEmpty, text.unicodeScalars.allSatisfy(safe.contains) { return text }
    return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
