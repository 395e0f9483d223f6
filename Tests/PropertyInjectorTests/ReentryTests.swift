import PropertyInjector
import Synchronization
import Testing

// User code the injector runs — callbacks, factories, table getters, deinits — calling back into the injector,
// and creations on two threads that need each other.

/// A value with a number, to tell registrations apart.
private final class ReentryStore: Sendable {
  let number: Int
  init(_ number: Int) { self.number = number }
}

/// Injects another object of its own type from its callback.
private final class SpawningScreen: InjectableSettable, @unchecked Sendable {
  var injectedStore: ReentryStore?
  let spawns: Bool
  weak var injector: Injector?
  var spawned: SpawningScreen?
  var spawnError: (any Error)?
  init(spawns: Bool, injector: Injector) {
    self.spawns = spawns
    self.injector = injector
  }
  func didInjectDependencies() {
    guard spawns, let injector else { return }
    let other = SpawningScreen(spawns: false, injector: injector)
    do { try injector.inject(other) } catch { spawnError = error }
    spawned = other
  }
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedStore": \SpawningScreen.injectedStore] }
}

/// Needs a value of its own type.
private final class SelfNeeding: InjectableSettable, @unchecked Sendable {
  var injectedSame: SelfNeeding?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedSame": \SelfNeeding.injectedSame] }
}

/// The injector the table getter below resolves from.
private let tableGetterInjector = Injector()

/// A table getter that resolves from the injector (user code the injector runs).
private final class ResolvingTable: InjectableSettable {
  var injectedStore: ReentryStore?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    _ = try? tableGetterInjector.resolve(ReentryStore.self)
    return ["injectedStore": \ResolvingTable.injectedStore]
  }
}

/// Calls into its injector from its deinit.
private final class CallsBackOnDeinit: @unchecked Sendable {
  weak var injector: Injector?
  let onDeinit: @Sendable (Injector) -> Void
  init(_ injector: Injector?, onDeinit: @escaping @Sendable (Injector) -> Void) {
    self.injector = injector
    self.onDeinit = onDeinit
  }
  deinit {
    if let injector { onDeinit(injector) }
  }
}

/// One half of a cross-thread cycle.
private final class CycleHalfX: Sendable {}

/// The other half of a cross-thread cycle.
private final class CycleHalfY: Sendable {}

@Suite("Re-entry from user code")
struct ReentryTests {
  @Test("Injecting another object of the same type from the callback succeeds: it is not re-entry of that object")
  func sameTypeFromTheCallback() throws {
    let injector = Injector()
    injector.register(ReentryStore(1))
    let object = SpawningScreen(spawns: true, injector: injector)
    try injector.inject(object)
    #expect(object.spawnError == nil, "\(String(describing: object.spawnError))")
    #expect(object.spawned?.injectedStore?.number == 1)
  }

  @Test("A factory whose value needs another value of its own type is a cycle error, not a stack overflow")
  func selfNeedingFactoryIsACycle() throws {
    let injector = Injector()
    injector.register(SelfNeeding.self) { _ in SelfNeeding() }
    let object = SelfNeeding()
    let error = injectionError { try injector.inject(object) }
    #expect(error?.code == .cycle || error?.code == .tooDeep, "\(String(describing: error))")
    #expect(object.injectedSame == nil)
    #expect(error?.description.contains("SelfNeeding") == true)
    #expect(error?.description.contains("injectedSame") == true)
  }

  @Test("A table getter that resolves from the injector neither deadlocks nor fails")
  func tableGetterResolvingFromTheInjector() {
    tableGetterInjector.register(ReentryStore(3))
    let failed = Counter()
    runConcurrently([
      {
        do {
          let object = ResolvingTable()
          try tableGetterInjector.inject(object)
          if object.injectedStore?.number != 3 { failed.increment() }
        } catch {
          failed.increment()
        }
      }
    ])
    #expect(failed.value == 0)
  }

  @Test("A cached value whose deinit resolves its own registration, released by reset: no deadlock, a new value")
  func deinitResolvingOnReset() {
    let injector = Injector()
    let made = Counter()
    let fromDeinit = Counter()
    injector.register(CallsBackOnDeinit.self, scope: .cached) { [weak injector] _ in
      let number = made.increment()
      return CallsBackOnDeinit(injector) { injector in
        if number == 1, (try? injector.resolve(CallsBackOnDeinit.self)) != nil { fromDeinit.increment() }
      }
    }
    let failures = Counter()
    runConcurrently([
      {
        do {
          _ = try injector.resolve(CallsBackOnDeinit.self)
          try injector.reset(CallsBackOnDeinit.self)
          _ = try injector.resolve(CallsBackOnDeinit.self)
        } catch {
          failures.increment()
        }
      }
    ])
    #expect(failures.value == 0)
    #expect(fromDeinit.value == 1)
    #expect(made.value == 2)
  }

  @Test("An instance whose deinit registers into the injector, released by its replacement: no deadlock")
  func deinitRegisteringOnReplacement() {
    let injector = Injector()
    runConcurrently([
      {
        injector.register(CallsBackOnDeinit(injector) { injector in injector.register(ReentryStore(9)) })
        injector.register(CallsBackOnDeinit(injector) { _ in })
      }
    ])
    #expect((try? injector.resolve(ReentryStore.self))?.number == 9)
  }

  @Test("A cached factory that resets its own registration while making: its call gets the value, the next a new one")
  func cachedFactoryResettingItself() throws {
    let injector = Injector()
    let made = Counter()
    injector.register(ReentryStore.self, scope: .cached) { resolver in
      let number = made.increment()
      if number == 1 { try resolver.injector?.reset(ReentryStore.self) }
      return ReentryStore(number)
    }
    let first = try injector.resolve(ReentryStore.self)
    let second = try injector.resolve(ReentryStore.self)
    let third = try injector.resolve(ReentryStore.self)
    #expect(first.number == 1)
    #expect(second.number == 2, "the first was not kept")
    #expect(third === second)
  }

  @Test(
    "Two threads each creating a weak or cached value that needs the other's: a cycle error, never a hang",
    arguments: [Scope.weak, Scope.cached])
  func crossThreadCycle(scope: Scope) {
    let injector = Injector()
    let gate = Rendezvous(parties: 2)
    injector.register(CycleHalfX.self, scope: scope) { resolver in
      gate.arriveAndWait()
      _ = try resolver.resolve(CycleHalfY.self)
      return CycleHalfX()
    }
    injector.register(CycleHalfY.self, scope: scope) { resolver in
      gate.arriveAndWait()
      _ = try resolver.resolve(CycleHalfX.self)
      return CycleHalfY()
    }
    let seen = Mutex<[InjectionError.Code?]>([])
    runConcurrently([
      {
        do { _ = try injector.resolve(CycleHalfX.self) } catch {
          seen.withLock { $0.append(InjectionError(error)?.code) }
        }
      },
      {
        do { _ = try injector.resolve(CycleHalfY.self) } catch {
          seen.withLock { $0.append(InjectionError(error)?.code) }
        }
      },
    ])
    let codes = seen.withLock { $0 }
    #expect(!codes.isEmpty, "both creations succeeded although each needs the other")
    #expect(codes.allSatisfy { $0 == .cycle }, "\(codes)")
  }
}
