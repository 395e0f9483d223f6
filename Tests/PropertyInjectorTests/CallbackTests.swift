import PropertyInjector
import Testing

private final class Screen: InjectableSettable {
  var injectedCache: Cache?
  var injectedAnalytics: Analytics?
  var injections = 0
  var sawCache = false
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedCache": \Screen.injectedCache, "injectedAnalytics": \Screen.injectedAnalytics]
  }
  func didInjectDependencies() {
    injections += 1
    sawCache = injectedCache != nil && injectedAnalytics != nil
  }
}

@Suite("The injection callback")
struct CallbackTests {
  @Test("didInjectDependencies runs once, after every property is set")
  func callbackRunsOnceAfterInjection() throws {
    let injector = Injector()
    injector.register(Cache())
    injector.register(Analytics())
    let screen = Screen()
    try injector.inject(screen)
    #expect(screen.injections == 1)
    #expect(screen.sawCache)
  }

  @Test("didInjectDependencies does not run when nothing was set")
  func callbackNeedsAPropertySet() throws {
    let injector = Injector()
    let screen = Screen()
    screen.injectedCache = Cache()
    screen.injectedAnalytics = Analytics()
    try injector.inject(screen)
    #expect(screen.injections == 0)
  }

  @Test("Each injection that sets something runs the callback again")
  func callbackRunsPerInjection() throws {
    let injector = Injector()
    injector.register(Cache())
    injector.register(Analytics())
    let screen = Screen()
    try injector.inject(screen)
    try injector.inject(screen)
    #expect(screen.injections == 1)
    screen.injectedCache = nil
    try injector.inject(screen)
    #expect(screen.injections == 2)
  }
}
