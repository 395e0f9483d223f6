import Dispatch
import PropertyInjector
import Testing

/// A service written before Swift 6: not `Sendable`, but it locks inside, so sharing it is safe.
private final class LegacyDatabase {
  let label: String
  private let lock = NSLockLike()
  private var queries = 0

  init(_ label: String = "main") { self.label = label }

  func query() { lock.withLock { queries += 1 } }
  var queryCount: Int { lock.withLock { queries } }
}

private final class ReportScreen: InjectableSettable {
  var injectedDatabase: LegacyDatabase?
  var injectedDatabaseArchive: LegacyDatabase?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedDatabase": \ReportScreen.injectedDatabase,
      "injectedDatabaseArchive": \ReportScreen.injectedDatabaseArchive,
    ]
  }
}

private final class NamedScreen: InjectableSettable {
  var database: LegacyDatabase?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["database": \NamedScreen.database] }
}

/// Resolves a `LegacyDatabase` on `threads` threads at once; returns how many distinct instances they got.
private func distinctInstances(from injector: Injector, threads: Int) -> Int {
  let seen = NSLockLike()
  nonisolated(unsafe) var identities: Set<ObjectIdentifier> = []
  DispatchQueue.concurrentPerform(iterations: threads) { _ in
    let database = try? injector.resolve(LegacyDatabase.self)
    database?.query()
    seen.withLock { _ = database.map { identities.insert(ObjectIdentifier($0)) } }
  }
  return seen.withLock { identities.count }
}

@Suite("Singletons of types that are not Sendable")
struct UncheckedSingletonTests {
  @Test("register(unchecked:scope:) makes a singleton of a non-Sendable type exactly once, shared by every thread")
  func madeOnceSharedEverywhere() throws {
    let injector = Injector()
    let calls = Counter()
    injector.register(unchecked: LegacyDatabase.self, scope: .singleton) { _ in
      calls.increment()
      return LegacyDatabase()
    }
    let distinct = distinctInstances(from: injector, threads: 16)
    let screen = ReportScreen()
    try injector.inject(screen)
    #expect(distinct == 1)
    #expect(calls.value == 1)
    #expect(screen.injectedDatabase === screen.injectedDatabaseArchive)
    #expect(screen.injectedDatabase?.queryCount == 16)
  }

  @Test("The for: and id: conditions apply to an unchecked singleton, and the longer id wins")
  func targetAndID() throws {
    let injector = Injector()
    injector.register(unchecked: LegacyDatabase.self, scope: .singleton, for: ReportScreen.self) { _ in
      LegacyDatabase("main")
    }
    injector.register(unchecked: LegacyDatabase.self, scope: .singleton, for: ReportScreen.self, id: "archive") {
      _ in LegacyDatabase("archive")
    }
    let screen = ReportScreen()
    try injector.inject(screen)
    #expect(screen.injectedDatabase?.label == "main")
    #expect(screen.injectedDatabaseArchive?.label == "archive")
    #expect(throws: InjectionError.self) { try injector.resolve(LegacyDatabase.self) }
  }

  @Test("With scope .transient, an unchecked registration makes a new value for every property")
  func transient() throws {
    let injector = Injector()
    injector.register(unchecked: LegacyDatabase.self, scope: .transient) { _ in LegacyDatabase() }
    let screen = ReportScreen()
    try injector.inject(screen)
    #expect(screen.injectedDatabase != nil)
    #expect(screen.injectedDatabase !== screen.injectedDatabaseArchive)
  }

  @Test("register(unchecked:named:scope:) fills the property with that name with one shared value")
  func named() throws {
    let injector = Injector()
    let calls = Counter()
    injector.register(unchecked: LegacyDatabase.self, named: "database", scope: .singleton) { _ in
      calls.increment()
      return LegacyDatabase()
    }
    let first = NamedScreen()
    let second = NamedScreen()
    try injector.inject(first)
    try injector.inject(second)
    #expect(first.database != nil)
    #expect(first.database === second.database)
    #expect(calls.value == 1)
  }

  @Test("A failing unchecked singleton is not remembered: the next request makes it")
  func failureIsNotRemembered() throws {
    let injector = Injector()
    let calls = Counter()
    injector.register(unchecked: LegacyDatabase.self, scope: .singleton) { _ in
      if calls.increment() == 1 { throw Failure(reason: "offline") }
      return LegacyDatabase()
    }
    let error = injectionError { _ = try injector.resolve(LegacyDatabase.self) }
    let database = try injector.resolve(LegacyDatabase.self)
    #expect(error?.code == .factoryFailed)
    #expect(try injector.resolve(LegacyDatabase.self) === database)
    #expect(calls.value == 2)
  }
}
