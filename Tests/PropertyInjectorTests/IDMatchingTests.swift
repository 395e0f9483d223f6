import PropertyInjector
import Testing

private final class Screen: InjectableSettable {
  var injectedCacheFirst: Cache!
  var injectedCacheSecond: Cache!
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedCacheFirst": \Screen.injectedCacheFirst, "injectedCacheSecond": \Screen.injectedCacheSecond]
  }
}

private final class PrefixScreen: InjectableSettable {
  var injectedFirstCache: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedFirstCache": \PrefixScreen.injectedFirstCache] }
}

@Suite("Ids")
struct IDMatchingTests {
  @Test("An id fills only properties whose name ends with it, ignoring case")
  func idIsACaseInsensitiveSuffix() throws {
    let injector = Injector()
    let first = Cache("first")
    let second = Cache("second")
    try injector.register(first, id: "FIRST")
    try injector.register(second, id: "second")
    let screen = Screen()
    try injector.inject(screen)
    #expect(screen.injectedCacheFirst === first)
    #expect(screen.injectedCacheSecond === second)
  }

  @Test("An id elsewhere in the name does not match")
  func idMustEndTheName() throws {
    let injector = Injector()
    try injector.register(Cache(), id: "first")
    let error = injectionError { try injector.inject(PrefixScreen()) }
    #expect(error.map(codes) == [.unresolved])
    #expect(error?.problems.first?.nearMisses.contains { $0.contains("does not end with it") } == true)
  }

  @Test("An id does not make a registration of another type fit")
  func idStillNeedsTheType() throws {
    let injector = Injector()
    try injector.register(Analytics(), id: "first")
    try injector.register(Cache(), id: "second")
    let screen = Screen()
    let error = injectionError { try injector.inject(screen) }
    #expect(error?.problems.map(\.property) == ["injectedCacheFirst"])
    #expect(screen.injectedCacheSecond == nil)
  }

  @Test("An empty or blank id is rejected when registering, and nothing is registered", arguments: ["", "  "])
  func emptyIDIsRejected(id: String) throws {
    let injector = Injector()
    let error = injectionError { try injector.register(Cache(), id: id) }
    #expect(error.map(codes) == [.emptyID])
    #expect(error?.problems.first?.typeName == "Cache")
    #expect(error?.problems.first?.fix.contains("id: nil") == true)
    #expect(throws: InjectionError.self) { try injector.resolve(Cache.self) }
  }
}
