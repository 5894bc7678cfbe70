import Foundation
import KBResources
import KBFiles
import KBModel
import KBStore
import KBSearch
import KBImport
import KBConformance
import KBEvidence
import KBQuery
import KBRender

// The library's public API: the questions the command line and the MCP server ask of a knowledge
// base. Each opens no connection of its own (but `sql`, which opens a read-only one with its own
// checks), reads in one snapshot, and returns typed values; `Render/` turns them into text.
// Nothing of GRDB shows through here.

extension KnowledgeBase {
    /// Where the knowledge base lives when none is named: `$A11YKB_DB`, else
    /// `$XDG_DATA_HOME/a11ykb/kb.sqlite`, else `~/.local/share/a11ykb/kb.sqlite`. Throws when
    /// there is no such place (`HOME` empty or relative).
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        try DefaultKnowledgeBase.path(environment: environment)
    }

    /// The default knowledge base, created and seeded from the embedded seed on first use.
    public static func openDefault(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> KnowledgeBase {
        try DefaultKnowledgeBase.open(environment: environment)
    }

    /// The knowledge base at `path`, for a question: it must be there (nothing there, or an empty
    /// file, is `StoreError.noKnowledgeBase`); a question never creates a file or a folder.
    public static func open(existing path: String) throws -> KnowledgeBase {
        try requireExisting(path)
        return try KnowledgeBase(path: path)
    }

    /// The knowledge base at `path`, for an import: a new path becomes an empty knowledge base, in
    /// a folder that must exist (`StoreError.noSuchFolder`).
    public static func open(forImport path: String) throws -> KnowledgeBase {
        try requireFolder(of: path)
        return try KnowledgeBase(path: path)
    }

    /// Whether anything was imported, or only the seed built into a11ykb (what a search that finds
    /// nothing should say about it).
    public func holdings() throws -> KnowledgeBaseHoldings {
        try DefaultKnowledgeBase.holdings(self)
    }

    /// Imports files and folders (a MagentaA11y checkout of either era, or loose documents).
    /// `standardInput`: a document read from stdin, imported with them.
    public func importFiles(_ paths: [String], standardInput: StandardInputDocument? = nil,
                            options: ImportOptions = ImportOptions()) throws -> ImportSummary {
        try Importer(self).importPaths(paths, standardInput: standardInput, options: options)
    }

    /// Every line of the files under `paths` and what an import makes of it: a fact (which table
    /// and row kind), structure (which heading, group or label), skipped (and why) or unaccounted.
    /// Reads the files through the import's own readers and normalizer; opens no knowledge base.
    public static func trace(_ paths: [String]) throws -> [SourceTrace] {
        try Tracer.trace(paths)
    }

    /// A query read as every search reads it (the syntax below), or refused as it refuses it:
    /// what a skin checks before it reads its user's other words, as the search would.
    public static func readQuery(_ query: String) throws -> SearchQuery {
        try SearchQuery(query)
    }

    /// Ranked full-text search. `query` uses the search syntax (words, "phrases", prefix*, OR,
    /// NOT, parentheses); repairs made to it (an unclosed quote) are in `result.query.repairs`.
    public func search(_ query: String, options: SearchOptions = SearchOptions()) throws -> SearchResult {
        let parsed = try SearchQuery(query)
        return try read { try SearchEngine($0).facts(parsed, options: options) }
    }

    /// Components first: the components whose title, category and facts hold the query's words,
    /// best first, each with its best facts. Plain words are read as a question (stop words left
    /// out, platform words raise that platform, equivalents from the vocabulary added, partial
    /// matches when no component holds every word); operators keep their meaning. `options.limit`
    /// counts components. Stops with `QueryError.timedOut` after `timeout` seconds (0: no limit).
    public func searchComponents(_ query: String, options: SearchOptions = SearchOptions(limit: SearchOptions.defaultComponentLimit),
                                 timeout: TimeInterval = 5) throws -> ComponentSearchResult {
        let parsed = try SearchQuery(query)
        return try withTimeout(timeout) { deadline in
            try read { try SearchEngine($0, held: heldRankingIndex($0)).components(parsed, options: options, deadline: deadline) }
        }
    }

    /// The whole components-first answer every skin gives: the components, and the automated rules
    /// whose words match when the search could reach web content (`SearchOptions.reachesRules`;
    /// `rules: false` leaves them out, for a format that has no place for them).
    public func findComponents(_ query: String, options: SearchOptions = SearchOptions(limit: SearchOptions.defaultComponentLimit),
                               timeout: TimeInterval = 5, rules: Bool = true) throws -> ComponentAnswer {
        let result = try searchComponents(query, options: options, timeout: timeout)
        let hits = rules && options.reachesRules ? try searchRules(query) : Shown(items: [], total: 0)
        return ComponentAnswer(result: result, rules: hits)
    }

    /// The fact-level search (`search`) with a time limit, as `searchComponents` has.
    public func search(_ query: String, options: SearchOptions = SearchOptions(), timeout: TimeInterval) throws -> SearchResult {
        try withTimeout(timeout) { _ in try search(query, options: options) }
    }

    /// The vocabulary's equivalents of a term, by concept: what each platform calls it.
    public func equivalents(of term: String) throws -> [EquivalentConcept] {
        try read { try SearchEngine($0).concepts(of: term) }
    }

    /// Everything about one component: `name` is its slug, `family/slug`, title or alias (a
    /// platform, framework or screen-reader word in it, or in `context`, settles native or web);
    /// without its code examples when `codeExamples` is false.
    public func component(_ name: String, family: Family? = nil, context: [String] = [], codeExamples: Bool = true) throws -> ComponentFacts {
        let facts = try read { db in
            try ComponentFacts.load(db, componentID: ComponentLookup.resolve(db, name, family: family, context: context))
        }
        return codeExamples ? facts : facts.withoutCodeExamples
    }

    /// One component's developer notes: every platform's, the general ones, or one platform's;
    /// with `framework`, only that framework's notes and those for any (and its own platform's
    /// when `scope` is `.all`; another platform's is refused).
    public func developerNotes(of name: String, family: Family? = nil, scope: DeveloperNotes.Scope = .all,
                               framework: Framework? = nil, codeExamples: Bool = true) throws -> DeveloperNotes {
        let context = [framework?.rawValue, { if case let .platform(platform) = scope { platform.rawValue } else { nil } }()].compactMap { $0 }
        return try DeveloperNotes.narrow(component(name, family: family, context: context), scope: scope, framework: framework,
                                         codeExamples: codeExamples)
    }

    /// Several components, in the order named, each once (the tester's checklist). One unknown
    /// name fails the whole request, naming the closest slugs.
    public func components(_ names: [String], family: Family? = nil, context: [String] = []) throws -> [ComponentFacts] {
        try read { try ComponentSelection.named($0, names, family: family, context: context) }
    }

    /// Every component of a category and/or a family (both nil: every component), by family and
    /// slug. An unknown category is refused with the closest ones.
    public func components(category: String?, family: Family? = nil) throws -> [ComponentFacts] {
        try read { try ComponentSelection.matching($0, category: category, family: family) }
    }

    /// One component's platforms side by side, a row per aspect, criteria kind and announcements.
    /// `aspects` are as a user types them (`state`, `Groupings`); empty: all. `platforms`: empty,
    /// every platform the component has. `context`: the words the user gave for the platforms, which
    /// may settle native or web as `component(_:family:context:)`'s do (nil: the platforms' slugs).
    public func compare(_ name: String, aspects: [String] = [], platforms: [Platform] = [],
                        general: GeneralPlacement = .column, family: Family? = nil, context: [String]? = nil) throws -> Comparison {
        try read { db in
            let id = try ComponentLookup.resolve(db, name, family: family, context: context ?? platforms.map(\.rawValue))
            let facts = try ComponentFacts.load(db, componentID: id)
            let rows = try FactSummary.load(db, .component(id)).rows(.all)
            let options = Compare.Options(platforms: Compare.platforms(platforms),
                                          rows: try Compare.rows(aspects, known: rows), general: general)
            return Compare.component(facts, options: options, allRows: rows)
        }
    }

    /// The chosen rows of every component (of `family`), a row per component, handed to `body` in
    /// chunks of components as they are read: every chunk has all the columns, and memory holds
    /// one chunk whatever the size of the knowledge base. Nothing is handed over if `aspects`
    /// names an unknown row; one empty chunk if there is no component.
    public func compareAcross(aspects: [String], platforms: [Platform] = [], general: GeneralPlacement = .column,
                              family: Family? = nil, chunks body: (Comparison) throws -> Void) throws {
        try read { db in
            let options = Compare.Options(platforms: Compare.platforms(platforms), general: general, family: family)
            try Compare.across(db, typedRows: aspects, options: options, body)
        }
    }

    /// One component's platforms side by side (`compare`), or, without a component, the chosen
    /// rows of every component (`compareAcross`), which needs at least one row named.
    public func compare(component name: String?, aspects: [String] = [], platforms: [Platform] = [],
                        family: Family? = nil, context: [String]? = nil) throws -> Comparison {
        if let name { return try compare(name, aspects: aspects, platforms: platforms, family: family, context: context) }
        guard !aspects.isEmpty else {
            throw QueryError.invalidOption("name a component, or the aspects to compare across every component")
        }
        return try compareAcross(aspects: aspects, platforms: platforms, family: family)
    }

    /// `compareAcross` in one value.
    public func compareAcross(aspects: [String], platforms: [Platform] = [], general: GeneralPlacement = .column,
                              family: Family? = nil) throws -> Comparison {
        var whole: Comparison?
        try compareAcross(aspects: aspects, platforms: platforms, general: general, family: family) { chunk in
            if whole == nil { whole = chunk } else { whole!.rows += chunk.rows }
        }
        return whole!
    }

    /// The spreadsheet view: a row per component, a column per platform and aspect or criteria
    /// kind, handed to `body` in chunks of components as they are read (see `compareAcross`).
    public func matrix(_ options: Matrix.Options = Matrix.Options(), chunks body: (Matrix) throws -> Void) throws {
        try read { db in try Matrix.stream(db, options, body) }
    }

    /// The whole matrix in one value.
    public func matrix(_ options: Matrix.Options = Matrix.Options()) throws -> Matrix {
        try read { db in try Matrix.load(db, options) }
    }

    /// What the criteria leave open, for one component or platform or all; `problem`: only gaps
    /// of that kind. `context`: the words the user gave for the platform (nil: its slug).
    public func gaps(component: String? = nil, platform: Platform? = nil, problem: GapProblem? = nil,
                     context: [String]? = nil) throws -> [Gap] {
        try read { db in
            let id = try component.map { try ComponentLookup.resolve(db, $0, context: context ?? platform.map { [$0.rawValue] } ?? []) }
            return try Gap.list(db, componentID: id, platform: platform, problem: problem)
        }
    }

    /// Components, categories, platforms or frameworks with how many facts each holds; `family`
    /// and `category` narrow components and categories.
    public func list(_ subject: Listing.Subject, family: Family? = nil, category: String? = nil) throws -> ResultSet {
        try read { try Listing.table($0, subject, family: family, category: category) }
    }

    /// The slugs (components, categories, platforms, frameworks) the shell completes. Only what is
    /// a slug (`Slug.isValid`) is offered: a shell expands what a completion script hands it, so a
    /// name from a knowledge base written before slugs were checked, or edited by hand, is left out.
    public func names(_ subject: Listing.Subject) throws -> [String] {
        try read { try Listing.names($0, subject) }.filter(Slug.isValid)
    }

    /// Every row of a documented table or view, in id order.
    public func table(_ name: String) throws -> ResultSet {
        try read { try TableExport.read($0, table: name) }
    }

    /// Read-only SQL: every statement checked before any runs; stopped after `timeout` seconds.
    public func sql(_ text: String, timeout: TimeInterval = 10) throws -> [ResultSet] {
        try SQLConsole.run(path: path, sql: text, deadline: within(timeout))
    }

    /// Read-only SQL as `sql(_:timeout:)`, each statement's first `showing` rows (0: all) kept
    /// and the rest counted.
    public func sql(_ text: String, timeout: TimeInterval = 10, showing: Int) throws -> [ShownRows] {
        try SQLConsole.run(path: path, sql: text, deadline: within(timeout), showing: showing)
    }

    /// Read-only SQL stopped at `deadline` (pass the same deadline to the rendering, so that the
    /// limit covers printing too) or once its rows pass `maxBytes` bytes of values (0: no cap).
    public func sql(_ text: String, deadline: Deadline, maxBytes: Int = KnowledgeBase.sqlOutputCap) throws -> [ResultSet] {
        try SQLConsole.run(path: path, sql: text, deadline: deadline, maxBytes: maxBytes)
    }

    /// The default cap of `sql`'s output, in bytes of values.
    public static var sqlOutputCap: Int { SQLConsole.defaultMaxBytes }

    /// Writes a command's output to `file` so that readers see the old content or the new, never
    /// a part. Only a regular file (or a new path) is written, its mode kept; this knowledge base's
    /// own files, devices, FIFOs and folders are refused; a symbolic link is followed to its file.
    /// `inputs`: the files the question read, which the output may not replace.
    public func writeOutput(_ data: Data, to file: String, inputs: [String] = []) throws {
        try AtomicFile.write(data, to: file, protecting: protectedFiles, inputs: inputs)
    }

    /// Streams what `body` writes into `file`, which appears whole or not at all, under the same
    /// rules as `writeOutput`.
    public func writeOutput(to file: String, inputs: [String] = [], _ body: (ByteSink) throws -> Void) throws {
        try AtomicFile.write(to: file, protecting: protectedFiles, inputs: inputs, body)
    }

    /// The knowledge base's own files, which no output may replace.
    var protectedFiles: [String] { [path, path + "-wal", path + "-shm"] }

    /// Rows per table, components per family, facts per platform.
    public func stats() throws -> Stats {
        try read { try Stats.collect($0) }
    }

    /// Writes a compact, self-contained copy of the knowledge base to `path` for publishing:
    /// `VACUUM INTO` (free pages dropped, one consistent snapshot), in rollback-journal mode so that
    /// the one file is all there is. The copy is built beside `path` and renamed into place, so
    /// `path` is never half-written. Refuses to write over the knowledge base itself.
    public func exportDatabase(to path: String) throws {
        try DatabaseCopy.write(self, to: path)
    }

    /// This a11ykb's version, and the newest migration it knows (the schema it writes). The one
    /// place the version is written: the command line's version and the MCP server's `serverInfo` both say
    /// this, and CHANGELOG.md's newest release names it (CLITests/VersionTests checks all three).
    public static let version = "0.17.0"
    public static var schemaVersion: String { EmbeddedResources.migrations.last?.name ?? "" }
}

