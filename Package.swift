// swift-tools-version: 6.2
// 6.2: the library marks its unsafe operations with `unsafe` (SE-0458), and main-actor classes
// conform with isolated conformances (SE-0470).
import CompilerPluginSupport
import PackageDescription

let strictSettings: [SwiftSetting] = [
  // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0335-existential-any.md
  .enableUpcomingFeature("ExistentialAny"),
  // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0444-member-import-visibility.md
  .enableUpcomingFeature("MemberImportVisibility"),
  // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0409-access-level-on-imports.md
  .enableUpcomingFeature("InternalImportsByDefault"),
]

/// A swift-syntax product, used only when the `Macros` trait is on. Every use of swift-syntax is
/// gated like this, so a default build, test or consumer resolves no package at all.
func syntax(_ product: String) -> Target.Dependency {
  .product(name: product, package: "swift-syntax", condition: .when(traits: ["Macros"]))
}

let package = Package(
  name: "PropertyInjector",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .macCatalyst(.v16), .visionOS(.v1)],
  products: [
    .library(name: "PropertyInjector", targets: ["PropertyInjector"]),
    // The `.injecting` Swift Testing trait. Testing ships with the toolchain: no dependency.
    .library(name: "PropertyInjectorTesting", targets: ["PropertyInjectorTesting"]),
    .executable(name: "PropertyInjectorDemo", targets: ["PropertyInjectorDemo"]),
  ],
  traits: [
    .trait(
      name: "Macros",
      description: "The @Injectable macro, which writes a class's table and typed accessors. Builds swift-syntax."
    )
  ],
  dependencies: [
    .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"604.0.0"),
    // Inline snapshots of the macro's expansions that re-record (tests only, behind the trait).
    // 0.7.0 accepts swift-syntax 509.0.0..<605.0.0, so it follows this package's range; its
    // InlineSnapshotTesting also snapshots the expansion of a source the macro rejects.
    .package(url: "https://github.com/pointfreeco/swift-macro-testing", exact: "0.7.0"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.4"),
  ],
  targets: [
    .target(
      name: "PropertyInjector",
      dependencies: [.target(name: "PropertyInjectorMacros", condition: .when(traits: ["Macros"]))],
      // Every unsafe operation is marked `unsafe`, with a comment saying why it is sound.
      swiftSettings: strictSettings + [.strictMemorySafety()]
    ),
    // The @Injectable macro. Without the trait it compiles to an empty plugin (a target cannot
    // be left out), and depends on nothing.
    .macro(
      name: "PropertyInjectorMacros",
      dependencies: [
        syntax("SwiftCompilerPlugin"), syntax("SwiftDiagnostics"), syntax("SwiftSyntax"),
        syntax("SwiftSyntaxBuilder"), syntax("SwiftSyntaxMacros"),
      ],
      swiftSettings: strictSettings
    ),
    .target(
      name: "PropertyInjectorTesting",
      dependencies: ["PropertyInjector"],
      swiftSettings: strictSettings
    ),
    .executableTarget(
      name: "PropertyInjectorDemo",
      dependencies: ["PropertyInjector"],
      swiftSettings: strictSettings
    ),
    // Classes from another module, for the tests of what a subclass can and cannot see.
    .target(
      name: "OtherModuleFixtures",
      dependencies: ["PropertyInjector"],
      path: "Tests/OtherModuleFixtures",
      swiftSettings: strictSettings
    ),
    // An `@Injectable` subclass of another module's main-actor class, in a module that infers
    // isolated conformances: what the macro writes needs no isolation spelled there.
    .target(
      name: "InheritedIsolationFixtures",
      dependencies: ["PropertyInjector", "OtherModuleFixtures"],
      path: "Tests/InheritedIsolationFixtures",
      swiftSettings: strictSettings + [.enableUpcomingFeature("InferIsolatedConformances")]
    ),
    // Types named `PropertyInjector` and `Swift` beside an `@Injectable` class: what the macro writes
    // must name the modules, not them.
    .target(
      name: "ModuleNameFixtures",
      dependencies: ["PropertyInjector"],
      path: "Tests/ModuleNameFixtures",
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "PropertyInjectorTests",
      dependencies: ["PropertyInjector", "OtherModuleFixtures"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "PropertyInjectorTestingTests",
      dependencies: ["PropertyInjector", "PropertyInjectorTesting"],
      swiftSettings: strictSettings
    ),
    // The README's wiring for a module whose declarations are main-actor by default (a new Xcode
    // project's setting), compiled with that setting.
    .testTarget(
      name: "DefaultIsolationTests",
      dependencies: ["PropertyInjector", "PropertyInjectorTesting"],
      swiftSettings: strictSettings + [.defaultIsolation(MainActor.self)]
    ),
    // Expansion tests of the macro, and behaviour tests of @Injectable classes: `swift test --traits Macros`.
    .testTarget(
      name: "PropertyInjectorMacrosTests",
      dependencies: [
        "PropertyInjector", "OtherModuleFixtures", "InheritedIsolationFixtures", "ModuleNameFixtures",
        .target(name: "PropertyInjectorMacros", condition: .when(traits: ["Macros"])),
        syntax("SwiftSyntaxMacroExpansion"), syntax("SwiftSyntax"),
        syntax("SwiftSyntaxMacros"), syntax("SwiftSyntaxBuilder"), syntax("SwiftDiagnostics"), syntax("SwiftParser"),
        .product(name: "MacroTesting", package: "swift-macro-testing", condition: .when(traits: ["Macros"])),
        .product(
          name: "InlineSnapshotTesting", package: "swift-snapshot-testing", condition: .when(traits: ["Macros"])),
      ],
      swiftSettings: strictSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)
