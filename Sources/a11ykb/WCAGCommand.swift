import A11yKB
import ArgumentParser

struct WCAGCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wcag",
        abstract: "The WCAG 2.2 success criteria, or one criterion with everything that tests it.",
        discussion: """
            With nothing: the catalogue (number, title, level, guideline, principle, the version that added it), each with how many MagentaA11y components, ACT rules and axe-core rules test it. With a number (4.1.2): that criterion, then the MagentaA11y components that test it by family and platform (cited by the entry, or inferred), the ACT rules and the axe-core rules. With words (focus visible): the criteria whose title, guideline or principle hold them; one alone is shown whole.

            ACT rules marked secondary are related to the criterion but are not a test of it. Import the ACT rules and axe-core (a11ykb import act-rules axe-core) for the rules; the catalogue is built in.

            Examples:
              a11ykb wcag
              a11ykb wcag --level AA --format csv
              a11ykb wcag 4.1.2
              a11ykb wcag 2.4.7 --format json
              a11ykb wcag focus visible

            Exit status: 0 found; 1 no criterion matched the words; 2 an unknown number, a bad option, or the knowledge base cannot be opened.
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: ArgumentHelp("A success criterion's number (4.1.2), or words of its title.", valueName: "sc-or-words"))
    var query: [String] = []

    @Option(help: "Only criteria up to this level in the catalogue: A, AA or AAA.")
    var level: String?

    @Flag(help: "One criterion as markdown (a list keeps --format).")
    var markdown = false

    @OptionGroup var output: OutputOptions

    func run() throws {
        let kb = try database.open()
        let text = query.joined(separator: " ")
        let format = output.format ?? .table
        switch try kb.wcag(text.isEmpty ? nil : text, level: try level.map { try WCAGLevel(typed: $0) }) {
        case .criterion(let tests):
            let document = CriterionTestsDocument(tests)
            try output.emit(try document.rendered(markdown ? .markdown : DocumentFormat(format), options: DocumentOptions(byteOrderMark: output.bom)), from: kb)
        case .catalogue(let criteria):
            if criteria.isEmpty {
                Output.error("no success criterion matches \"\(text)\"")
                throw ExitStatus.incomplete
            }
            try output.emit(output.render(criteria.tabular, as: format, maxColumnWidth: 40)
                            + (format == .table ? "\(criteria.count) success criteria\n" : ""), from: kb)
        }
    }
}

struct CoverageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coverage",
        abstract: "Which WCAG success criteria a test plan covers: by manual criteria, automated rules, both, or nothing.",
        discussion: """
            For each success criterion up to --level (AA unless said: A and AA), what covers it among the components chosen (named ones, a saved plan's, else those of --category, --family, --platform, else every component): MagentaA11y's manual criteria (which components), automated rules (what an engine runs: axe-core's rules and the ACT rules one of them implements; secondary and deprecated rules do not count), both, or nothing. ACT rules no engine implements are listed as procedures, followed by hand, and do not make a criterion automated. Totals at the end. Automated rules test web content: they count only when the components chosen include web ones.

            Covering a criterion with tests is not conformance: it says that some test looks at it, not that the product meets it.

            --evidence adds what was tested (any file a11ykb evidence reads, its format told from its content; --evidence-format forces one): per criterion, whether the evidence tested it automated (a tool's rule failed, passed or could not tell on some element), by hand (a person's outcome another tool holds: WCAG-EM, Accessibility Insights, a Trusted Tester workbook or SCRT file), both or not at all, with the counts and the pages where it failed; the totals name the criteria the evidence tested that no test here covers. The counts are those of report and acr build.

            Examples:
              a11ykb coverage --family web --level AA
              a11ykb coverage button checkbox --family web --format csv
              a11ykb coverage --plan release-12
              a11ykb coverage --platform ios --level A --markdown
              a11ykb coverage --plan web-r12 --evidence lighthouse-flow.json

            Exit status: 0 done; 2 an unknown component or level, or the knowledge base cannot be opened.
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: ArgumentHelp("Components (slug, family/slug or title); none: all those the filters keep.", valueName: "component"),
              completion: Completion.components)
    var components: [String] = []

    @Option(help: "Only components of this category (component, pattern, control...).")
    var category: String?

    @Option(help: "Only components of this family: native or web.")
    var family: Family?

    @Option(name: [.customShort("p"), .long], help: "Only this platform's tests (ios, android, web).", completion: Completion.platforms)
    var platform: String?

    @Option(help: "Criteria up to this level: A, AA (default) or AAA.")
    var level: String = "AA"

    @Option(help: ArgumentHelp("A saved plan: its components, on its platform (a plan's name alone as the argument does the same).", valueName: "name"))
    var plan: String?

    @Flag(help: "Write markdown (a table, the totals and what coverage does not mean).")
    var markdown = false

    @OptionGroup var evidence: EvidenceOptions

    @OptionGroup var output: OutputOptions

    func run() throws {
        let kb = try database.open()
        if plan != nil && !components.isEmpty { throw ValidationError("name components or --plan, not both") }
        // The names (a plan's, the components') are looked up before the platform and the level are
        // read, as they always were; a saved plan keeps its own platform, whatever --platform says.
        if let plan {
            let level = try reading({ try WCAGLevel(typed: self.level) }, namesFirst: { _ = try kb.coverage(plan: plan) })
            return try show(kb.coverage(plan: plan, level: level, evidence: try evidence.read(kb)), from: kb)
        }
        let names = { _ = try kb.coverage(components: components, category: category, family: family) }
        let platform: Platform?
        do {
            platform = try self.platform.map { try Platform(typed: $0) }
        } catch {
            try names()
            guard try namesAPlan(kb) else { throw error }
            platform = nil
        }
        let level = try reading({ try WCAGLevel(typed: self.level) }, namesFirst: names)
        try show(kb.coverage(components: components, category: category, family: family, platform: platform, level: level,
                             evidence: try evidence.read(kb)), from: kb)
    }

    /// Whether the one name given is a saved plan's rather than a component's.
    private func namesAPlan(_ kb: KnowledgeBase) throws -> Bool {
        guard components.count == 1, (try? kb.summary(of: components[0], family: family)) == nil else { return false }
        return try kb.plans().contains { $0.name == components[0] }
    }

    private func show(_ coverage: Coverage, from kb: KnowledgeBase) throws {
        let document = CoverageDocument(coverage)
        let format = markdown ? .markdown : DocumentFormat(output.format ?? .table)
        try output.emit(try document.rendered(format, options: DocumentOptions(byteOrderMark: output.bom)), from: kb)
        // A list's totals are no row of it: said on stderr.
        if format != .table && format != .markdown { Output.error(document.totals) }
    }
}
