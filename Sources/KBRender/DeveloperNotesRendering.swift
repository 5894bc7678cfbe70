import KBQuery

extension AcceptanceCriteria {
    /// One component's developer notes as a document: its title, its source, the notes per
    /// platform section with their lines, or what is missing.
    public static func developerNotesDocument(_ notes: DeveloperNotes) -> String {
        let body = developerNotes(notes.notes, platforms: notes.sections, lines: true)
        let component = notes.notes.component
        return "# \(component.title): developer notes\n\nfrom \(component.source)\n"
            + (body.isEmpty ? "\nNo developer notes are written for \(notes.scope == .all ? "this component" : "this platform").\n" : body)
    }
}
