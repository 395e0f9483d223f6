import PropertyInjector
import Testing

private final class Feed: InjectableSettable {
  var injectedRequestIDs: Provider<RequestID>?
  var injectedDatabasePrimary: Provider<Database>?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedRequestIDs": \Feed.injectedRequestIDs, "injectedDatabasePrimary": \Feed.injectedDatabasePrimary]
  }
}

/// A `Feed` injected by an injector with a transient `RequestID` and the primary `Database`.
private func injectedFeed() throws -> (Injector, Feed) {
  let injector = Injector()
  injector.register(RequestID.self) { _ in RequestID() }
  injector.register(Database(number: 1), id: "primary")
  let feed = Feed()
  try injector.inject(feed)
  return (injector, feed)
}

@Suite("Provider")
struct ProviderTests {
  @Test("get() asks the injector every time: a transient factory makes a new value each time")
  func providerResolvesOnEveryGet() throws {
    let (injector, feed) = try injectedFeed()
    let provider = try #require(feed.injectedRequestIDs)
    let (first, second) = (try provider.get(), try provider.get())
    #expect(first !== second)
    withExtendedLifetime(injector) {}
  }

  @Test("get() sees a replaced registration at once, resolving with the property's id")
  func providerSeesReplacements() throws {
    let (injector, feed) = try injectedFeed()
    let provider = try #require(feed.injectedDatabasePrimary)
    #expect(try provider.get().number == 1)
    injector.register(Database(number: 2), id: "primary")
    #expect(try provider.get().number == 2)
  }

  @Test("A Provider of something that cannot be resolved fails the injection")
  func unresolvableProviderFailsTheInjection() throws {
    let injector = Injector()
    injector.register(RequestID.self) { _ in RequestID() }
    injector.register(Database(number: 1), id: "secondary")
    let feed = Feed()
    let error = injectionError { try injector.inject(feed) }
    #expect(error?.problems.map(\.property) == ["injectedDatabasePrimary"])
    #expect(feed.injectedRequestIDs == nil)
  }

  @Test("A get() that no longer resolves says so, with the property, and no fix about setting the property")
  func laterReadThatNoLongerResolves() throws {
    let (injector, feed) = try injectedFeed()
    let provider = try #require(feed.injectedDatabasePrimary)
    injector.unregister(Database.self, id: "primary")
    let error = injectionError { _ = try provider.get() }
    #expect(error.map(codes) == [.unresolved])
    let problem = try #require(error?.problems.first)
    #expect(problem.property == "injectedDatabasePrimary", "the property the handle was made for")
    #expect(
      problem.summary.hasPrefix("Provider<Database>.get() found nothing registered that fills a Database any more"))
    #expect(!problem.fix.contains("set the property"), "the property holds the handle: there is nothing to set")
    #expect(problem.fix.contains("keep it registered"))
    // Fixed as it says: registered again, the same handle resolves.
    injector.register(Database(number: 2), id: "primary")
    #expect(try provider.get().number == 2)
  }

  @Test("A Provider can be made directly, for tests")
  func providerMadeDirectly() throws {
    let provider = Provider { Database(number: 3) }
    #expect(try provider.get().number == 3)
  }
}
