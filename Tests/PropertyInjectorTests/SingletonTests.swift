import Dispatch
import PropertyInjector
import Testing

final class Database: Sendable {
  let number: Int
  init(number: Int) { self.number = number }
}

private final class Screen: InjectableSettable {
  var injectedDatabase: Database?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedDatabase": \Screen.injectedDatabase] }
}

@Suite("Lazy singletons")
struct SingletonTests {
  @Test("A singleton is created on first use, not when registered, and reused after")
  func singletonIsCreatedOnFirstUse() throws {
    let injector = Injector()
    let calls = Counter()
    injector.register(Database.self, scope: .singleton) { _ in Database(number: calls.increment()) }
    #expect(calls.value == 0)
    let first = Screen()
    let second = Screen()
    try injector.inject(first)
    try injector.inject(second)
    #expect(calls.value == 1)
    #expect(first.injectedDatabase === second.injectedDatabase)
    #expect(try injector.resolve(Database.self) === first.injectedDatabase)
  }

  @Test("Many threads asking at the same moment get one instance, created once")
  func singletonIsCreatedOnceUnderContention() throws {
    let injector = Injector()
    let calls = Counter()
    injector.register(Database.self, scope: .singleton) { _ in
      let number = calls.increment()
      // Widen the window in which other threads arrive while the first is still creating.
      for _ in 0..<10_000 { _ = calls.value }
      return Database(number: number)
    }
    let seen = Counter()
    let firstNumber = Counter()
    DispatchQueue.concurrentPerform(iterations: 64) { _ in
      do {
        let screen = Screen()
        try injector.inject(screen)
        if screen.injectedDatabase?.number == 1 { seen.increment() }
        if try injector.resolve(Database.self).number == 1 { firstNumber.increment() }
      } catch {
        Issue.record(error)
      }
    }
    #expect(calls.value == 1)
    #expect(seen.value == 64)
    #expect(firstNumber.value == 64)
  }

  @Test("A singleton whose creation failed is not poisoned: the next request tries again")
  func failedSingletonIsRetried() throws {
    let injector = Injector()
    let calls = Counter()
    injector.register(Database.self, scope: .singleton) { _ in
      if calls.increment() == 1 { throw Failure(reason: "disk busy") }
      return Database(number: 2)
    }
    let screen = Screen()
    let error = injectionError { try injector.inject(screen) }
    #expect(error.map(codes) == [.factoryFailed])
    #expect(screen.injectedDatabase == nil)
    try injector.inject(screen)
    #expect(screen.injectedDatabase?.number == 2)
    #expect(calls.value == 2)
  }

  @Test("Unregistering a singleton removes it; registering again starts a new one")
  func unregisterSingleton() throws {
    let injector = Injector()
    injector.register(Database.self, scope: .singleton) { _ in Database(number: 1) }
    let first = try injector.resolve(Database.self)
    injector.unregister(Database.self)
    #expect(throws: InjectionError.self) { try injector.resolve(Database.self) }
    injector.register(Database.self, scope: .singleton) { _ in Database(number: 2) }
    #expect(try injector.resolve(Database.self) !== first)
  }
}
