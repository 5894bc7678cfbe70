import Foundation
import KBQuery

/// What changed from one report to another (two releases, or two vendors' reports), as a release
/// note needs it: per chapter, criterion and component the level (old → new, improved or
/// regressed), the remarks, an adherence added or removed or listed more than once; the tickets
/// fixed and newly failing; and the catalog, title, product version, report version and date.
/// An empty or missing level is a value, "not stated", never an error. Remarks are compared as
/// `RemarkText.comparable` makes them: evidence file names and positions never count as a change.
public struct OpenACRDiff: Sendable, Equatable {
    /// What a change is about, as the data contract names it.
    public enum Field: String, Sendable, Equatable, Encodable {
        case catalog, title, productVersion = "product_version", version, reportDate = "report_date"
        case added, removed, level, notes
        /// A place listed more than once in either report, its entries differing: `old` and `new`
        /// list each entry's level.
        case duplicate
        /// A ticket id in the old report's failing remarks and in none of the new one's (`old`),
        /// or the other way round (`new`), at each place it is (was) named.
        case ticketFixed = "ticket_fixed", ticketNew = "ticket_new"
    }

    /// How a level moved, in the order does-not-support < partially-supports < supports. A move to
    /// or from not-applicable, not-evaluated or no level is `other`: that order says nothing of it.
    public enum Direction: String, Sendable, Equatable {
        case improved, regressed, other
    }

    /// As data, a change has the contract's keys in this order: where it is, then what changed.
    public struct Change: Sendable, Equatable, Encodable {
        public var field: Field
        public var chapter: String?
        public var criterion: String?
        public var component: String?
        /// nil: not stated (or, for `added`, absent).
        public var old: String?
        public var new: String?
        /// A level change's (and an added or removed entry's) remarks on each side as written,
        /// whether they changed or not: what a reader of the level change needs beside it.
        public var oldNotes: String?
        public var newNotes: String?
        /// For a ticket: the place's level in the new report (nil: not stated, or no longer there).
        public var levelNow: String?
        /// For a remark change: the level at its place changed too (the level change shows it).
        public var besideLevelChange = false

        enum CodingKeys: String, CodingKey { case chapter, criterion, component, field, old, new }

        public init(field: Field, chapter: String? = nil, criterion: String? = nil, component: String? = nil, old: String?, new: String?,
                    oldNotes: String? = nil, newNotes: String? = nil, levelNow: String? = nil) {
            (self.field, self.chapter, self.criterion, self.component, self.old, self.new) = (field, chapter, criterion, component, old, new)
            (self.oldNotes, self.newNotes, self.levelNow) = (oldNotes, newNotes, levelNow)
        }

        /// A remark change at a place whose level did not change.
        var isOtherRemark: Bool { field == .notes && !besideLevelChange }

        /// For a level change: which way it moved.
        public var direction: Direction? {
            guard field == .level else { return nil }
            guard let a = old.flatMap(OpenACRDiff.rank), let b = new.flatMap(OpenACRDiff.rank) else { return .other }
            return b > a ? .improved : .regressed
        }
    }

    /// One chapter's counts of places (a criterion's component), in either report.
    public struct ChapterSummary: Sendable, Equatable, Encodable {
        public var chapter: String
        public var improved = 0, regressed = 0, otherLevelChanges = 0, unchanged = 0, added = 0, removed = 0, duplicates = 0

        enum CodingKeys: String, CodingKey {
            case chapter, improved, regressed, otherLevelChanges = "other_level_changes", unchanged, added, removed, duplicates
        }
    }

    /// What heads each report: the product, its version, the report's date and catalog.
    public struct Heading: Sendable, Equatable {
        public var title, product, productVersion, reportDate, catalog: String?
        init(_ r: OpenACRReport) {
            (title, product, productVersion, reportDate, catalog) = (r.title, r.product?.name, r.product?.version, r.reportDate, r.catalog)
        }
    }

    /// Every change, in a release note's order: the report's own fields, then per chapter, criterion
    /// and component, then the tickets.
    public var changes: [Change]
    public var chapters: [ChapterSummary]
    public var old: Heading
    public var new: Heading
    /// Whether a remark that changed where its level did not is listed one by one (else only
    /// counted): a reader of a release note wants the level changes, an auditor every word.
    public var listsEveryRemark = false

    /// The changes a reader is shown: all but the remark changes `listsEveryRemark` leaves counted.
    public var listed: [Change] { listsEveryRemark ? changes : changes.filter { !$0.isOtherRemark } }

    /// The remark changes where the level stayed the same.
    public var otherRemarks: [Change] { changes.filter(\.isOtherRemark) }

