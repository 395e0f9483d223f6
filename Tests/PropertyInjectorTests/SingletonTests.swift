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

/// A made singleton beside a factory that may fail, and a `weak` one the cell keeps.
private final class ReportScreen: InjectableSettable {
  var injectedDatabase: Database?
  var injectedReportID: ReportID?
  weak var injectedArchive: Database?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedDatabase": \ReportScreen.injectedDatabase, "injectedReportID": \ReportScreen.injectedReportID,
      "injectedArchive": \ReportScreen.injectedArchive,
    ]
  }
}

/// Two singletons and a registered instance, and a count of the callbacks.
private final class SettingsScreen: InjectableSettable {
  var injectedDatabase: Database?
  var injectedArchive: Database?
  var injectedReportID: ReportID?
  var callbacks = 0
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedDatabase": \SettingsScreen.injectedDatabase, "injectedArchive": \SettingsScreen.injectedArchive,
      "injectedReportID": \SettingsScreen.injectedReportID,
    ]
  }
  func didInjectDependencies() { callbacks += 1 }
}

private final class ReportID: Sendable {}
private struct ReportIDUnavailable: Error {}

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

  @Test("A singleton factory that waits for another thread needing the same singleton ends in timedOut, never hangs")
  func crossThreadWaitTimesOut() throws {
    let injector = Injector(creationWaitLimit: .milliseconds(200))
    let otherThread = Locked2<InjectionError.Code?>(nil)
    injector.register(Database.self, scope: .singleton) { resolver in
      // The other thread needs the singleton this factory is making, and this factory waits for it.
      runConcurrently([
        { otherThread.mutate { $0 = injectionErrorCode { _ = try resolver.resolve(Database.self) } } }
      ])
      return Database(number: 1)
    }
    let started = DispatchTime.now()
    #expect(try injector.resolve(Database.self).number == 1)
    #expect(otherThread.value == .timedOut)
    #expect(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds < 10_000_000_000)
  }

  @Test(
    "A creation wait limit reads back exactly as given, and a negative one as zero",
    arguments: [Duration.microseconds(1500), .seconds(Int64.max), .seconds(-3), .zero])
  func waitLimitsReadBackAsGiven(limit: Duration) {
    let injector = Injector(creationWaitLimit: limit)
    #expect(injector.creationWaitLimit == max(.zero, limit))
  }

  @Test("A thread with a wait limit longer than any wait waits for the singleton another thread makes")
  func longestWaitLimitWaits() throws {
    let injector = Injector(creationWaitLimit: .seconds(Int64.max))
    let making = DispatchSemaphore(value: 0)
    injector.register(Database.self, scope: .singleton) { _ in
      making.signal()
      _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(50))
      return Database(number: 1)
    }
    let made = Locked2<[Database]>([])
    runConcurrently([
      { made.mutate { $0 += [try? injector.resolve(Database.self)].compactMap { $0 } } },
      {
        making.wait()
        made.mutate { $0 += [try? injector.resolve(Database.self)].compactMap { $0 } }
      },
    ])
    #expect(made.value.count == 2)
    #expect(made.value.first === made.value.last)
  }

  @Test("A child's creationWaitLimit bounds its wait for its parent's singleton that another thread is creating")
  func childWaitLimitHoldsForParentSingleton() throws {
    let parent = Injector(creationWaitLimit: .seconds(3))
    let child = Injector(parent: parent, creationWaitLimit: .milliseconds(50))
    let outcome = Locked2<(code: InjectionError.Code?, waited: Duration)?>(nil)
    // Weakly: the child keeps its parent, which keeps this factory.
    parent.register(Database.self, scope: .singleton) { [weak child] _ in
      let asking = child
      runConcurrently([
        {
          var code: InjectionError.Code?
          let waited = ContinuousClock().measure {
            do { _ = try asking?.resolve(Database.self) } catch { code = (error as? InjectionError)?.code }
          }
          outcome.mutate { $0 = (code, waited) }
        }
      ])
      return Database(number: 1)
    }
    _ = try parent.resolve(Database.self)
    let (code, waited) = try #require(outcome.value)
    #expect(code == .timedOut)
    #expect(waited < .seconds(2), "the child's 50 ms, not the parent's 3 s")
  }

  @Test("The timedOut error names the singleton, and says what may be blocking")
  func timedOutErrorExplains() throws {
    let injector = Injector(creationWaitLimit: .milliseconds(50))
    let message = Locked2<String?>(nil)
    injector.register(Database.self, scope: .singleton) { resolver in
      runConcurrently([
        {
          do { _ = try resolver.resolve(Database.self) } catch { message.mutate { $0 = "\(error)" } }
        }
      ])
      return Database(number: 1)
    }
    _ = try injector.resolve(Database.self)
    let text = try #require(message.value)
    #expect(text.contains("Database (singleton)") && text.contains("creationWaitLimit"))
  }

  @Test("A made singleton is written last like any value: a failure after it leaves the object unchanged")
  func madeSingletonIsWrittenOnlyWhenAllSucceed() throws {
    let injector = Injector()
    injector.register(Database.self, scope: .singleton) { _ in Database(number: 1) }
    injector.register(Database.self, scope: .singleton, id: "archive") { _ in Database(number: 2) }
    let failing = Locked2(true)
    injector.register(ReportID.self) { _ in
      if failing.value { throw ReportIDUnavailable() }
      return ReportID()
    }
    let made = try injector.resolve(Database.self)
    let archive = try injector.resolve(Database.self, for: ReportScreen.self, id: "archive")
    let screen = ReportScreen()
    #expect(throws: InjectionError.self) { try injector.inject(screen) }
    #expect(screen.injectedDatabase == nil)
    #expect(screen.injectedArchive == nil)
    failing.mutate { $0 = false }
    try injector.inject(screen)
    #expect(screen.injectedDatabase === made)
    #expect(screen.injectedArchive === archive, "a weak property holds a made singleton: its cell keeps it")
    #expect(screen.injectedReportID != nil)
  }

  @Test("A made singleton fills only a nil property, and a replaced registration's new singleton is used at once")
  func madeSingletonFillsOnlyNilAndFollowsReplacement() throws {
    let injector = Injector()
    injector.register(Database.self, scope: .singleton) { _ in Database(number: 1) }
    injector.register(ReportID.self) { _ in ReportID() }
    injector.register(Database.self, scope: .singleton, id: "archive") { _ in Database(number: 2) }
    let first = ReportScreen()
    try injector.inject(first)
    let own = Database(number: 9)
    let second = ReportScreen()
    second.injectedDatabase = own
    try injector.inject(second)
    #expect(second.injectedDatabase === own)
    injector.register(Database.self, scope: .singleton) { _ in Database(number: 3) }
    let third = ReportScreen()
    try injector.inject(third)
    #expect(third.injectedDatabase?.number == 3)
    #expect(third.injectedDatabase !== first.injectedDatabase)
  }

  @Test("Once every singleton of a plan is made, they and the registered instances fill only nil properties")
  func madeSingletonsAndInstancesFillOnlyNil() throws {
    let injector = Injector()
    injector.register(Database.self, scope: .singleton) { _ in Database(number: 1) }
    injector.register(Database.self, scope: .singleton, id: "archive") { _ in Database(number: 2) }
    let reportID = ReportID()
    injector.register(reportID)
    try injector.inject(SettingsScreen())  // makes both singletons
    let own = Database(number: 9)
    let screen = SettingsScreen()
    screen.injectedArchive = own
    try injector.inject(screen)
    #expect(screen.injectedDatabase?.number == 1)
    #expect(screen.injectedArchive === own)
    #expect(screen.injectedReportID === reportID)
    #expect(screen.callbacks == 1)
    try injector.inject(screen)
    #expect(screen.callbacks == 1, "nothing was nil, so nothing was written and the callback did not run")
  }

  @Test("While one singleton of a plan is not made, a failure to make it leaves the made one unwritten")
  func unmadeSingletonKeepsAllOrNothing() throws {
    let injector = Injector()
    injector.register(Database.self, scope: .singleton) { _ in Database(number: 1) }
    let failing = Locked2(true)
    injector.register(Database.self, scope: .singleton, id: "archive") { _ in
      if failing.value { throw ReportIDUnavailable() }
      return Database(number: 2)
    }
    injector.register(ReportID())
    let made = try injector.resolve(Database.self)
    let screen = SettingsScreen()
    #expect(throws: InjectionError.self) { try injector.inject(screen) }
    #expect(screen.injectedDatabase == nil)
    #expect(screen.injectedReportID == nil)
    #expect(screen.callbacks == 0)
    failing.mutate { $0 = false }
    try injector.inject(screen)
    #expect(screen.injectedDatabase === made)
    #expect(screen.injectedArchive?.number == 2)
  }

  @Test("Threads injecting while the singletons are first made each get the one pair, every object filled whole")
  func threadsWhileSingletonsAreMade() throws {
    let injector = Injector()
    let calls = Counter()
    injector.register(Database.self, scope: .singleton) { _ in
      calls.increment()
      return Database(number: 1)
    }
    injector.register(Database.self, scope: .singleton, id: "archive") { _ in
      calls.increment()
      return Database(number: 2)
    }
    let reportID = ReportID()
    injector.register(reportID)
    let whole = Counter()
    DispatchQueue.concurrentPerform(iterations: 2_000) { _ in
      if injectsWhole(through: injector, reportID: reportID) { whole.increment() }
    }
    #expect(calls.value == 2)
    #expect(whole.value == 2_000)
    let database = try injector.resolve(Database.self)
    let screen = SettingsScreen()
    try injector.inject(screen)
    #expect(screen.injectedDatabase === database)
  }

  @Test("Once made, singletons and instances written on many threads fill only nil properties, callback once each")
  func madeSingletonsOnManyThreadsFillOnlyNil() throws {
    let injector = Injector()
    injector.register(Database.self, scope: .singleton) { _ in Database(number: 1) }
    injector.register(Database.self, scope: .singleton, id: "archive") { _ in Database(number: 2) }
    let reportID = ReportID()
    injector.register(reportID)
    try injector.inject(SettingsScreen())  // makes both singletons: every injection below writes without making
    let (database, archive) = (try injector.resolve(Database.self), try injector.resolve(Database.self, id: "archive"))
    let own = Database(number: 9)
    let whole = Counter()
    DispatchQueue.concurrentPerform(iterations: 4_000) { index in
      let screen = SettingsScreen()
      if index.isMultiple(of: 2) { screen.injectedArchive = own }
      do {
        try injector.inject(screen)
        try injector.inject(screen)  // nothing nil: nothing written, no second callback
      } catch {
        Issue.record(error)
        return
      }
      let expectedArchive = index.isMultiple(of: 2) ? own : archive
      if screen.injectedDatabase === database && screen.injectedArchive === expectedArchive
        && screen.injectedReportID === reportID && screen.callbacks == 1
      {
        whole.increment()
      }
    }
    #expect(whole.value == 4_000)
  }

  @Test("Plans dropped while threads write made singletons through them leave every object filled whole")
  func plansDroppedDuringMadeWrites() throws {
    // A cached injection of made singletons refers to the plan's steps without retaining them:
    // the plan it runs must keep them alive while registrations change and drop plans (run
    // under the address sanitizer in CI, which reports a step freed while in use).
    let injector = Injector()
    injector.register(Database.self, scope: .singleton) { _ in Database(number: 1) }
    injector.register(Database.self, scope: .singleton, id: "archive") { _ in Database(number: 2) }
    let reportID = ReportID()
    injector.register(reportID)
    try injector.inject(SettingsScreen())
    let whole = Counter()
    DispatchQueue.concurrentPerform(iterations: 4_000) { index in
      if index.isMultiple(of: 8) {
        // Each registration changes the registry, and every plan built before it is dropped.
        injector.register(Database(number: 3), named: "unrelated\(index % 3)")
        return
      }
      if injectsWhole(through: injector, reportID: reportID) { whole.increment() }
    }
    #expect(whole.value == 3_500)
  }

  /// Injects a new screen; whether it got both singletons (1 and 2), `reportID` and one callback.
  private func injectsWhole(through injector: Injector, reportID: ReportID) -> Bool {
    do {
      let screen = SettingsScreen()
      try injector.inject(screen)
      return screen.injectedDatabase?.number == 1 && screen.injectedArchive?.number == 2
        && screen.injectedReportID === reportID && screen.callbacks == 1
    } catch {
      Issue.record(error)
      return false
    }
  }
}
