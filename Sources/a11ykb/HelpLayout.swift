/// `--help` as git and ripgrep lay it out: what the command is, its usage and options first, the
/// long explanation after them. ArgumentParser puts a command's discussion between the overview
/// and USAGE, which pushed `search --help`'s usage to line 52.
enum HelpLayout {
    /// `help` (ArgumentParser's text) with the discussion moved after the options, under DETAILS.
    static func reordered(_ help: String) -> String {
        guard help.hasPrefix("OVERVIEW: "), let usage = help.range(of: "\n\nUSAGE: ") else { return help }
        let head = help[..<usage.lowerBound]
        guard let split = head.range(of: "\n\n") else { return help }
        let overview = head[..<split.lowerBound]
        let details = head[split.upperBound...]
        var rest = String(help[usage.upperBound...])
        while rest.hasSuffix("\n") { rest.removeLast() }
        return overview + "\n\nUSAGE: " + rest + "\n\nDETAILS:\n" + details + "\n"
    }
}
