import Dispatch
import PropertyInjector
import Testing

private final class Feed: InjectableSettable {
  var injectedDatabase: Lazy<Database>?
  var injectedLogger: (any Logger)?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedDatabase": \Feed.injectedDatabase, "injectedLogger": \Feed.injectedLogger]
  }
}

/// A Feed injected by an injector whose Database factory counts its calls (none yet). The
/// caller keeps the injector: a Lazy holds it weakly.
private func feedWithCountingDatabase() throws -> (Injector, Counter, Feed) {
  let injector = Injector()
  let calls = Counter()
  injector.register(Database.self) { _ in Database(number: calls.increment()) }
  injector.register(ConsoleLogger(), as: (any Logger).self)
  let feed = Feed()
  try injector.inject(feed)
  return (injector, calls, feed)
}

@Suite("Lazy")
struct LazyTests {
  @Test("Injecting a Lazy checks the value can be resolved, but creates nothing until .value")
  func creationWaitsForFirstUse() throws {
    let (injector, calls, feed) = try feedWithCountingDatabase()
    #expect(calls.value == 0)
    let lazy = try #require(feed.injectedDatabase)
    let first = try lazy.value
    #expect(calls.value == 1)
    #expect(try lazy.value === first, "kept after the first read, even from a transient factory")
    #expect(calls.value == 1)
    withExtendedLifetime(injector) {}
  }

  @Test("A Lazy of something that cannot be resolved fails the injection, all or nothing")
  func unresolvableLazyFailsTheInjection() throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let feed = Feed()
    let error = injectionError { try injector.inject(feed) }
    #expect(error.map(codes) == [.unresolved])
    #expect(error?.problems.first?.property == "injectedDatabase")
    #expect(feed.injectedLogger == nil)
  }

  @Test("Reading a Lazy from many threads at once creates the value once")
  func concurrentReadsCreateOnce() throws {
    let (injector, calls, feed) = try feedWithCountingDatabase()
    let lazy = try #require(feed.injectedDatabase)
    let numbers = Locked2<Set<Int>>([])
    DispatchQueue.concurrentPerform(iterations: 32) { _ in
      let number = (try? lazy.value.number) ?? -1
      numbers.mutate { $0.insert(number) }
    }
    #expect(calls.value == 1)
    #expect(numbers.value == [1])
    withExtendedLifetime(injector) {}
  }

  @Test("A Lazy whose creation failed tries again on the next read")
  func failedCreationIsRetried() throws {
    let injector = Injector()
    let calls = Counter()
    injector.register(Database.self) { _ in
      if calls.increment() == 1 { throw Failure(reason: "offline") }
      return Database(number: 2)
    }
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let feed = Feed()
    try injector.inject(feed)
    let lazy = try #require(feed.injectedDatabase)
    #expect(injectionErrorCode { _ = try lazy.value } == .factoryFailed)
    #expect(try lazy.value.number == 2)
  }

  @Test("A Lazy read after its injector is released throws injectorReleased")
  func lazyOutlivingItsInjector() throws {
    let feed = Feed()
    do {
      let injector = Injector()
      injector.register(Database.self) { _ in Database(number: 1) }
      injector.register(ConsoleLogger(), as: (any Logger).self)
      try injector.inject(feed)
    }
    let lazy = try #require(feed.injectedDatabase)
    #expect(injectionErrorCode { _ = try lazy.value } == .injectorReleased)
  }

  @Test("A Lazy can be made directly, for tests")
  func lazyMadeDirectly() throws {
    let lazy = Lazy { Database(number: 7) }
    #expect(try lazy.value.number == 7)
  }
}