// MARK: - Questions the MCP tools ask

extension KnowledgeBase {
    /// Components (of `family`, of `category`) with their sources, counts and formats, and every
    /// category of the family. An unknown category is refused with the known ones.
    public func catalog(family: Family? = nil, category: String? = nil) throws -> ComponentCatalog {
        try read { try ComponentCatalog.load($0, family: family, category: category) }
    }

    /// One component's counts and the formats it can be shown in (`name` as for `component`).
    public func summary(of name: String, family: Family? = nil) throws -> ComponentSummary {
        try read { db in
            let id = try ComponentLookup.resolve(db, name, family: family)
            return try ComponentSummary.fetch(db, where: "c.id = ?", arguments: [id])[0]
        }
    }

    /// What screen readers say: examples quoted in the notes and caption transcripts, with their
    /// lines. `platform` also keeps announcements written for every platform of its family. The
    /// first `limit` are shown (0: all), beside how many match. A component slug both families
    /// use is read in the platform's family (`checkbox` on android is native/checkbox).
    public func announcements(component: String? = nil, family: Family? = nil, platform: Platform? = nil,
                              origin: AnnouncementOrigin? = nil, limit: Int = 0) throws -> Shown<SpokenAnnouncement> {
        try read { db in
            let id = try component.map { name in
                try ComponentLookup.resolve(db, name, family: family ?? platform?.family, context: platform.map { [$0.rawValue] } ?? [])
            }
            return Shown(try SpokenAnnouncement.list(db, componentID: id, family: family, platform: platform, origin: origin), limit: limit)
        }
    }

