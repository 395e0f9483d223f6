import PropertyInjector
import Testing

private final class Screen: InjectableSettable {
  let injector: Injector
  var injectedCache: Cache?
  var callbackError: InjectionError.Code?
  var injections = 0

  init(injector: Injector) { self.injector = injector }

  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \Screen.injectedCache] }

  func didInjectDependencies() {
    injections += 1
    injectedCache = nil  // would make the nested injection fill it again, forever
    callbackError = injectionErrorCode { try injector.inject(self) }
  }
}

private final class Other: InjectableSettable {
  var injectedCache: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \Other.injectedCache] }
}

private final class Host: InjectableSettable {
  let injector: Injector
  let other = Other()
  var injectedCache: Cache?
  init(injector: Injector) { self.injector = injector }
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \Host.injectedCache] }
  func didInjectDependencies() { try? injector.inject(other) }
}

/// Injects itself again from an observer of a property the injection writes, and another object from another.
private final class Observing: InjectableSettable {
  let injector: Injector
  let other = Other()
  var injectedCache: Cache? { didSet { observerError = injectionErrorCode { try injector.inject(self) } } }
  var injectedLogger: (any Logger)? { didSet { try? injector.inject(other) } }
  var observerError: InjectionError.Code?
  var callbacks = 0
  init(injector: Injector) { self.injector = injector }
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedCache": \Observing.injectedCache, "injectedLogger": \Observing.injectedLogger]
  }
  func didInjectDependencies() { callbacks += 1 }
}

@Suite("Re-entrant injection")
struct ReentrancyTests {
  @Test("Injecting an object again from its own callback is refused, not an endless loop")
  func injectingFromTheCallbackIsRefused() throws {
    let injector = Injector()
    injector.register(Cache())
    let screen = Screen(injector: injector)
    try injector.inject(screen)
    #expect(screen.callbackError == .reentrantInjection)
    #expect(screen.injections == 1)
  }

  @Test("Injecting an object again from a didSet its injection runs is refused; its callback runs once")
  func injectingFromAnObserverIsRefused() throws {
    let injector = Injector()
    let cache = Cache()
    injector.register(cache)
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let observing = Observing(injector: injector)
    try injector.inject(observing)
    #expect(observing.observerError == .reentrantInjection)
    #expect(observing.callbacks == 1)
    #expect(observing.injectedCache === cache && observing.other.injectedCache === cache, "another object is fine")
  }

  @Test("Injecting another object from a callback is fine")
  func injectingAnotherObjectFromTheCallback() throws {
    let injector = Injector()
    let cache = Cache()
    injector.register(cache)
    let host = Host(injector: injector)
    try injector.inject(host)
    #expect(host.other.injectedCache === cache)
  }
}
