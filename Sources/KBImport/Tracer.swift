import Foundation
import KBModel
import KBRead

/// A trace: the files under the paths given, through the same collection, reader and
/// normalizer as an import (`DocumentPipeline`), with nothing written. Files the import would set
/// aside (templates, non-documentation in a checkout, documents with nothing recognisable) show
/// every line skipped with that reason.
package enum Tracer {
    package static func trace(_ paths: [String], maxFileBytes: Int = ImportOptions().maxFileBytes) throws -> [SourceTrace] {
        let collected = FileCollector.collect(paths)
        if let missing = collected.errors.first {
            throw ReadError("\(missing.path): \(missing.reason)")
        }
        var traces: [SourceTrace] = []
        for skip in collected.skipped {
            traces.append(whole(skip.path, format: nil, components: [], note: skip.reason,
                                role: .skipped("file not imported: \(skip.reason)")))
        }
        for file in collected.files {
            traces.append(trace(file, maxFileBytes: maxFileBytes))
        }
        return traces.sorted { $0.path < $1.path }
    }

    static func trace(_ file: PendingFile, maxFileBytes: Int) -> SourceTrace {
        let text: String
        do {
            let bytes = try ImportInput.file(file).bytes(limit: maxFileBytes)
            text = try TextDecoding.decode(bytes)
        } catch {
            return SourceTrace(path: file.path, format: nil, components: [], note: "not read: \(error)", lines: [])
        }
        let output: DocumentPipeline.Output
        do {
            output = try DocumentPipeline.process(text, file: file)
        } catch {
            return whole(file.path, text: text, format: nil, components: [], note: "not read: \(error)",
                         role: .unaccounted("the file could not be read: \(error)"))
        }
        let components: [String]
        switch output.content {
        case .components(let entries): components = entries.map { "\($0.component.family.rawValue)/\($0.component.slug)" }
        case let .transcript(slug, family, _): components = ["\(family.rawValue)/\(slug) (captions)"]
        case let .standards(rules, criteria):
            components = rules.map { "\($0.kind.rawValue) rule \($0.slug)" } + (criteria.isEmpty ? [] : ["\(criteria.count) WCAG success criteria"])
        }
        if let reason = output.skipReason {
            return whole(file.path, text: text, format: output.format, components: components, note: reason,
                         role: .skipped("file not imported: \(reason)"))
        }
        let lines = MarkdownOutline.splitLines(text).enumerated().map { index, line -> SourceTrace.Line in
            let number = index + 1
            let roles = output.ledger.roles(of: number)
            let disposition = output.ledger.disposition(of: number)
            let fact = roles.compactMap { role -> (String, String?)? in
                if case let .fact(table, kind) = role { return (table, kind) }
                return nil
            }.first
            return SourceTrace.Line(number: number, text: String(line), disposition: disposition,
                                    details: roles.isEmpty ? ["no reader kept anything of it"] : roles.map(\.detail),
                                    table: fact?.0, kind: fact?.1)
        }
        return SourceTrace(path: file.path, format: output.format, components: components, note: nil, lines: lines)
    }

    /// A file every line of which has one role.
    static func whole(_ path: String, text: String? = nil, format: SourceFormat?, components: [String], note: String,
                      role: LineRole) -> SourceTrace {
        let body = text ?? (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let lines = MarkdownOutline.splitLines(body).enumerated().map { index, line in
            SourceTrace.Line(number: index + 1, text: String(line), disposition: role.disposition, details: [role.detail])
        }
        return SourceTrace(path: path, format: format, components: components, note: note, lines: lines)
    }
}
