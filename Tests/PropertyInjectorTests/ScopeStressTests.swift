import PropertyInjector
import Synchronization
import Testing

// Weak, cached and graph scopes keyed by id, target and name, in child injectors, and under threads: resets,
// registrations and first injections racing the injections of others.

/// A value with a number, to tell registrations apart.
private final class ScopedStore: Sendable {
  let number: Int
  init(_ number: Int) { self.number = number }
}

/// Stamped with the number of resets started when its factory started.
private final class StampedSession: Sendable {
  let stamp: Int
  init(stamp: Int) { self.stamp = stamp }
}

/// A value registered per target.
private final class TaggedRequestID: Sendable {
  let value: String
  init(_ value: String) { self.value = value }
}

/// Two candidates of one type.
private final class TwoStores: InjectableSettable {
  var injectedFirst: ScopedStore?
  var injectedSecond: ScopedStore?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedFirst": \TwoStores.injectedFirst, "injectedSecond": \TwoStores.injectedSecond]
  }
}

/// Two session candidates, which one registration fills with one value.
private final class TwoSessions: InjectableSettable {
  var injectedSession: StampedSession?
  var injectedOtherSession: StampedSession?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedSession": \TwoSessions.injectedSession, "injectedOtherSession": \TwoSessions.injectedOtherSession]
  }
}

/// Candidates matching the ids "a" (two) and "b" (one).
private final class IdentifiedStores: InjectableSettable {
  var injectedStoreA: ScopedStore?
  var injectedOtherA: ScopedStore?
  var injectedStoreB: ScopedStore?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedStoreA": \IdentifiedStores.injectedStoreA, "injectedOtherA": \IdentifiedStores.injectedOtherA,
      "injectedStoreB": \IdentifiedStores.injectedStoreB,
    ]
  }
}

/// Its second candidate's factory fails.
private final class FailsHalfway: InjectableSettable {
  var injectedFirst: ScopedStore?
  var injectedLogger: (any Logger)?
  var injectedSecond: StampedSession?
  var callbacks = 0
  func didInjectDependencies() { callbacks += 1 }
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedFirst": \FailsHalfway.injectedFirst, "injectedLogger": \FailsHalfway.injectedLogger,
      "injectedSecond": \FailsHalfway.injectedSecond,
    ]
  }
}

/// A request handler.
private final class Handler: InjectableSettable {
  var injectedRequestID: TaggedRequestID?
  var injectedStore: ScopedStore?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedRequestID": \Handler.injectedRequestID, "injectedStore": \Handler.injectedStore]
  }
}

/// Another request handler, the target of registrations the first must not get.
private final class OtherHandler: InjectableSettable {
  var injectedRequestID: TaggedRequestID?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedRequestID": \OtherHandler.injectedRequestID] }
}

/// A graph value read directly, through a Lazy and through a Provider in the callback.
private final class DeferredGraphReader: InjectableSettable {
  var injectedStore: ScopedStore?
  var injectedLazy: Lazy<ScopedStore>?
  var injectedProvider: Provider<ScopedStore>?
  var fromLazy: ScopedStore?
  var fromProvider: ScopedStore?
  func didInjectDependencies() {
    fromLazy = try? injectedLazy?.value
    fromProvider = try? injectedProvider?.get()
  }
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedStore": \DeferredGraphReader.injectedStore, "injectedLazy": \DeferredGraphReader.injectedLazy,
      "injectedProvider": \DeferredGraphReader.injectedProvider,
    ]
  }
}

/// Properties filled by name, and a made value with a property of the same name.
private final class NamedHolder: InjectableSettable {
  var session: ScopedStore?
  var count: Int?
  var injectedChild: NamedChild?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["session": \NamedHolder.session, "count": \NamedHolder.count, "injectedChild": \NamedHolder.injectedChild]
  }
}

/// A made value whose property is filled by name.
private final class NamedChild: InjectableSettable {
  var session: ScopedStore?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["session": \NamedChild.session] }
}

