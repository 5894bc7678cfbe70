import A11yKB
import ArgumentParser

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List components, categories, platforms or frameworks, with how many facts each holds.",
        discussion: """
            components: slug, family, category, title, and counts of criteria, guidance notes, announcements and gaps. categories: each category of each family (controls, notifications, patterns; component, page-level...) with its components and their facts. platforms and frameworks: the components they appear in and their facts.

            Examples:
              a11ykb list components
              a11ykb list components --family native --format csv
              a11ykb list categories
              a11ykb list components --category notifications
              a11ykb list frameworks --format json
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "components, categories, platforms or frameworks.")
    var subject: Listing.Subject = .components

    @Option(help: "Components and categories: only this family (native, web or how-to-test).")
    var family: Family?

    @Option(help: "Components and categories: only this category.", completion: Completion.categories)
    var category: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if (family != nil || category != nil) && (subject == .platforms || subject == .frameworks) {
            throw ValidationError("--family and --category narrow components and categories, not \(subject.rawValue)")
        }
    }

    func run() throws {
        let kb = try database.open()
        let table = try kb.list(subject, family: family, category: category)
        try output.emit(output.render(table.tabular, as: output.format ?? .table), from: kb)
    }
}
