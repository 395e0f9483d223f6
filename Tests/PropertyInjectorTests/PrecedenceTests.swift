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
    injector.register(named, named: "injectedCacheFirst")
    injector.register(Cache(), id: "first")
    #expect(try filled(by: injector) === named)
  }

  @Test("A longer id beats a shorter one, whatever the order of registration")
  func longerIDWins() throws {
    let injector = Injector()
    let longer = Cache()
    injector.register(longer, id: "cacheFirst")
    injector.register(Cache(), id: "first")
    #expect(try filled(by: injector) === longer)
  }

  @Test("An id match beats a target restriction")
  func idBeatsTarget() throws {
    let injector = Injector()
    let withID = Cache()
    injector.register(withID, id: "first")
    injector.register(Cache(), for: LeafScreen.self)
    #expect(try filled(by: injector) === withID)
  }

  @Test("The most derived target wins, and any target beats none")
  func mostDerivedTargetWins() throws {
    let injector = Injector()
    let leaf = Cache()
    injector.register(leaf, for: LeafScreen.self)
    injector.register(Cache(), for: BaseScreen.self)
    injector.register(Cache())
    #expect(try filled(by: injector) === leaf)

    let other = Injector()
    let base = Cache()
    other.register(base, for: BaseScreen.self)
    other.register(Cache())
    #expect(try filled(by: other) === base)
  }

  @Test("A target restriction beats an exact type: an ancestor match for the class wins")
  func targetBeatsExactType() throws {
    let injector = Injector()
    let restricted = ImageCache()
    injector.register(Cache())
    injector.register(restricted, includingAncestors: true, for: LeafScreen.self)
    injector.register(Cache())
    #expect(try filled(by: injector) === restricted)
  }

  @Test("An exact type beats an ancestor match registered later")
  func exactBeatsAncestor() throws {
    let injector = Injector()
    let exact = Cache()
    injector.register(exact)
    injector.register(ImageCache(), includingAncestors: true)
    #expect(try filled(by: injector) === exact)
  }

  @Test("Between equals, the later registration wins")
  func laterWins() throws {
    let injector = Injector()
    let later = ThumbnailCache()
    injector.register(ImageCache(), includingAncestors: true)
    injector.register(later, includingAncestors: true)
    #expect(try filled(by: injector) === later)
  }

  @Test("Registering the same type, target and id again replaces the earlier registration")
  func sameKeyReplaces() throws {
    let injector = Injector()
    let replacement = Cache()
    injector.register(Cache(), for: BaseScreen.self, id: "First")
    injector.register(replacement, for: BaseScreen.self, id: "first")
    #expect(try filled(by: injector) === replacement)
    injector.unregister(Cache.self, for: BaseScreen.self, id: "FIRST")
    #expect(throws: InjectionError.self) { try filled(by: injector) }
  }

  @Test("Unregistering removes one registration and leaves the others")
  func unregisterRemovesOne() throws {
    let injector = Injector()
    let unrestricted = Cache()
    injector.register(unrestricted)
    injector.register(Cache(), for: LeafScreen.self)
    injector.unregister(Cache.self, for: LeafScreen.self)
    #expect(try filled(by: injector) === unrestricted)
  }

  @Test("Unregistering returns whether something was registered under exactly that type, target and id")
  func unregisterReturnsWhetherSomethingWasRemoved() throws {
    let injector = Injector()
    injector.register(Cache(), id: "first")
    #expect(!injector.unregister(Cache.self))
    #expect(!injector.unregister(named: "missing"))
    #expect(injector.unregister(Cache.self, id: "FIRST"))
    #expect(throws: InjectionError.self) { try injector.resolve(Cache.self, id: "first") }
  }

  @Test("Unregistering a name removes it")
  func unregisterName() throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), named: "injectedLogger")
    injector.unregister(named: "injectedLogger")
    #expect(throws: InjectionError.self) { try injector.inject(LoggerScreen()) }
  }
}