    /// The WCAG success criteria components cite (`criterion`: only its citations), with where
    /// each is cited.
    public func wcagCitations(component: String? = nil, family: Family? = nil, criterion: SCNumber? = nil) throws -> [WCAGCitation] {
        try read { db in
            let id = try component.map { try ComponentLookup.resolve(db, $0, family: family) }
            return try WCAGCitation.list(db, componentID: id, family: family, criterion: criterion)
        }
    }

    /// An axe-core run's results (`axe.run`'s JSON, or a list of them) explained: per rule, the
    /// success criteria its tags name; per node, the web component it most likely is, that
    /// component's criteria to verify by hand and the announcements expected. Rules naming no
    /// success criterion and nodes no component answers to are kept, marked so. Refuses data that
    /// is not axe results, saying what was expected. Stops as a question does: at the time the
    /// knowledge base must answer by, or when the question is withdrawn (`Cancellation.current`).
    public func explainAxeResults(_ data: Data) throws -> AxeExplanation {
        try withTimeout(0) { deadline in try read { try AxeExplanation.explain($0, data, deadline: deadline) } }
    }

    /// Any evidence file's failures and cannot-tells explained as an axe run's are (an axe run is
    /// explained as `explainAxeResults` does): each test a rule, its success criteria the tool's
    /// (else the knowledge base's rules'), its elements the nodes; `format` forces a reader.
    public func explainEvidence(_ data: Data, name: String, format: EvidenceFormat? = nil) throws -> AxeExplanation {
        if (format ?? EvidenceReading.detect(data)) == .axe { return try explainAxeResults(data) }
        let record = try readEvidence([NamedInput(name: name, data: data)], format: format)[0]
        // A test that failed on some elements and could not tell on others is two rules, as axe lists it.
        struct Key: Hashable { var test: EvidenceTest, outcome: EvidenceOutcome }
        var order: [Key] = [], grouped: [Key: [EvidenceFinding]] = [:]
        for f in record.findings where f.outcome == .failed || f.outcome == .cannotTell {
            let key = Key(test: f.test, outcome: f.outcome)
            if grouped[key] == nil { order.append(key) }
            grouped[key, default: []].append(f)
        }
        let results = order.map { key -> (AxeResults.Result, AxeExplanation.Outcome) in
            let findings = grouped[key]!
            let first = findings[0]
            // `1.4.3` → `wcag143`, the tag the explanation reads a criterion from.
            let tags = first.successCriteria.map { "wcag" + $0.description.replacingOccurrences(of: ".", with: "") }
            let nodes = findings.compactMap { f in f.element.map { AxeResults.Node(html: f.snippet ?? "", target: $0) } }
            return (AxeResults.Result(id: first.test.id, tags: tags, help: first.words, nodes: nodes),
                    first.outcome == .failed ? .violation : .incomplete)
        }
        return try withTimeout(0) { deadline in
            try read { try AxeExplanation.explain($0, results, engine: record.toolWords, url: record.pages.first, deadline: deadline) }
        }
    }

