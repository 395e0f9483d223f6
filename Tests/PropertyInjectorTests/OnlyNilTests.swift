import PropertyInjector
import Testing

private final class Screen: InjectableSettable {
  var injectedLogger: (any Logger)?
  var injectedCache: Cache!
  var loggerSets = 0
  var injectedObserved: Analytics? { didSet { loggerSets += 1 } }

  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedLogger": \Screen.injectedLogger,
      "injectedCache": \Screen.injectedCache,
      "injectedObserved": \Screen.injectedObserved,
    ]
  }
}

private final class CounterScreen: InjectableSettable {
  var injectedLogger: (any Logger)?
  var injectedCount = 0
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedLogger": \CounterScreen.injectedLogger, "injectedCount": \CounterScreen.injectedCount]
  }
}

@Suite("Only nil")
struct OnlyNilTests {
  @Test("A candidate that already holds a value is left alone")
  func setPropertyIsLeftAlone() throws {
    let injector = Injector()
    injector.register(ConsoleLogger("registered"), as: (any Logger).self)
    injector.register(Cache())
    injector.register(Analytics())
    let screen = Screen()
    let own = ConsoleLogger("own")
    screen.injectedLogger = own
    try injector.inject(screen)
    #expect(screen.injectedLogger === own)
    #expect(screen.injectedCache != nil)
  }

  @Test("A candidate that already holds a value needs no registration")
  func setPropertyNeedsNoRegistration() throws {
    let injector = Injector()
    let screen = Screen()
    screen.injectedLogger = ConsoleLogger()
    screen.injectedCache = Cache()
    screen.injectedObserved = Analytics()
    try injector.inject(screen)
  }

  @Test("A property that already holds a value is not written, so its observers do not run")
  func setPropertyObserversDoNotRun() throws {
    let injector = Injector()
    injector.register(Analytics())
    injector.register(Cache())
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let screen = Screen()
    screen.injectedObserved = Analytics()
    #expect(screen.loggerSets == 1)
    try injector.inject(screen)
    #expect(screen.loggerSets == 1)

    let fresh = Screen()
    try injector.inject(fresh)
    #expect(fresh.loggerSets == 1, "filling a nil property sets it exactly once")
  }

  @Test("Implicitly unwrapped optionals are filled")
  func implicitlyUnwrappedOptionalIsFilled() throws {
    let injector = Injector()
    let cache = Cache()
    injector.register(cache)
    injector.register(Analytics())
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let screen = Screen()
    try injector.inject(screen)
    #expect(screen.injectedCache === cache)
  }

  @Test("A non-optional `injected` property is an error naming it, whatever it holds")
  func nonOptionalCandidateIsAnError() throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let screen = CounterScreen()
    let error = injectionError { try injector.inject(screen) }
    #expect(error.map(codes) == [.notOptional])
    let problem = try #require(error?.problems.first)
    #expect(problem.typeName == "CounterScreen")
    #expect(problem.property == "injectedCount")
    #expect(problem.declaredType == "Int")
    #expect(problem.fix.contains("optional"))
    #expect(screen.injectedLogger == nil, "nothing is injected when a declaration is wrong")
  }
}
