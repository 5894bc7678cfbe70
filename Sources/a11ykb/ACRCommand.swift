import A11yKB
import ArgumentParser
import Foundation

/// `a11ykb acr`: conformance reports in GSA's OpenACR format. Each subcommand reads its files,
/// asks the library one question and renders the answer.
struct ACRCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "acr",
        abstract: "Accessibility Conformance Reports (VPAT) in GSA's OpenACR format: build, check, render, diff.",
        discussion: """
            A conformance report gives every WCAG success criterion (and, by catalog, every Section 508 or EN 301 549 clause) one level per kind of product: supports, partially-supports, does-not-support, not-applicable, not-evaluated. acr build makes one from a tester's filled results and axe-core runs; acr check holds any OpenACR file to GSA's schema, its catalog and (--strict) what a buyer needs; acr render writes it as HTML, markdown or Word in the VPAT 2.5 layout; acr diff compares two.

            How evidence becomes a level, per success criterion and component (web for web entries, software for native ones):
              - the results rows that test the criterion count (each row's own links: a failed keyboard row never counts toward 1.4.1 Use of Color), with the axe-core rules tagged with it;
              - a failed row or a violation beside a passed row or a passing rule: partially-supports;
              - failures and violations with nothing that passed: does-not-support;
              - rows that passed, none failed, no violation: supports;
              - automated passes alone, rows marked n/a, blocked or untested, or nothing: not-evaluated, with the rows that would settle it;
              - not-applicable only from the base report, with its reason; a level the base gives is kept, and evidence that contradicts it (supports or not-applicable over a failure) is listed as a conflict, exit status 1.
            Section 508's functional performance criteria (302.1-302.9) follow from the success criteria whose Trusted Tester tests touch them; chapters no evidence reaches (hardware, support documentation) come from the base report, else stay not-evaluated.

            The whole workflow:
              a11ykb plan save web-r12 button checkbox link --platform web
              a11ykb plan show web-r12 --format csv -o results.csv  # testers fill it
              scripts/axe-run page.html -o axe.json                     # an automated run
              a11ykb acr build --results results.csv --axe axe.json --base base.yaml
              a11ykb acr check acr.yaml --strict
              a11ykb acr render acr.yaml --format html -o acr.html
              a11ykb acr render acr.yaml --format docx -o acr.docx
              a11ykb acr diff acr-r11.yaml acr.yaml --format markdown
            """,
        subcommands: [ACRBuildCommand.self, ACRCheckCommand.self, ACRRenderCommand.self, ACRDiffCommand.self])
}

/// The files this run of the command read, which no output of it may replace (`AtomicFile`'s
/// `inputs`). One command runs per process, on one thread: a list is enough.
enum InputFiles {
    nonisolated(unsafe) static var read: [String] = []
}

/// A file named on the command line, read whole (or standard input for `-`), refused with one
/// line. The limit is the reader's own (a results CSV, an axe run, a report), held before a byte
/// is read: a 1.5 GB CSV was read whole (9 GB resident) only to be refused. A folder, FIFO,
/// device or socket is named as what it is (a FIFO no one writes to would block the read).
func readInput(_ path: String, limit: Int = ConformanceReports.maxBytes, what: String = "a conformance report") throws -> NamedInput {
    if path == "-" { return NamedInput(name: "(stdin)", data: try StandardInput.read(limit: limit, what: what)) }
    InputFiles.read.append(path)
    switch FileKind(path) {
    case .regular: break
    case .missing, .danglingLink: throw QueryError.invalidOption("cannot read \(path): no such file")
    case let kind: throw QueryError.invalidOption("cannot read \(path): it is \(kind.article), not a file")
    }
    if let size = FileKind.size(of: path), size > limit {
        throw QueryError.invalidOption("\(path) is larger than \(limit >> 20) MB: not \(what); not read")
    }
    let data: Data
    do {
        data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
        throw QueryError.invalidOption("cannot read \(path): \(error.localizedDescription)")
    }
    // A file that grew between the look at its size and the read is held to the same limit.
    guard data.count <= limit else { throw QueryError.invalidOption("\(path) is larger than \(limit >> 20) MB: not \(what); not read") }
    return NamedInput(name: (path as NSString).lastPathComponent, data: data)
}