    /// Several components' criteria in one checklist, in the order named; `platform` keeps its
    /// criteria and those written for every platform (less those scoped in words to another),
    /// `framework` its platform's notes of that framework. The first unknown name is refused
    /// with the closest slugs. `context`: the words the user gave for the stack, which may settle
    /// native or web (nil: the platform's and framework's slugs).
    public func checklist(_ names: [String], platform: Platform? = nil, framework: Framework? = nil, family: Family? = nil,
                          notesAsItems: Bool = false, context: [String]? = nil) throws -> Checklist {
        guard !names.isEmpty else { throw QueryError.invalidOption("name at least one component for the checklist") }
        var stack = try Checklist.Stack.checked(platform: platform, framework: framework)
        stack.notesAsItems = notesAsItems
        let context = context ?? [platform?.rawValue, framework?.rawValue].compactMap { $0 }
        let checklist = try read { db in
            try Checklist.load(db, ComponentSelection.named(db, names, family: family, context: context), stack: stack)
        }
        // A component named for a stack that has nothing for it is an error, never left out in silence.
        if stack.platform != nil || stack.framework != nil,
           let empty = checklist.sections.first(where: { $0.items.isEmpty && $0.guidance.isEmpty }) {
            throw QueryError.nothingForStack("\(empty.component.family.rawValue)/\(empty.component.slug)",
                                             stack: [stack.platform?.rawValue, stack.framework?.rawValue].compactMap { $0 }.joined(separator: " with "))
        }
        return checklist
    }

