/// One document through the reader and the normalizer, with the account of every line it holds.
/// The import writes what this returns and a trace shows its ledger: both come from this one
/// function, so the account cannot drift from what the import really does.
import KBModel
import KBRead
import KBNormalize
import KBStore

enum DocumentPipeline {
    struct Output: Sendable {
        var format: SourceFormat
        var content: WritableDocument.Content
        /// What became of each line.
        var ledger: LineLedger
        var lineCount: Int
        /// About the document as a whole: guides not imported, lines nobody accounted for.
        var notices: [Notice]
        /// Why the document is not imported at all, if it is not.
        var skipReason: String?

        var unaccountedLines: [Int] { skipReason == nil ? ledger.unaccounted(lineCount: lineCount) : [] }
    }

    static func process(_ text: String, file: PendingFile, stages: ImportStages? = nil) throws -> Output {
        let fileName = file.path.split(separator: "/").last.map(String.init) ?? file.path
        let (format, content) = try stages.measure(.parse) {
            try DocumentReader.read(text, fileName: fileName, hints: file.hints, isCaption: file.role == .transcript)
        }
        let lineCount = DocumentPipeline.lineCount(text)
        var output: Output
        switch content {
        case .captions(let transcript):
            let slug = file.hints.slug ?? file.hints.fallbackSlug ?? ""
            let (announcements, ledger) = stages.measure(.normalize) { Normalizer.normalizeAccounted(transcript) }
            output = Output(format: format, content: .transcript(slug: slug, family: file.hints.family ?? .native, announcements),
                            ledger: ledger, lineCount: lineCount, notices: [], skipReason: nil)
        case .standards(let document):
            let skip = document.rules.isEmpty && document.criteria.isEmpty ? "no rule and no success criterion in it" : nil
            output = Output(format: format, content: .standards(rules: document.rules, criteria: document.criteria),
                            ledger: document.ledger, lineCount: lineCount, notices: document.notices, skipReason: skip)
        case let .components(read, documentLedger, documentNotices):
            var ledger = documentLedger
            var entries: [NormalizedEntry] = []
            for item in read {
                let entry = try stages.measure(.normalize) { try Normalizer.normalize(item.entry, hints: item.hints) }
                ledger.merge(entry.ledger)
                entries.append(entry)
            }
            let skip = entries.contains { !$0.isRecognisable }
                ? "nothing recognisable: no criteria, no platform, aspect or announcement section" : nil
            output = Output(format: format, content: .components(entries), ledger: ledger, lineCount: lineCount,
                            notices: documentNotices, skipReason: skip)
        }
        let unaccounted = output.unaccountedLines
        let lines = unaccounted.isEmpty ? [] : MarkdownOutline.splitLines(text)
        for line in unaccounted {
            let why = output.ledger.roles(of: line).first.map(\.detail) ?? "no reader kept anything of it"
            let excerpt = line - 1 < lines.count ? String(lines[line - 1].trimmingSpaces().prefix(60)) : ""
            output.notices.append(Notice(.unaccounted, line: line, "line not accounted for (\(why)): \(excerpt)"))
        }
        return output
    }

    /// How many lines `MarkdownOutline.splitLines` makes of `text` (LF, CRLF or CR breaks), by bytes.
    static func lineCount(_ text: String) -> Int {
        func count(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
            var count = 0
            var previous: UInt8 = 0
            for byte in bytes {
                if byte == 0x0A { if previous != 0x0D { count += 1 } } else if byte == 0x0D { count += 1 }
                previous = byte
            }
            return bytes.last.map { $0 == 0x0A || $0 == 0x0D } ?? true ? count : count + 1
        }
        return text.utf8.withContiguousStorageIfAvailable(count) ?? Array(text.utf8).withUnsafeBufferPointer(count)
    }
}
