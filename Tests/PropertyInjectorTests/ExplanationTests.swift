import PropertyInjector
import Testing

private class Screen: InjectableSettable {
  var injectedLogger: (any Logger)?
  var injectedCacheFirst: Cache?
  var analytics: Analytics?
  var injectedDatabase: Database?
  var injectedRequestIDs: Provider<RequestID>?
  var injectedClock: Clock?
  class var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedLogger": \Screen.injectedLogger,
      "injectedCacheFirst": \Screen.injectedCacheFirst,
      "analytics": \Screen.analytics,
      "injectedDatabase": \Screen.injectedDatabase,
      "injectedRequestIDs": \Screen.injectedRequestIDs,
      "injectedClock": \Screen.injectedClock,
    ]
  }
}

private final class DetailScreen: Screen {}

private struct Clock: InjectorCreatable {
  init(resolver: Resolver) throws {}
}

@Suite("Explanation")
struct ExplanationTests {
  @Test("explain shows each candidate, what fills it and why, without creating or changing anything")
  func explainGivesReasons() throws {
    let parent = Injector()
    parent.register(ConsoleLogger(), as: (any Logger).self)
    let injector = Injector(parent: parent)
    let calls = Counter()
    injector.register(ImageCache(), includingAncestors: true, for: Screen.self, id: "first")
    injector.register(Cache())
    injector.register(Analytics(), named: "analytics")
    injector.register(RequestID.self) { _ in
      calls.increment()
      return RequestID()
    }
    let screen = DetailScreen()
    let database = Database(number: 1)
    screen.injectedDatabase = database
    let report = injector.explain(screen)

    #expect(calls.value == 0)
    #expect(screen.injectedLogger == nil)
    #expect(report.typeName == "DetailScreen")
    #expect(report.wouldSucceed)
    let byName = Dictionary(uniqueKeysWithValues: report.entries.map { ($0.property, $0) })
    #expect(byName["injectedLogger"]?.reasons == ["exact type", "from the parent injector"])
    #expect(
      byName["injectedCacheFirst"]?.reasons == [
        "its name ends with id \"first\"", "registered for Screen", "ancestor match: an ImageCache is a Cache",
        "preferred over 1 other eligible registration",
      ])
    #expect(byName["analytics"]?.reasons == ["registered under its name \"analytics\""])
    #expect(byName["injectedDatabase"]?.status == .alreadySet)
    #expect(byName["injectedRequestIDs"]?.source?.hasSuffix("again on every get()") == true)
    #expect(byName["injectedRequestIDs"]?.reasons.first == "exact type", "the timing said once, in the source")
    #expect(byName["injectedClock"]?.source == "a new Clock from init(resolver:)")
    #expect(report.description.contains("Screen.injectedDatabase: Database? — already set, left alone"))
  }

  @Test("explain shows what cannot be filled, and why")
  func explainShowsProblems() throws {
    let injector = Injector()
    injector.register(Cache(), id: "second")
    let report = injector.explain(Screen())
    #expect(!report.wouldSucceed)
    let cache = try #require(report.entries.first { $0.property == "injectedCacheFirst" })
    #expect(cache.status == .unresolved)
    #expect(cache.problem?.nearMisses.first?.contains("id \"second\"") == true)
    #expect(report.description.contains("came close"))
    #expect(!report.entries.contains { $0.property == "analytics" }, "no name registration: not a candidate")
  }
}