    /// The checklist of every component of a category and/or family, by family then slug.
    public func checklist(category: String?, family: Family?, platform: Platform? = nil, framework: Framework? = nil,
                          notesAsItems: Bool = false) throws -> Checklist {
        var stack = try Checklist.Stack.checked(platform: platform, framework: framework)
        stack.notesAsItems = notesAsItems
        return try read { db in try Checklist.load(db, ComponentSelection.matching(db, category: category, family: family), stack: stack) }
    }

    /// Saves (or replaces) a plan: the checklist's components by family and slug, and its stack.
    /// `replacing` says when the plan of the same name it replaced was saved (nil: the name is new).
    public func savePlan(_ name: String, checklist: Checklist, replacing: inout String?) throws -> SavedPlan {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else { throw QueryError.invalidOption("a plan needs a name") }
        let plan = SavedPlan(name: name, platform: checklist.platform, framework: checklist.framework,
                             savedAt: ISO8601DateFormatter().string(from: Date()),
                             components: checklist.sections.map { "\($0.component.family.rawValue)/\($0.component.slug)" },
                             notesAsItems: checklist.notesAsItems)
        replacing = try PlanStore.save(self, plan)
        return plan
    }

    @discardableResult
    public func savePlan(_ name: String, checklist: Checklist) throws -> SavedPlan {
        var replacing: String?
        return try savePlan(name, checklist: checklist, replacing: &replacing)
    }

