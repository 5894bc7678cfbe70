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
              a11ykb acr diff acr-r11.yaml acr.yaml
            """,
        subcommands: [ACRBuildCommand.self, ACRCheckCommand.self, ACRRenderCommand.self, ACRDiffCommand.self])
}

/// A file named on the command line, read whole (or standard input for `-`), refused with one
/// line. The limit is the reader's own (a results CSV, an axe run, a report), held before a byte
/// is read: a 1.5 GB CSV was read whole (9 GB resident) only to be refused. A folder, FIFO,
/// device or socket is named as what it is (a FIFO no one writes to would block the read).
func readInput(_ path: String, limit: Int = ConformanceReports.maxBytes, what: String = "a conformance report") throws -> NamedInput {
    if path == "-" { return NamedInput(name: "(stdin)", data: try StandardInput.read(limit: limit, what: what)) }
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
            --results takes the CSV of a11ykb checklist or plan show with its result column filled (pass, fail, blocked, n/a; empty: not tested) and a note (ticket ids welcome: they reach the remarks); --axe what axe.run() returns (violations, incomplete, passes, inapplicable); --base an OpenACR YAML the lead keeps: product, author, vendor, evaluation methods, legal text, and the levels only a person gives (not-applicable with its reason, the hardware chapter). Each may be given several times.

            The criteria that still need a person are listed on stderr with the rows that would settle them. Two builds from the same files are byte-identical.

            Exit status: 0 built; 1 built, but the base contradicts the evidence or some results rows could not be counted (each listed on stderr); 2 nothing built.

            Example:
              a11ykb acr build --results results.csv --axe axe.json --base base.yaml
            """)

    @OptionGroup var database: DatabaseOptions
    @Option(name: .customLong("results"), help: ArgumentHelp("A filled results CSV (repeatable).", valueName: "file"), completion: .file(extensions: ["csv"]))
    var results: [String] = []
    @Option(name: .customLong("axe"), help: ArgumentHelp("An axe-core results JSON (repeatable).", valueName: "file"), completion: .file(extensions: ["json"]))
    var axe: [String] = []
    @Option(help: ArgumentHelp("The base report (OpenACR YAML) with what only a person states.", valueName: "file"), completion: .file(extensions: ["yaml", "yml"]))
    var base: String?
    @Option(help: ArgumentHelp("The VPAT edition: " + OpenACRCatalog.builtInIDs.joined(separator: ", ") + " (default: the base's, else \(OpenACRCatalog.defaultID)).", valueName: "id"))
    var catalog: String?
    @Option(name: [.short, .long], help: FormatOption<OpenACRReport>.help("openacr is the report's YAML; markdown, html and docx (a Word file: to -o FILE or a pipe, never a terminal) the VPAT 2.5 layout a buyer reads."))
    var format = FormatOption<OpenACRReport>(.openacr)
    @OptionGroup var destination: DocumentOutputOptions

    func validate() throws {
        if results.isEmpty && axe.isEmpty && base == nil { throw ValidationError("give --results, --axe or --base: the evidence to build from") }
    }

    func run() throws {
        try destination.refuseBinaryOnTerminal(format.format)
        let inputs = try results.map { try readInput($0, limit: ResultsText.maxBytes, what: "a results file") }
        let runs = try axe.map { try readInput($0, limit: AxeResults.maxBytes, what: "an axe-core run") }
        let baseInput = try base.map { try readInput($0) }
        let kb = try database.open()
        let built = try kb.buildConformanceReport(results: inputs, axe: runs, base: baseInput, catalog: catalog)
        try destination.emit(built.report, format.format, from: kb)
        for p in built.pending {
            Output.err("a11ykb: to test by hand: \(p.sc) \(p.title) (\(p.component))"
                       + (p.rows.isEmpty ? ": no results row tests it" : ": rows " + p.rows.prefix(5).joined(separator: ", ") + (p.rows.count > 5 ? " and \(p.rows.count - 5) more" : ""))
                       + (p.automatedPasses.isEmpty ? "" : "; axe passed " + p.automatedPasses.joined(separator: ", ") + ", which cannot show conformance") + "\n")
        }
        for (file, problem) in built.unreadRows {
            Output.error("\(file) line \(problem.line): " + (problem.id.isEmpty ? "" : "\(problem.id): ") + problem.kind.rawValue + (problem.detail.isEmpty ? "" : " (\(problem.detail))"))
        }
        for file in built.withoutFingerprints {
            Output.error("warning: \(file) has no fingerprints: rows reworded since it was made are counted as they stand")
        }
        for conflict in built.conflicts { Output.error("conflict: " + conflict.located) }
        if !built.conflicts.isEmpty || !built.unreadRows.isEmpty { throw ExitStatus.incomplete }
    }
}

struct ACRCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check an OpenACR report against GSA's schema and its catalog; --strict adds a buyer's rules.",
        discussion: """
            Any OpenACR file, ours or anyone's: the schema's required fields and types; a known catalog (the one the report names, else --catalog); every chapter and criterion in it; every component one the criterion takes; every level one of supports, partially-supports, does-not-support, not-applicable, not-evaluated (or empty). --strict adds what an ACR handed to a buyer must meet and GSA's validator does not check: every criterion of every chapter present for each component the report claims (a disabled chapter excepted), no not-evaluated below AAA, no empty level, a note on every partially-supports, does-not-support and not-applicable, an author's email.

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
        let (read, _) = try ConformanceReports.read(try readInput(report))
        try destination.emit(read, format.format)
    }
}

struct ACRDiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "What changed between two OpenACR reports: levels, notes, criteria added and removed.",
        discussion: """
            Per chapter, criterion and component: the level (old -> new), the note, an adherence added or removed; and the catalog, title and versions. An empty level is a value (not stated), not an error. --format json gives one object per change: chapter, criterion, component, field (level, notes, added, removed, catalog, title, product_version, version), old, new.

            Exit status: 0 something changed; 1 nothing did; 2 a file is no report.

            Example:
              a11ykb acr diff acr-r11.yaml acr-r12.yaml --format json
            """)

    @Argument(help: ArgumentHelp("The older report.", valueName: "old.yaml")) var old: String
    @Argument(help: ArgumentHelp("The newer report.", valueName: "new.yaml")) var new: String
    @Option(name: [.short, .long], help: FormatOption<OpenACRDiff>.help()) var format = FormatOption<OpenACRDiff>(.text)
    @OptionGroup var destination: DocumentOutputOptions

    func run() throws {
        let diff = try ConformanceReports.diff(try readInput(old), try readInput(new))
        let out = try diff.rendered(format.format)
        try A11yKBCLI.emit(Data(out.utf8), to: destination.output)
        if diff.changes.isEmpty { throw ExitStatus.incomplete }
    }
}
