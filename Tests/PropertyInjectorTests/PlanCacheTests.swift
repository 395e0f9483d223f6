import PropertyInjector
import Testing

private final class CountedScreen: InjectableSettable {
  nonisolated(unsafe) static var tableReads = 0
  var injectedCache: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    tableReads += 1
    return ["injectedCache": \CountedScreen.injectedCache]
  }
}

private final class Screen: InjectableSettable {
  var injectedCache: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \Screen.injectedCache] }
}

@Suite("Plan caching")
struct PlanCacheTests {
  @Test("A type is scanned once per injector, however many objects and registrations follow")
  func typeIsScannedOnce() throws {
    let injector = Injector()
    injector.register(Cache())
    for _ in 0..<100 { try injector.inject(CountedScreen()) }
    injector.register(Cache("replacement"))
    for _ in 0..<100 { try injector.inject(CountedScreen()) }
    #expect(CountedScreen.tableReads == 1)
  }

  @Test("A registration made after a type was injected is seen by the next injection")
  func laterRegistrationIsSeen() throws {
    let injector = Injector()
    #expect(throws: InjectionError.self) { try injector.inject(Screen()) }
    let cache = Cache()
    injector.register(cache)
    let screen = Screen()
    try injector.inject(screen)
    #expect(screen.injectedCache === cache)

    let replacement = Cache()
    injector.register(replacement)
    let next = Screen()
    try injector.inject(next)
    #expect(next.injectedCache === replacement)
  }

  @Test("An unregistration made after a type was injected is seen by the next injection")
  func laterUnregistrationIsSeen() throws {
    let injector = Injector()
    injector.register(Cache())
    try injector.inject(Screen())
    injector.unregister(Cache.self)
    #expect(throws: InjectionError.self) { try injector.inject(Screen()) }
  }
}
