import A11yKB
import ArgumentParser
import Foundation

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "A filled checklist CSV as a report per component and per WCAG success criterion.",
        discussion: """
            RESULTS is the CSV of a11ykb checklist (or plan show) with its result column filled: pass, fail, blocked or n/a (empty: not tested), and a note. Each component, and every WCAG success criterion to --level, gets its counts and a conformance level: supports (every row tested passed), partially supports (some failed, some passed), does not support (failed, none passed), not evaluated (nothing tested passed or failed: rows n/a, blocked or untested count as neither). A row counts toward the success criteria it tests itself (v_tested_sc), never toward another its page cites. The failed and blocked rows are listed with their notes. A row whose id the knowledge base no longer holds, or whose wording changed since the CSV was made (its fingerprint), is listed and not counted; exit status 1 then.

            --evidence adds the output of the tools a team runs (any file a11ykb evidence reads, its format told from its content; --evidence-format forces one), counted per success criterion as acr build counts it: each automated rule once over every file and page, its failed, passed and cannot-tell elements in columns of their own with the pages where it failed; a failure anywhere fails the criterion, and an automated pass never makes it supported on its own (beside a failed row it makes it partially supports). A person's outcomes another tool holds (the WCAG-EM Report Tool's, Accessibility Insights requirements, a Trusted Tester workbook's or SCRT file's tests) count as rows: a tool's failure beside a person's pass is partially supports. Every criterion the evidence speaks of gets a row, whatever --level. A test that names no success criterion is listed on stderr.

            For the conformance report a buyer reads (VPAT, OpenACR), see a11ykb acr build.

            The markdown and HTML documents open with the plan's name and stack (--plan), today's date and the team's contact (a11ykb plan footer), and a summary a product owner reads in ten seconds. The HTML is one accessible, self-contained page.

            Examples:
              a11ykb report release-12.csv --plan release-12 --format html -o r.html
              a11ykb report release-12.csv --level AA --format csv -o report.csv
              a11ykb report results.csv --evidence pa11y-ci.json --evidence wcag-em.json
            """)

    @OptionGroup var database: DatabaseOptions
    @Argument(help: ArgumentHelp("The filled results file (CSV).", valueName: "results.csv"), completion: .file(extensions: ["csv"]))
    var results: String
    @Option(name: [.short, .long], help: FormatOption<TestReportDocument>.help()) var format = FormatOption<TestReportDocument>(.markdown)
    @Option(help: ArgumentHelp("The conformance target whose success criteria all get a row: A, AA or AAA.", valueName: "level"))
    var level: WCAGLevel = .aa
    @Option(help: ArgumentHelp("The saved plan the results are of: its name and stack head the report.", valueName: "name"))
    var plan: String?
    @OptionGroup var evidence: EvidenceOptions

    @OptionGroup var destination: DocumentOutputOptions

    func run() throws {
        let kb = try database.open()
        let input = try readInput(results, limit: ResultsText.maxBytes, what: "a results file")
        let report = try kb.report(results: input.data, name: input.name, level: level, evidence: try evidence.read(kb))
        if !report.fingerprintsChecked {
            Output.error("warning: \(input.name) has no fingerprints: rows reworded since it was made are counted as they stand")
        }
        var heading = ReportHeading(date: ISO8601DateFormatter.string(from: Date(), timeZone: .current, formatOptions: [.withFullDate]),
                                    contact: try kb.teamFooter().contact)
        if let name = plan {
            let (saved, checklist) = try kb.plan(name)
            heading.title = "Test report: \(saved.name)"
            heading.stack = ChecklistDocument(checklist).stackName ?? "every platform"
        }
        let out = try TestReportDocument(report, heading: heading).rendered(format.format, options: destination.documentOptions)
        try A11yKBCLI.emit(Data(out.utf8), to: destination.output, from: kb)
        if !report.problems.isEmpty { throw ExitStatus.incomplete }
    }
}

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "What changed in the criteria between two knowledge bases, per component.",
        discussion: """
            Compares OLD with NEW (default: the knowledge base in use) item by item, by stable id and fingerprint: criteria, developer notes and announcements added, removed and reworded (the old and the new wording one under the other), and components added and removed. A change of typography only (straight quotes turned curly, a dash, spaces, Ctl+tab to ctl+tab) is counted, not listed, unless --typography. A family one side holds no component of (an older checkout of native entries only) is said, not listed as components added. OLD is only read, never written: one of an older schema (an archived release) is read from a migrated copy in a temporary folder. Exit status 1 when nothing changed.

            With --eras, the argument is a COMPONENT: its superseded source (the 2024 Jekyll entry a later checkout replaced) is read again from where it was imported and compared with the source that replaced it.

            Examples:
              a11ykb diff kb-2024.sqlite kb-2026.sqlite
              a11ykb diff native/button --eras
            """)

    @OptionGroup var database: DatabaseOptions
    @Argument(help: ArgumentHelp("The older knowledge base (with --eras: a component).", valueName: "old.sqlite")) var old: String
    @Argument(help: ArgumentHelp("The newer knowledge base (default: the one in use).", valueName: "new.sqlite")) var new: String?
    @Flag(help: "Compare a component's superseded source with the one that replaced it.") var eras = false
    @Flag(help: "Also list changes of typography only (quotes, dashes, spaces, the case of a key name); by default they are counted.") var typography = false
    @Option(help: "Only look among components of this family (with --eras).") var family: Family?
    @Option(name: [.short, .long], help: FormatOption<ChecklistDiff>.help()) var format = FormatOption<ChecklistDiff>(.markdown)
    @OptionGroup var destination: DocumentOutputOptions

    func validate() throws {
        if eras && new != nil { throw ValidationError("--eras takes one COMPONENT") }
    }

    func run() throws {
        let kb = try database.open()
        let diff = eras ? try kb.eras(of: old, family: family, typography: typography) : try kb.diff(from: old, to: new, typography: typography)
        let out = try diff.rendered(format.format, options: destination.documentOptions)
        try A11yKBCLI.emit(Data(out.utf8), to: destination.output, from: kb)
        if diff.changed.isEmpty && diff.added.isEmpty && diff.removed.isEmpty { throw ExitStatus.incomplete }
    }
}
