import Foundation
import KBConformance
import KBWord

/// A conformance report as the Word document procurement offices annotate: the VPAT 2.5 layout of
/// `VPATDocument` (the same content as the HTML and markdown), written by KBWord. The report's
/// title is the document's title and first line, its sections Heading 1, each chapter Heading 2;
/// every table's header row repeats on each page. Links are their text and address.
public enum ConformanceWordRendering {
    public static func docx(_ report: OpenACRReport) throws -> Data { try document(VPATDocument(report)).data() }

    static func document(_ doc: VPATDocument) -> WordDocument {
        typealias Run = WordDocument.Run
        let width = WordDocument.textWidth
        var blocks: [WordDocument.Block] = [.title(doc.title)]
        if let edition = doc.edition { blocks.append(.subtitle(edition)) }
        for fact in doc.facts { blocks.append(.paragraph([Run(fact.label + ": ", bold: true), Run(fact.value.plain)])) }
        if let note = doc.catalogNote { blocks.append(.paragraph([Run(note)])) }
        for (heading, text) in doc.prose {
            blocks.append(.heading(1, heading))
            blocks += paragraphs(text.plain).map { .paragraph([Run($0)]) }
        }
        blocks.append(.heading(1, "Applicable Standards/Guidelines"))
        blocks.append(.paragraph([Run("The standards this VPAT edition reports on, and which of them this report covers:")]))
        blocks.append(.table(WordDocument.Table(
            description: "The standards this edition reports on, and which this report covers",
            columns: [.init("Standard/Guideline", width: width * 65 / 100), .init("Included in Report", width: width - width * 65 / 100)],
            rows: doc.standards.map { s in
                [[[Run(s.name)]] + (s.url.map { [[Run($0)]] } ?? []), s.included.map { [Run($0)] }]
            })))
        blocks.append(.heading(1, "Terms"))
        blocks.append(.paragraph([Run("What each conformance level in this report means:")]))
        blocks.append(.table(WordDocument.Table(
            description: "The conformance levels used in this report",
            columns: [.init("Term", width: 2400), .init("Definition", width: width - 2400)],
            rows: doc.terms.map { [[[Run($0.label, bold: true)]], [[Run($0.definition)]]] })))
        blocks.append(.heading(1, "Summary of Conformance Levels"))
        blocks.append(.table(WordDocument.Table(
            description: "Criteria per conformance level, by chapter",
            columns: [.init("Chapter", width: width * 55 / 100), .init("Levels", width: width - width * 55 / 100)],
            rows: doc.sections.flatMap(\.tables).map { t in
                [[[Run(t.title)]], t.counts.isEmpty ? [[Run(ConformanceRendering.summaryLevels(t))]] : t.counts.map { [Run("\($0.label): \($0.count)")] }]
            })))
        let columns: [WordDocument.Column] = [.init(ConformanceRendering.columns[0], width: 2300),
                                              .init(ConformanceRendering.columns[1], width: 2600),
                                              .init(ConformanceRendering.columns[2], width: width - 4900)]
        for section in doc.sections {
            blocks.append(.heading(1, section.heading))
            for table in section.tables {
                blocks.append(.heading(2, table.title))
                if let notes = table.notes { blocks += paragraphs(notes.plain).map { .paragraph([Run($0)]) } }
                if let (text, reason) = ConformanceRendering.placeholder(table.body) {
                    blocks.append(.paragraph([Run(text, bold: reason != nil)] + (reason.map { [Run(" " + $0.plain)] } ?? [])))
                    continue
                }
                guard case .rows(let rows) = table.body else { continue }
                blocks.append(.table(WordDocument.Table(
                    description: "\(table.title): conformance level and remarks per criterion",
                    columns: columns,
                    rows: rows.map { row in
                        let remarks = ConformanceRendering.remarks(row).flatMap { remark -> [[Run]] in
                            let label = remark.label.map { Run($0 + ": ", bold: true) }
                            return paragraphs(remark.text.plain).enumerated().map { i, line in (i == 0 ? [label].compactMap { $0 } : []) + [Run(line)] }
                        }
                        return [[[Run(row.criterion, bold: true)]],
                                row.entries.map { [Run(ConformanceRendering.levelLine($0))] },
                                remarks]
                    })))
            }
        }
        if let legal = doc.legalDisclaimer {
            blocks.append(.heading(1, "Legal Disclaimer"))
            blocks += paragraphs(legal.plain).map { .paragraph([Run($0)]) }
        }
        return WordDocument(title: doc.title, language: "en-US", creator: "a11ykb", blocks: blocks)
    }

    /// A text's paragraphs: its blank-line-separated blocks, each with its line breaks kept.
    static func paragraphs(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n\n")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }
}