struct ACRBuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build a conformance report from filled results, axe-core runs and a base report.",
        discussion: """
            --evidence takes a file of any tool a11ykb evidence reads, its format told from its content (--evidence-format forces one): a filled results CSV, axe-core, Lighthouse (a flow's steps are pages), pa11y, SARIF, EARL, WCAG-EM, IBM Equal Access, Accessibility Insights, the Trusted Tester workbook (.xlsm) or its SCRT results JSON. Their automated outcomes count as axe-core's do, per success criterion over every file and page (a failure anywhere fails it, and the remark names the pages); a person's outcomes they hold (the WCAG-EM Report Tool's, the Accessibility Insights requirements a person decides, a Trusted Tester workbook's or SCRT file's) count as results rows do, so a criterion a tool fails and a person passes is partially-supports, with both in the remark; a test that names no success criterion is listed on stderr. --results and --axe are the same with the format stated.

            --results takes the CSV of a11ykb checklist or plan show with its result column filled (pass, fail, blocked, n/a; empty: not tested), a note (ticket ids such as A11Y-124 reach the remarks) and, optionally, a page (or screen) column naming where the row was tested; --axe what axe.run() returns (violations, incomplete, passes, inapplicable); --base an OpenACR YAML the lead keeps: product, author, vendor, evaluation methods, legal text, and what only a person states (not-applicable with its reason, the hardware chapter, or notes without a level to word a criterion whose level the evidence sets). Each may be given several times.

            The remarks are written for a buyer: what fails and where, for whom, with the ticket ids, then what was verified to work; automated findings in words with their counts. They never name a file, a line or a row id: --trail FILE writes where each level came from (JSON: per level, its rows, files, lines, rules and elements), and the HTML and markdown renderings end with the same trail.

            What the evidence does not settle below AAA is the lead's to fill: --todo FILE writes it as a base report (OpenACR YAML: the base's own entries kept, each unsettled criterion with an empty level and a comment saying what would settle it: the checklist rows, the how-to-test guide, or a person's judgement), or as CSV or JSON for a tracker (--todo-format, else told by the file's extension). Fill the levels and build again with it as --base.

            A level the base states is a person's word. Where the evidence gives another level (either way: a stated supports over a failed row, or a stated partially-supports over rows that now all pass) the build lists each disagreement and writes nothing, exit status 1; --keep-base keeps the base's levels, and their remarks say the level is the vendor's own assessment.

            Section 508's functional performance criteria (302.x): a failure touches the disability categories that every Trusted Tester test it may stand for names (the tests an axe rule's tags name, else every test of its success criterion); a 302.x that any failure touches is partially-supports, naming the criteria behind it; otherwise supports when every success criterion it rests on is met or not applicable, else not-evaluated.

            Exit status: 0 built; 1 the base and the evidence disagree (nothing written), or built but some results rows could not be counted (each listed on stderr); 2 nothing built.

            Examples:
              a11ykb acr build --results results.csv --axe axe.json --todo todo.yaml
              a11ykb acr build --evidence lighthouse-flow.json --evidence pa11y-ci.json
              a11ykb acr build --results results.csv --base todo.yaml -f html -o acr.html
              a11ykb acr build --results results.csv --trail trail.json -o acr.yaml
            """)

    @OptionGroup var database: DatabaseOptions
    @Option(name: .customLong("results"), help: ArgumentHelp("A filled results CSV (repeatable).", valueName: "file"), completion: .file(extensions: ["csv"]))
    var results: [String] = []
    @Option(name: .customLong("axe"), help: ArgumentHelp("An axe-core results JSON (repeatable; the same as --evidence).", valueName: "file"), completion: .file(extensions: ["json"]))
    var axe: [String] = []
    @Option(help: ArgumentHelp("An evidence file of any format a11ykb evidence reads, told from its content: a results CSV, axe-core, Lighthouse, pa11y, SARIF, EARL, WCAG-EM, IBM Equal Access, Accessibility Insights, a Trusted Tester workbook or SCRT JSON (repeatable).", valueName: "file"), completion: .file())
    var evidence: [String] = []
    @Option(help: ArgumentHelp("Read every --evidence file as this format: " + EvidenceFormat.allCases.map(\.rawValue).joined(separator: ", ") + ".", valueName: "format"))
    var evidenceFormat: EvidenceFormat?
    @Option(help: ArgumentHelp("The base report (OpenACR YAML) with what only a person states.", valueName: "file"), completion: .file(extensions: ["yaml", "yml"]))
    var base: String?
    @Option(help: ArgumentHelp("The VPAT edition: " + OpenACRCatalog.builtInIDs.joined(separator: ", ") + " (default: the base's, else \(OpenACRCatalog.defaultID)).", valueName: "id"))
    var catalog: String?
    @Flag(help: "Keep the base's levels where the evidence gives another (each remark then says the level is the vendor's).")
    var keepBase = false
    @Option(help: ArgumentHelp("Also write what the evidence does not settle, as a base to fill.", valueName: "file"), completion: .file(extensions: ["yaml", "csv", "json"]))
    var todo: String?
    @Option(help: ArgumentHelp("The to-do list's format: openacr (a base to fill), csv or json (default: by --todo's extension, else openacr).", valueName: "format"))
    var todoFormat: String?
    @Option(help: ArgumentHelp("Also write where each level came from (JSON: rows, files, lines, rules).", valueName: "file"), completion: .file(extensions: ["json"]))
    var trail: String?
    @Option(name: [.short, .long], help: FormatOption<OpenACRReport>.help("openacr is the report's YAML; markdown, html and docx (a Word file: to -o FILE or a pipe, never a terminal) the VPAT 2.5 layout a buyer reads."))
    var format = FormatOption<OpenACRReport>(.openacr)
    @OptionGroup var destination: DocumentOutputOptions

    func validate() throws {
        if results.isEmpty && axe.isEmpty && evidence.isEmpty && base == nil { throw ValidationError("give --evidence, --results, --axe or --base: the evidence to build from") }
        if evidenceFormat != nil && evidence.isEmpty { throw ValidationError("--evidence-format goes with --evidence FILE") }
        if let todoFormat, !ConformanceTodo.formats.map(\.rawValue).contains(todoFormat) {
            throw ValidationError("--todo-format \(todoFormat): choose one of " + ConformanceTodo.formats.map(\.rawValue).joined(separator: ", "))
        }
        if todoFormat != nil && todo == nil { throw ValidationError("--todo-format goes with --todo FILE") }
    }

    /// The to-do list's format: as asked, else by the file's extension (`.csv`, `.json`), else a base to fill.
    var todoDocumentFormat: DocumentFormat {
        if let todoFormat, let chosen = DocumentFormat(rawValue: todoFormat) { return chosen }
        switch (todo.map { ($0 as NSString).pathExtension.lowercased() }) {
        case "csv": return .csv
        case "json": return .json
        default: return .openacr
        }
    }

    func run() throws {
        try destination.refuseBinaryOnTerminal(format.format)
        let inputs = try results.map { try readInput($0, limit: ResultsText.maxBytes, what: "a results file") }
        let runs = try axe.map { try readInput($0, limit: AxeResults.maxBytes, what: "an axe-core run") }
        let files = try evidence.map { try readInput($0, limit: EvidenceReading.maxBytes, what: "an evidence file") }
        let baseInput = try base.map { try readInput($0) }
        let kb = try database.open()
        let built = try kb.buildConformanceReport(results: inputs, axe: runs, evidence: files, evidenceFormat: evidenceFormat,
                                                  base: baseInput, catalog: catalog, keepBase: keepBase)
        EvidenceOptions.sayUnmapped(built.evidence)
        for (file, problem) in built.unreadRows {
            Output.error("\(file) line \(problem.line): " + (problem.id.isEmpty ? "" : "\(problem.id): ") + problem.kind.rawValue + (problem.detail.isEmpty ? "" : " (\(problem.detail))"))
        }
        for file in built.withoutFingerprints {
            Output.error("warning: \(file) has no fingerprints: rows reworded since it was made are counted as they stand")
        }
        // A person's word against the evidence: nothing is written until the lead settles it.
        if !built.conflicts.isEmpty && !keepBase {
            for conflict in built.conflicts { Output.error("disagreement: " + conflict.located) }
            Output.error("\(built.conflicts.count) level\(built.conflicts.count == 1 ? "" : "s") of the base disagree\(built.conflicts.count == 1 ? "s" : "") with the evidence: nothing written; correct the base, or keep its levels with --keep-base")
            throw ExitStatus.incomplete
        }
        try destination.emit(built, format.format, from: kb)
        if let trail { try A11yKBCLI.emit(Data(try built.trail.rendered(.json).utf8), to: trail, from: kb) }
        if let todo { try A11yKBCLI.emit(Data(try built.todo.rendered(todoDocumentFormat).utf8), to: todo, from: kb) }
        for conflict in built.conflicts { Output.err("a11ykb: kept the base's level: " + conflict.located + "\n") }
        if !built.pending.isEmpty {
            Output.err("a11ykb: \(built.pending.count) \(built.pending.count == 1 ? "criterion is" : "criteria are") not settled by the evidence"
                       + (todo.map { ": written to \($0) to fill" } ?? ": --todo FILE writes them as a base to fill") + "\n")
        }
        if !built.unreadRows.isEmpty { throw ExitStatus.incomplete }
    }
}

