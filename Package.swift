// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "a11ykb",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "A11yKB", targets: ["A11yKB"]),
        .executable(name: "a11ykb", targets: ["a11ykb"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
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
            ]
        ),
        .executableTarget(
            name: "a11ykb",
            dependencies: [
                "A11yKB",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
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
    ]
)