/// A property filled by name beside a non-optional one.
private final class NamedNonOptional: InjectableSettable {
  var title = "kept"
  var analytics: ScopedStore?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["analytics": \NamedNonOptional.analytics] }
}

/// A non-final target.
private class TargetBase: InjectableSettable {
  var injectedA: ScopedStore?
  class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedA": \TargetBase.injectedA] }
}

/// A subclass target.
private final class TargetSubclass: TargetBase {
  var injectedB: (any Logger)?
  override class var injectableKeyPaths: [String: AnyKeyPath] {
    super.injectableKeyPaths.merging(["injectedB": \TargetSubclass.injectedB]) { $1 }
  }
}

/// Five candidates of five kinds, for first injections racing.
private final class FiveKinds: InjectableSettable {
  var injectedA: ScopedStore?
  var injectedB: (any Logger)?
  var injectedC: Cache?
  var injectedD: Int?
  var injectedE: String?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedA": \FiveKinds.injectedA, "injectedB": \FiveKinds.injectedB, "injectedC": \FiveKinds.injectedC,
      "injectedD": \FiveKinds.injectedD, "injectedE": \FiveKinds.injectedE,
    ]
  }
}

/// A generic class, for first injections of a specialization racing.
private final class RacedGeneric<T>: InjectableSettable {
  var injectedItem: T?
  var injectedLogger: (any Logger)?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedItem": \RacedGeneric<T>.injectedItem, "injectedLogger": \RacedGeneric<T>.injectedLogger]
  }
}

/// A checked non-final base with an observed candidate, for fresh injectors racing.
private class CountingBase: InjectableSettable {
  var injectedStore: ScopedStore? { didSet { stores += 1 } }
  var stores = 0
  class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedStore": \CountingBase.injectedStore] }
}

/// Adds two candidates matched by id.
private final class CountingSubclass: CountingBase {
  var injectedLoggerA: (any Logger)?
  var injectedLoggerB: (any Logger)?
  override class var injectableKeyPaths: [String: AnyKeyPath] {
    super.injectableKeyPaths.merging([
      "injectedLoggerA": \CountingSubclass.injectedLoggerA, "injectedLoggerB": \CountingSubclass.injectedLoggerB,
    ]) { $1 }
  }
}

/// Two logger candidates one registration fills, beside a store.
private final class TwoLoggers: InjectableSettable {
  var injectedLoggerFirst: (any Logger)?
  var injectedLoggerSecond: (any Logger)?
  var injectedStore: ScopedStore?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedLoggerFirst": \TwoLoggers.injectedLoggerFirst,
      "injectedLoggerSecond": \TwoLoggers.injectedLoggerSecond, "injectedStore": \TwoLoggers.injectedStore,
    ]
  }
}

/// A Lazy candidate.
private final class LazyStoreHolder: InjectableSettable {
  var injectedStore: Lazy<ScopedStore>?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedStore": \LazyStoreHolder.injectedStore] }
}

/// Holds a child injector, so another thread can release it.
private final class ChildBox: @unchecked Sendable {
  var child: Injector?
  init(_ child: Injector) { self.child = child }
}

