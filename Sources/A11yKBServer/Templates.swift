/// The page templates, built into the executable (`Templates/*.mustache`).
enum Templates {
    static let all: [(String, [UInt8])] = [
        ("layout", PackageResources.layout_mustache), ("home", PackageResources.home_mustache),
        ("search", PackageResources.search_mustache), ("component", PackageResources.component_mustache),
        ("compare", PackageResources.compare_mustache), ("criterion", PackageResources.criterion_mustache),
        ("coverage", PackageResources.coverage_mustache), ("plans", PackageResources.plans_mustache),
        ("plan", PackageResources.plan_mustache), ("error", PackageResources.error_mustache),
    ]
}