    /// Every saved plan, by name.
    public func plans() throws -> [SavedPlan] {
        try read { try PlanStore.all($0) }
    }

    /// A saved plan's checklist as the knowledge base holds it now; a component it names that an
    /// import removed is listed in `missing`, never dropped in silence.
    public func plan(_ name: String) throws -> (plan: SavedPlan, checklist: Checklist) {
        try read { db in
            guard let plan = try PlanStore.named(db, name) else {
                let known = try PlanStore.all(db).map(\.name)
                throw QueryError.invalidOption("no plan \"\(name)\"" + (known.isEmpty ? "; none is saved" : "; saved: " + known.joined(separator: ", ")))
            }
            let checklist = try Checklist.load(db, plan: plan)
            return (plan, checklist)
        }
    }

    /// Whether a plan of that name was there to remove.
    public func removePlan(_ name: String) throws -> Bool {
        try PlanStore.remove(self, name: name)
    }

    /// The lines every checklist ends with.
    public func teamFooter() throws -> TeamFooter {
        try read { try PlanStore.footer($0) }
    }

    /// Sets the footer's lines given; an empty string clears one.
    public func setTeamFooter(contact: String?, ticketLink: String?) throws {
        try PlanStore.setFooter(self, contact: contact, ticketLink: ticketLink)
    }

    /// A filled results file (the checklist's CSV with `result` and `note`) as a report per
    /// component and per success criterion, against this knowledge base.
    /// Every active success criterion up to `level` gets a row; each counted item counts toward
    /// the criteria it tests (`TestedSuccessCriteria`), never its component's others.
    /// `evidence` (as `readEvidence` reads it): each criterion's row also counts what the files
    /// say of it, summed as the conformance build sums them (`CriterionEvidence`): a person's
    /// outcomes as rows, automated failures as violations, automated passes never a pass alone.
    public func report(results data: Data, name: String, level: WCAGLevel = .aa, evidence: [EvidenceRecord] = []) throws -> TestReport {
        let entries = try TestReport.read(data, name: name)
        let findings = evidence.isEmpty ? nil : CriterionEvidence.findings(evidence)
        var report = try read { try TestReport.build($0, entries, file: name, level: level, findings: findings) }
        report.evidenceFiles = evidence.map { "\($0.toolWords): \($0.file)" }
        return report
    }

