import A11yKB

/// Platforms side by side: a row per aspect and criteria kind, a column per platform, each fact
/// with its line, gaps said in words.
enum ComparePage {
    static func context(_ comparison: Comparison) -> [String: Any] {
        let title = comparison.component.map { "Compare platforms: \($0.title)" } ?? "Compare platforms"
        let rows: [[String: Any]] = comparison.rows.map { row in
            ["label": row.label,
             "cells": row.cells.map { cell -> [String: Any] in
                 ["empty": cell.isEmpty,
                  "groups": cell.groups.map { group -> [String: Any] in
                      ["framework": Words.framework(group.framework) as Any,
                       "items": group.items.map(item)]
                  }]
             }]
        }
        return [
            "title": title, "rowHeader": comparison.rowHeader,
            "component": comparison.component.map { ["title": $0.title, "href": Links.component($0.family, $0.slug)] } as Any,
            "columns": comparison.columns.map { ["title": $0.title] },
            "rows": rows,
        ]
    }

    static func item(_ item: Cell.Item) -> [String: Any] {
        var out: [String: Any] = ["line": item.line, "indent": item.depth]
        switch item.content {
        case .guidance(let text): out["text"] = text
        case .criterion(let label, let expectation): out["label"] = label as Any; out["text"] = expectation
        case .announcement(let text, let context): out["said"] = text; out["context"] = context as Any
        case .transcript(let text, let reader): out["said"] = text; out["context"] = reader as Any
        case .code(let language, let code, let bad): out["code"] = code; out["language"] = language ?? "code"; out["bad"] = bad
        case .gap(let problem, let excerpt): out["gap"] = problem.rawValue; out["text"] = excerpt as Any
        }
        return out
    }
}
