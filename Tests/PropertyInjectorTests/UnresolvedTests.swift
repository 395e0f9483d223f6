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
}
