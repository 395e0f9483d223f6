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
    injector.register(first, id: "FIRST")
    injector.register(second, id: "second")
    let screen = Screen()
    try injector.inject(screen)
    #expect(screen.injectedCacheFirst === first)
    #expect(screen.injectedCacheSecond === second)
  }

  @Test("An id elsewhere in the name does not match")
  func idMustEndTheName() throws {
    let injector = Injector()
    injector.register(Cache(), id: "first")
    let error = injectionError { try injector.inject(PrefixScreen()) }
    #expect(error.map(codes) == [.unresolved])
    #expect(error?.problems.first?.nearMisses.contains { $0.contains("does not end with it") } == true)
  }

  @Test("An id does not make a registration of another type fit")
  func idStillNeedsTheType() throws {
    let injector = Injector()
    injector.register(Analytics(), id: "first")
    injector.register(Cache(), id: "second")
    let screen = Screen()
    let error = injectionError { try injector.inject(screen) }
    #expect(error?.problems.map(\.property) == ["injectedCacheFirst"])
    #expect(screen.injectedCacheSecond == nil)
  }

  @Test(
    "An id that can never match (empty, blank, with whitespace) registers nothing and is reported until unregistered",
    arguments: ["", "  ", "cache first", "first\n"])
  func unusableIDIsAConfigurationProblem(id: String) throws {
    let injector = Injector()
    injector.register(Cache(), id: "second")
    injector.register(Cache(), id: id)
    let screen = Screen()
    for error in [
      injectionError { try injector.validate() }, injectionError { try injector.inject(screen) },
      injectionError { _ = try injector.resolve(Cache.self, id: "second") },
    ] {
      #expect(error.map(codes) == [.invalidID])
      #expect(error?.problems.first?.typeName == "Cache")
      #expect(error?.problems.first?.fix.contains("id: nil") == true)
    }
    #expect(screen.injectedCacheSecond == nil, "nothing is injected while the problem stands")
    #expect(injector.unregister(Cache.self, id: id), "the rejected registration is removed like any other")
    _ = try injector.resolve(Cache.self, id: "second")
    try injector.validate()
  }
}
