import Foundation

/// What an error says to a person, in the words every skin shows: the command line on stderr, an
/// MCP tool's error, the stdio server's start. One place, so that no skin shows a Swift type dump
/// (`String(describing:)` of an error that has no words of its own prints its cases and fields).
public enum ErrorMessage {
    /// The error's message, its advice worded by the skin: a `HintedError` with the skin's words,
    /// Foundation's errors by their localized text, ours by their description; an error with no
    /// words of its own (none of the library's) named by its type only, never its fields.
    public static func text(_ error: any Error, _ wording: HintWording = { _ in nil }) -> String {
        if let error = error as? HintedError { return error.message(wording) }
        if error is CocoaError || type(of: error) == NSError.self { return error.localizedDescription }
        // Through `Any`: cast from `any Error`, the compiler takes the cast to always succeed, which at
        // run time it does not (an error without a description of its own is not one).
        if let error = (error as Any) as? CustomStringConvertible { return error.description }
        if let text = (error as? LocalizedError)?.errorDescription { return text }
        return "an unexpected error (\(type(of: error)))"
    }
}
