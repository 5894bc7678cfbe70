/// A test plan a team saved, and the footer its checklists end with (stored by KBStore).
public struct SavedPlan: Sendable, Equatable {
    public var name: String
    public var platform: String?
    public var framework: String?
    public var savedAt: String
    /// `family/slug`, in the order named.
    public var components: [String]
    /// Its developer notes are items to tick (else guidance beside the criteria).
    public var notesAsItems: Bool

    public init(name: String, platform: String?, framework: String?, savedAt: String, components: [String], notesAsItems: Bool = false) {
        (self.name, self.platform, self.framework, self.savedAt, self.components) = (name, platform, framework, savedAt, components)
        self.notesAsItems = notesAsItems
    }
}

/// The lines a team's checklists end with, set once.
public struct TeamFooter: Sendable, Equatable {
    public var contact: String?
    public var ticketLink: String?
    public init(contact: String? = nil, ticketLink: String? = nil) {
        self.contact = contact
        self.ticketLink = ticketLink
    }
    public var isEmpty: Bool { contact == nil && ticketLink == nil }
}