    public static func compare(_ old: OpenACRReport, _ new: OpenACRReport) -> OpenACRDiff {
        var out: [Change] = []
        func top(_ field: Field, _ a: String?, _ b: String?) {
            if stated(a) != stated(b) { out.append(Change(field: field, old: stated(a), new: stated(b))) }
        }
        top(.catalog, old.catalog, new.catalog)
        top(.title, old.title, new.title)
        top(.productVersion, old.product?.version, new.product?.version)
        top(.version, old.version.map(String.init), new.version.map(String.init))
        top(.reportDate, old.reportDate, new.reportDate)
        var summaries: [ChapterSummary] = []
        for chapterID in union(new.chapters.map(\.id), old.chapters.map(\.id)) {
            var summary = ChapterSummary(chapter: chapterID)
            let a = entries(old.chapter(chapterID)), b = entries(new.chapter(chapterID))
            for place in union(b.order, a.order) {
                let ea = a.entries[place] ?? [], eb = b.entries[place] ?? []
                let oa = ea.first ?? nil, ob = eb.first ?? nil
                func change(_ field: Field, _ o: String?, _ n: String?) {
                    out.append(Change(field: field, chapter: chapterID, criterion: place.criterion, component: place.component, old: o, new: n,
                                      oldNotes: stated(oa?.notes), newNotes: stated(ob?.notes)))
                }
                let la = stated(oa?.level), lb = stated(ob?.level)
                let na = stated(oa?.notes), nb = stated(ob?.notes)
                if ea.isEmpty {
                    change(.added, nil, lb); summary.added += 1
                } else if eb.isEmpty {
                    change(.removed, la, nil); summary.removed += 1
                } else if ea.count > 1 || eb.count > 1 {
                    if ea.map(Entry.init) != eb.map(Entry.init) {
                        change(.duplicate, levels(ea), levels(eb)); summary.duplicates += 1
                    } else { summary.unchanged += 1 }
                } else {
                    if la != lb {
                        change(.level, la, lb)
                        switch out[out.count - 1].direction {
                        case .improved: summary.improved += 1
                        case .regressed: summary.regressed += 1
                        default: summary.otherLevelChanges += 1
                        }
                    } else { summary.unchanged += 1 }
                    if RemarkText.comparable(na ?? "") != RemarkText.comparable(nb ?? "") {
                        change(.notes, na, nb)
                        out[out.count - 1].besideLevelChange = la != lb
                    }
                }
            }
            summaries.append(summary)
        }
        out += ticketChanges(old, new)
        return OpenACRDiff(changes: out, chapters: summaries, old: Heading(old), new: Heading(new))
    }

    // MARK: - Internals

    static func stated(_ text: String?) -> String? {
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return text
    }

    /// does-not-support < partially-supports < supports; any other term is unranked.
    static func rank(_ level: String) -> Int? {
        [AdherenceLevel.doesNotSupport, .partiallySupports, .supports].firstIndex { $0.rawValue == level }
    }

    /// `first`, then what only `second` holds: the new report's order, then what it dropped.
    static func union<T: Hashable>(_ first: [T], _ second: [T]) -> [T] {
        var out = first, seen = Set(first)
        for s in second where seen.insert(s).inserted { out.append(s) }
        return out
    }

    /// A criterion's component: where one adherence is given.
    struct Place: Hashable { var criterion: String; var component: String }

    /// An entry as compared: its level and its remark as `RemarkText.comparable` reads it.
    struct Entry: Equatable {
        var level: String?, notes: String
        init(_ a: OpenACRReport.Adherence?) { (level, notes) = (stated(a?.level), RemarkText.comparable(a?.notes ?? "")) }
    }

    /// Every adherence a chapter gives a place, in the file's order: more than one where the report
    /// lists a criterion, or a criterion's component, twice.
    static func entries(_ chapter: OpenACRReport.Chapter?) -> (order: [Place], entries: [Place: [OpenACRReport.Adherence?]]) {
        var order: [Place] = [], entries: [Place: [OpenACRReport.Adherence?]] = [:]
        for criterion in chapter?.criteria ?? [] {
            for component in criterion.components ?? [] {
                let place = Place(criterion: criterion.num, component: component.name)
                if entries[place] == nil { order.append(place) }
                entries[place, default: []].append(component.adherence)
            }
        }
        return (order, entries)
    }

    static func levels(_ entries: [OpenACRReport.Adherence?]) -> String {
        entries.map { stated($0?.level) ?? "not stated" }.joined(separator: ", ")
    }

    /// The tickets named in a report's failing remarks (partially-supports, does-not-support), each
    /// with the places that name it, in the report's order.
    static func failingTickets(_ report: OpenACRReport) -> [(id: String, places: [(chapter: String, place: Place)])] {
        var order: [String] = [], places: [String: [(chapter: String, place: Place)]] = [:]
        let failing: Set<String> = [AdherenceLevel.partiallySupports.rawValue, AdherenceLevel.doesNotSupport.rawValue]
        for chapter in report.chapters {
            for criterion in chapter.criteria ?? [] {
                for component in criterion.components ?? [] where failing.contains(component.adherence?.level ?? "") {
                    for id in RemarkText.tickets(in: component.adherence?.notes ?? "") {
                        if places[id] == nil { order.append(id) }
                        places[id, default: []].append((chapter.id, Place(criterion: criterion.num, component: component.name)))
                    }
                }
            }
        }
        return order.map { ($0, places[$0]!) }
    }

    /// A ticket in the old failing remarks and in none of the new ones is fixed; one only in the
    /// new is newly failing. Each at every place that names it.
    static func ticketChanges(_ old: OpenACRReport, _ new: OpenACRReport) -> [Change] {
        let before = failingTickets(old), after = failingTickets(new)
        let beforeIDs = Set(before.map(\.id)), afterIDs = Set(after.map(\.id))
        var out: [Change] = []
        for (id, places) in before where !afterIDs.contains(id) {
            for (chapter, place) in places {
                out.append(Change(field: .ticketFixed, chapter: chapter, criterion: place.criterion, component: place.component, old: id, new: nil,
                                  levelNow: stated(new.adherence(chapter: chapter, criterion: place.criterion, component: place.component)?.level)))
            }
        }
        for (id, places) in after where !beforeIDs.contains(id) {
            for (chapter, place) in places {
                out.append(Change(field: .ticketNew, chapter: chapter, criterion: place.criterion, component: place.component, old: nil, new: id,
                                  levelNow: stated(new.adherence(chapter: chapter, criterion: place.criterion, component: place.component)?.level)))
            }
        }
        return out
    }
}
