import PropertyInjector
import Testing

private class BaseScreen: InjectableSettable {
  var injectedCacheFirst: Cache?
  class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCacheFirst": \BaseScreen.injectedCacheFirst] }
}

private final class LeafScreen: BaseScreen {}

private final class LoggerScreen: InjectableSettable {
  var injectedLogger: (any Logger)?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedLogger": \LoggerScreen.injectedLogger] }
}

/// The cache a fresh `LeafScreen` receives.
private func filled(by injector: Injector) throws -> Cache? {
  let screen = LeafScreen()
  try injector.inject(screen)
  return screen.injectedCacheFirst
}

@Suite("Precedence")
struct PrecedenceTests {
  @Test("A name registration beats an id match")
  func nameBeatsID() throws {
    let injector = Injector()
    let named = Cache()
    try injector.register(named, named: "injectedCacheFirst")
    try injector.register(Cache(), id: "first")
    #expect(try filled(by: injector) === named)
  }

  @Test("A longer id beats a shorter one, whatever the order of registration")
  func longerIDWins() throws {
    let injector = Injector()
    let longer = Cache()
    try injector.register(longer, id: "cacheFirst")
    try injector.register(Cache(), id: "first")
    #expect(try filled(by: injector) === longer)
  }

  @Test("An id match beats a target restriction")
  func idBeatsTarget() throws {
    let injector = Injector()
    let withID = Cache()
    try injector.register(withID, id: "first")
    try injector.register(Cache(), for: LeafScreen.self)
    #expect(try filled(by: injector) === withID)
  }

  @Test("The most derived target wins, and any target beats none")
  func mostDerivedTargetWins() throws {
    let injector = Injector()
    let leaf = Cache()
    try injector.register(leaf, for: LeafScreen.self)
    try injector.register(Cache(), for: BaseScreen.self)
    try injector.register(Cache())
    #expect(try filled(by: injector) === leaf)

    let other = Injector()
    let base = Cache()
    try other.register(base, for: BaseScreen.self)
    try other.register(Cache())
    #expect(try filled(by: other) === base)
  }

  @Test("A target restriction beats an exact type: an ancestor match for the class wins")
  func targetBeatsExactType() throws {
    let injector = Injector()
    let restricted = ImageCache()
    try injector.register(Cache())
    try injector.register(restricted, includingAncestors: true, for: LeafScreen.self)
    try injector.register(Cache())
    #expect(try filled(by: injector) === restricted)
  }

  @Test("An exact type beats an ancestor match registered later")
  func exactBeatsAncestor() throws {
    let injector = Injector()
    let exact = Cache()
    try injector.register(exact)
    try injector.register(ImageCache(), includingAncestors: true)
    #expect(try filled(by: injector) === exact)
  }

  @Test("Between equals, the later registration wins")
  func laterWins() throws {
    let injector = Injector()
    let later = ThumbnailCache()
    try injector.register(ImageCache(), includingAncestors: true)
    try injector.register(later, includingAncestors: true)
    #expect(try filled(by: injector) === later)
  }

  @Test("Registering the same type, target and id again replaces the earlier registration")
  func sameKeyReplaces() throws {
    let injector = Injector()
    let replacement = Cache()
    try injector.register(Cache(), for: BaseScreen.self, id: "First")
    try injector.register(replacement, for: BaseScreen.self, id: "first")
    #expect(try filled(by: injector) === replacement)
    try injector.unregister(Cache.self, for: BaseScreen.self, id: "FIRST")
    #expect(throws: InjectionError.self) { try filled(by: injector) }
  }

  @Test("Unregistering removes one registration and leaves the others")
  func unregisterRemovesOne() throws {
    let injector = Injector()
    let unrestricted = Cache()
    try injector.register(unrestricted)
    try injector.register(Cache(), for: LeafScreen.self)
    try injector.unregister(Cache.self, for: LeafScreen.self)
    #expect(try filled(by: injector) === unrestricted)
  }

  @Test("Unregistering what was never registered is an error listing what is")
  func unregisterUnknownIsAnError() throws {
    let injector = Injector()
    try injector.register(Cache(), id: "first")
    let error = injectionError { try injector.unregister(Cache.self) }
    #expect(error.map(codes) == [.notRegistered])
    #expect(error?.problems.first?.nearMisses.contains { $0.contains("id \"first\"") } == true)
    #expect(injectionError { try injector.unregister(named: "missing") }.map(codes) == [.notRegistered])
  }

  @Test("Unregistering a name removes it")
  func unregisterName() throws {
    let injector = Injector()
    try injector.register(ConsoleLogger(), named: "injectedLogger")
    try injector.unregister(named: "injectedLogger")
    #expect(throws: InjectionError.self) { try injector.inject(LoggerScreen()) }
  }
}
