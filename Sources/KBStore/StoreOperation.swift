import KBModel

/// One step of an import's plan (`KBImport`'s `ImportPlanner` decides them; `EntryWriter` executes
/// them in order, deciding nothing). Ids of new rows are the plan's own: the planner numbers new
/// sources and components after the largest stored id, as SQLite would.
package enum StoreOperation: Sendable, Equatable {
    /// Writes a source's row: inserted under the id given, or updated (its file imported again).
    /// Either way its notices go and it is superseded by nothing.
    case upsertSource(id: Int64, location: SourceLocation, format: SourceFormat, sha256: String, bytes: Int, isNew: Bool)
    case addNotices(sourceID: Int64, [Notice])
    /// A component no source described yet.
    case insertComponent(id: Int64, ComponentInfo, sourceID: Int64)
    /// A component another source (or this one, imported again) described: that source's facts of
    /// it go, and its row now says what this source says.
    case takeOverComponent(id: Int64, ComponentInfo, sourceID: Int64, previousSourceID: Int64)
    /// An entry's facts, for a component this source holds.
    case insertFacts(componentID: Int64, sourceID: Int64, NormalizedEntry)
    /// Marks `sourceID` as superseded by `winnerID`.
    case supersede(sourceID: Int64, winnerID: Int64)
    /// Clears sources' hashes: what they gave was taken away, so the next import reads them again.
    case forget(sourceIDs: [Int64])
    /// Deletes a component and every fact of it.
    case removeComponent(id: Int64)
    /// Deletes a source's facts wherever they are, and its row.
    case removeSource(id: Int64)
    /// Deletes a caption source's cues, everywhere or in one component.
    case removeCaptions(sourceID: Int64, componentID: Int64?)
    /// A source's rules (ACT, axe-core): what it gave before goes, these take its place.
    case replaceRules(sourceID: Int64, [RuleEntry])
    /// Success criteria W3C's file (or the built-in catalogue) states: their facts fill the catalogue.
    case upsertCatalogue(sourceID: Int64, [WCAGCriterionInfo])
    /// A caption file's cues, after those the component already holds.
    case appendCaptions(componentID: Int64, sourceID: Int64, [AnnouncementFact])
    /// A component of `family` went by `from` and now goes by `to`: saved plans and lookups that
    /// name `from` find it (`component_renames`, migration 0021). A component inserted under a
    /// slug takes that slug back from any rename.
    case recordRename(family: Family, from: String, to: String)
}