struct ACRCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check an OpenACR report against GSA's schema and its catalog; --strict adds a buyer's rules.",
        discussion: """
            Any OpenACR file, ours or anyone's: the schema's required fields and types; a known catalog (the one the report names, else --catalog); every chapter and criterion in it; every component one the criterion takes; every level one of supports, partially-supports, does-not-support, not-applicable, not-evaluated (or empty); no criterion listed twice in a chapter and no component twice for a criterion (each place named by its lines). --strict adds what an ACR handed to a buyer must meet and GSA's validator does not check: every criterion of every chapter present for each component the report claims (a disabled chapter excepted), no not-evaluated below AAA, no empty level, a note on every partially-supports, does-not-support and not-applicable, an author's email.

            One line per problem on stdout: chapter, criterion, component, what is wrong. Exit status: 0 none; 1 some; 2 the file is no report.

            Examples:
              a11ykb acr check acr.yaml --strict
              a11ykb acr check vendor-acr.yaml --catalog 2.4-edition-wcag-2.0-508-en
            """)

    @Argument(help: ArgumentHelp("The report (OpenACR YAML or JSON), or - for standard input.", valueName: "report.yaml"), completion: .file(extensions: ["yaml", "yml", "json"]))
    var report: String
    @Option(help: ArgumentHelp("The catalog to check against where the report names none.", valueName: "id")) var catalog: String?
    @Flag(help: "Also what a report handed to a buyer must meet.") var strict = false
    @Option(name: [.short, .long], help: FormatOption<ConformanceCheckResult>.help())
    var format = FormatOption<ConformanceCheckResult>(.text)

    func run() throws {
        let problems = try ConformanceReports.check(try readInput(report), catalog: catalog, strict: strict)
        Output.out(try ConformanceCheckResult(problems).rendered(format.format))
        if !problems.isEmpty { throw ExitStatus.incomplete }
    }
}

