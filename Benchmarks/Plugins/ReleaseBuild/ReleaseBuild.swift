import PackagePlugin

/// `swift package build-release PRODUCT…`: builds products in release the way `swift package benchmark`
/// builds its benchmarks, and prints the path of each executable built.
///
/// A plugin's build keeps the command's own configuration for the build tools (the `@Injectable`
/// macro and swift-syntax, in debug) and builds only the products in release. `swift build -c release`
/// builds the tools in release too: a second build of swift-syntax, about a quarter of an hour on two
/// cores, after the benchmark run has built it once. The scripts that count instructions build
/// through this plugin, so CI builds swift-syntax once for the whole benchmark package.
@main
struct ReleaseBuild: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    guard !arguments.isEmpty else {
      throw ReleaseBuildError("name the products to build: swift package build-release InstructionCounts")
    }
    for product in arguments {
      let result = try packageManager.build(.product(product), parameters: .init(configuration: .release))
      guard result.succeeded else {
        print(result.logText)
        throw ReleaseBuildError("the release build of \(product) failed")
      }
      for artifact in result.builtArtifacts where artifact.kind == .executable {
        print(artifact.url.path(percentEncoded: false))
      }
    }
  }
}

/// Why the build stopped, printed by `swift package`.
struct ReleaseBuildError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
