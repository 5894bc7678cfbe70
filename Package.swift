// swift-tools-version:6.1
import PackageDescription

// The library is one target per layer, and the compiler enforces the flow: a layer sees only the
// layers listed as its dependencies (docs/architecture.md draws them; Tests/LayerTests checks that
// no file imports a layer outside that list). The skins (a11ykb, a11ykb-mcp) see the façade, A11yKB.
let grdb = Target.Dependency.product(name: "GRDB", package: "GRDB.swift")
// The layers that compute (read, normalize, store, search, query, render) are optimized in a debug
// build too: unoptimized, they made the test suite two and a half times slower (147 s of CPU
// against 65 s), for a cold build 3 minutes longer. The skins and the tests stay unoptimized.
// `A11YKB_ONONE=1 swift build` builds them unoptimized, for a debugger session. (An unsafe flag:
// this package is an application, not one other packages depend on by version.)
let optimized: [SwiftSetting] = Context.environment["A11YKB_ONONE"] == nil
    ? [.unsafeFlags(["-O"], .when(configuration: .debug))] : []
// The programs export none of their own symbols: the toolchain links an executable with every
// symbol in its dynamic table (17,000 for a11ykb), and the runtime's start searches that table
// (dladdr, the loader's lookups) on every run; nothing loads a11ykb as a library.
let ownSymbols: [LinkerSetting] = [.unsafeFlags(["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux]))]
// Tests reach into every layer (`@testable import KBRead`...): each test file imports what it tests.
let logging = Target.Dependency.product(name: "Logging", package: "swift-log")
let yams = Target.Dependency.product(name: "Yams", package: "Yams")
let layers: [Target.Dependency] = ["KBFiles", "KBModel", "KBRead", "KBNormalize", "KBStore", "KBSearch", "KBImport",
                                   "KBQuery", "KBEvidence", "KBConformance", "KBWord", "KBRender", "KBResources"]

let package = Package(
    name: "a11ykb",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "A11yKB", targets: ["A11yKB"]),
        .executable(name: "a11ykb", targets: ["a11ykb"]),
        .executable(name: "a11ykb-mcp", targets: ["a11ykb-mcp"]),
        .executable(name: "a11ykb-serve", targets: ["a11ykb-serve"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", exact: "0.12.1"),
        // The team server (`a11ykb serve`). Without Hummingbird's default traits: swift-configuration
        // is not used, and is one more package for every build to compile.
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: []),
        // The server's pages: every {{value}} HTML-escaped, in text and in attributes alike.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
        // HTTP's field names and statuses, as Hummingbird speaks them (the version it resolves).
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // The team server's service group, run with its own stop signals (the version Hummingbird resolves).
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.0.0"),
        // For the route tests only: a channel that is no socket (`NIOEmbedded`), the version the others resolve.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        // HTTP's parts on a connection (`NIOHTTPTypes`), for the server's per-connection limits
        // (`ConnectionLimits`); the version Hummingbird resolves.
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.34.1"),
        // The server's and the MCP transport's loggers (the version Hummingbird and the MCP SDK resolve).
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        // The Word document's zip container (`acr build --format docx`).
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
    ],
    targets: [
        // Data built into the executable: migrations, the seed, the vocabulary, the schema document.
        .target(
            name: "KBResources",
            resources: [
                .embedInCode("Resources/migrations"),
                .embedInCode("Resources/seed"),
                .embedInCode("Resources/vocabulary"),
                .embedInCode("Resources/schema.md"),
                .embedInCode("Resources/datasette.json"),
            ]
        ),
        // What a path names, and writing a file whole: the rules every file a11ykb opens or writes follows.
        .target(name: "KBFiles"),
        // The values every layer speaks: entries, facts, the vocabulary, the import summary.
        .target(name: "KBModel", dependencies: ["KBResources"], swiftSettings: optimized),
        // Bytes to entries with labels as written; every line accounted for.
        .target(name: "KBRead", dependencies: ["KBModel", yams], swiftSettings: optimized),
        // Labels to slugs, text cleaned, captions turned into announcements.
        .target(name: "KBNormalize", dependencies: ["KBModel", "KBRead"], swiftSettings: optimized),
        // The one C function that sets SQLite up before any connection opens (sqlite3_config is
        // variadic: Swift cannot call it).
        .target(name: "KBSQLiteSetup", linkerSettings: [.linkedLibrary("sqlite3")]),
        // The SQLite file: opening, migrating, writing what an import planned.
        .target(name: "KBStore", dependencies: ["KBModel", "KBFiles", "KBResources", "KBSQLiteSetup", grdb,
                                                .product(name: "GRDBSQLite", package: "GRDB.swift")], swiftSettings: optimized),
        // Full-text search: the tokenizer, word forms, the indexes' upkeep, both listings' ranking.
        .target(name: "KBSearch", dependencies: ["KBModel", "KBStore", grdb,
                                                 .product(name: "GRDBSQLite", package: "GRDB.swift")], swiftSettings: optimized),
        // Files to documents to a plan; mirroring, pipelining, progress.
        .target(name: "KBImport", dependencies: ["KBModel", "KBRead", "KBNormalize", "KBStore", "KBSearch",
                                                 "KBResources", "KBFiles", grdb], swiftSettings: optimized),
        // Typed answers read from one snapshot.
        .target(name: "KBQuery", dependencies: ["KBModel", "KBStore", "KBSearch", grdb,
                                                .product(name: "GRDBSQLite", package: "GRDB.swift")], swiftSettings: optimized),
        // Evidence from every tool a team runs (axe, Lighthouse, pa11y, SARIF, EARL, WCAG-EM, IBM,
        // Accessibility Insights, the Trusted Tester workbook: a zip, hence ZIPFoundation) as one
        // model: outcomes of tests on pages for success criteria.
        .target(name: "KBEvidence", dependencies: ["KBModel", "KBResources", "KBSearch", "KBQuery",
                                                   .product(name: "ZIPFoundation", package: "ZIPFoundation")], swiftSettings: optimized),
        // Conformance reports (GSA's OpenACR): the catalogs, evidence to levels, check, compare.
        // A layer of its own: it changes with the VPAT editions and buyers' rules, not with search.
        .target(name: "KBConformance", dependencies: ["KBModel", "KBRead", "KBQuery", "KBEvidence", "KBResources", yams], swiftSettings: optimized),
        // A Word document (WordprocessingML in a zip) from headings, paragraphs and tables. A layer of its
        // own: it changes with Word's file format, not with what a document says.
        .target(name: "KBWord", dependencies: [.product(name: "ZIPFoundation", package: "ZIPFoundation")], swiftSettings: optimized),
        // Every byte of output: tables, CSV, JSON, documents.
        .target(name: "KBRender", dependencies: ["KBModel", "KBSearch", "KBQuery", "KBEvidence", "KBConformance", "KBFiles", "KBWord"], swiftSettings: optimized),
        // The façade: the questions the skins ask, and the types they see.
        .target(name: "A11yKB", dependencies: [grdb, "KBModel", "KBStore", "KBSearch", "KBImport", "KBQuery", "KBEvidence", "KBConformance",
                                               "KBRender", "KBFiles", "KBResources"]),
        .executableTarget(
            name: "a11ykb",
            dependencies: [
                "A11yKB",
                "A11yKBServeOptions",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: ownSymbols
        ),
        // The team server's settings and their defaults, written once (`ServerConfiguration`): the
        // server runs by them, and the options below set them. No dependency: the load run's floor
        // (a11ykb-bench) reads them without linking ArgumentParser.
        .target(name: "A11yKBServeSettings"),
        // The team server's options, declared once for `a11ykb serve` and a11ykb-serve, which both
        // read them (a skin's: it names options). Small, and free of the server's libraries, which
        // a11ykb never loads.
        .target(
            name: "A11yKBServeOptions",
            dependencies: ["A11yKBServeSettings", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // `a11ykb mcp` runs this: the MCP server is an executable of its own so that the SDK, and the
        // networking libraries it links (libcurl and some 30 more), load for it only, never when
        // another command starts.
        .executableTarget(
            name: "a11ykb-mcp",
            dependencies: ["A11yKB", "A11yKBMCP", .product(name: "MCP", package: "swift-sdk"), logging],
            linkerSettings: ownSymbols
        ),
        // The MCP server's tools, resources and direct answers, for both transports: stdio
        // (a11ykb-mcp) and Streamable HTTP (a11ykb-serve). A skin over the façade.
        .target(
            name: "A11yKBMCP",
            dependencies: ["A11yKB", .product(name: "MCP", package: "swift-sdk")]
        ),
        // The team server: pages, the JSON API and MCP over HTTP, on Hummingbird. A target of its own:
        // it changes with the web, and its libraries (SwiftNIO, Hummingbird) load for it only.
        .target(
            name: "A11yKBServer",
            dependencies: ["A11yKB", "A11yKBMCP", "A11yKBServeSettings", .product(name: "MCP", package: "swift-sdk"),
                           .product(name: "Hummingbird", package: "hummingbird"),
                           .product(name: "HummingbirdCore", package: "hummingbird"),
                           .product(name: "HTTPTypes", package: "swift-http-types"),
                           .product(name: "Mustache", package: "swift-mustache"),
                           .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                           .product(name: "NIOCore", package: "swift-nio"),
                           // The HTTP parser's errors, answered with their status (`ParserRefusal`).
                           .product(name: "NIOHTTP1", package: "swift-nio"),
                           .product(name: "NIOHTTPTypes", package: "swift-nio-extras"), logging],
            resources: [.embedInCode("Templates")]
        ),
        // `a11ykb serve` runs this.
        .executableTarget(
            name: "a11ykb-serve",
            dependencies: ["A11yKB", "A11yKBMCP", "A11yKBServer", "A11yKBServeOptions", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            linkerSettings: ownSymbols
        ),
        // What scripts/bench runs in one process: the load run's floor (the same requests through
        // the library, no HTTP) and one question at a time through the library.
        .executableTarget(
            name: "a11ykb-bench",
            dependencies: ["A11yKB", "A11yKBMCP", "A11yKBServer", .product(name: "Hummingbird", package: "hummingbird"),
                           .product(name: "HummingbirdCore", package: "hummingbird")]
        ),
        // Readers and normalizer under libFuzzer: see scripts/fuzz. A plain build makes a replay tool.
        .executableTarget(
            name: "a11ykb-fuzz",
            dependencies: ["KBModel", "KBRead", "KBNormalize", "KBQuery", "KBEvidence", "KBConformance"]
        ),
        // Tests mirror the library's layers; CLITests holds the tests of the command line that launch
        // the built binary, SystemTests those that need more of the machine.
        .target(
            name: "TestSupport",
            dependencies: layers + ["A11yKB", grdb],
            path: "Tests/TestSupport"
        ),
        .testTarget(name: "LayerTests"),
        .testTarget(name: "ReadTests", dependencies: layers + ["A11yKB", "TestSupport", "a11ykb-fuzz", yams]),
        .testTarget(name: "NormalizeTests", dependencies: layers + ["A11yKB", "TestSupport"]),
        .testTarget(name: "ImportTests", dependencies: layers + ["A11yKB", "TestSupport", grdb, yams]),
        .testTarget(name: "StoreTests", dependencies: layers + ["A11yKB", "TestSupport", grdb]),
        .testTarget(name: "SearchTests", dependencies: layers + ["A11yKB", "TestSupport", grdb]),
        .testTarget(name: "QueryTests", dependencies: layers + ["A11yKB", "TestSupport", grdb]),
        .testTarget(name: "RenderTests", dependencies: layers + ["A11yKB", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: layers + ["A11yKB", "TestSupport", grdb]),
        // Starts the built `a11ykb mcp` and speaks JSON-RPC to it, as an assistant's host does.
        .testTarget(name: "MCPTests", dependencies: layers + ["A11yKB", "TestSupport", grdb]),
        // The tests that exercise the machine rather than a11ykb's logic alone: other programs (shells,
        // Python's tools, Chromium, install, man), processes racing over locks, waits and signals, a
        // pseudo-terminal, other users, inputs of megabytes that test resource bounds, a11ykb-serve
        // on a port. `swift test` runs them with the rest; `.ci/run` runs the two apart and times each.
        .testTarget(name: "SystemTests", dependencies: layers + ["A11yKB", "TestSupport", grdb]),
        // The server's routes, answered in process (no port), and its connections' limits (a port of 127.0.0.1, in process).
        .testTarget(name: "ServerTests", dependencies: ["A11yKB", "A11yKBServer", "A11yKBMCP", "TestSupport", grdb,
                                                        // A plan's to-do list read back as a report, by the layer that reads reports.
                                                        "KBConformance",
                                                        .product(name: "Hummingbird", package: "hummingbird"),
                                                        .product(name: "HummingbirdCore", package: "hummingbird"),
                                                        .product(name: "HTTPTypes", package: "swift-http-types"),
                                                        .product(name: "NIOCore", package: "swift-nio"),
                                                        .product(name: "NIOEmbedded", package: "swift-nio"),
                                                        logging,
                                                        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")]),
    ]
)
