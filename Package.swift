// swift-tools-version:6.0
import PackageDescription

/// Release builds of the import's hot modules: whole-program specialization across modules,
/// and no runtime exclusivity checks (debug builds, which the tests run, keep them).
let fast: [SwiftSetting] = [.unsafeFlags(["-cross-module-optimization", "-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "Penny",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "penny", targets: ["penny"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        .systemLibrary(name: "CLibCSV", path: "Sources/CLibCSV"),
        .systemLibrary(name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0"),
        .target(name: "PennyCore", swiftSettings: fast),
        .target(name: "PennyImport", dependencies: ["PennyCore", "CLibCSV", "CLibXML2"], swiftSettings: fast),
        .target(name: "PennyRules", dependencies: ["PennyCore"], swiftSettings: fast),
        .target(name: "PennyRoundUp", dependencies: ["PennyCore"], swiftSettings: fast),
        .target(name: "CPennySupport"),
        .target(name: "PennyLedger", dependencies: ["PennyCore", "CPennySupport"], swiftSettings: fast),
        .target(
            name: "PennyReport", dependencies: ["PennyCore", "PennyLedger", "PennyRoundUp"],
            resources: ["en", "pt-PT", "pt-BR", "es", "ca", "it"].map { .embedInCode("Locale/Translations/\($0).json") }
        ),
        .target(
            name: "PennyPipeline",
            dependencies: ["PennyCore", "PennyImport", "PennyRules", "PennyRoundUp", "PennyLedger", "PennyReport"],
            resources: [
                "aib", "bankofireland", "barclays", "boursorama", "capitalone", "chase", "commerzbank", "dkb", "hungarian", "ingnl", "lloyds", "monzo", "n26",
                "nubank", "paypal", "revolut", "schwab", "starling", "wise",
            ].map { .embedInCode("BuiltinProfiles/\($0).rules") },
            swiftSettings: fast
        ),
        .plugin(name: "PennyVersion", capability: .buildTool()),
        .executableTarget(
            name: "penny",
            dependencies: [
                "PennyCore", "PennyImport", "PennyRules", "PennyRoundUp", "PennyLedger", "PennyReport", "PennyPipeline",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            plugins: ["PennyVersion"]
        ),
        .target(name: "PennyTestSupport", path: "Tests/PennyTestSupport"),
        .target(name: "CPennyTestPTY", path: "Tests/CPennyTestPTY"),
        .testTarget(name: "PennyCoreTests", dependencies: ["PennyCore", "PennyTestSupport"]),
        .testTarget(
            name: "PennyImportTests", dependencies: ["PennyImport", "PennyCore", "PennyTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "PennyRulesTests", dependencies: ["PennyRules", "PennyCore", "PennyTestSupport"]),
        .testTarget(name: "PennyLedgerTests", dependencies: ["PennyLedger", "PennyCore", "PennyTestSupport"]),
        .testTarget(name: "PennyRoundUpTests", dependencies: ["PennyRoundUp", "PennyCore", "PennyTestSupport"]),
        .testTarget(name: "PennyReportTests", dependencies: ["PennyReport", "PennyLedger", "PennyCore", "PennyRules", "PennyTestSupport"]),
        .testTarget(
            name: "PennyPipelineTests", dependencies: ["PennyPipeline", "PennyRules", "PennyLedger", "PennyRoundUp", "PennyCore", "PennyTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "pennyTests", dependencies: ["penny", "PennyTestSupport", "CPennyTestPTY"],
            resources: [.copy("Fixtures")]
        ),
    ]
)

// libFuzzer targets (scripts/fuzz.sh, `make fuzz`): declared only when PENNY_FUZZ=1, so the
// plain build never links an executable whose main is libFuzzer's.
if Context.environment["PENNY_FUZZ"] == "1" {
    package.products.append(.executable(name: "penny-fuzz", targets: ["PennyFuzz"]))
    package.targets += [
        .systemLibrary(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .executableTarget(
            name: "PennyFuzz", dependencies: ["CLibFuzzer", "PennyCore", "PennyImport", "PennyRules", "PennyLedger", "PennyPipeline"], path: "Fuzz/PennyFuzz",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])], linkerSettings: [.unsafeFlags(["-use-ld=lld"])]
        ),
    ]
}

// The readers' bench (scripts/bench_readers.sh): the reader alone, declared only when
// PENNY_BENCH=1, so the plain build and the tests never build it.
if Context.environment["PENNY_BENCH"] == "1" {
    package.products.append(.executable(name: "penny-read", targets: ["PennyReadBench"]))
    package.targets.append(
        .executableTarget(name: "PennyReadBench", dependencies: ["PennyCore", "PennyImport"], path: "Benchmarks/PennyReadBench", swiftSettings: fast)
    )
}