struct ACRRenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Write an OpenACR report as a document a buyer reads: HTML, markdown or Word.",
        discussion: """
            HTML, markdown and Word (docx) hold the same VPAT 2.5 layout: the product, contact and report date; notes and evaluation methods; the applicable standards of the report's edition and which the report covers; the terms (supports ... not evaluated) defined; a summary of levels per chapter; one section per standard (the WCAG report with Table 1 Level A, Table 2 Level AA and Table 3 Level AAA, the Revised Section 508 report with chapters 3 to 6, the EN 301 549 report where the edition has one), each chapter a table of Criteria, Conformance Level, Remarks and Explanations; and the legal disclaimer. A chapter the report disables reads Not Applicable with its reason. 4.1.1 Parsing follows the edition's WCAG version: for 2.0 and 2.1, W3C's 2023 errata (always satisfied for content in HTML or XML; an unstated or not-evaluated level reads Supports, and the remark says why); for 2.2, obsolete and removed, as its remark says. A report that names no edition is titled from the built-in edition its chapters and criteria match best, which the document names. Links in the report's text ([text](https://...)) are links in HTML, text and address elsewhere.

            The HTML is one self-contained, printable file (no script, nothing fetched); each success criterion links to W3C's Understanding page. The Word file uses Heading styles, header rows that repeat on each page, and sets its title and language; it is bytes, so it goes to -o FILE or a pipe, never to a terminal. The same report gives the same bytes in every format. openacr and json rewrite the report in this tool's own layout.

            Examples:
              a11ykb acr render acr.yaml --format html -o acr.html
              a11ykb acr render acr.yaml --format docx -o acr.docx
            """)

    @Argument(help: ArgumentHelp("The report (OpenACR YAML or JSON), or - for standard input.", valueName: "report.yaml"), completion: .file(extensions: ["yaml", "yml", "json"]))
    var report: String
    @Option(name: [.short, .long], help: FormatOption<OpenACRReport>.help("openacr is the report's YAML; docx is a Word file (to -o FILE or a pipe)."))
    var format = FormatOption<OpenACRReport>(.html)
    @OptionGroup var destination: DocumentOutputOptions

    func run() throws {
        try destination.refuseBinaryOnTerminal(format.format)
        let (read, problems) = try ConformanceReports.read(try readInput(report))
        try destination.emit(read, format.format)
        // Every entry of a place listed twice is rendered as the file gives it: say so.
        for p in problems where p.kind == .duplicate { Output.error("warning: " + p.located) }
    }
}