    /// What changed from the knowledge base at `old` to the one at `new` (nil: this one).
    /// Changes of typography only (quotes, dashes, spaces, case) are counted, and listed with `typography`.
    public func diff(from old: String, to new: String? = nil, typography: Bool = false) throws -> ChecklistDiff {
        let before = try KnowledgeBase.snapshot(of: old)
        let after = try new.map { try KnowledgeBase.snapshot(of: $0) } ?? read { try ChecklistDiff.snapshot($0) }
        return ChecklistDiff.compare(old: before, new: after, showTypography: typography)
    }

    /// One component's superseded source (the 2024 Jekyll entry that today's markdown replaced)
    /// against the source that replaced it. The superseded file's facts are not kept, so it is
    /// read again from where it was imported, through the import's own readers, into a scratch
    /// knowledge base that is removed afterwards.
    ///
    /// A knowledge base is a file anyone may hand over, so its rows never choose what is read: the
    /// file must lie below the root it was imported from (`SourceLocation.containedFile`) and be,
    /// byte for byte, the file the knowledge base recorded (its size and SHA-256); anything else is
    /// refused, naming the location, with one reason whether it is missing, changed or elsewhere.
    /// The bytes checked are the bytes imported (a copy, in the scratch folder).
    public func eras(of name: String, family: Family? = nil, typography: Bool = false) throws -> ChecklistDiff {
        let (id, found) = try read { db in
            let id = try ComponentLookup.resolve(db, name, family: family)
            return (id, try ChecklistDiff.supersededSources(db, componentID: id))
        }
        guard let source = found.sources.first else {
            throw QueryError.invalidOption("\(found.component) has no superseded source: import the older checkout too, then the newer one")
        }
        let bytes = try KnowledgeBase.recordedBytes(of: source)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("a11ykb-eras-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The copy keeps its path below a root of its own: a checkout's layout says what it is.
        let copy = folder.appendingPathComponent("source").appendingPathComponent(source.location.path)
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: copy)
        let scratch = try KnowledgeBase.open(forImport: folder.appendingPathComponent("era.sqlite").path)
        defer { try? scratch.close() }
        _ = try scratch.importFiles([copy.path])
        var before = try scratch.read { try ChecklistDiff.snapshot($0) }.filter { $0.key == found.component }
        if before.isEmpty, let only = try scratch.read({ try ChecklistDiff.snapshot($0) }).first {
            // A file read alone may land under another slug (its title's): it is still this one's.
            before = [found.component: only.value]
        }
        let after = try read { try ChecklistDiff.snapshot($0, componentID: id) }
        return ChecklistDiff.compare(old: before, new: after, showTypography: typography)
    }

    /// The bytes of a superseded source, when its file is below its root and is the file the
    /// knowledge base recorded; else a refusal naming the location.
    static func recordedBytes(of source: ChecklistDiff.SupersededSource) throws -> Data {
        let named = source.location.absolute
        guard source.location.namesFileBelowRoot else { throw StoreError.refusedSource(named, "its path is not a file below the folder it was imported from") }
        let notRecorded = StoreError.refusedSource(named, "it is not the file this knowledge base recorded (gone, changed, "
                                                   + "or never imported on this machine): import the older checkout again")
        guard let file = source.location.containedFile, FileKind(file) == .regular, !source.sha256.isEmpty,
              (0...ImportOptions().maxFileBytes).contains(source.bytes),
              FileKind.size(of: file) == source.bytes,
              let bytes = FileManager.default.contents(atPath: file), bytes.count == source.bytes,
              SHA256.hex(bytes) == source.sha256
        else { throw notRecorded }
        return bytes
    }

