/// Advice that goes with an answer or an error: what would show the rest, name the one meant, or
/// give a question more room. The library knows which advice fits; only the skin asking knows
/// what its user types for it (a command-line option, a tool's argument), so each skin words it.
public enum Hint: Hashable, Sendable {
    /// A listing shows fewer than match: how to see every one.
    case showAll
    /// How to list the matching facts (of one component, when given) rather than components.
    case listFacts(component: String?)
    /// How to keep only this platform's facts.
    case keepOnly(platform: Platform)
    /// How to keep one family (native or web) when both answer.
    case keepOneFamily
    /// How to list every file an import touched.
    case listEveryFile
    /// How to say which family a component slug both families use belongs to.
    case nameFamily
    /// How to give a question a longer time limit.
    case raiseTimeout
    /// How to raise the cap on the bytes SQL may return.
    case raiseOutputCap
    /// What set how long an import waits for another's write lock.
    case waitForLock
    /// How to name a knowledge base file.
    case nameDatabase
    /// How to create a knowledge base at `path` (an import of a MagentaA11y checkout there).
    case createKnowledgeBase(path: String)
    /// How to put components into a knowledge base that holds none.
    case importComponents
    /// How to list the components a knowledge base holds (a name near none of them was asked for).
    case listComponents
    /// How to list the categories components are filed under.
    case listCategories
}

/// How a skin words a hint; nil leaves the advice out.
public typealias HintWording = @Sendable (Hint) -> String?

/// An error whose message may carry advice the skin words (`description` leaves it out).
public protocol HintedError: Error, CustomStringConvertible {
    func message(_ hint: HintWording) -> String
}

extension HintedError {
    public var description: String { message { _ in nil } }
}
