import Dispatch
import Testing

@testable import PropertyInjector

@Suite("One registry per call: nested injectors, threads and callbacks")
struct OneRegistryPerCallNestingTests {
  // MARK: Request children

  @Test("A request's child whose own instance is removed during its call still answers with it in the call")
  func requestChildOwnInstanceRemoved() throws {
    let root = Injector()
    root.register(RegisteredVersion(0))
    let child = Injector(parent: root)
    child.register(RegisteredVersion(1))
    let pause = Pause { _ = child.unregister(RegisteredVersion.self) }
    root.register(UsesVersion.self) { [weak child] resolver in
      pause.here()
      let throughChild = try #require(child).resolve(RegisteredVersion.self).number
      let throughResolver = try resolver.resolve(RegisteredVersion.self).number
      return UsesVersion(RegisteredVersion(throughChild * 10 + throughResolver))
    }
    let object = VersionAndUser()
    try child.inject(object)
    #expect(object.injectedVersion?.number == 1)
    // The child as the call started (1); the resolver is the root's, the factory's owner (0).
    #expect(object.injectedUser?.version.number == 10)
    #expect(try child.resolve(RegisteredVersion.self).number == 0, "after the call, the removal is seen")
    #expect(nothingPinned(root, child))
  }

  @Test("A request's child given an instance of its own during its call: the call keeps answering the parent's")
  func requestChildOwnInstanceAdded() throws {
    let root = Injector()
    root.register(RegisteredVersion(1))
    let child = Injector(parent: root)
    child.register("child", named: "title")
    let pause = Pause { child.register(RegisteredVersion(9)) }
    root.register(UsesVersion.self) { [weak child] resolver in
      pause.here()
      let throughChild = try #require(child).resolve(RegisteredVersion.self).number
      let throughResolver = try resolver.resolve(RegisteredVersion.self).number
      return UsesVersion(RegisteredVersion(throughChild * 10 + throughResolver))
    }
    let object = VersionAndUser()
    try child.inject(object)
    #expect(object.injectedVersion?.number == 1)
    #expect(object.injectedUser?.version.number == 11, "the child and the resolver both answer the parent's")
    #expect(try child.resolve(RegisteredVersion.self).number == 9)
  }

  @Test("A request's child given an instance during its call: a value it injects there still gets the parent's")
  func requestChildOwnInstanceAddedNestedInjection() throws {
    let root = Injector()
    root.register(RegisteredVersion(1))
    let child = Injector(parent: root)
    child.register("child", named: "title")
    let pause = Pause { child.register(RegisteredVersion(9)) }
    root.register(Consumer.self) { [weak child] _ in
      pause.here()
      let consumer = Consumer()
      try #require(child).inject(consumer)
      return consumer
    }
    let object = VersionAndConsumer()
    try child.inject(object)
    #expect(object.injectedVersion?.number == 1)
    #expect(object.injectedConsumer?.injectedVersion?.number == 1)
    #expect(try child.resolve(RegisteredVersion.self).number == 9)
  }

  @Test("A request's child whose instance becomes a factory during its call: the call keeps the instance")
  func requestChildInstanceReplacedByFactory() throws {
    let root = Injector()
    let child = Injector(parent: root)
    child.register(RegisteredVersion(1))
    let pause = Pause { child.register(RegisteredVersion.self) { _ in RegisteredVersion(7) } }
    let resolvedInFactory = Locked2<Int?>(nil)
    root.register(Consumer.self) { [weak child] _ in
      pause.here()
      let child = try #require(child)
      let consumer = Consumer()
      try child.inject(consumer)
      let number = try child.resolve(RegisteredVersion.self).number
      resolvedInFactory.mutate { $0 = number }
      return consumer
    }
    let object = VersionAndConsumer()
    try child.inject(object)
    #expect(object.injectedVersion?.number == 1)
    #expect(object.injectedConsumer?.injectedVersion?.number == 1)
    #expect(resolvedInFactory.value == 1)
    #expect(try child.resolve(RegisteredVersion.self).number == 7)
  }