    /// Of `items`, those new or reworded since the knowledge base at `old`.
    public func changes(of items: [ChecklistItem], since old: String) throws -> [String: ChecklistDiff.ChangeKind] {
        ChecklistDiff.changedIDs(items, since: try KnowledgeBase.snapshot(of: old))
    }

    /// Every item of another knowledge base, read only: an older one is read as it is, never
    /// migrated (it may be an archived release). The file is opened immutable (`immutableURI`):
    /// nothing is written beside it, no `-wal` or `-shm`, whoever names it (an assistant may name
    /// any path to the read-only server). Whatever stops it being read (nothing there, no access,
    /// not SQLite, not a knowledge base, another schema) gets one message, so that the answer
    /// tells nothing more of the path than that it holds no knowledge base to compare.
    /// A knowledge base of an older schema is read from a migrated copy in a temporary folder,
    /// never from the file: an archived release of an older a11ykb compares as well as today's.
    static func snapshot(of path: String) throws -> [String: (title: String, items: [ChecklistItem])] {
        do {
            guard FileKind(path) == .regular else { throw StoreError.notAKnowledgeBase(path) }
            try KnowledgeBase.checkHeader(path)
            let queue = try KnowledgeBase.openImmutableReader(path)
            switch try KnowledgeBase.schemaStanding(queue) {
            case .current:
                return try queue.read { try ChecklistDiff.snapshot($0) }
            case .older:
                let copy = try KnowledgeBase.copy(queue)
                defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
                let migrated = try KnowledgeBase.open(forImport: copy.path)  // the one writer brings the copy up to date
                defer { try? migrated.close() }
                return try migrated.read { try ChecklistDiff.snapshot($0) }
            case nil:
                throw StoreError.notAKnowledgeBase(path)
            }
        } catch {
            throw StoreError.unreadableKnowledgeBase(path)
        }
    }

    /// The platforms filters take: `ios`, `android`, `web`.
    public static var platforms: [Platform] { Platform.allCases }

    /// The frameworks filters take: `uikit`, `swiftui`, `android-views`, `jetpack-compose`.
    public static var frameworks: [Framework] { Framework.allCases }

    /// docs/datasette.json for this knowledge base: Datasette names a database after its file's
    /// stem (`team.sqlite` is `team`), and its metadata is keyed on that name, so the metadata
    /// written for `kb` applies to this file only once keyed on its own name.
    public var datasetteMetadata: String {
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let written = String(decoding: EmbeddedResources.datasetteMetadata, as: UTF8.self)
        let key = "\n    \"kb\": {\n"
        guard name != "kb", let range = written.range(of: key) else { return written }
        // The database's own description says which file the metadata is for: this one (the
        // sentence written for kb.sqlite runs to the end of the description string).
        let file = (path as NSString).lastPathComponent
        let forThis = String(JSONValue.string("this metadata is written for \(file).").rendered(pretty: false).dropFirst().dropLast())
        let rekeyed = written.replacingCharacters(in: range, with: "\n    \(JSONValue.string(name).rendered(pretty: false)): {\n")
        guard let sentence = rekeyed.range(of: #"this file is written for kb\.sqlite[^"]*"#, options: .regularExpression) else { return rekeyed }
        return rekeyed.replacingCharacters(in: sentence, with: forThis)
    }

    /// docs/schema.md, built into a11ykb: every table, view and column, for SQL users.
    public static var schemaDocument: String { String(decoding: EmbeddedResources.schemaDocument, as: UTF8.self) }
}

/// A components-first search's whole answer: the components found and the automated rules whose
/// words match; `isEmpty` when neither found anything.
public struct ComponentAnswer: Sendable {
    public var result: ComponentSearchResult
    public var rules: Shown<RuleHit>
    public var isEmpty: Bool { result.components.isEmpty && rules.items.isEmpty }

    /// The answer as the document every skin writes.
    public func document(componentsOnly: Bool = false, style: SearchRendering.Style = .plain) -> ComponentSearchDocument {
        ComponentSearchDocument(result, rules: rules, componentsOnly: componentsOnly, style: style)
    }
}
