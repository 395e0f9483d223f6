import PropertyInjector
import Testing

private final class Screen: InjectableSettable {
  var injectedLogger: (any Logger)?
  var injectedCache: Cache?
  var injectedImage: ImageCache?
  var injectedAnalytics: Analytics?
  var injections = 0
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedLogger": \Screen.injectedLogger,
      "injectedCache": \Screen.injectedCache,
      "injectedImage": \Screen.injectedImage,
      "injectedAnalytics": \Screen.injectedAnalytics,
    ]
  }
  func didInjectDependencies() { injections += 1 }
}

private final class Elsewhere {}

@Suite("Unresolved candidates")
struct UnresolvedTests {
  @Test("One error lists every unresolved property, with its owner type and declared type")
  func everyUnresolvedPropertyIsListed() throws {
    let injector = Injector()
    injector.register(Analytics())
    let error = injectionError { try injector.inject(Screen()) }
    let problems = try #require(error?.problems)
    #expect(problems.map(\.code) == [.unresolved, .unresolved, .unresolved])
    #expect(problems.map(\.property) == ["injectedLogger", "injectedCache", "injectedImage"])
    #expect(problems.map(\.typeName) == ["Screen", "Screen", "Screen"])
    #expect(problems.map(\.declaredType) == ["(any Logger)?", "Cache?", "ImageCache?"])
    #expect(error?.description.contains("Screen.injectedCache: Cache?") == true)
  }

  @Test("Injection is all or nothing: when it throws, no property has changed and no callback ran")
  func nothingIsHalfInjected() throws {
    let injector = Injector()
    injector.register(Analytics())
    injector.register(Cache())
    injector.register(ImageCache())
    let screen = Screen()
    #expect(throws: InjectionError.self) { try injector.inject(screen) }
    #expect(screen.injectedAnalytics == nil)
    #expect(screen.injectedCache == nil)
    #expect(screen.injectedImage == nil)
    #expect(screen.injections == 0)
  }

  @Test("The error says what came close and why it was passed over")
  func nearMissesAreExplained() throws {
    let injector = Injector()
    injector.register(ConsoleLogger())
    injector.register(Cache(), for: Elsewhere.self)
    injector.register(ImageCache(), id: "thumbnail")
    injector.register(Analytics())
    let error = injectionError { try injector.inject(Screen()) }
    let problems = try #require(error?.problems)
    #expect(problems[0].nearMisses.contains { $0.contains("without includingAncestors") })
    #expect(problems[1].nearMisses.contains { $0.contains("only for Elsewhere") })
    #expect(problems[2].nearMisses.contains { $0.contains("id \"thumbnail\"") })
    #expect(problems.allSatisfy { !$0.fix.isEmpty })
  }

  @Test("An unresolved property or resolve, with near misses or without, is described word for word")
  func unresolvedTextsArePinned() throws {
    let register =
      "a Cache: an instance (`injector.register(value, as: Cache.self)`), or a factory "
      + "(`injector.register(Cache.self) { resolver in ... }`; for a main-actor type, "
      + "`injector.register(Cache.self, on: MainActor.self) { resolver in ... }`)"
    let change = "  Fix: Change one of the registrations above so it is eligible, or register \(register)."
    let bare = Injector()
    bare.register(ConsoleLogger(), as: (any Logger).self)
    bare.register(Analytics())
    bare.register(ImageCache())
    let property = injectionError { try bare.inject(Screen()) }
    #expect(
      property?.problems.map(\.description) == [
        "Screen.injectedCache: Cache? [unresolved]: it is nil, and nothing registered fills it.\n"
          + "  Came close: ImageCache: registered as ImageCache without includingAncestors, so it fills only "
          + "ImageCache properties.\n" + change
      ])
    let empty = Injector()
    empty.register(ConsoleLogger(), as: (any Logger).self)
    empty.register(Analytics())
    let withoutMisses = injectionError { try empty.inject(Screen()) }
    #expect(
      withoutMisses?.problems.first?.description
        == "Screen.injectedCache: Cache? [unresolved]: it is nil, and nothing registered fills it.\n"
        + "  Fix: Register \(register); or set the property before injecting.")
    let resolved = injectionError { _ = try Injector().resolve(Cache.self) }
    #expect(
      resolved?.problems.map(\.description) == [
        "Cache [unresolved]: nothing registered fills a Cache here.\n  Fix: Register \(register)."
      ])
    let nearby = Injector()
    nearby.register(Cache(), id: "first")
    let resolvedNearby = injectionError { _ = try nearby.resolve(Cache.self) }
    #expect(
      resolvedNearby?.problems.map(\.description) == [
        "Cache [unresolved]: nothing registered fills a Cache here.\n"
          + "  Came close: Cache (id \"first\"): has an id, and resolve without an id sees only registrations "
          + "without one.\n" + change
      ])
    let optional = injectionError { _ = try resolveGenerically(Cache?.self, in: Injector()) }
    #expect(
      optional?.problems.map(\.description) == [
        "Cache? [unresolved]: Cache? is optional, and optionals are never registered: nothing can fill it.\n"
          + "  Fix: Ask for the unwrapped type: resolve(Cache.self)."
      ])
  }
}

/// Resolves through generic code, where the compiler cannot see that `Value` is optional (so no deprecation warning).
private func resolveGenerically<Value>(_ type: Value.Type, in injector: Injector) throws -> Value {
  try injector.resolve(type)
}
