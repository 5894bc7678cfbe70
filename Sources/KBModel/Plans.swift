/// A test plan a team saved, and the footer its checklists end with (stored by KBStore).
public struct SavedPlan: Sendable, Equatable {
    public var name: String
    /// Nil: every platform.
    public var platform: Platform?
    /// Nil: every framework (or none chosen).
    public var framework: Framework?
    public var savedAt: String
    /// `family/slug`, in the order named.
    public var components: [String]
    /// Its developer notes are items to tick (else guidance beside the criteria).
    public var notesAsItems: Bool

    public init(name: String, platform: Platform?, framework: Framework?, savedAt: String, components: [String], notesAsItems: Bool = false) {
        (self.name, self.platform, self.framework, self.savedAt, self.components) = (name, platform, framework, savedAt, components)
        self.notesAsItems = notesAsItems
    }
}

/// The lines a team's checklists end with, set once. As data: `contact`, `ticket_link`.
public struct TeamFooter: Sendable, Equatable, Encodable {
    public var contact: String?
    public var ticketLink: String?

    enum CodingKeys: String, CodingKey { case contact, ticketLink = "ticket_link" }

    public init(contact: String? = nil, ticketLink: String? = nil) {
        self.contact = contact
        self.ticketLink = ticketLink
    }
    public var isEmpty: Bool { contact == nil && ticketLink == nil }
}

