import KBModel
import KBStore

/// Where an import decides: for each prepared document, what the knowledge base must do (as
/// `StoreOperation`s the store executes) and what that means for the user (`ImportOutcome`s the
/// summary is made of), from what is stored (`StoredState`). It keeps its state in step with what
/// it plans, so documents of one import see each other, and it never touches the database.
///
/// The rules: when two sources describe one component, the higher-ranked format wins
/// (`SourceFormat.rank`), the newcomer on a tie; a source that no longer describes a component it
/// held gives it up; a caption file's cues go to the component its place names, and replace the same
/// caption (same file name in that component, or the same bytes) from another path; a source gone
/// from a mirrored checkout takes its components and its captions with it.
package struct ImportPlanner {
    package private(set) var stored: StoredState

    /// An imported wcag.json's rows are taken as written, even where they contradict the built-in
    /// WCAG 2.2 catalogue (`ImportOptions.trustCatalogueFiles`).
    package var trustCatalogueFiles = false

    package init(_ stored: StoredState, trustCatalogueFiles: Bool = false) {
        self.stored = stored
        self.trustCatalogueFiles = trustCatalogueFiles
    }

    /// Where every stored source's file was (`SourceLocation.absolute`).
    package var sourcePaths: [String] { Array(stored.sourceIDs.keys) }

    /// The operations and outcomes of writing one document.
    package mutating func plan(_ document: WritableDocument) -> ImportPlan {
        var plan = ImportPlan()
        var document = document
        if case let .standards(rules, criteria) = document.content, !criteria.isEmpty {
            // The built-in catalogue wins over a file that contradicts it (said, line by line).
            let reconciled = WCAGCatalogue.reconcile(criteria, trustFile: trustCatalogueFiles)
            document.content = .standards(rules: rules, criteria: reconciled.criteria)
            document.notices += reconciled.notices
        }
        let sourceID = upsert(document, into: &plan)
        // Before the content: captions of no component delete their source row.
        notices(document.notices, sourceID: sourceID, path: document.path, into: &plan)
        if document.unaccounted > 0 { plan.outcomes.append(.unaccounted(path: document.path, lines: document.unaccounted)) }
        switch document.content {
        case .components(let entries):
            components(entries, sourceID: sourceID, document: document, into: &plan)
        case let .transcript(slug, family, announcements):
            transcript(announcements, key: StoredState.ComponentKey(family, slug), sourceID: sourceID, document: document, into: &plan)
        case let .standards(rules, criteria):
            // A file that described components before and now holds rules gives the components up.
            components([], sourceID: sourceID, document: document, into: &plan)
            if !criteria.isEmpty { plan.operations.append(.upsertCatalogue(sourceID: sourceID, criteria)) }
            let shared = sharedRules(rules, sourceID: sourceID)
            if !shared.isEmpty {
                plan.operations.append(.addNotices(sourceID: sourceID, shared.map { Notice(.skipped, line: nil, $0.message) }))
                for notice in shared { plan.outcomes.append(.sharedRules(path: document.path, count: notice.count, message: notice.message)) }
            }
            plan.operations.append(.replaceRules(sourceID: sourceID, rules))
            plan.outcomes.append(.standards(path: document.path, rules: rules.count, criteria: criteria.count,
                                            format: document.format))
        }
        return plan
    }

    /// Rules this source gives that other sources give too. Both rows are kept, and the one written
    /// last is the one every answer reads (`v_rules`): what the other source said about such a rule
    /// (its success criteria in coverage, its help) is no longer answered, so the import says so,
    /// one notice per other source, naming the rules.
    private mutating func sharedRules(_ rules: [RuleEntry], sourceID: Int64) -> [(count: Int, message: String)] {
        let given = Set(rules.map { StoredState.RuleKey($0.kind, $0.slug) })
        stored.rulesOf[sourceID] = given.isEmpty ? nil : given
        guard !given.isEmpty else { return [] }
        var notices: [(count: Int, message: String)] = []
        for (other, held) in stored.rulesOf.sorted(by: { $0.key < $1.key }) where other != sourceID {
            let shared = given.intersection(held).sorted()
            guard !shared.isEmpty, let path = stored.sources[other]?.location.absolute else { continue }
            let names = shared.prefix(5).map { "\($0.kind == .act ? "ACT" : "axe-core") rule \($0.slug)" }.joined(separator: ", ")
            let more = shared.count > 5 ? " and \(shared.count - 5) more" : ""
            notices.append((shared.count, """
                \(names)\(more) also given by \(path): both are kept, and this file's are the ones answered \
                (their success criteria, tags and help)
                """))
        }
        return notices
    }

    /// Removes the sources whose files were at `paths` (gone from a mirrored checkout): the
    /// components they hold, their captions in other components, and the rows themselves. A source
    /// they had superseded is forgotten: importing its own folder again brings it back.
    package mutating func remove(_ paths: [String]) -> ImportPlan {
        var plan = ImportPlan()
        for path in paths {
            guard let id = stored.sourceIDs[path], let source = stored.sources[id] else { continue }
            let format = source.format
            for key in held(by: id) {
                removeComponent(key, into: &plan)
                plan.outcomes.append(.removed(path: path, component: key.slug, format: format))
            }
            let captions = stored.captions.values.contains { $0.contains(id) }
                ? stored.components.values.filter { stored.captions[$0.id]?.contains(id) == true }.map(\.key.slug) : []
            for slug in Set(captions).sorted() { plan.outcomes.append(.removed(path: path, component: slug, format: format)) }
            dropSource(id, into: &plan)
        }
        return plan
    }

    /// Deletes a source row. What it had superseded is forgotten (its hash cleared): its winner's
    /// facts or cues go with it, so importing the loser's file again writes them back instead of
    /// calling the file unchanged. Every source row the planner deletes goes through here.
    private mutating func dropSource(_ id: Int64, into plan: inout ImportPlan) {
        forgetSuperseded(by: [id], into: &plan)
        plan.operations.append(.removeSource(id: id))
        stored.dropSource(id)
    }

    /// Clears the hashes of the sources that `winners` had superseded.
    private mutating func forgetSuperseded(by winners: Set<Int64>, into plan: inout ImportPlan) {
        let superseded = stored.sources.values.filter { $0.supersededBy.map(winners.contains) == true }.map(\.id).sorted()
        guard !superseded.isEmpty else { return }
        plan.operations.append(.forget(sourceIDs: superseded))
        for other in superseded { stored.sources[other]?.sha256 = "" }
    }

    /// The components a source holds, in the order they were first stored.
    private func held(by sourceID: Int64) -> [StoredState.ComponentKey] {
        (stored.componentsOf[sourceID] ?? []).compactMap { stored.components[$0] }.sorted { $0.id < $1.id }.map(\.key)
    }

    private mutating func upsert(_ document: WritableDocument, into plan: inout ImportPlan) -> Int64 {
        let location = document.location
        let existing = stored.sourceIDs[location.absolute]
        let id = existing ?? stored.lastSourceID + 1
        if let existing { stored.sourceIDs[stored.sources[existing]!.location.absolute] = nil }
        stored.add(StoredState.Source(id: id, location: location, format: document.format, sha256: document.sha256))
        plan.operations.append(.upsertSource(id: id, location: location, format: document.format, sha256: document.sha256,
                                             bytes: document.byteCount, isNew: existing == nil))
        return id
    }

    private func notices(_ notices: [Notice], sourceID: Int64, path: String, into plan: inout ImportPlan) {
        guard !notices.isEmpty else { return }
        plan.operations.append(.addNotices(sourceID: sourceID, notices))
        for notice in notices { plan.outcomes.append(.notice(path: path, line: notice.line, message: notice.message)) }
    }

    private mutating func components(_ entries: [NormalizedEntry], sourceID: Int64, document: WritableDocument,
                                     into plan: inout ImportPlan) {
        let before = held(by: sourceID)
        var described = Set<StoredState.ComponentKey>()
        var added: [(key: StoredState.ComponentKey, category: String?)] = []
        for entry in entries {
            if let key = component(entry, sourceID: sourceID, document: document, into: &plan) {
                described.insert(key)
                if !before.contains(key) { added.append((key, entry.component.category)) }
            }
            notices(entry.notices, sourceID: sourceID, path: document.path, into: &plan)
        }
        // A component this source described before but no longer does.
        let gone = before.filter { !described.contains($0) }
        for key in gone {
            removeComponent(key, into: &plan)
            plan.outcomes.append(.removed(path: document.path, component: key.slug, format: document.format))
        }
        for (from, to) in ImportPlanner.renames(gone: gone, added: added) {
            plan.operations.append(.recordRename(family: from.family, from: from.slug, to: to.slug))
        }
    }

    /// The components a source gave under one slug and now gives under another: the same page
    /// renamed, because a clash of names between two folders appeared or went (`Slug.qualified`:
    /// `keyboard-focus` ↔ `test-type-keyboard-focus`) or because the page has today's name now
    /// (`Vocabulary.currentSlug`). Any other change of slug is another page, never a rename.
    /// Saved plans and lookups follow a rename.
    static func renames(gone: [StoredState.ComponentKey], added: [(key: StoredState.ComponentKey, category: String?)])
        -> [(from: StoredState.ComponentKey, to: StoredState.ComponentKey)] {
        var pairs: [(from: StoredState.ComponentKey, to: StoredState.ComponentKey)] = []
        var left = added
        for old in gone {
            let match = left.firstIndex { new in
                guard new.key.family == old.family else { return false }
                if Vocabulary.currentSlug(old.slug) == new.key.slug { return true }
                guard let category = new.category.flatMap(Slug.from) else { return false }
                return new.key.slug == Slug.qualified(old.slug, by: category) || old.slug == Slug.qualified(new.key.slug, by: category)
            }
            if let match { pairs.append((old, left.remove(at: match).key)) }
        }
        return pairs
    }

    /// Which source's facts a component keeps. Returns its key when they are this source's.
    private mutating func component(_ entry: NormalizedEntry, sourceID: Int64, document: WritableDocument,
                                    into plan: inout ImportPlan, qualified: Bool = false) -> StoredState.ComponentKey? {
        let info = entry.component
        let key = StoredState.ComponentKey(info.family, info.slug)
        let format = document.format
        if let owner = stored.components[key], owner.sourceID != sourceID, !qualified, let category = info.category.flatMap(Slug.from),
           let ownerSource = stored.sources[owner.sourceID],
           !ImportPlanner.sameDocument(owner: (ownerSource.format, owner.category), newcomer: (document.format, info.category)) {
            // Another document of this name (another checkout's page from another folder): both are
            // kept, this one under its folder's slug, and said so. Only the same page supersedes.
            var renamed = entry
            renamed.component.slug = Slug.qualified(info.slug, by: category)
            notices([Notice(.repaired, line: nil, """
                \(info.family.rawValue)/\(info.slug) is another page's (\(ownerSource.location.absolute), folder \(owner.category ?? "none")): \
                this one, of folder \(category), is kept as \(info.family.rawValue)/\(renamed.component.slug)
                """)], sourceID: sourceID, path: document.path, into: &plan)
            return component(renamed, sourceID: sourceID, document: document, into: &plan, qualified: true)
        }
        guard let owner = stored.components[key] else {
            let id = stored.lastComponentID + 1
            stored.add(StoredState.Component(id: id, key: key, sourceID: sourceID, category: info.category))
            plan.operations.append(.insertComponent(id: id, info, sourceID: sourceID))
            plan.operations.append(.insertFacts(componentID: id, sourceID: sourceID, entry))
            plan.outcomes.append(.added(path: document.path, component: info.slug, format: format))
            return key
        }
        if owner.sourceID == sourceID {
            plan.outcomes.append(.replaced(path: document.path, component: info.slug, format: format))
        } else {
            let ownerSource = stored.sources[owner.sourceID]
            let ownerPath = ownerSource?.location.absolute ?? ""
            if ImportPlanner.keeps(owner: ownerSource?.format ?? .renderedText, over: document.format) {
                supersede(sourceID, by: owner.sourceID, into: &plan)
                plan.outcomes.append(.superseded(component: info.slug, winner: ownerPath, superseded: document.path))
                return nil
            }
            supersede(owner.sourceID, by: sourceID, into: &plan)
            plan.outcomes.append(.superseded(component: info.slug, winner: document.path, superseded: ownerPath))
        }
        stored.add(StoredState.Component(id: owner.id, key: key, sourceID: sourceID, category: info.category))
        plan.operations.append(.takeOverComponent(id: owner.id, info, sourceID: sourceID, previousSourceID: owner.sourceID))
        plan.operations.append(.insertFacts(componentID: owner.id, sourceID: sourceID, entry))
        return key
    }

    /// Whether two sources of one slug are one page. Pages of one format filed under different
    /// categories (a checkout's folders, content.json's categories, Jekyll's front matter) are two
    /// documents; across formats a category is no evidence (an era's site filed a page elsewhere),
    /// so the same slug is the same page, in another era or format.
    package static func sameDocument(owner: (format: SourceFormat, category: String?), newcomer: (format: SourceFormat, category: String?)) -> Bool {
        guard owner.format == newcomer.format, let a = owner.category.flatMap(Slug.from), let b = newcomer.category.flatMap(Slug.from) else {
            return true
        }
        return a == b
    }

    /// Which source wins when two describe one component: the stored one only when its format
    /// ranks higher; on a tie the newcomer (the file imported last) wins.
    package static func keeps(owner: SourceFormat, over newcomer: SourceFormat) -> Bool {
        newcomer.rank < owner.rank
    }

    private mutating func supersede(_ sourceID: Int64, by winnerID: Int64, into plan: inout ImportPlan) {
        stored.sources[sourceID]?.supersededBy = winnerID
        plan.operations.append(.supersede(sourceID: sourceID, winnerID: winnerID))
    }

    /// Deletes a component and its facts. Captions attached to it came from files of their own:
    /// those sources are forgotten (their hash cleared), so that importing them again attaches
    /// them anew instead of skipping them as unchanged; so are the captions they had replaced
    /// (another copy's), whose cues went when they were replaced.
    private mutating func removeComponent(_ key: StoredState.ComponentKey, into plan: inout ImportPlan) {
        guard let component = stored.components[key] else { return }
        let captions = (stored.captions[component.id] ?? []).sorted()
        if !captions.isEmpty {
            plan.operations.append(.forget(sourceIDs: captions))
            for id in captions { stored.sources[id]?.sha256 = "" }
            forgetSuperseded(by: Set(captions), into: &plan)
        }
        plan.operations.append(.removeComponent(id: component.id))
        stored.dropComponent(key)
    }

    private mutating func transcript(_ announcements: [AnnouncementFact], key: StoredState.ComponentKey, sourceID: Int64,
                                     document: WritableDocument, into plan: inout ImportPlan) {
        plan.operations.append(.removeCaptions(sourceID: sourceID, componentID: nil))
        for id in stored.captions.keys { stored.captions[id]?.remove(sourceID) }
        guard let component = stored.components[key] else {
            plan.outcomes.append(.skipped(path: document.path,
                                          reason: "captions for \(key.family.rawValue) component \"\(key.slug)\", which is not in the knowledge base"))
            dropSource(sourceID, into: &plan)
            return
        }
        if announcements.isEmpty {
            plan.outcomes.append(.skipped(path: document.path, reason: "caption file holds no cues"))
            return
        }
        replaceSameCaptions(component: component, sourceID: sourceID, document: document, into: &plan)
        plan.operations.append(.appendCaptions(componentID: component.id, sourceID: sourceID, announcements))
        stored.captions[component.id, default: []].insert(sourceID)
        plan.outcomes.append(.transcript(path: document.path, component: key.slug, format: document.format))
    }

    /// A caption belongs to its component, not to the path it came from: the same caption (the
    /// same file name in that component's captions, or the same bytes) imported from another path,
    /// such as a second copy of the checkout, replaces the one there instead of adding its cues
    /// again. The other source stays, superseded, like a markdown source another one replaced.
    private mutating func replaceSameCaptions(component: StoredState.Component, sourceID: Int64, document: WritableDocument,
                                              into plan: inout ImportPlan) {
        let name = document.location.fileName
        for otherID in (stored.captions[component.id] ?? []).sorted() where otherID != sourceID {
            guard let other = stored.sources[otherID], other.location.fileName == name || other.sha256 == document.sha256 else { continue }
            plan.operations.append(.removeCaptions(sourceID: otherID, componentID: component.id))
            stored.captions[component.id]?.remove(otherID)
            supersede(otherID, by: sourceID, into: &plan)
            plan.outcomes.append(.superseded(component: component.key.slug, winner: document.path, superseded: other.location.absolute))
        }
    }
}

