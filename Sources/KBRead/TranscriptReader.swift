/// Reads a WebVTT caption file of a screen-reader video: what VoiceOver, TalkBack or NVDA said,
/// cue by cue, joined into utterances (a cue often stops mid-sentence).
import KBModel

package enum TranscriptReader {
    package struct Utterance: Sendable, Equatable {
        package var text: String
        package var startMs: Int
        package var endMs: Int
        package var line: Int
        /// The lines of every cue the utterance joins (timing line and text).
        package var spans: [ClosedRange<Int>]

        package init(text: String, startMs: Int, endMs: Int, line: Int, spans: [ClosedRange<Int>]? = nil) {
            self.text = text
            self.startMs = startMs
            self.endMs = endMs
            self.line = line
            self.spans = spans ?? [line...line]
        }
    }

    package struct Transcript: Sendable, Equatable {
        package var platform: Platform?
        package var screenReader: String?
        package var utterances: [Utterance]
        /// The header, cue timings, notes and blank lines; the normalizer adds the cue text it keeps.
        package var ledger = LineLedger()
    }

    package static func read(_ text: String, fileName: String) throws -> Transcript {
        let lines = MarkdownOutline.splitLines(text)
        guard let first = lines.first, first.trimmingSpaces().hasPrefix("WEBVTT") else {
            throw ReadError(line: 1, "not a WebVTT file (no WEBVTT header)")
        }
        var utterances: [Utterance] = []
        var ledger = LineLedger()
        ledger.mark(1, .structure("WebVTT header"))
        var pending: Utterance?
        // The open utterance ended on a sentence end; the caption its last cue is part of.
        var pendingEnded = false
        var pendingCaption: Substring?
        // The identifier of the cue whose timing comes next.
        var identifier: Substring?
        var i = 1
        while i < lines.count {
            guard let (start, end) = timing(lines[i]) else {
                let text = lines[i].trimmingSpaces()
                if text.isEmpty {
                    ledger.mark(i + 1, .skipped("blank line"))
                } else if text.hasPrefix("NOTE") || text.hasPrefix("STYLE") || text.hasPrefix("REGION") {
                    // A comment or styling block runs to the next blank line.
                    let reason = text.hasPrefix("NOTE") ? "caption file comment (NOTE)" : "caption styling"
                    while i < lines.count, !lines[i].trimmingSpaces().isEmpty {
                        ledger.mark(i + 1, .skipped(reason))
                        i += 1
                    }
                    continue
                } else if i + 1 < lines.count, timing(lines[i + 1]) != nil {
                    ledger.mark(i + 1, .structure("cue identifier"))
                    identifier = text
                } else if i < 3 {
                    // Header settings under `WEBVTT` (`Kind: captions`, `Language: en`).
                    ledger.mark(i + 1, .skipped("caption file settings"))
                }
                i += 1
                continue
            }
            ledger.mark(i + 1, .structure("cue timing"))
            let cueLine = i + 1
            let caption = identifier.flatMap(captionOf)
            identifier = nil
            var textLines: [Substring] = []
            i += 1
            while i < lines.count, !lines[i].trimmingSpaces().isEmpty, timing(lines[i]) == nil {
                textLines.append(lines[i].trimmingSpaces())
                i += 1
            }
            let textSpan = cueLine...max(cueLine, i)
            // Cue text as written; the normalizer cleans it. Sentence ends are read through the
            // cue's closing tags (`<c>`, `</v>`), which end a cue, never a sentence.
            let cueText = textLines.joined(separator: " ")
            guard !cueText.trimmingSpaces().isEmpty else {
                ledger.mark(textSpan, .skipped("cue without words"))
                continue
            }
            // A sentence end closes the utterance, unless the next cue is another part of the
            // same caption (`ID-0`, `ID-1`): the captioner cut it there, often mid-word
            // (`name@email.` / `com`, `2.` / `5 milligrams`).
            if pendingEnded, caption == nil || caption != pendingCaption, let done = pending.take() {
                utterances.append(done)
            }
            // Taken out of `pending` while it grows: a copy left behind would make every cue copy
            // the utterance so far (200,000 cues without a sentence end).
            if var open = pending.take() {
                open.text += " " + cueText
                open.endMs = end
                open.spans.append(textSpan)
                pending = open
            } else {
                pending = Utterance(text: cueText, startMs: start, endMs: end, line: cueLine, spans: [textSpan])
            }
            pendingEnded = lastLetter(cueText).map { ".!?…".contains($0) } ?? false
            pendingCaption = caption
        }
        if let done = pending { utterances.append(done) }
        let (platform, screenReader) = speaker(fileName)
        return Transcript(platform: platform, screenReader: screenReader, utterances: utterances, ledger: ledger)
    }

    /// The caption a cue is part of, by its identifier: `d4fb7fda-...-e55e-1` is part 1 of caption
    /// `d4fb7fda-...-e55e` (the ids a captioning service gives the pieces of one caption). Nil for
    /// an identifier without a numbered part.
    static func captionOf(_ identifier: Substring) -> Substring? {
        guard let dash = identifier.lastIndex(of: "-"), dash > identifier.startIndex else { return nil }
        let part = identifier[identifier.index(after: dash)...]
        guard !part.isEmpty, part.count <= 9, part.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return identifier[..<dash]
    }

    /// The last character of a cue that is not part of a closing tag or white space.
    static func lastLetter(_ cue: String) -> Character? {
        var text = Substring(cue).trimmingSpaces()
        while text.last == ">", let open = text.lastIndex(of: "<") { text = text[..<open].trimmingSpaces() }
        return text.last
    }

    /// `00:00:01.640 --> 00:00:07.360` (hours optional) → milliseconds.
    static func timing(_ line: Substring) -> (Int, Int)? {
        guard let arrow = line.range(of: "-->") else { return nil }
        guard let start = milliseconds(line[..<arrow.lowerBound].trimmingSpaces()),
              let end = milliseconds(line[arrow.upperBound...].trimmingSpaces().prefix { $0 != " " }) else { return nil }
        return (start, end)
    }

    static func milliseconds(_ stamp: Substring) -> Int? {
        let parts = stamp.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, let last = parts.last else { return nil }
        let secondsPart = last.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        // Digits only, at most nine of them: `00:.`, `-5` or a 20-digit hour is no time stamp, and
        // nine-digit fields cannot overflow the sum below.
        func number(_ digits: Substring) -> Int? {
            guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(digits)
        }
        guard let seconds = number(secondsPart[0]) else { return nil }
        let millis = secondsPart.count > 1 ? number(secondsPart[1].prefix(3).padding(toLength: 3, withPad: "0", startingAt: 0)[...]) ?? 0 : 0
        var total = seconds * 1000 + millis
        var multiplier = 60_000
        for part in parts.dropLast().reversed() {
            guard let value = number(part) else { return nil }
            total += value * multiplier
            multiplier *= 60
        }
        return total
    }

    /// `reorder-data-row_IosVoiceOver-en-US.vtt` → ios, VoiceOver; `..._WindowsNvdaChrome-...` → web, NVDA.
    package static func speaker(_ fileName: String) -> (platform: Platform?, screenReader: String?) {
        let name = fileName.lowercased()
        let screenReader: String? =
            name.contains("voiceover") ? "VoiceOver" :
            name.contains("talkback") ? "TalkBack" :
            name.contains("nvda") ? "NVDA" :
            name.contains("jaws") ? "JAWS" :
            name.contains("narrator") ? "Narrator" : nil
        let platform: Platform?
        if name.contains("windows") || name.contains("macos") || name.contains("chrome") || name.contains("safari")
            || name.contains("nvda") || name.contains("jaws") {
            platform = .web
        } else if name.contains("ios") || screenReader == "VoiceOver" {
            platform = .ios
        } else if name.contains("android") || screenReader == "TalkBack" {
            platform = .android
        } else {
            platform = nil
        }
        // A name with only the device (`select-android`, `headingMacOS`, `search-desktop-safari`)
        // still says the reader: each of these has one built in.
        let implied: String? =
            name.contains("macos") || name.contains("safari") ? "VoiceOver" :
            platform == .ios ? "VoiceOver" :
            platform == .android ? "TalkBack" : nil
        return (platform, screenReader ?? implied)
    }
}
