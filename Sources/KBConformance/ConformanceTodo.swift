/// The lead's hand work as data: every criterion and kind of product the evidence does not settle
/// below AAA, as a base report to fill (OpenACR YAML, each entry's level empty and a comment
/// saying what would settle it) or as a list for a tracker. The skeleton keeps everything the base
/// already said (product, contacts, stated levels, disabled chapters), so that filling its empty
/// levels and building again with it as the base gives a report a buyer's check accepts.
public struct ConformanceTodo: Sendable {
    public var pending: [ConformanceBuild.Pending]
    public var base: OpenACRReport?
    public var catalog: String
    /// The report the evidence built, whose product and contacts a skeleton without base starts from.
    public var built: OpenACRReport

    /// The base to fill, with a comment per entry (keyed `chapter criterion component`).
    public var skeleton: (report: OpenACRReport, comments: [String: String]) {
        var report = base ?? OpenACRReport()
        report.title = report.title ?? built.title
        report.product = report.product ?? OpenACRReport.Product(name: "")
        report.author = report.author ?? OpenACRReport.Contact(email: "")
        report.catalog = catalog
        var comments: [String: String] = [:]
        if (report.author?.email ?? "").isEmpty { comments["author"] = "the email a buyer can write to about this report" }
        for p in pending {
            let chapterIndex = report.chapters.firstIndex { $0.id == p.chapter } ?? {
                report.chapters.append(OpenACRReport.Chapter(id: p.chapter, criteria: []))
                return report.chapters.count - 1
            }()
            var criteria = report.chapters[chapterIndex].criteria ?? []
            let criterionIndex = criteria.firstIndex { $0.num == p.criterion } ?? {
                criteria.append(OpenACRReport.Criterion(num: p.criterion, components: []))
                return criteria.count - 1
            }()
            var components = criteria[criterionIndex].components ?? []
            if !components.contains(where: { $0.name == p.component }) {
                components.append(OpenACRReport.Component(name: p.component, adherence: .init(level: "", notes: "")))
            }
            criteria[criterionIndex].components = components
            report.chapters[chapterIndex].criteria = criteria
            comments["\(p.chapter) \(p.criterion) \(p.component)"] = "\(p.criterion) \(p.title): \(p.settle)"
        }
        // The catalog's order, so the file reads as the report will.
        if let known = OpenACRCatalog.named(catalog) {
            let order = Dictionary(uniqueKeysWithValues: known.chapters.enumerated().map { ($1.id, $0) })
            report.chapters.sort { (order[$0.id] ?? Int.max) < (order[$1.id] ?? Int.max) }
            for i in report.chapters.indices {
                guard let chapter = known.chapter(report.chapters[i].id) else { continue }
                let position = Dictionary(chapter.criteria.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
                report.chapters[i].criteria?.sort { (position[$0.num] ?? Int.max) < (position[$1.num] ?? Int.max) }
            }
        }
        return (report, comments)
    }

    /// The skeleton as OpenACR YAML, headed by what to do with it.
    public var yaml: String {
        let (report, comments) = skeleton
        let head = """
            # What the evidence did not settle: give each empty level (supports, partially-supports,
            # does-not-support, not-applicable) with notes saying why, then build again with this file as
            # the base. \(pending.count) \(pending.count == 1 ? "entry" : "entries") to fill.

            """
        return head + OpenACRWriting.yaml(report, comments: comments)
    }
}
