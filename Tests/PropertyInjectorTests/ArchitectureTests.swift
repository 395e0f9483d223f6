import Dispatch
import Testing

@testable import PropertyInjector

// The invariants of the core's one-way data flow: registration → snapshot → plan → execution.

private final class Everything: InjectableSettable {
  var injectedDatabase: Database?
  var injectedRequestID: RequestID?
  var injectedLogger: (any Logger)?
  var injectedLazyDatabase: Lazy<Database>?
  var injectedRequestIDs: Provider<RequestID>?
  var injectedAssistant: Assistant?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedDatabase": \Everything.injectedDatabase, "injectedRequestID": \Everything.injectedRequestID,
      "injectedLogger": \Everything.injectedLogger, "injectedLazyDatabase": \Everything.injectedLazyDatabase,
      "injectedRequestIDs": \Everything.injectedRequestIDs, "injectedAssistant": \Everything.injectedAssistant,
    ]
  }
}

/// A value whose `deinit` uses the injector that held it: run under a lock, it would deadlock.
private final class Reentering: Sendable {
  static let deinits = Counter()
  let injector: Injector
  init(_ injector: Injector) { self.injector = injector }
  deinit {
    Self.deinits.increment()
    _ = try? injector.resolve(Database.self)
    injector.register(Database(number: 9))
    _ = injector.explain(Everything())
  }
}

@Suite("Architecture", .serialized)
struct ArchitectureTests {
  @Test("A plan never changes after it is built: injecting with every kind of producer reuses it")
  func plansAreNeverRebuiltByInjecting() throws {
    let injector = Injector()
    injector.register(Database.self, scope: .singleton) { _ in Database(number: 1) }
    injector.register(RequestID.self) { _ in RequestID() }
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let first = Everything()
    try injector.inject(first)
    let plan = try injector.plan(for: first)
    for _ in 0..<3 { try injector.inject(Everything()) }
    #expect(try injector.plan(for: Everything()) === plan, "singletons made, factories run, handles made: same plan")
    #expect(plan.program.steps.count == 6)
  }

  @Test("A registration change, here or in a parent, is the only thing that replaces a plan")
  func onlyRegistrationChangesReplacePlans() throws {
    let parent = Injector()
    let child = Injector(parent: parent)
    parent.register(Database.self, scope: .singleton) { _ in Database(number: 1) }
    parent.register(RequestID.self) { _ in RequestID() }
    parent.register(ConsoleLogger(), as: (any Logger).self)
    try child.inject(Everything())
    // The plan `inject` runs (in a child, one its siblings share).
    let plan = try child.injectionPlan(for: Everything()).plan
    parent.register(Cache())
    let rebuilt = try child.injectionPlan(for: Everything()).plan
    #expect(rebuilt !== plan)
    #expect(try child.injectionPlan(for: Everything()).plan === rebuilt)
  }

  @Test("inject and resolve ask the same rules: a Lazy property and resolve(Lazy<T>) agree")
  func injectAndResolveAgreeOnDeferredTypes() throws {
    let injector = Injector()
    let database = Database(number: 1)
    injector.register(database)
    let lazy = try injector.resolve(Lazy<Database>.self)
    #expect(try lazy.value === database)
    let provider = try injector.resolve(Provider<Database>.self, for: Everything.self, id: "injectedRequestIDs")
    #expect(try provider.get() === database)
  }

  @Test("No user code runs under a lock: a replaced value whose deinit uses the injector")
  func replacedValueDeinitUsesTheInjector() {
    let before = Reentering.deinits.value
    runConcurrently([
      {
        let injector = Injector()
        injector.register(Reentering(injector), named: "reentering")
        injector.register(Cache(), named: "reentering")
      }
    ])
    #expect(Reentering.deinits.value == before + 1, "the deinit ran")
  }

  @Test("No user code runs under a lock: an unregistered value whose deinit uses the injector")
  func unregisteredValueDeinitUsesTheInjector() {
    let before = Reentering.deinits.value
    runConcurrently([
      {
        let injector = Injector()
        injector.register(Reentering(injector))
        _ = try? injector.resolve(Reentering.self)
        try? injector.inject(Everything())
        injector.unregister(Reentering.self)
      }
    ])
    #expect(Reentering.deinits.value == before + 1, "the deinit ran")
  }

  @Test("No user code runs under a lock: a parent's change drops a child's cached value, whose deinit uses it")
  func droppedChildCacheDeinitUsesTheInjector() {
    let before = Reentering.deinits.value
    runConcurrently([
      {
        let parent = Injector()
        let child = Injector(parent: parent)
        parent.register(Reentering(child))
        _ = try? child.resolve(Reentering.self)
        parent.unregister(Reentering.self)
      }
    ])
    #expect(Reentering.deinits.value == before + 1, "the deinit ran")
  }

  @Test("A failed configure drops what it registered outside the lock, whatever their deinit does")
  func failedConfigureReleasesOutsideTheLock() {
    let before = Reentering.deinits.value
    runConcurrently([
      {
        let injector = Injector()
        _ = try? injector.configure { injector in
          injector.register(Reentering(injector))
          throw Failure(reason: "stop")
        }
      }
    ])
    #expect(Reentering.deinits.value == before + 1, "the deinit ran")
  }
}
