/// The page every HTML document a11ykb writes stands in (a conformance report, a results report):
/// one self-contained file, `lang`, light and dark by `prefers-color-scheme`, printable, tables
/// and lists of facts styled once. A document adds its own styles and writes its body.
package enum HTMLPage {
    static let style = """
        :root { color-scheme: light dark; }
        body { font: 1rem/1.5 system-ui, sans-serif; color: #1b1b1b; background: #ffffff; margin: 0 auto; max-width: 72rem; padding: 1rem; }
        table { border-collapse: collapse; width: 100%; margin: .5rem 0 1.5rem; }
        caption { text-align: left; font-weight: 600; padding: .25rem 0; }
        th, td { border: 1px solid #8a8a8a; padding: .4rem .5rem; text-align: left; vertical-align: top; }
        dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
        dt { font-weight: 600; }
        @media (prefers-color-scheme: dark) { body { color: #f0f0f0; background: #161616; } }
        @media print { tr { break-inside: avoid; } }
        """

    /// Everything up to the opening `<body>`: the title and the shared styles, then `style`.
    package static func head(title: String, style extra: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTMLText.escape(title))</title>
        <style>
        \(style)
        \(extra)
        </style>
        </head>
        <body>

        """
    }

    package static let end = "</body>\n</html>\n"

    /// Facts as a description list: `Product: Example Shop`.
    package static func facts(_ pairs: [(String, String)]) -> String {
        pairs.isEmpty ? "" : "<dl>\n" + pairs.map { "<dt>\(HTMLText.escape($0.0))</dt><dd>\(HTMLText.escape($0.1))</dd>\n" }.joined() + "</dl>\n"
    }
}
