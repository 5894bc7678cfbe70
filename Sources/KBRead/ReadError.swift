import Foundation

/// Why a document could not be read at all. Carries the line where that applies. The one error of
/// the read and normalize layers: the importer names the file it came from.
package struct ReadError: Error, LocalizedError, Sendable, Equatable, CustomStringConvertible {
    package var line: Int?
    package var message: String

    package init(line: Int? = nil, _ message: String) {
        self.line = line
        self.message = message
    }

    package var description: String {
        if let line { return "line \(line): \(message)" }
        return message
    }

    package var errorDescription: String? { description }
}
