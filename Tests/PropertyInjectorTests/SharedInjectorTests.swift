import Testing

@testable import PropertyInjector

private final class Screen: InjectableSettable {
  var injectedDatabase: Database?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedDatabase": \Screen.injectedDatabase] }
}

/// A fresh injector that, like `Injector.shared`, must be configured before use.
private func sharedLikeInjector() -> Injector {
  Injector(parent: nil, requiresConfiguration: true)
}

@Suite("The shared injector")
struct SharedInjectorTests {
  @Test("Injector.shared requires configuration, and is one object")
  func sharedRequiresConfiguration() {
    #expect(Injector.shared.requiresConfiguration)
    #expect(Injector.shared === Injector.shared)
    #expect(!Injector().requiresConfiguration)
  }

  @Test("Injecting or resolving before configure throws notConfigured, naming the fix")
  func useBeforeConfigurationThrows() throws {
    let shared = sharedLikeInjector()
    shared.register(Database(number: 1))
    let screen = Screen()
    let error = injectionError { try shared.inject(screen) }
    #expect(error.map(codes) == [.notConfigured])
    #expect(error?.problems.first?.fix.contains("configure") == true)
    #expect(screen.injectedDatabase == nil)
    #expect(injectionErrorCode { _ = try shared.resolve(Database.self) } == .notConfigured)
  }

  @Test("configure runs only the first time, and says whether it ran")
  func configureRunsOnce() throws {
    let shared = sharedLikeInjector()
    let first = shared.configure { $0.register(Database(number: 1)) }
    let second = shared.configure { $0.register(Database(number: 2)) }
    #expect(first)
    #expect(!second)
    let screen = Screen()
    try shared.inject(screen)
    #expect(screen.injectedDatabase?.number == 1)
  }

  @Test("A configuration that throws is undone, so a later configure runs")
  func failedConfigurationIsUndone() throws {
    let shared = sharedLikeInjector()
    #expect(throws: Failure.self) {
      try shared.configure { injector in
        injector.register(Cache("half-configured"))
        throw Failure(reason: "missing setting")
      }
    }
    #expect(injectionErrorCode { _ = try shared.resolve(Cache.self) } == .notConfigured)
    #expect(shared.configure { $0.register(Database(number: 2)) })
    #expect(try shared.resolve(Database.self).number == 2)
    #expect(
      injectionErrorCode { _ = try shared.resolve(Cache.self) } == .unresolved, "the failed body's registration is gone"
    )
  }

  @Test("A plain injector needs no configuration, and configure still runs once")
  func plainInjectorConfigure() throws {
    let injector = Injector()
    injector.register(Database(number: 1))
    #expect(try injector.resolve(Database.self).number == 1)
    #expect(injector.configure { _ in })
    #expect(!injector.configure { _ in })
  }
}
