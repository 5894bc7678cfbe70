/// The tools the MCP server offers to AI assistants, once: the server defines one tool per case
/// (its switch over them is exhaustive), and the tool lists people and models read (the help of
/// the command that starts the server, the README, the server's instructions) are made from
/// `summary`. A test holds the README's copy to this table.
public enum AssistantTool: String, CaseIterable, Sendable {
    case listComponents = "list_components"
    case getComponent = "get_component"
    case getDeveloperNotes = "get_developer_notes"
    case listComponentFormats = "list_component_formats"
    case search
    case searchFacts = "search_facts"
    case findComponents = "find_components"
    case comparePlatforms = "compare_platforms"
    case getAnnouncements = "get_announcements"
    case listGaps = "list_gaps"
    case getWCAGCriteria = "get_wcag_criteria"
    case getSuccessCriterion = "get_success_criterion"
    case getCoverage = "get_coverage"
    case buildChecklist = "build_checklist"
    case explainAxeResults = "explain_axe_results"
    case getTestPlan = "get_test_plan"
    case reportResults = "report_results"
    case diffKnowledgeBases = "diff_knowledge_bases"
    case buildConformanceReport = "build_conformance_report"
    case checkConformanceReport = "check_conformance_report"
    case compareConformanceReports = "compare_conformance_reports"
    case runSQL = "run_sql"

    /// The tool's name in the protocol.
    public var name: String { rawValue }

    /// One line: what the tool answers.
    public var summary: String {
        switch self {
        case .listComponents: "components by family and category, with counts and sources"
        case .getComponent: "one component as markdown (everything), condensed, gherkin or json, for one stack if asked; code examples optional"
        case .getDeveloperNotes: "one platform's notes (or the general ones, or all), one framework's"
        case .listComponentFormats: "which formats a component has and what each holds, before fetching it"
        case .search: "a question in plain words answered by the components that hold its words, best first, "
            + "with their best facts and each platform's equivalent terms, and the ACT and axe-core rules it names"
        case .searchFacts: "every fact that holds all the words, ranked, with snippets; filters for platform, framework, family, component, kind, aspect"
        case .findComponents: "the same answer as search, under its former name (kept for one release)"
        case .comparePlatforms: "iOS next to Android per aspect, criteria kind and announcements; or aspects across every component"
        case .getAnnouncements: "what VoiceOver, TalkBack, NVDA... say: examples from the notes and caption transcripts"
        case .listGaps: "what the sources leave open, with the line to fix"
        case .getWCAGCriteria: "WCAG success criteria per component, or the components citing one"
        case .getSuccessCriterion: "one WCAG 2.2 success criterion and everything that tests it: components, ACT rules, axe-core rules"
        case .getCoverage: "which success criteria components' tests cover, to a level: manual, automated, both or nothing; what evidence files tested"
        case .buildChecklist: "several components' criteria as one checklist for a stack, in a tracker's format, with stable ids"
        case .explainAxeResults: "an axe-core run's results: per rule its success criteria, per node its likely component, "
            + "the criteria to verify by hand and the announcements expected"
        case .getTestPlan: "the saved test plans, or one plan's checklist now (components removed since named)"
        case .reportResults: "a filled checklist CSV as pass/fail per component and per WCAG success criterion, evidence files' findings beside"
        case .diffKnowledgeBases: "what changed in the criteria since an older knowledge base file, per component"
        case .buildConformanceReport: "an Accessibility Conformance Report (VPAT, GSA's OpenACR) from filled results, axe-core runs "
            + "and a base report: a level and remarks per criterion, the conflicts and what still needs a person"
        case .checkConformanceReport: "an OpenACR report checked against GSA's schema, its catalog and, strict, what a buyer needs"
        case .compareConformanceReports: "two OpenACR reports compared as a release note: levels improved and regressed with their remarks, "
            + "tickets fixed and newly failing, criteria added and removed"
        case .runSQL: "read-only SQL over the schema (a11ykb://schema), checked and stopped at a time limit"
        }
    }

    /// Whether the same call on the same knowledge base answers the same, always: what a server
    /// may keep and give again. SQL may ask for the time or a random number.
    public var answersFromFileAlone: Bool { self != .runSQL }

    /// `name: summary`, a line each, indented by `indent` (help text, the server's instructions).
    public static func lines(indent: String = "") -> String {
        allCases.map { "\(indent)\($0.name): \($0.summary)\n" }.joined()
    }

    /// The README's list: a markdown table, a row per tool.
    public static var markdown: String {
        "| tool | answers |\n| --- | --- |\n" + allCases.map { "| `\($0.name)` | \($0.summary) |\n" }.joined()
    }
}