  @Test("Two sibling request children's calls interleaved on two threads, each changed mid-call: each keeps its own")
  func siblingCallsInterleavedOnTwoThreads() throws {
    let root = Injector()
    let one = Injector(parent: root)
    one.register(RegisteredVersion(1))
    let two = Injector(parent: root)
    two.register(RegisteredVersion(2))
    let entered = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    let calls = Locked2<Int?>(nil)  // nil until armed, then how many calls the factory has had
    root.register(UsesVersion.self) { [weak one, weak two] _ in
      guard let one, let two else { throw CancellationError() }
      var call: Int?
      calls.mutate { count in
        count = count.map { $0 + 1 }
        call = count
      }
      switch call {
      case 1:  // `one`'s call, on the other thread: waits while `one` changes and `two`'s whole call runs
        entered.signal()
        proceed.wait()
        return UsesVersion(try one.resolve(RegisteredVersion.self))
      case 2:  // `two`'s call, which changes `two` on its own thread
        two.register(RegisteredVersion(22))
        return UsesVersion(try two.resolve(RegisteredVersion.self))
      default:
        return UsesVersion(RegisteredVersion(-1))
      }
    }
    try one.inject(VersionAndUser())
    #expect(root.siblingPlanCount == 1, "both children run the plan the first one built")
    calls.mutate { $0 = 0 }
    let first = Locked2<VersionAndUser?>(nil)
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      let object = VersionAndUser()
      try? one.inject(object)
      first.mutate { $0 = object }
      done.signal()
    }
    entered.wait()
    one.register(RegisteredVersion(11))
    let second = VersionAndUser()
    try two.inject(second)
    proceed.signal()
    done.wait()
    #expect(second.injectedVersion?.number == 2 && second.injectedUser?.version.number == 2)
    let firstObject = try #require(first.value)
    #expect(firstObject.injectedVersion?.number == 1 && firstObject.injectedUser?.version.number == 1)
    #expect(try one.resolve(RegisteredVersion.self).number == 11 && two.resolve(RegisteredVersion.self).number == 22)
  }

  @Test("A request's child with a warm plan, changed mid-call under a grandchild: a value it injects gets the old one")
  func warmRequestChildChangedUnderGrandchildNestedInjection() throws {
    let root = Injector()
    let middle = Injector(parent: root)
    middle.register(RegisteredVersion(1))
    try middle.inject(Consumer())  // the middle child's plan for Consumer, shared with its siblings, built before
    let leaf = Injector(parent: middle)
    leaf.register(UsesVersion.self) { _ in UsesVersion(RegisteredVersion(0)) }  // a leaf with a factory of its own
    let pause = Pause { middle.register(RegisteredVersion(2)) }
    root.register(Consumer.self) { [weak middle] _ in
      pause.here()
      let consumer = Consumer()
      try #require(middle).inject(consumer)
      return consumer
    }
    let object = VersionAndConsumer()
    try leaf.inject(object)
    #expect(object.injectedVersion?.number == 1)
    #expect(object.injectedConsumer?.injectedVersion?.number == 1)
    #expect(try middle.resolve(RegisteredVersion.self).number == 2)
  }

  @Test("A grandchild made during an outer call injects as a call of its own, with the registries as it started")
  func grandchildMadeMidCallIsACallOfItsOwn() throws {
    let root = Injector()
    root.register(RegisteredVersion(1))
    let child = Injector(parent: root)
    child.register("child", named: "title")
    let pause = Pause {
      root.register(RegisteredVersion(2))
      child.register(RegisteredVersion(3))
    }
    root.register(UsesVersion.self) { resolver in UsesVersion(try resolver.resolve(RegisteredVersion.self)) }
    root.register(NestedCallRecord.self) { [weak child] resolver in
      pause.here()
      let child = try #require(child)
      let grandchild = Injector(parent: child)
      let inner = VersionAndUser()
      try grandchild.inject(inner)
      return NestedCallRecord(inner, seen: try resolver.resolve(RegisteredVersion.self).number)
    }
    let outer = VersionAndRecord()
    try child.inject(outer)
    #expect(outer.injectedVersion?.number == 1)
    #expect(outer.injectedRecord?.seen == 1, "the outer call's factory resolves as the outer call started")
    let inner = try #require(outer.injectedRecord?.object)
    // The grandchild's own call started after the change: the child's new instance (3) fills it, and the root's
    // factory resolves through the root as that call started (2).
    #expect(inner.injectedVersion?.number == 3)
    #expect(inner.injectedUser?.version.number == 2)
  }

  // MARK: Two injectors

  @Test("Calls nested three deep across two injectors, both changed at each level: each answers as its call started")
  func callsNestedThreeDeepAcrossTwoInjectors() throws {
    let a = Injector()
    let b = Injector()
    a.register(RegisteredVersion(1))
    b.register(RegisteredVersion(100))
    let pauses = [(2, 200), (3, 300), (4, 400)].map { numbers in
      Pause {
        a.register(RegisteredVersion(numbers.0))
        b.register(RegisteredVersion(numbers.1))
      }
    }
    let seen = Locked2<[String: Int]>([:])
    // a's call runs a's record factory, which injects with b; b's factory resolves with a, whose factory resolves
    // with b: each factory first lets both injectors change.
    a.register(NestedCallRecord.self) { [weak a, weak b] resolver in
      pauses[0].here()
      guard let a, let b else { throw CancellationError() }
      let inner = VersionAndUser()
      try b.inject(inner)
      let throughA = try a.resolve(RegisteredVersion.self).number
      seen.mutate { $0["a, after b's call"] = throughA }
      return NestedCallRecord(inner, seen: try resolver.resolve(RegisteredVersion.self).number)
    }
    b.register(UsesVersion.self) { [weak a] resolver in
      pauses[1].here()
      guard let a else { throw CancellationError() }
      let consumer = try a.resolve(Consumer.self)
      let throughA = try a.resolve(RegisteredVersion.self).number
      seen.mutate {
        $0["b, in a's factory"] = consumer.injectedVersion?.number
        $0["a, in b's factory"] = throughA
      }
      return UsesVersion(try resolver.resolve(RegisteredVersion.self))
    }
    a.register(Consumer.self) { [weak b] _ in
      pauses[2].here()
      let consumer = Consumer()
      consumer.injectedVersion = try #require(b).resolve(RegisteredVersion.self)
      return consumer
    }
    let outer = VersionAndRecord()
    try a.inject(outer)
    #expect(outer.injectedVersion?.number == 1)
    #expect(outer.injectedRecord?.seen == 1)
    let inner = try #require(outer.injectedRecord?.object)
    // b's call started inside a's, after the first change: b as it was then (200), throughout.
    #expect(inner.injectedVersion?.number == 200 && inner.injectedUser?.version.number == 200)
    #expect(seen.value == ["a, after b's call": 1, "a, in b's factory": 1, "b, in a's factory": 200])
    #expect(nothingPinned(a, b))
  }

  // MARK: Values that resolve later

  @Test("A Provider and a Lazy resolved before a call, read in its factory after a change, answer as it started")
  func handlesFromBeforeTheCallReadInside() throws {
    let injector = Injector()
    injector.register(RegisteredVersion(1))
    let provider = try injector.resolve(Provider<RegisteredVersion>.self)
    let lazy = try injector.resolve(Lazy<RegisteredVersion>.self)
    #expect(nothingPinned(injector), "resolving the handles pins nothing")
    let pause = Pause { injector.register(RegisteredVersion(2)) }
    let lazyInside = Locked2<Int?>(nil)
    injector.register(UsesVersion.self) { _ in
      pause.here()
      let fromLazy = try lazy.value.number
      lazyInside.mutate { $0 = fromLazy }
      return UsesVersion(try provider.get())
    }
    let object = VersionAndUser()
    try injector.inject(object)
    #expect(object.injectedVersion?.number == 1)
    #expect(object.injectedUser?.version.number == 1, "the Provider, read inside the call")
    #expect(lazyInside.value == 1, "the Lazy, first read inside the call")
    #expect(try provider.get().number == 2, "the Provider, read after the call")
  }

  @Test("A top-level resolve's factory asking its captured injector keeps the answer cached before a change")
  func cachedAnswerThroughCapturedInjectorInAResolve() throws {
    let injector = Injector()
    injector.register(RegisteredVersion(1))
    #expect(try injector.resolve(RegisteredVersion.self).number == 1)  // the answer cached before the call
    let pause = Pause {
      injector.register(RegisteredVersion(2))
      _ = try? injector.resolve(RegisteredVersion.self)  // and the new answer cached, on the other thread
    }
    injector.register(UsesVersion.self) { [weak injector] _ in
      pause.here()
      return UsesVersion(try #require(injector).resolve(RegisteredVersion.self))
    }
    #expect(try injector.resolve(UsesVersion.self).version.number == 1)
    #expect(nothingPinned(injector))
    #expect(try injector.resolve(UsesVersion.self).version.number == 2)
  }

  // MARK: Observers and callbacks

  @Test("A didSet in a call whose plan only writes instances resolves, after a change, as the call started")
  func didSetInAnInstancesOnlyCall() throws {
    let injector = Injector()
    injector.register(RegisteredVersion(1))
    try injector.inject(VersionObserver())  // the plan, built before
    let object = VersionObserver()
    object.injector = injector
    object.pause = Pause { injector.register(RegisteredVersion(2)) }
    try injector.inject(object)
    #expect(object.injectedVersion?.number == 1)
    #expect(object.seenDuringWrites == [1, 1], "a plain resolve, then a Lazy read")
    #expect(try injector.resolve(RegisteredVersion.self).number == 2)
  }

  @Test("A willSet that registers, then injects another object during the writes: that object gets the call's registry")
  func willSetRegisteringAndInjecting() throws {
    let injector = Injector()
    injector.register(RegisteredVersion(1))
    injector.register(UsesVersion.self) { resolver in UsesVersion(try resolver.resolve(RegisteredVersion.self)) }
    let object = InjectsInWillSet()
    object.injector = injector
    object.changeFirst = { injector.register(RegisteredVersion(2)) }
    try injector.inject(object)
    #expect(object.injectedUser?.version.number == 1)
    #expect(object.innerConsumer?.injectedVersion?.number == 1)
    #expect(try injector.resolve(RegisteredVersion.self).number == 2)
  }

  @Test("A made value's didInjectDependencies resolving with a stored injector answers as the outer call started")
  func madeValuesCallbackAnswersAsTheCallStarted() throws {
    let injector = Injector()
    injector.register(RegisteredVersion(1))
    let pause = Pause { injector.register(RegisteredVersion(2)) }
    // Weakly: the injector keeps the factory; the made value keeps the injector, but the injector does not keep it.
    injector.register(ResolvingInCallback.self) { [weak injector] resolver in
      pause.here()
      let made = ResolvingInCallback()
      made.injector = injector
      try resolver.inject(made)
      return made
    }
    let object = VersionAndCallbackUser()
    try injector.inject(object)
    #expect(object.injectedVersion?.number == 1)
    #expect(object.injectedMade?.injectedVersion?.number == 1)
    #expect(object.injectedMade?.seenInCallback == 1)
  }

  @Test("A main-actor factory in a request child's call resolves through the child as the call started") @MainActor
  func mainActorFactoryInARequestChildsCall() throws {
    let root = Injector()
    let child = Injector(parent: root)
    child.register(RegisteredVersion(1))
    let pause = Pause { child.register(RegisteredVersion(2)) }
    root.register(UsesVersion.self, on: MainActor.self) { [weak child] _ in
      pause.here()
      return UsesVersion(try #require(child).resolve(RegisteredVersion.self))
    }
    let object = VersionAndUser()
    try child.inject(object)
    #expect(object.injectedVersion?.number == 1 && object.injectedUser?.version.number == 1)
    #expect(try child.resolve(RegisteredVersion.self).number == 2)
  }

  @Test("A graph registration replaced mid-call: a made value injected in the call shares the call's graph value")
  func graphValueSharedWithANestedInjection() throws {
    let injector = Injector()
    injector.register(GraphValue.self, scope: .graph) { _ in GraphValue() }
    let pause = Pause { injector.register(GraphValue.self, scope: .graph) { _ in GraphValue() } }
    injector.register(GraphUser.self) { [weak injector] _ in
      pause.here()
      let user = GraphUser()
      try #require(injector).inject(user)
      return user
    }
    let object = GraphValueAndUser()
    try injector.inject(object)
    let value = try #require(object.injectedGraphValue)
    #expect(object.injectedGraphUser?.injectedGraphValue === value)
  }

  // MARK: Failures

  @Test("Nested calls that throw, on another injector and on the call's own, leave the call's registry and no pins")
  func nestedFailuresOnAnotherInjector() throws {
    let a = Injector()
    let b = Injector()
    a.register(RegisteredVersion(1))
    let pause = Pause { a.register(RegisteredVersion(2)) }
    let failures = Locked2<[Bool]>([])
    a.register(NestedCallRecord.self) { [weak a, weak b] resolver in
      pause.here()
      guard let a, let b else { throw CancellationError() }
      let inner = VersionAndUser()
      let failed = [
        (try? b.inject(inner)) == nil,  // b holds nothing
        (try? b.resolve(UsesVersion.self)) == nil,
        (try? a.resolve(UsesVersion.self)) == nil,  // nor does a
      ]
      failures.mutate { $0 = failed }
      return NestedCallRecord(inner, seen: try resolver.resolve(RegisteredVersion.self).number)
    }
    let outer = VersionAndRecord()
    try a.inject(outer)
    #expect(failures.value == [true, true, true])
    #expect(outer.injectedVersion?.number == 1)
    #expect(outer.injectedRecord?.seen == 1, "after the failures, the factory still resolves as the call started")
    #expect(outer.injectedRecord?.object.injectedVersion == nil, "the failed injection left its object unchanged")
    #expect(nothingPinned(a, b))
    #expect(!CreationStack.current.isRunning)
  }

  @Test("A request child's call that throws leaves its object unchanged and no pin: the next resolve sees the change")
  func requestChildsFailedCallPinsNothing() throws {
    let root = Injector()
    let child = Injector(parent: root)
    child.register(RegisteredVersion(1))
    let pause = Pause { child.register(RegisteredVersion(2)) }
    root.register(UsesVersion.self) { _ in
      pause.here()
      throw CancellationError()
    }
    let object = VersionAndUser()
    #expect(throws: InjectionError.self) { try child.inject(object) }
    #expect(object.injectedVersion == nil && object.injectedUser == nil)
    #expect(nothingPinned(root, child))
    #expect(try child.resolve(RegisteredVersion.self).number == 2)
  }
}

/// Whether no call running on this thread holds a pin of any of `injectors`' registries.
private func nothingPinned(_ injectors: Injector...) -> Bool {
  injectors.allSatisfy { CreationStack.current.pinnedLevel(of: ObjectIdentifier($0)) == nil }
}

/// An object whose plan only writes an instance, so its call runs no factory: the `didSet` pauses for a change (the
/// first time, if given a pause), then records what a plain resolve and a `Lazy` read answer.
private final class VersionObserver: InjectableSettable {
  var injector: Injector?
  var pause: Pause?
  var seenDuringWrites: [Int?] = []
  var injectedVersion: RegisteredVersion? {
    didSet {
      pause?.here()
      seenDuringWrites.append(try? injector?.resolve(RegisteredVersion.self).number)
      seenDuringWrites.append(try? injector?.resolve(Lazy<RegisteredVersion>.self).value.number)
    }
  }
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedVersion": \VersionObserver.injectedVersion] }
}

/// An object whose `willSet`, as the call writes a factory-made value, runs `changeFirst` on the same thread, then
/// injects another object with `injector`.
private final class InjectsInWillSet: InjectableSettable {
  var injector: Injector?
  var changeFirst: (() -> Void)?
  var innerConsumer: Consumer?
  var injectedUser: UsesVersion? {
    willSet {
      changeFirst?()
      let consumer = Consumer()
      try? injector?.inject(consumer)
      innerConsumer = consumer
    }
  }
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedUser": \InjectsInWillSet.injectedUser] }
}

/// A made value whose `didInjectDependencies` resolves with the injector it was given, not a resolver.
private final class ResolvingInCallback: InjectableSettable {
  var injector: Injector?
  var injectedVersion: RegisteredVersion?
  var seenInCallback: Int?
  func didInjectDependencies() {
    seenInCallback = try? injector?.resolve(RegisteredVersion.self).number
  }
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedVersion": \ResolvingInCallback.injectedVersion] }
}

/// An object whose injection fills a version and a ``ResolvingInCallback`` a factory made.
private final class VersionAndCallbackUser: InjectableSettable {
  var injectedVersion: RegisteredVersion?
  var injectedMade: ResolvingInCallback?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedVersion": \VersionAndCallbackUser.injectedVersion, "injectedMade": \VersionAndCallbackUser.injectedMade]
  }
}

/// A value registered with the graph scope: one per call.
private final class GraphValue: Sendable {}

/// A made value whose own injection, nested in the call, fills a ``GraphValue``.
private final class GraphUser: InjectableSettable {
  var injectedGraphValue: GraphValue?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedGraphValue": \GraphUser.injectedGraphValue] }
}

/// An object whose injection fills a ``GraphValue`` and a ``GraphUser`` holding one: the two must be the same.
private final class GraphValueAndUser: InjectableSettable {
  var injectedGraphValue: GraphValue?
  var injectedGraphUser: GraphUser?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedGraphValue": \GraphValueAndUser.injectedGraphValue,
      "injectedGraphUser": \GraphValueAndUser.injectedGraphUser,
    ]
  }
}