struct ACRDiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "What changed between two OpenACR reports, as a release note: levels, tickets, criteria added and removed.",
        discussion: """
            First a summary: the product version and report date (old -> new), and per chapter the levels improved, regressed, changed otherwise and unchanged, and the criteria added and removed. Levels rank does-not-support < partially-supports < supports; a change to or from not-applicable, not-evaluated or no level (an empty level is "not stated", not an error) is counted apart, as neither better nor worse. Then each level change with its remark before and after; the criteria added, removed and listed more than once (a report that lists a criterion, or a criterion's component, twice has changed whenever the entries differ); the tickets fixed (an id such as SHOP-123 in a remark of a partially-supports or does-not-support entry of the old report, and in no such remark of the new) and newly failing (the other way round); and, with --all, every other remark that changed (else they are counted).

            Remarks are compared without what names the evidence: a file name (web-r12-filled.csv, axe-r1.json), a line or row number, a bracketed reference to a file, line or results row. Two builds of the same findings from renamed files compare equal.

            --format json gives one object per change: chapter, criterion, component, field (level, notes, added, removed, duplicate, ticket_fixed, ticket_new, catalog, title, product_version, version, report_date), old, new. A ticket's id is its old (fixed) or new (newly failing) value. Remark changes where the level stayed are there with --all only.

            Exit status, as diff(1): 0 nothing changed; 1 something did; 2 trouble (a file is no report, or cannot be read).

            Examples:
              a11ykb acr diff acr-r11.yaml acr.yaml -f markdown -o notes.md
              a11ykb acr diff acr-r11.yaml acr.yaml --format json --all
            """)

    @Argument(help: ArgumentHelp("The older report.", valueName: "old.yaml"), completion: .file(extensions: ["yaml", "yml", "json"])) var old: String
    @Argument(help: ArgumentHelp("The newer report.", valueName: "new.yaml"), completion: .file(extensions: ["yaml", "yml", "json"])) var new: String
    @Flag(help: "Also list every remark that changed where its level did not.") var all = false
    @Option(name: [.short, .long], help: FormatOption<OpenACRDiff>.help()) var format = FormatOption<OpenACRDiff>(.text)
    @OptionGroup var destination: DocumentOutputOptions

    func run() throws {
        var diff = try ConformanceReports.diff(try readInput(old), try readInput(new))
        diff.listsEveryRemark = all
        try A11yKBCLI.emit(Data(try diff.rendered(format.format).utf8), to: destination.output)
        if !diff.changes.isEmpty { throw ExitStatus.incomplete }
    }
}