/// What one step of an import plans: the store's operations, in order, and what they mean for the
/// user, from which the `ImportSummary` is made.
package struct ImportPlan: Sendable, Equatable {
    package var operations: [StoreOperation] = []
    package var outcomes: [ImportOutcome] = []

    package init() {}
}

/// What an import did to one file, as the summary reports it.
package enum ImportOutcome: Sendable, Equatable {
    case added(path: String, component: String, format: SourceFormat)
    case replaced(path: String, component: String, format: SourceFormat)
    case superseded(component: String, winner: String, superseded: String)
    case removed(path: String, component: String, format: SourceFormat)
    case transcript(path: String, component: String, format: SourceFormat)
    case skipped(path: String, reason: String)
    case notice(path: String, line: Int?, message: String)
    /// The file gives `count` rules another file gives too (`message` names them).
    case sharedRules(path: String, count: Int, message: String)
    case unaccounted(path: String, lines: Int)
    /// A standards file: how many rules or success criteria it gave.
    case standards(path: String, rules: Int, criteria: Int, format: SourceFormat)
}

extension ImportSummary {
    /// Adds what a plan did.
    mutating func record(_ plan: ImportPlan) {
        for outcome in plan.outcomes {
            switch outcome {
            case let .added(path, component, format): added.append(Item(path: path, component: component, format: format))
            case let .replaced(path, component, format): replaced.append(Item(path: path, component: component, format: format))
            case let .superseded(component, winner, superseded):
                self.superseded.append(Supersession(component: component, winner: winner, superseded: superseded))
            case let .removed(path, component, format): removed.append(Item(path: path, component: component, format: format))
            case let .transcript(path, component, format): transcripts.append(Item(path: path, component: component, format: format))
            case let .skipped(path, reason): skipped.append(Skip(path: path, reason: reason))
            case let .notice(path, line, message): notices.append(Problem(path: path, line: line, message: message))
            case let .sharedRules(path, count, message): notices.append(Problem(path: path, message: message, sharedRules: count))
            case let .unaccounted(path, lines): unaccounted.append(Unaccounted(path: path, lines: lines))
            case let .standards(path, rules, criteria, format):
                standards.append(Standards(path: path, rules: rules, criteria: criteria, format: format))
            }
        }
    }
}
