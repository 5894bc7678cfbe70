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
        ("0011_standards", PackageResources._011_standards_sql),
        ("0012_test_plans", PackageResources._012_test_plans_sql),
        ("0013_guides_videos", PackageResources._013_guides_videos_sql),
        ("0014_component_evidence", PackageResources._014_component_evidence_sql),
        ("0016_tested_sc", PackageResources._016_tested_sc_sql),
        ("0017_tests_nothing", PackageResources._017_tests_nothing_sql),
        ("0018_plan_notes", PackageResources._018_plan_notes_sql),
        ("0019_catalogue_source", PackageResources._019_catalogue_source_sql),
        ("0020_reread_documents", PackageResources._020_reread_documents_sql),
        ("0021_component_renames", PackageResources._021_component_renames_sql),
        ("0022_guide_steps", PackageResources._022_guide_steps_sql),
    ]

    /// vocabulary/equivalents.tsv: the words each platform uses for the same thing (`equivalents`).
    package static let equivalents: [UInt8] = PackageResources.equivalents_tsv

    /// vocabulary/wcag-2.2.tsv: the WCAG 2.2 catalogue (`scripts/wcag-catalogue` writes it).
    package static let wcagCatalogue: [UInt8] = PackageResources.wcag_2_2_tsv
    /// vocabulary/tested-sc.tsv: which success criteria a criterion tests, inferred (`inferred_wcag`).
    package static let testedSC: [UInt8] = PackageResources.tested_sc_tsv

    /// vocabulary/element-components.tsv: which web component an HTML element most likely is (`explain`).
    package static let elementComponents: [UInt8] = PackageResources.element_components_tsv
    /// vocabulary/aliases.tsv: the words testers use for a component (`switch` for toggle-switch).
    package static let aliases: [UInt8] = PackageResources.aliases_tsv
    /// vocabulary/criterion-topics.tsv: the components a success criterion is about (`skip-link` for 2.4.1).
    package static let criterionTopics: [UInt8] = PackageResources.criterion_topics_tsv

    /// vocabulary/openacr-catalogs.tsv: the VPAT editions as GSA's OpenACR catalogs (`scripts/openacr-vocabulary`).
    package static let openACRCatalogs: [UInt8] = PackageResources.openacr_catalogs_tsv
    /// vocabulary/trusted-tester.tsv: Trusted Tester 5.1.3's tests, their success criteria and 508 categories.
    package static let trustedTester: [UInt8] = PackageResources.trusted_tester_tsv
    /// vocabulary/conformance-terms.tsv: what each conformance level means, in a11ykb's words.
    package static let conformanceTerms: [UInt8] = PackageResources.conformance_terms_tsv

    /// vocabulary/ibm-rules.tsv: IBM Equal Access's rules (and their older ids) to success criteria.
    package static let ibmRules: [UInt8] = PackageResources.ibm_rules_tsv
    /// vocabulary/accessibility-insights.tsv: Accessibility Insights for Web's requirements to success criteria.
    package static let accessibilityInsights: [UInt8] = PackageResources.accessibility_insights_tsv
    /// vocabulary/wcag-older-ids.tsv: success criteria's ids that later WCAG versions renamed (`text-equiv-all`).
    package static let wcagOlderIDs: [UInt8] = PackageResources.wcag_older_ids_tsv

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
