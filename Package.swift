// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "a11ykb",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "A11yKB", targets: ["A11yKB"]),
        .executable(name: "a11ykb", targets: ["a11ykb"]),
        .executable(name: "a11ykb-mcp", targets: ["a11ykb-mcp"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", exact: "0.12.1"),
    ],
    targets: [
        .target(
            name: "A11yKB",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            resources: [
                .embedInCode("Resources/migrations"),
                .embedInCode("Resources/seed"),
                .embedInCode("Resources/vocabulary"),
                .embedInCode("Resources/schema.md"),
            ]
        ),
        .executableTarget(
            name: "a11ykb",
            dependencies: [
                "A11yKB",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `a11ykb mcp` runs this: the MCP server is an executable of its own so that the SDK, and the
        // networking libraries it links (libcurl and some 30 more), load for it only, never when
        // another command starts.
        .executableTarget(
            name: "a11ykb-mcp",
            dependencies: ["A11yKB", .product(name: "MCP", package: "swift-sdk")]
        ),
        // Readers and normalizer under libFuzzer: see scripts/fuzz. A plain build makes a replay tool.
        .executableTarget(
            name: "a11ykb-fuzz",
            dependencies: ["A11yKB"]
        ),
        // Tests mirror the library's layers; CLITests holds every test that launches the built binary.
        .target(
            name: "TestSupport",
            dependencies: ["A11yKB", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Tests/TestSupport"
        ),
        .testTarget(name: "ReadTests", dependencies: ["A11yKB", "TestSupport", "a11ykb-fuzz"]),
        .testTarget(name: "NormalizeTests", dependencies: ["A11yKB", "TestSupport"]),
        .testTarget(name: "ImportTests", dependencies: ["A11yKB", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "StoreTests", dependencies: ["A11yKB", "TestSupport"]),
        .testTarget(name: "QueryTests", dependencies: ["A11yKB", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "RenderTests", dependencies: ["A11yKB", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["A11yKB", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        // Starts the built `a11ykb mcp` and speaks JSON-RPC to it, as an assistant's host does.
        .testTarget(name: "MCPTests", dependencies: ["A11yKB", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
    ]
)
