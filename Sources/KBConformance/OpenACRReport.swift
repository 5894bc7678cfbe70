/// An Accessibility Conformance Report in GSA's OpenACR format (schema openacr-0.1.0), as a file
/// states it: every field optional, so that any report, ours or anyone's, can be read, checked,
/// rendered and compared; `OpenACRCheck` says what a report lacks. Chapters and criteria keep the
/// file's order.
public struct OpenACRReport: Sendable, Equatable {
    public struct Contact: Sendable, Equatable {
        public var name, companyName, address, email, phone, website: String?
        public init(name: String? = nil, companyName: String? = nil, address: String? = nil, email: String? = nil,
                    phone: String? = nil, website: String? = nil) {
            (self.name, self.companyName, self.address, self.email, self.phone, self.website) = (name, companyName, address, email, phone, website)
        }
        var isEmpty: Bool { self == Contact() }
    }

    public struct Product: Sendable, Equatable {
        public var name: String?
        public var version: String?
        public var description: String?
        public init(name: String? = nil, version: String? = nil, description: String? = nil) {
            (self.name, self.version, self.description) = (name, version, description)
        }
    }

    public struct Related: Sendable, Equatable {
        public var url: String?
        /// `primary` or `secondary`.
        public var type: String?
    }

    /// One component's adherence: a term id (`supports`...) and the remarks.
    public struct Adherence: Sendable, Equatable {
        /// As written; nil or empty: not stated.
        public var level: String?
        public var notes: String?
        public init(level: String?, notes: String? = nil) { (self.level, self.notes) = (level, notes) }
    }

    public struct Component: Sendable, Equatable {
        /// `web`, `software`, `none`...
        public var name: String
        public var adherence: Adherence?
        public init(name: String, adherence: Adherence?) { (self.name, self.adherence) = (name, adherence) }
    }

    public struct Criterion: Sendable, Equatable {
        /// `1.1.1`, `302.1`.
        public var num: String
        /// nil: the file gives no list (the criterion is named and nothing else).
        public var components: [Component]?
        public init(num: String, components: [Component]?) { (self.num, self.components) = (num, components) }
    }

    public struct Chapter: Sendable, Equatable {
        /// `success_criteria_level_a`.
        public var id: String
        public var notes: String?
        public var disabled: Bool?
        /// nil: the chapter gives no list.
        public var criteria: [Criterion]?
        public init(id: String, notes: String? = nil, disabled: Bool? = nil, criteria: [Criterion]? = nil) {
            (self.id, self.notes, self.disabled, self.criteria) = (id, notes, disabled, criteria)
        }
    }

    public var title: String?
    public var product: Product?
    public var author: Contact?
    public var vendor: Contact?
    public var reportDate: String?
    public var lastModifiedDate: String?
    public var version: Int?
    public var notes: String?
    public var evaluationMethodsUsed: String?
    public var legalDisclaimer: String?
    public var license: String?
    public var repository: String?
    public var feedback: String?
    public var relatedOpenACRs: [Related]?
    /// `2.5-edition-wcag-2.2-508-en`; nil: the report names none.
    public var catalog: String?
    public var chapters: [Chapter] = []

    public init() {}

    public func chapter(_ id: String) -> Chapter? { chapters.first { $0.id == id } }

    /// The adherence a report gives a criterion's component, if it gives one.
    public func adherence(chapter: String, criterion: String, component: String) -> Adherence? {
        let found: Criterion? = self.chapter(chapter)?.criteria?.first { $0.num == criterion }
        let part: Component? = found?.components?.first { $0.name == component }
        return part?.adherence
    }
}
