// swift-tools-version: 6.2
// The server example: a Hummingbird 2 todo API on SQLite (GRDB), wired per request through a child
// injector, beside the same app wired by hand. A package of its own, so the library's package
// resolves nothing it depends on.
import PackageDescription

let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "Server",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    // ByteBuffer, and HTTPField.Name for the X-Request-ID and X-Caller headers: both already
    // dependencies of Hummingbird, named here because the example's code uses them.
    .package(url: "https://github.com/apple/swift-nio", from: "2.0.0"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    // 1.16: a test's log handler implements `log(event:)`, the one requirement not deprecated.
    .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
    .package(name: "PropertyInjector", path: "../.."),
  ],
  targets: [
    // Everything both servers share: the store, the handlers, the routes, and both wirings.
    .target(
      name: "TodoServerCore",
      dependencies: [
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "PropertyInjector", package: "PropertyInjector"),
      ],
      swiftSettings: strictSettings
    ),
    // `TodoServer --wiring injected|hand`: one binary, two wirings.
    .executableTarget(
      name: "TodoServer",
      dependencies: ["TodoServerCore"],
      swiftSettings: strictSettings
    ),
    // The cost of one request scope (child, two registrations, one inject), beside hand wiring.
    .executableTarget(
      name: "RequestScopeCost",
      dependencies: [
        "TodoServerCore",
        .product(name: "PropertyInjector", package: "PropertyInjector"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "TodoServerTests",
      dependencies: [
        "TodoServerCore",
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "PropertyInjector", package: "PropertyInjector"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "NIOCore", package: "swift-nio"),
      ],
      swiftSettings: strictSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)
