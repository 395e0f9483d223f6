// swift-tools-version: 6.1
// The benchmarks live in their own package so that PropertyInjector itself keeps no dependencies.
// Run them from this directory with `swift package benchmark`; see README.md.
import PackageDescription

let package = Package(
  name: "Benchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    // The Macros trait brings @Injectable, whose plugin builds swift-syntax.
    .package(name: "PropertyInjector", path: "..", traits: ["Macros"]),
    // MallocInterposer counts allocations without jemalloc. Naming the traits turns off the
    // package's other default trait (RuntimeInterposer), which only the ARC metrics need.
    .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    .package(url: "https://github.com/Swinject/Swinject.git", exact: "2.10.0"),
  ],
  targets: [
    // The benchmarks: one executable target under Benchmarks/, as package-benchmark expects.
    .executableTarget(
      name: "InjectionBenchmarks",
      dependencies: [
        "BenchmarkCatalog",
        "BenchmarkTargets",
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "PropertyInjector", package: "PropertyInjector"),
        .product(name: "Swinject", package: "Swinject"),
      ],
      path: "Benchmarks/InjectionBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    // The names of the benchmarks and how many injections one measured iteration makes,
    // shared by the benchmarks and the report.
    .target(name: "BenchmarkCatalog"),
    // The target types (generated, with @Injectable and hand-written tables) and what the
    // contenders need to fill them: shared by the benchmarks and InstructionCounts.
    .target(
      name: "BenchmarkTargets",
      dependencies: [
        "BenchmarkCatalog",
        .product(name: "PropertyInjector", package: "PropertyInjector"),
        .product(name: "Swinject", package: "Swinject"),
      ]
    ),
    // Repeats one operation, for `valgrind --tool=callgrind`: instruction counts, free of the
    // machine's noise (Scripts/instruction_counts.sh).
    .executableTarget(
      name: "InstructionCounts",
      dependencies: [
        "BenchmarkCatalog",
        "BenchmarkTargets",
        .product(name: "PropertyInjector", package: "PropertyInjector"),
        .product(name: "Swinject", package: "Swinject"),
      ]
    ),
    // The first injection of never-seen types (generated classes, each injected once) against a
    // bare Mirror walk of never-seen types of the same shape (Scripts/first_injections.sh).
    .executableTarget(
      name: "FirstInjections",
      dependencies: [
        "BenchmarkTargets",
        .product(name: "PropertyInjector", package: "PropertyInjector"),
      ]
    ),
    // Turns one run's JMH export into the markdown ratio table.
    .executableTarget(name: "BenchmarkReport", dependencies: ["BenchmarkCatalog"]),
    // `swift package build-release PRODUCT…`: a release build that shares the benchmark run's build of
    // the macro and swift-syntax (Scripts/release_build.sh).
    .plugin(
      name: "ReleaseBuild",
      capability: .command(intent: .custom(verb: "build-release", description: "Builds products in release."))
    ),
  ],
  swiftLanguageModes: [.v6]
)
