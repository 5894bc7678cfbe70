/// Migrations and seed documents compiled into the executable (SwiftPM `embedInCode`), so that a
/// release binary copied alone into an empty folder still has its schema and default knowledge base.
/// A test keeps these lists equal to the `migrations/` and `seed/` folders.
package enum EmbeddedResources {
    package static let migrations: [(name: String, sql: [UInt8])] = [
        ("0001_schema", PackageResources._001_schema_sql),
        ("0002_wcag_gherkin", PackageResources._002_wcag_gherkin_sql),
        ("0003_search", PackageResources._003_search_sql),
        ("0004_bulk_index", PackageResources._004_bulk_index_sql),
        ("0005_indexes_views", PackageResources._005_indexes_views_sql),
        ("0006_faithful_sources", PackageResources._006_faithful_sources_sql),
        ("0007_component_search", PackageResources._007_component_search_sql),
        ("0009_facts_view", PackageResources._009_facts_view_sql),
        ("0010_source_roots", PackageResources._010_source_roots_sql),
    ]

    /// vocabulary/equivalents.tsv: the words each platform uses for the same thing (`equivalents`).
    package static let equivalents: [UInt8] = PackageResources.equivalents_tsv

    package static let seedDocuments: [(name: String, bytes: [UInt8])] = [
        ("expandable-region.md", PackageResources.expandable_region_md),
        ("reorder-data-row.jekyll.md", PackageResources.reorder_data_row_jekyll_md),
        ("reorder-data-row.md", PackageResources.reorder_data_row_md),
        ("table-row-button.md", PackageResources.table_row_button_md),
        ("table.txt", PackageResources.table_txt),
    ]

    /// docs/schema.md, which the MCP server offers as a resource.
    package static let schemaDocument: [UInt8] = PackageResources.schema_md

    /// docs/datasette.json, Datasette's metadata, written for a database named `kb`.
    package static let datasetteMetadata: [UInt8] = PackageResources.datasette_json
}