/// A child injector with its own registration, and a Lazy it injected.
private func childAndItsLazy(of parent: Injector) throws -> (ChildBox, Lazy<ScopedStore>) {
  let child = Injector(parent: parent)
  child.register(ScopedStore.self) { _ in ScopedStore(2) }
  let holder = LazyStoreHolder()
  try child.inject(holder)
  return (ChildBox(child), try #require(holder.injectedStore))
}

@Suite("Scopes keyed by id, target and name")
struct KeyedScopeTests {
  @Test("Weak scope: a value released between two injections is never handed out; held, a child shares it")
  func weakValueReleasedBetweenInjections() throws {
    let injector = Injector()
    let made = Counter()
    injector.register(ScopedStore.self, scope: .weak) { _ in ScopedStore(made.increment()) }
    weak var old: ScopedStore?
    do {
      let first = TwoStores()
      try injector.inject(first)
      #expect(first.injectedFirst === first.injectedSecond)
      old = first.injectedFirst
    }
    #expect(old == nil)
    let second = TwoStores()
    try injector.inject(second)
    #expect(second.injectedFirst?.number == 2)
    let third = TwoStores()
    try Injector(parent: injector).inject(third)
    #expect(third.injectedFirst === second.injectedFirst)
    #expect(made.value == 2)
  }

  @Test("Graph scope with ids: one value per id per call, distinct between ids and between calls")
  func graphValuesPerId() throws {
    let injector = Injector()
    let made = Counter()
    injector.register(ScopedStore.self, scope: .graph, id: "a") { _ in ScopedStore(made.increment()) }
    injector.register(ScopedStore.self, scope: .graph, id: "b") { _ in ScopedStore(1000 + made.increment()) }
    let first = IdentifiedStores()
    try injector.inject(first)
    #expect(first.injectedStoreA === first.injectedOtherA)
    #expect(first.injectedStoreA !== first.injectedStoreB)
    #expect((first.injectedStoreB?.number ?? 0) > 1000)
    let second = IdentifiedStores()
    try injector.inject(second)
    #expect(second.injectedStoreA !== first.injectedStoreA)
    #expect(made.value == 4)
  }

  @Test("A cached registration with an id is reset by its id in another case; others are untouched")
  func cachedResetByIdIgnoresCase() throws {
    let injector = Injector()
    let made = Counter()
    injector.register(ScopedStore.self, scope: .cached, id: "alpha") { _ in ScopedStore(made.increment()) }
    injector.register(ScopedStore.self, scope: .cached, id: "beta") { _ in ScopedStore(100 + made.increment()) }
    let alpha = try injector.resolve(ScopedStore.self, id: "alpha")
    let beta = try injector.resolve(ScopedStore.self, id: "beta")
    #expect(alpha !== beta)
    try injector.reset(ScopedStore.self, id: "ALPHA")
    #expect(try injector.resolve(ScopedStore.self, id: "alpha") !== alpha)
    #expect(try injector.resolve(ScopedStore.self, id: "beta") === beta)
  }

  @Test("Weak registrations keyed by id and singleton registrations keyed by target keep distinct values")
  func scopesKeyedByIdAndTarget() throws {
    let injector = Injector()
    let made = Counter()
    injector.register(ScopedStore.self, scope: .weak, id: "a") { _ in ScopedStore(made.increment()) }
    injector.register(ScopedStore.self, scope: .weak, id: "b") { _ in ScopedStore(made.increment()) }
    let a = try injector.resolve(ScopedStore.self, id: "a")
    let b = try injector.resolve(ScopedStore.self, id: "b")
    #expect(a !== b)
    #expect(try injector.resolve(ScopedStore.self, id: "a") === a)
    injector.register(TaggedRequestID.self, scope: .singleton, for: Handler.self) { _ in TaggedRequestID("h") }
    injector.register(TaggedRequestID.self, scope: .singleton, for: OtherHandler.self) { _ in TaggedRequestID("o") }
    #expect(try injector.resolve(TaggedRequestID.self, for: Handler.self).value == "h")
    #expect(try injector.resolve(TaggedRequestID.self, for: OtherHandler.self).value == "o")
  }

  @Test("A child's cached registration overrides the parent's singleton; a child reset leaves the parent's value")
  func childCachedOverridesParentSingleton() throws {
    let parent = Injector()
    let made = Counter()
    parent.register(ScopedStore.self, scope: .singleton) { _ in ScopedStore(made.increment()) }
    let child = Injector(parent: parent)
    child.register(ScopedStore.self, scope: .cached) { _ in ScopedStore(100 + made.increment()) }
    let fromParent = try parent.resolve(ScopedStore.self)
    let fromChild = try child.resolve(ScopedStore.self)
    #expect(fromParent !== fromChild)
    #expect(fromChild.number > 100)
    try child.reset(ScopedStore.self)
    #expect(try child.resolve(ScopedStore.self) !== fromChild)
    #expect(try parent.resolve(ScopedStore.self) === fromParent)
    #expect(injectionError { try parent.reset(ScopedStore.self) }?.code == .notCached)
  }

  @Test("A failing inject writes nothing a factory made before the failure, and its graph value is not kept")
  func failingInjectKeepsNoGraphValue() throws {
    let injector = Injector()
    let stores = Counter()
    injector.register(ScopedStore.self, scope: .graph) { _ in ScopedStore(stores.increment()) }
    injector.register(StampedSession.self) { _ in throw Failure(reason: "boom") }
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let object = FailsHalfway()
    let error = injectionError { try injector.inject(object) }
    #expect(error?.code == .factoryFailed)
    #expect(object.injectedFirst == nil && object.injectedLogger == nil && object.injectedSecond == nil)
    #expect(object.callbacks == 0)
    #expect(error?.problems.first?.property == "injectedSecond")
    #expect((error?.underlyingError as? Failure)?.reason == "boom")
    injector.register(StampedSession.self) { _ in StampedSession(stamp: 0) }
    try injector.inject(object)
    #expect(object.injectedFirst?.number == 2)
    #expect(object.callbacks == 1)
  }

  @Test("A Lazy and a Provider read in the callback share the call's graph value; a later read gets a new one")
  func deferredReadsInTheCallbackShareTheGraph() throws {
    let injector = Injector()
    let made = Counter()
    injector.register(ScopedStore.self, scope: .graph) { _ in ScopedStore(made.increment()) }
    let object = DeferredGraphReader()
    try injector.inject(object)
    #expect(object.injectedStore != nil)
    #expect(object.fromLazy === object.injectedStore)
    #expect(object.fromProvider === object.injectedStore)
    #expect(try object.injectedProvider?.get() !== object.injectedStore)
  }

  @Test("Request children of one shape each get their own values; other shapes and empty children are right too")
  func siblingChildrenGetTheirOwnValues() throws {
    let app = Injector()
    app.register(TaggedRequestID("app"))
    app.register(ScopedStore(0))
    var results: [String?] = []
    var expected: [String?] = []
    for round in 0..<3 {
      let one = Injector(parent: app)
      one.register(TaggedRequestID("one-\(round)"))
      let two = Injector(parent: app)
      two.register(TaggedRequestID("two-\(round)"))
      let empty = Injector(parent: app)
      let targeted = Injector(parent: app)
      targeted.register(TaggedRequestID("targeted-\(round)"), for: OtherHandler.self)
      let identified = Injector(parent: app)
      identified.register(TaggedRequestID("identified-\(round)"), id: "nomatch")
      let named = Injector(parent: app)
      named.register(TaggedRequestID("named-\(round)"), named: "injectedRequestID")
      let store = Injector(parent: app)
      store.register(ScopedStore(round + 10))
      for child in [one, two, empty, targeted, identified, named, store] {
        let handler = Handler()
        try child.inject(handler)
        results.append(handler.injectedRequestID?.value)
        results.append(handler.injectedStore.map { String($0.number) })
      }
      expected += [
        "one-\(round)", "0", "two-\(round)", "0", "app", "0", "app", "0", "app", "0", "named-\(round)", "0", "app",
        String(round + 10),
      ]
    }
    #expect(results == expected)
  }

  @Test("A graph name registration is shared by the object and the value its factory makes, within one call")
  func graphNameRegistrationIsShared() throws {
    let injector = Injector()
    let made = Counter()
    injector.register(named: "session", scope: .graph) { _ in ScopedStore(made.increment()) }
    injector.register(NamedChild.self) { _ in NamedChild() }
    injector.register(3, named: "count")
    let object = NamedHolder()
    try injector.inject(object)
    #expect(object.session != nil)
    #expect(object.injectedChild?.session === object.session)
    #expect(made.value == 1)
  }

  @Test("A weak name registration whose factory makes an Int fails with weakNotClass naming the property")
  func weakNameRegistrationOfAValueFails() throws {
    let injector = Injector()
    injector.register(named: "count", scope: .weak) { _ in 5 }
    injector.register(ScopedStore(1), named: "session")
    injector.register(NamedChild.self) { _ in NamedChild() }
    let object = NamedHolder()
    let error = injectionError { try injector.inject(object) }
    #expect(error?.code == .weakNotClass)
    #expect(object.session == nil && object.count == nil && object.injectedChild == nil)
    #expect(error?.description.contains("NamedHolder") == true, "\(String(describing: error))")
    #expect(error?.description.contains("count") == true, "\(String(describing: error))")
  }

  @Test("A name registration of a non-optional property is notOptional, naming it; nothing is written")
  func nameRegistrationOfANonOptional() throws {
    let injector = Injector()
    injector.register(ScopedStore(1), named: "analytics")
    injector.register("new", named: "title")
    let object = NamedNonOptional()
    let error = injectionError { try injector.inject(object) }
    #expect(error.map(codes) == [.notOptional])
    #expect(error?.problems.first?.property == "title")
    #expect(object.analytics == nil)
    #expect(object.title == "kept")
  }

  @Test("A registration for a subclass target never fills the base's property: unresolved, with a near miss")
  func subclassTargetIsANearMissForTheBase() throws {
    let injector = Injector()
    injector.register(ScopedStore(1), for: TargetSubclass.self)
    let base = TargetBase()
    let error = injectionError { try injector.inject(base) }
    #expect(error?.code == .unresolved)
    #expect(error?.problems.first?.nearMisses.isEmpty == false)
    #expect(base.injectedA == nil)
  }

  @Test("Resetting a cached registration for a base through a subclass target is notCached, naming the base")
  func resetThroughASubclassTargetIsRefused() throws {
    let injector = Injector()
    injector.register(ScopedStore.self, scope: .cached, for: TargetBase.self) { _ in ScopedStore(1) }
    let error = injectionError { try injector.reset(ScopedStore.self, for: TargetSubclass.self) }
    #expect(error?.code == .notCached)
    #expect(error?.description.contains("TargetBase") == true, "\(String(describing: error))")
    _ = try injector.resolve(ScopedStore.self, for: TargetSubclass.self)
    try injector.reset(ScopedStore.self, for: TargetBase.self)
  }
}

@Suite("Scopes under threads")
struct ScopeStressTests {
  @Test("A cached reset racing eight injecting threads: after a reset returned, no call gets a value made before it")
  func cachedResetRacingInjections() {
    let injector = Injector()
    let resetsStarted = Atomic<Int>(0)
    let resetsDone = Atomic<Int>(0)
    injector.register(StampedSession.self, scope: .cached) { _ in
      StampedSession(stamp: resetsStarted.load(ordering: .sequentiallyConsistent))
    }
    let stale = Counter()
    let failures = Counter()
    let stop = Atomic<Bool>(false)
    var bodies: [@Sendable () -> Void] = (0..<8).map { _ in
      {
        while !stop.load(ordering: .sequentiallyConsistent) {
          let before = resetsDone.load(ordering: .sequentiallyConsistent)
          do {
            let holder = TwoSessions()
            try injector.inject(holder)
            guard let session = holder.injectedSession, let other = holder.injectedOtherSession else {
              failures.increment()
              continue
            }
            if session !== other || session.stamp < before { stale.increment() }
            if try injector.resolve(StampedSession.self).stamp < before { stale.increment() }
          } catch {
            failures.increment()
          }
        }
      }
    }
    bodies.append {
      for _ in 0..<2_000 {
        resetsStarted.add(1, ordering: .sequentiallyConsistent)
        do { try injector.reset(StampedSession.self) } catch { failures.increment() }
        resetsDone.add(1, ordering: .sequentiallyConsistent)
      }
      stop.store(true, ordering: .sequentiallyConsistent)
    }
    runConcurrently(bodies)
    #expect(stale.value == 0)
    #expect(failures.value == 0)
  }

  @Test("A reset through one child racing resolves through others: after the reset returned, never the old value")
  func resetThroughASiblingChild() {
    let parent = Injector()
    let resetsStarted = Atomic<Int>(0)
    let resetsDone = Atomic<Int>(0)
    parent.register(StampedSession.self, scope: .cached) { _ in
      StampedSession(stamp: resetsStarted.load(ordering: .sequentiallyConsistent))
    }
    let resetter = Injector(parent: parent)
    let stale = Counter()
    let failures = Counter()
    let stop = Atomic<Bool>(false)
    var bodies: [@Sendable () -> Void] = (0..<4).map { _ in
      {
        let reader = Injector(parent: parent)
        while !stop.load(ordering: .sequentiallyConsistent) {
          let before = resetsDone.load(ordering: .sequentiallyConsistent)
          do {
            if try reader.resolve(StampedSession.self).stamp < before { stale.increment() }
            let holder = TwoSessions()
            try reader.inject(holder)
            if (holder.injectedSession?.stamp ?? -1) < before { stale.increment() }
          } catch {
            failures.increment()
          }
        }
      }
    }
    bodies.append {
      for _ in 0..<1_500 {
        resetsStarted.add(1, ordering: .sequentiallyConsistent)
        do { try resetter.reset(StampedSession.self) } catch { failures.increment() }
        resetsDone.add(1, ordering: .sequentiallyConsistent)
      }
      stop.store(true, ordering: .sequentiallyConsistent)
    }
    runConcurrently(bodies)
    #expect(stale.value == 0)
    #expect(failures.value == 0)
  }

  @Test("Registering graph, cached and instance registrations while eight threads inject never splits one object")
  func registeringWhileInjecting() {
    let injector = Injector()
    let generation = Counter()
    injector.register(StampedSession.self, scope: .cached) { _ in StampedSession(stamp: 0) }
    let torn = Counter()
    let stop = Atomic<Bool>(false)
    var bodies: [@Sendable () -> Void] = (0..<8).map { _ in
      {
        while !stop.load(ordering: .sequentiallyConsistent) {
          let holder = TwoSessions()
          do {
            try injector.inject(holder)
            if holder.injectedSession == nil || holder.injectedSession !== holder.injectedOtherSession {
              torn.increment()
            }
          } catch {
            torn.increment()
          }
        }
      }
    }
    bodies.append {
      for index in 0..<1_500 {
        let stamp = generation.increment()
        switch index % 3 {
        case 0: injector.register(StampedSession.self, scope: .graph) { _ in StampedSession(stamp: stamp) }
        case 1: injector.register(StampedSession.self, scope: .cached) { _ in StampedSession(stamp: stamp) }
        default: injector.register(StampedSession(stamp: stamp))
        }
      }
      stop.store(true, ordering: .sequentiallyConsistent)
    }
    runConcurrently(bodies)
    #expect(torn.value == 0)
  }

  @Test("Sixteen threads first-injecting a never-seen final class and a never-seen subclass at once all succeed")
  func firstInjectionsRacing() {
    let injector = Injector()
    injector.register(ScopedStore(1))
    injector.register(ConsoleLogger(), as: (any Logger).self)
    injector.register(Cache())
    injector.register(4, as: Int.self)
    injector.register("e", as: String.self)
    let gate = Rendezvous(parties: 16)
    let wrong = Counter()
    runConcurrently(
      (0..<16).map { index in
        {
          gate.arriveAndWait()
          do {
            if index.isMultiple(of: 2) {
              let object = FiveKinds()
              try injector.inject(object)
              if object.injectedA == nil || object.injectedB == nil || object.injectedC == nil
                || object.injectedD != 4 || object.injectedE != "e"
              {
                wrong.increment()
              }
            } else {
              let object = TargetSubclass()
              try injector.inject(object)
              if object.injectedA == nil || object.injectedB == nil { wrong.increment() }
            }
          } catch {
            wrong.increment()
          }
        }
      })
    #expect(wrong.value == 0)
  }

  @Test("Sixteen threads first-injecting a never-seen generic specialization at once all succeed")
  func firstGenericInjectionsRacing() {
    let injector = Injector()
    injector.register(UInt8(8), as: UInt8.self)
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let gate = Rendezvous(parties: 16)
    let wrong = Counter()
    runConcurrently(
      (0..<16).map { _ in
        {
          gate.arriveAndWait()
          let object = RacedGeneric<UInt8>()
          do {
            try injector.inject(object)
            if object.injectedItem != 8 || object.injectedLogger == nil { wrong.increment() }
          } catch {
            wrong.increment()
          }
        }
      })
    #expect(wrong.value == 0)
  }

  @Test("Sixteen fresh injectors first-injecting a never-seen checked hierarchy: every object whole, observers once")
  func freshInjectorsRacingOnAFreshType() {
    let wrong = Counter()
    let gate = Rendezvous(parties: 16)
    runConcurrently(
      (0..<16).map { index in
        {
          let injector = Injector()
          injector.register(ScopedStore(index))
          injector.register(ConsoleLogger("a\(index)"), as: (any Logger).self, id: "a")
          injector.register(ConsoleLogger("b\(index)"), as: (any Logger).self, id: "b")
          gate.arriveAndWait()
          for _ in 0..<20 {
            let object = CountingSubclass()
            do {
              try injector.inject(object)
              if object.injectedStore?.number != index || object.injectedLoggerA?.name != "a\(index)"
                || object.injectedLoggerB?.name != "b\(index)" || object.stores != 1
              {
                wrong.increment()
              }
            } catch {
              wrong.increment()
            }
          }
        }
      })
    #expect(wrong.value == 0)
  }

  @Test("First injections of a never-seen type racing registrations: both candidates of one type get one value")
  func freshTypeRacingRegistrations() {
    let injector = Injector()
    injector.register(ConsoleLogger("v0"), as: (any Logger).self)
    injector.register(ScopedStore(0))
    let torn = Counter()
    let stop = Atomic<Bool>(false)
    var bodies: [@Sendable () -> Void] = (0..<6).map { _ in
      {
        while !stop.load(ordering: .sequentiallyConsistent) {
          let object = TwoLoggers()
          do {
            try injector.inject(object)
            if object.injectedLoggerFirst == nil || object.injectedLoggerFirst !== object.injectedLoggerSecond {
              torn.increment()
            }
          } catch {
            torn.increment()
          }
        }
      }
    }
    bodies.append {
      for version in 1...2_000 {
        injector.register(ConsoleLogger("v\(version)"), as: (any Logger).self)
        injector.register(ScopedStore(version))
      }
      stop.store(true, ordering: .sequentiallyConsistent)
    }
    runConcurrently(bodies)
    #expect(torn.value == 0)
  }

  @Test("A child released on one thread while its Lazy is read on another: its value or injectorReleased")
  func childReleasedRacingItsLazy() throws {
    let parent = Injector()
    parent.register(ScopedStore.self) { _ in ScopedStore(1) }
    let bad = Counter()
    for _ in 0..<300 {
      let (box, lazy) = try childAndItsLazy(of: parent)
      let gate = Rendezvous(parties: 2)
      runConcurrently([
        {
          gate.arriveAndWait()
          box.child = nil
        },
        {
          gate.arriveAndWait()
          do {
            if try lazy.value.number != 2 { bad.increment() }
          } catch {
            if InjectionError(error)?.code != .injectorReleased { bad.increment() }
          }
        },
      ])
    }
    #expect(bad.value == 0)
  }
}
