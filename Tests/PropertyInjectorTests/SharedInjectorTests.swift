import Dispatch
import Testing

@testable import PropertyInjector

private final class Screen: InjectableSettable {
  var injectedDatabase: Database?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedDatabase": \Screen.injectedDatabase] }
}

private final class FullScreen: InjectableSettable {
  var injectedDatabase: Database?
  var injectedLogger: (any Logger)?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedDatabase": \FullScreen.injectedDatabase, "injectedLogger": \FullScreen.injectedLogger]
  }
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
    // explain and validate say the same, not what registration would fill it.
    let report = shared.explain(screen)
    #expect(!report.wouldSucceed)
    #expect(report.problems.map(\.code) == [.notConfigured])
    #expect(injectionErrorCode { try shared.validate(screen) } == .notConfigured)
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

  @Test("configure inside an override configures the override, once; the fakes it held before win")
  func configureInsideAnOverride() throws {
    let shared = sharedLikeInjector()
    let test = Injector(overriding: shared)
    test.register(Database(number: 0))  // the test's fake
    #expect(
      test.configure { injector in  // app launch code the test runs
        injector.register(Database(number: 1))
        injector.register(Database(number: 2))
        injector.register(ConsoleLogger(), as: (any Logger).self)
      })
    #expect(!test.configure { $0.register(Database(number: 3)) }, "once")
    let screen = FullScreen()
    try test.inject(screen)
    #expect(screen.injectedDatabase?.number == 0, "the fake held before wins")
    #expect(screen.injectedLogger is ConsoleLogger, "what only the configuration registered is there")
    #expect(injectionErrorCode { _ = try shared.resolve(Database.self) } == .notConfigured, "the app's is untouched")
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

  @Test("A configure on another thread makes a second configure, and every inject, wait: no half-built registry")
  func concurrentConfigureWaits() throws {
    let shared = sharedLikeInjector()
    let halfway = DispatchSemaphore(value: 0)
    let finish = DispatchSemaphore(value: 0)
    let ran = Locked2<[Bool]>([])
    let injected = Locked2<[InjectionError.Code?]>([])
    runConcurrently([
      {
        let didRun = shared.configure { injector in
          injector.register(Database(number: 1))
          halfway.signal()
          finish.wait()
          injector.register(ConsoleLogger(), as: (any Logger).self)
        }
        ran.mutate { $0.append(didRun) }
      },
      {
        halfway.wait()
        halfway.signal()
        let didRun = shared.configure { $0.register(Database(number: 2)) }
        ran.mutate { $0.append(didRun) }
      },
      {
        halfway.wait()
        halfway.signal()
        let screen = FullScreen()
        let code = injectionErrorCode { try shared.inject(screen) }
        injected.mutate { $0.append(code ?? (screen.injectedLogger == nil ? .noErrorThrown : nil)) }
      },
      {
        halfway.wait()
        halfway.signal()
        // Let the others arrive at the half-built injector first.
        _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 0.2)
        finish.signal()
      },
    ])
    #expect(ran.value.sorted { !$0 && $1 } == [false, true], "one configure ran; the other waited, then did nothing")
    #expect(injected.value.count == 1)
    #expect(injected.value.first == .some(nil), "the inject waited, then saw the whole registry")
    #expect(try shared.resolve(Database.self).number == 1)
  }
}
