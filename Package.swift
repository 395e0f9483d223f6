// swift-tools-version: 6.1
import PackageDescription

let strictSettings: [SwiftSetting] = [
  // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0335-existential-any.md
  .enableUpcomingFeature("ExistentialAny"),
  // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0444-member-import-visibility.md
  .enableUpcomingFeature("MemberImportVisibility"),
  // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0409-access-level-on-imports.md
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "PropertyInjector",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .macCatalyst(.v16), .visionOS(.v1)],
  products: [
    .library(name: "PropertyInjector", targets: ["PropertyInjector"]),
    // The `.injecting` Swift Testing trait. Testing ships with the toolchain: no dependency.
    .library(name: "PropertyInjectorTesting", targets: ["PropertyInjectorTesting"]),
    .executable(name: "PropertyInjectorDemo", targets: ["PropertyInjectorDemo"]),
  ],
  targets: [
    .target(
      name: "PropertyInjector",
      // Every unsafe operation is marked `unsafe`, with a comment saying why it is sound.
      swiftSettings: strictSettings + [.unsafeFlags(["-strict-memory-safety"])]
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
  ],
  swiftLanguageModes: [.v6]
)
