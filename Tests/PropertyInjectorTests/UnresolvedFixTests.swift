import PropertyInjector
import Testing

// The fix an unresolved property's error gives: a call to copy that fills it, with the id the
// property needs, and on the main actor for a type registered there.

@MainActor private final class FeedViewModel {}

private final class FeedScreen: InjectableSettable {
  var injectedFeedViewModel: FeedViewModel?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedFeedViewModel": \FeedScreen.injectedFeedViewModel] }
}

private final class TwoCaches: InjectableSettable {
  var injectedCacheFirst: Cache?
  var injectedCacheSecond: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedCacheFirst": \TwoCaches.injectedCacheFirst, "injectedCacheSecond": \TwoCaches.injectedCacheSecond]
  }
}

@Suite("The fix of an unresolved property")
struct UnresolvedFixTests {
  @Test("With nothing registered, it offers an instance, a factory, and a main-actor factory, without an id")
  func nothingRegistered() throws {
    let error = try #require(injectionError { try Injector().inject(FeedScreen()) })
    let fix = try #require(error.problems.first?.fix)
    #expect(fix.contains("`injector.register(value, as: FeedViewModel.self)`"), "\(fix)")
    #expect(fix.contains("`injector.register(FeedViewModel.self) { resolver in ... }`"), "\(fix)")
    #expect(fix.contains("`injector.register(FeedViewModel.self, on: MainActor.self) { resolver in ... }`"), "\(fix)")
    #expect(!fix.contains("id:"), "\(fix)")
  }

  @MainActor
  @Test("A type registered on the main actor for another id gets a main-actor factory with the property's id")
  func mainActorTypeKeepsTheID() throws {
    let injector = Injector()
    injector.register(FeedViewModel.self, id: "other", on: MainActor.self) { _ in FeedViewModel() }
    let error = try #require(injectionError { try injector.inject(FeedScreen()) })
    let fix = try #require(error.problems.first?.fix)
    let call = "`injector.register(FeedViewModel.self, id: \"feedViewModel\", on: MainActor.self) { resolver in ... }`"
    #expect(fix.contains(call), "\(fix)")
    #expect(!fix.contains("register(value"), "no instance is offered for a main-actor type: \(fix)")

    // The fix works.
    injector.register(FeedViewModel.self, id: "feedViewModel", on: MainActor.self) { _ in FeedViewModel() }
    let screen = FeedScreen()
    try injector.inject(screen)
    #expect(screen.injectedFeedViewModel != nil)
  }

  @Test("A type told apart by id gets the id that ends the property's name, and that works")
  func idOfTheProperty() throws {
    let injector = Injector()
    let second = Cache()
    injector.register(second, id: "second")
    let error = try #require(injectionError { try injector.inject(TwoCaches()) })
    #expect(error.problems.map(\.location) == ["TwoCaches.injectedCacheFirst: Cache?"])
    let fix = try #require(error.problems.first?.fix)
    #expect(fix.contains("`injector.register(value, as: Cache.self, id: \"cacheFirst\")`"), "\(fix)")
    #expect(fix.contains("`injector.register(Cache.self, id: \"cacheFirst\") { resolver in ... }`"), "\(fix)")

    let first = Cache()
    injector.register(first, as: Cache.self, id: "cacheFirst")
    let caches = TwoCaches()
    try injector.inject(caches)
    #expect(caches.injectedCacheFirst === first && caches.injectedCacheSecond === second)
  }
}
