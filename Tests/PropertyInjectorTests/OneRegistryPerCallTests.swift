import Dispatch
import Testing

@testable import PropertyInjector

/// A shared service a test's override makes in its own cells.
private final class Client: Sendable {
  let version: RegisteredVersion
  init(_ version: RegisteredVersion) { self.version = version }
}

private final class HoldsClient: Sendable {
  let client: Client
  init(_ client: Client) { self.client = client }
}

/// Resolves, as its `didSet` runs during the call's writes, what a plain `resolve` and a `Lazy` read answer.
private final class ObservingUser: InjectableSettable {
  var injector: Injector?
  var seenDuringWrites: [Int?] = []
  var injectedUser: UsesVersion? {
    didSet {
      let plain = try? injector?.resolve(RegisteredVersion.self).number
      let lazy = try? injector?.resolve(Lazy<RegisteredVersion>.self).value.number
      seenDuringWrites = [plain, lazy]
    }
  }
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedUser": \ObservingUser.injectedUser] }
}

/// Registers on `injector` a `UsesVersion` factory that, the first time it runs, lets `change` run on another thread
/// before it resolves its `RegisteredVersion`.
private func registerUser(on injector: Injector, pausingFor change: @escaping @Sendable () -> Void) {
  let pause = Pause(change)
  injector.register(UsesVersion.self) { resolver in
    pause.here()
    return UsesVersion(try resolver.resolve(RegisteredVersion.self))
  }
}

@Suite("One registry per call")
struct OneRegistryPerCallTests {
  @Test("A replacement while an injection runs reaches neither its properties nor its factories' resolves")
  func injectionSeesTheRegistryItStartedWith() throws {
    let injector = Injector()
    injector.register(RegisteredVersion(1))
    registerUser(on: injector) { injector.register(RegisteredVersion(2)) }
    let object = VersionAndUser()
    try injector.inject(object)
    #expect(object.injectedVersion?.number == 1)
    #expect(object.injectedUser?.version.number == 1)
    let next = VersionAndUser()
    try injector.inject(next)
    #expect(next.injectedVersion?.number == 2 && next.injectedUser?.version.number == 2)
    #expect(try injector.resolve(RegisteredVersion.self).number == 2)
  }

  @Test("A top-level resolve's factory resolves from the registry the resolve started with")
  func resolveSeesTheRegistryItStartedWith() throws {
    let injector = Injector()
    injector.register(RegisteredVersion(1))
    registerUser(on: injector) { injector.register(RegisteredVersion(2)) }
    #expect(try injector.resolve(UsesVersion.self).version.number == 1)
    #expect(try injector.resolve(UsesVersion.self).version.number == 2)
  }

  @Test("A change in a parent while a child's injection runs a parent's factory reaches neither")
  func parentChangeDuringAChildsInjection() throws {
    let root = Injector()
    root.register(RegisteredVersion(1))
    registerUser(on: root) { root.register(RegisteredVersion(2)) }
    let child = Injector(parent: root)
    // A child with a factory.
    child.register(UsesVersion.self, for: Consumer.self) { _ in UsesVersion(RegisteredVersion(0)) }
    let object = VersionAndUser()
    try child.inject(object)
    #expect(object.injectedVersion?.number == 1 && object.injectedUser?.version.number == 1)
  }

  @Test("A request's child running the plan a sibling built sees the parent as the call started")
  func parentChangeDuringASharedPlan() throws {
    let root = Injector()
    root.register(RegisteredVersion(1))
    let pause = Pause { root.register(RegisteredVersion(2)) }
    let paused = Locked2(false)
    root.register(UsesVersion.self) { resolver in
      if paused.value { pause.here() }
      return UsesVersion(try resolver.resolve(RegisteredVersion.self))
    }
    let first = Injector(parent: root)
    first.register("first", named: "title")
    try first.inject(VersionAndUser())
    let second = Injector(parent: root)
    second.register("second", named: "title")
    #expect(root.siblingPlanCount == 1, "the second child runs the first one's plan")
    paused.mutate { $0 = true }
    let object = VersionAndUser()
    try second.inject(object)
    #expect(object.injectedVersion?.number == 1 && object.injectedUser?.version.number == 1)
  }

  @Test("A made value's injection, nested in the call that made it, sees the registry the call started with")
  func madeValueInjectedAsTheCallStarted() throws {
    let injector = Injector()
    injector.register(RegisteredVersion(1))
    let pause = Pause { injector.register(RegisteredVersion(2)) }
    injector.register(Consumer.self) { _ in
      pause.here()
      return Consumer()
    }
    let object = VersionAndConsumer()
    try injector.inject(object)
    #expect(object.injectedVersion?.number == 1 && object.injectedConsumer?.injectedVersion?.number == 1)
    let next = VersionAndConsumer()
    try injector.inject(next)
    #expect(next.injectedConsumer?.injectedVersion?.number == 2)
  }

  @Test("A made value of a top-level resolve's factory is injected as the resolve started")
  func madeValueOfAResolveInjectedAsItStarted() throws {
    let injector = Injector()
    injector.register(RegisteredVersion(1))
    let pause = Pause { injector.register(RegisteredVersion(2)) }
    injector.register(Consumer.self) { _ in
      pause.here()
      return Consumer()
    }
    #expect(try injector.resolve(Consumer.self).injectedVersion?.number == 1)
  }

  @Test("A factory that asks the injector it captured, not its resolver, sees the registry the call started with")
  func capturedInjectorSeesTheCallsRegistry() throws {
    let injector = Injector()
    injector.register(RegisteredVersion(1))
    let pause = Pause { injector.register(RegisteredVersion(2)) }
    struct Released: Error {}
    // Weakly: the injector keeps the factory, which must not keep the injector.
    injector.register(UsesVersion.self) { [weak injector] _ in
      pause.here()
      guard let injector else { throw Released() }
      return UsesVersion(try injector.resolve(RegisteredVersion.self))
    }
    let object = VersionAndUser()
    try injector.inject(object)
    #expect(object.injectedVersion?.number == 1 && object.injectedUser?.version.number == 1)
  }

  @Test("A singleton registered anew during a call: the call's factories get the one its properties got")
  func singletonReplacedDuringACall() throws {
    let injector = Injector()
    injector.register(RegisteredVersion.self, scope: .singleton) { _ in RegisteredVersion(1) }
    registerUser(on: injector) {
      injector.register(RegisteredVersion.self, scope: .singleton) { _ in RegisteredVersion(2) }
    }
    let object = VersionAndUser()
    try injector.inject(object)
    #expect(object.injectedVersion?.number == 1)
    #expect(object.injectedUser?.version === object.injectedVersion)
    #expect(try injector.resolve(RegisteredVersion.self).number == 2)
  }

  @Test("A graph registration replaced during a call: the call still shares the one value it made")
  func graphReplacedDuringACall() throws {
    let injector = Injector()
    injector.register(RegisteredVersion.self, scope: .graph) { _ in RegisteredVersion(1) }
    registerUser(on: injector) {
      injector.register(RegisteredVersion.self, scope: .graph) { _ in RegisteredVersion(2) }
    }
    let object = VersionAndUser()
    try injector.inject(object)
    #expect(object.injectedVersion?.number == 1)
    #expect(object.injectedUser?.version === object.injectedVersion)
  }

  @Test("A change in the suite while a test's call runs: a singleton the test made first is still the test's own")
  func overrideCallKeepsItsOwnCells() throws {
    let suite = Injector()
    suite.register(RegisteredVersion(1))
    suite.register(Client.self, scope: .singleton) { resolver in Client(try resolver.resolve(RegisteredVersion.self)) }
    let test = Injector(overriding: suite)
    test.register(RegisteredVersion(0))
    let testClient = try test.resolve(Client.self)  // first made inside the test: the test's own
    let suiteClient = try suite.resolve(Client.self)  // then the suite's own
    let pause = Pause { suite.register(RegisteredVersion(2), named: "unrelated") }
    test.register(HoldsClient.self) { resolver in
      pause.here()
      return HoldsClient(try resolver.resolve(Client.self))
    }
    let holder = try test.resolve(HoldsClient.self)
    #expect(testClient !== suiteClient && testClient.version.number == 0)
    #expect(holder.client === testClient, "the test's own, not the suite's made one")
  }

  @Test("A Provider read inside the call answers as the call started; read after it returned, as registered now")
  func providerInsideAndAfterTheCall() throws {
    let injector = Injector()
    injector.register(RegisteredVersion(1))
    let pause = Pause { injector.register(RegisteredVersion(2)) }
    let kept = Locked2<Provider<RegisteredVersion>?>(nil)
    injector.register(UsesVersion.self) { resolver in
      pause.here()
      let provider = try resolver.resolve(Provider<RegisteredVersion>.self)
      kept.mutate { $0 = provider }
      return UsesVersion(try provider.get())
    }
    let object = VersionAndUser()
    try injector.inject(object)
    #expect(object.injectedUser?.version.number == 1)
    #expect(try kept.value?.get().number == 2)
  }

  @Test("A call that throws drops what it pinned: the same thread's next call sees the change")
  func failedCallPinsNothingAfterIt() throws {
    struct Refused: Error {}
    let injector = Injector()
    injector.register(RegisteredVersion(1))
    let pause = Pause { injector.register(RegisteredVersion(2)) }
    injector.register(UsesVersion.self) { _ in
      pause.here()
      throw Refused()
    }
    let object = VersionAndUser()
    #expect(throws: InjectionError.self) { try injector.inject(object) }
    #expect(object.injectedVersion == nil && object.injectedUser == nil)
    #expect(try injector.resolve(RegisteredVersion.self).number == 2)
    #expect(CreationStack.current.pinnedLevel(of: ObjectIdentifier(injector)) == nil)
  }

  @Test("A request's child whose own instance is replaced during its call: the child's own resolves get the old one")
  func requestChildOwnInstanceReplaced() throws {
    let root = Injector()
    let child = Injector(parent: root)
    child.register(RegisteredVersion(1))
    let pause = Pause { child.register(RegisteredVersion(2)) }
    root.register(UsesVersion.self) { [weak child] _ in
      pause.here()
      return UsesVersion(try #require(child).resolve(RegisteredVersion.self))
    }
    let object = VersionAndUser()
    try child.inject(object)
    #expect(object.injectedVersion?.number == 1 && object.injectedUser?.version.number == 1)
    #expect(try child.resolve(RegisteredVersion.self).number == 2)
  }

  @Test("A request's child whose own instance is replaced during its call: a value it injects there gets the old one")
  func requestChildOwnInstanceReplacedNestedInjection() throws {
    let root = Injector()
    let child = Injector(parent: root)
    child.register(RegisteredVersion(1))
    let pause = Pause { child.register(RegisteredVersion(2)) }
    root.register(Consumer.self) { [weak child] _ in
      pause.here()
      let consumer = Consumer()
      try #require(child).inject(consumer)
      return consumer
    }
    let object = VersionAndConsumer()
    try child.inject(object)
    #expect(object.injectedVersion?.number == 1 && object.injectedConsumer?.injectedVersion?.number == 1)
  }

  @Test("A request's child above the injector called, replaced mid-call: a value it injects there gets the old one")
  func requestChildAboveOwnInstanceReplacedNestedInjection() throws {
    let root = Injector()
    let middle = Injector(parent: root)
    middle.register(RegisteredVersion(1))
    let leaf = Injector(parent: middle)
    leaf.register("leaf", named: "title")
    let pause = Pause { middle.register(RegisteredVersion(2)) }
    root.register(Consumer.self) { [weak middle] _ in
      pause.here()
      let consumer = Consumer()
      try #require(middle).inject(consumer)
      return consumer
    }
    let object = VersionAndConsumer()
    try leaf.inject(object)
    #expect(object.injectedVersion?.number == 1 && object.injectedConsumer?.injectedVersion?.number == 1)
  }

  @Test(
    "A child injection inside a parent's factory, after a change: that call of its own sees one version",
    arguments: [false, true])
  func childInjectionInsideParentsCall(childExistedBefore: Bool) throws {
    let root = Injector()
    root.register(RegisteredVersion(1))
    let existing = Injector(parent: root)
    registerUser(on: root) { root.register(RegisteredVersion(2)) }
    // Both weakly: the root keeps this factory, and a child keeps its parent.
    root.register(NestedCallRecord.self) { [weak root, weak existing] resolver in
      _ = try resolver.resolve(UsesVersion.self)  // the pause: the root now holds version 2
      guard let root, let existing else { throw CancellationError() }
      let child = childExistedBefore ? existing : Injector(parent: root)
      let object = VersionAndUser()
      try child.inject(object)
      return NestedCallRecord(object)
    }
    let outer = VersionAndRecord()
    try root.inject(outer)
    let inner = try #require(outer.injectedRecord?.object)
    #expect(inner.injectedVersion != nil)
    #expect(inner.injectedVersion?.number == inner.injectedUser?.version.number)
    #expect(outer.injectedVersion?.number == 1)
  }

  @Test("A resolve in a property's didSet, during the call's writes, answers as the call started, as a Lazy read does")
  func resolveDuringTheWrites() throws {
    let injector = Injector()
    injector.register(RegisteredVersion(1))
    registerUser(on: injector) { injector.register(RegisteredVersion(2)) }
    let object = ObservingUser()
    object.injector = injector
    try injector.inject(object)
    #expect(object.injectedUser?.version.number == 1)
    #expect(object.seenDuringWrites == [1, 1])
  }

  @Test("With no change, a factory's resolves are cached as before: the call's pin costs no second build")
  func unchangedRegistryKeepsCaching() throws {
    let injector = Injector()
    injector.register(RegisteredVersion(1))
    injector.register(UsesVersion.self) { resolver in UsesVersion(try resolver.resolve(RegisteredVersion.self)) }
    try injector.inject(VersionAndUser())
    #expect(injector.cachedResolutionCount == 1)
  }

  @Test("Threads injecting while another replaces a registration: every object's values come from one version")
  func everyObjectSeesOneVersion() {
    let injector = Injector()
    injector.register(RegisteredVersion(0))
    injector.register(UsesVersion.self) { resolver in UsesVersion(try resolver.resolve(RegisteredVersion.self)) }
    let mixed = Locked2<[String]>([])
    let done = Locked2(false)
    let injecting: [@Sendable () -> Void] = (0..<3).map { _ in
      {
        while !done.value {
          let object = VersionAndUser()
          do {
            try injector.inject(object)
          } catch {
            mixed.mutate { $0.append("\(error)") }
            return
          }
          let (own, inner) = (object.injectedVersion?.number, object.injectedUser?.version.number)
          if own != inner { mixed.mutate { $0.append("\(String(describing: own)) and \(String(describing: inner))") } }
        }
      }
    }
    let replacing: @Sendable () -> Void = {
      for number in 1...2_000 { injector.register(RegisteredVersion(number)) }
      done.mutate { $0 = true }
    }
    runConcurrently(injecting + [replacing])
    #expect(mixed.value.isEmpty, "\(mixed.value.prefix(3))")
  }
}

private func numbers(_ object: VersionAndUser) -> [Int?] {
  [object.injectedVersion?.number, object.injectedUser?.version.number]
}

// MARK: - Hammer types

private final class Tag: Sendable {
  let n: Int
  init(_ n: Int) { self.n = n }
}
private final class B: Sendable {
  let a: Tag
  init(_ a: Tag) { self.a = a }
}
private final class S: Sendable {
  let n: Int
  init(_ n: Int) { self.n = n }
}
private final class G: Sendable {
  let n: Int
  let a: Tag
  init(_ n: Int, _ a: Tag) { (self.n, self.a) = (n, a) }
}
private final class C: Sendable {
  let n: Int
  init(_ n: Int) { self.n = n }
}
private final class W: Sendable {
  let n: Int
  init(_ n: Int) { self.n = n }
}
private final class D: Sendable {
  let a: Tag, b: B, s: S, g: G, c: C, w: W
  init(_ a: Tag, _ b: B, _ s: S, _ g: G, _ c: C, _ w: W) {
    (self.a, self.b, self.s, self.g, self.c, self.w) = (a, b, s, g, c, w)
  }
}
private final class Everything: InjectableSettable {
  var injectedTag: Tag?
  var injectedB: B?
  var injectedS: S?
  var injectedG: G?
  var injectedC: C?
  var injectedW: W?
  var injectedD: D?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedTag": \Everything.injectedTag, "injectedB": \Everything.injectedB, "injectedS": \Everything.injectedS,
      "injectedG": \Everything.injectedG, "injectedC": \Everything.injectedC, "injectedW": \Everything.injectedW,
      "injectedD": \Everything.injectedD,
    ]
  }

  /// Every way this object mixes two versions, described.
  func mixes() -> [String] {
    guard let tag = injectedTag, let b = injectedB, let s = injectedS, let g = injectedG, let c = injectedC,
      let w = injectedW, let d = injectedD
    else { return ["a nil property"] }
    var found: [String] = []
    let tags = [tag.n, b.a.n, g.a.n, d.a.n, d.b.a.n]
    if Set(tags).count != 1 { found.append("tags \(tags)") }
    if g !== d.g { found.append("graph \(g.n) vs \(d.g.n)") }
    if s !== d.s { found.append("singleton \(s.n) vs \(d.s.n)") }
    if c !== d.c { found.append("cached \(c.n) vs \(d.c.n)") }
    if w !== d.w { found.append("weak \(w.n) vs \(d.w.n)") }
    return found
  }
}

private final class NamedTag: InjectableSettable {
  var tag: String?
  var injectedUser: UsesVersion?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["tag": \NamedTag.tag, "injectedUser": \NamedTag.injectedUser]
  }
}

private final class LazyAndUser: InjectableSettable {
  var injectedLazy: Lazy<RegisteredVersion>?
  var injectedProvider: Provider<RegisteredVersion>?
  var injectedUser: UsesVersion?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedLazy": \LazyAndUser.injectedLazy, "injectedProvider": \LazyAndUser.injectedProvider,
      "injectedUser": \LazyAndUser.injectedUser,
    ]
  }
}

private struct Refused: Error {}
private struct Missing: Sendable {}

@Suite("One registry per call: every lifecycle, injector and path")
struct OneRegistryPerCallPathsTests {
  // MARK: Scopes

  @Test(
    "A weak or cached registration replaced during a call: the call keeps the value it made",
    arguments: [Scope.weak, .cached])
  func sharedScopeReplaced(scope: Scope) throws {
    let injector = Injector()
    injector.register(RegisteredVersion.self, scope: scope) { _ in RegisteredVersion(1) }
    registerUser(on: injector) { injector.register(RegisteredVersion.self, scope: scope) { _ in RegisteredVersion(2) } }
    let object = VersionAndUser()
    try injector.inject(object)
    #expect(numbers(object) == [1, 1])
    #expect(object.injectedUser?.version === object.injectedVersion)
    #expect(try injector.resolve(RegisteredVersion.self).number == 2)
  }

  @Test("A cached value reset during a call: one value per call, a new one after")
  func cachedResetMidCall() throws {
    let injector = Injector()
    registerCountedVersions(on: injector)
    registerUser(on: injector) { try? injector.reset(RegisteredVersion.self) }
    let object = VersionAndUser()
    try injector.inject(object)
    #expect(object.injectedUser?.version === object.injectedVersion)
    let after = try injector.resolve(RegisteredVersion.self)
    #expect(after !== object.injectedVersion, "reset took effect for the next call")
  }

  @Test("A cached value reset during a top-level resolve: one value for the resolve")
  func cachedResetMidResolve() throws {
    let injector = Injector()
    registerCountedVersions(on: injector)
    let first = try injector.resolve(RegisteredVersion.self)
    let pause = Pause { try? injector.reset(RegisteredVersion.self) }
    injector.register(VersionAndUser.self) { resolver in
      let object = VersionAndUser()
      object.injectedVersion = try resolver.resolve(RegisteredVersion.self)
      pause.here()
      object.injectedUser = UsesVersion(try resolver.resolve(RegisteredVersion.self))
      return object
    }
    let made = try injector.resolve(VersionAndUser.self)
    #expect(made.injectedVersion === first)
    #expect(made.injectedUser?.version === first)
    #expect(try injector.resolve(RegisteredVersion.self) !== first)
  }

  @Test("A singleton unregistered during a call: the call still resolves it")
  func unregisterMidCall() throws {
    let injector = Injector()
    injector.register(RegisteredVersion(1))
    registerUser(on: injector) { _ = injector.unregister(RegisteredVersion.self) }
    let object = VersionAndUser()
    try injector.inject(object)
    #expect(numbers(object) == [1, 1])
    #expect(throws: InjectionError.self) { try injector.resolve(RegisteredVersion.self) }
  }

  // MARK: Instances and names resolved in a factory

  @Test("An instance whose answer was cached, replaced during a call: the call keeps the old one")
  func cachedInstanceAnswerReplaced() throws {
    let injector2 = Injector()
    injector2.register(RegisteredVersion(1))
    _ = try injector2.resolve(RegisteredVersion.self)  // the answer cached before the call
    registerUser(on: injector2) { injector2.register(RegisteredVersion(2)) }
    let object = VersionAndUser()
    try injector2.inject(object)
    #expect(numbers(object) == [1, 1])
  }

  @Test("A name registration replaced during a call: resolve(_:named:) in a factory answers as the call started")
  func namedReplaced() throws {
    let injector = Injector()
    injector.register("v1", named: "tag")
    let pause = Pause { injector.register("v2", named: "tag") }
    let seen = Locked2<String?>(nil)
    injector.register(UsesVersion.self) { resolver in
      pause.here()
      seen.mutate { $0 = try? resolver.resolve(String.self, named: "tag") }
      return UsesVersion(RegisteredVersion(0))
    }
    let object = NamedTag()
    try injector.inject(object)
    #expect(object.tag == "v1")
    #expect(seen.value == "v1")
  }

  @Test("A resolve(_:for:id:) through a captured injector after a replacement answers as the call started")
  func targetedResolveReplaced() throws {
    let injector = Injector()
    injector.register(RegisteredVersion(1), for: Consumer.self)
    injector.register(RegisteredVersion(1))
    let pause = Pause { injector.register(RegisteredVersion(2), for: Consumer.self) }
    let seen = Locked2<Int?>(nil)
    injector.register(UsesVersion.self) { [weak injector] resolver in
      pause.here()
      seen.mutate { $0 = try? injector?.resolve(RegisteredVersion.self, for: Consumer.self).number }
      return UsesVersion(try resolver.resolve(RegisteredVersion.self))
    }
    try injector.inject(VersionAndUser())
    #expect(seen.value == 1)
  }

  // MARK: Hierarchies

  @Test("A grandchild's factory resolves as the call started after the middle injector shadows a value")
  func grandchildMiddleChange() throws {
    let root = Injector()
    root.register(RegisteredVersion(1))
    let middle = Injector(parent: root)
    let grandchild = Injector(parent: middle)
    registerUser(on: grandchild) { middle.register(RegisteredVersion(2)) }
    let object = VersionAndUser()
    try grandchild.inject(object)
    #expect(numbers(object) == [1, 1])
    #expect(try grandchild.resolve(RegisteredVersion.self).number == 2)
  }

  @Test("A grandchild's call runs the root's factory as the call started after the root changed")
  func grandchildRootChange() throws {
    let root = Injector()
    root.register(RegisteredVersion(1))
    registerUser(on: root) { root.register(RegisteredVersion(2)) }
    let grandchild = Injector(parent: Injector(parent: root))
    let object = VersionAndUser()
    try grandchild.inject(object)
    #expect(numbers(object) == [1, 1])
  }

  @Test("A parent's change during a child's call with a factory of its own reaches neither")
  func childOwnFactoryParentChange() throws {
    let root = Injector()
    root.register(RegisteredVersion(1))
    let child = Injector(parent: root)
    registerUser(on: child) { root.register(RegisteredVersion(2)) }
    let object = VersionAndUser()
    try child.inject(object)
    #expect(numbers(object) == [1, 1])
  }

  // MARK: Overrides

  @Test("An override's registration replaced during a call: the suite's factory resolves as the call started")
  func overrideChangedMidCall() throws {
    let suite = Injector()
    suite.register(RegisteredVersion(1))
    let test = Injector(overriding: suite)
    test.register(RegisteredVersion(10))
    registerUser(on: suite) { test.register(RegisteredVersion(11)) }
    let object = VersionAndUser()
    try test.inject(object)
    #expect(numbers(object) == [10, 10], "got \(numbers(object))")
  }

  @Test("The suite changed during an override's call: the override's singleton is as the call started")
  func suiteChangedUnderOverride() throws {
    let suite = Injector()
    suite.register(RegisteredVersion.self, scope: .singleton) { _ in RegisteredVersion(1) }
    let test = Injector(overriding: suite)
    registerUser(on: suite) { suite.register(RegisteredVersion.self, scope: .singleton) { _ in RegisteredVersion(2) } }
    let object = VersionAndUser()
    try test.inject(object)
    #expect(numbers(object) == [1, 1])
    #expect(object.injectedUser?.version === object.injectedVersion)
  }

  @Test("An override changed through the shared injector during a call answers as the call started")
  func withOverridesChangedMidCall() throws {
    try Injector.withOverrides { override in
      override.register(RegisteredVersion(1))
    } operation: {
      let shared = Injector.shared
      registerUser(on: shared) { shared.register(RegisteredVersion(2)) }
      let object = VersionAndUser()
      try shared.inject(object)
      #expect(numbers(object) == [1, 1])
      #expect(try shared.resolve(RegisteredVersion.self).number == 2)
    }
  }

  // MARK: Main actor

  @Test("Main-actor factories replaced during a main-actor injection answer as the call started") @MainActor
  func mainActorFactories() throws {
    let injector = Injector()
    injector.register(RegisteredVersion.self, scope: .singleton, on: MainActor.self) { _ in RegisteredVersion(1) }
    let pause = Pause {
      injector.register(RegisteredVersion.self, scope: .singleton, on: MainActor.self) { _ in RegisteredVersion(2) }
    }
    injector.register(UsesVersion.self, on: MainActor.self) { resolver in
      pause.here()
      return UsesVersion(try resolver.resolve(RegisteredVersion.self))
    }
    let object = VersionAndUser()
    try injector.inject(object)
    #expect(numbers(object) == [1, 1])
    #expect(object.injectedUser?.version === object.injectedVersion)
  }

  // MARK: Two injectors

  @Test("A's factory injects with B; B changes during B's own factory")
  func twoInjectorsInterleaved() throws {
    let a = Injector()
    a.register(RegisteredVersion(100))
    let b = Injector()
    b.register(RegisteredVersion(1))
    registerUser(on: b) {
      b.register(RegisteredVersion(2))
      a.register(RegisteredVersion(200))
    }
    a.register(NestedCallRecord.self) { _ in
      let object = VersionAndUser()
      try b.inject(object)
      return NestedCallRecord(object)
    }
    let outer = VersionAndRecord()
    try a.inject(outer)
    #expect(numbers(try #require(outer.injectedRecord?.object)) == [1, 1])
    #expect(outer.injectedVersion?.number == 100)
  }

  @Test("A's factory changes B, then injects with B: a call of its own, one version")
  func twoInjectorsChangeBefore() throws {
    let a = Injector()
    let b = Injector()
    b.register(RegisteredVersion(1))
    b.register(UsesVersion.self) { resolver in UsesVersion(try resolver.resolve(RegisteredVersion.self)) }
    _ = try b.resolve(UsesVersion.self)
    a.register(RegisteredVersion(100))
    a.register(NestedCallRecord.self) { _ in
      b.register(RegisteredVersion(2))
      let object = VersionAndUser()
      try b.inject(object)
      return NestedCallRecord(object)
    }
    let outer = VersionAndRecord()
    try a.inject(outer)
    #expect(numbers(try #require(outer.injectedRecord?.object)) == [2, 2])
  }

  // MARK: Re-entrancy

  @Test("A factory that injects another object with the same injector after a change sees the call's registry")
  func reentrantInject() throws {
    let injector = Injector()
    injector.register(RegisteredVersion(1))
    let pause = Pause { injector.register(RegisteredVersion(2)) }
    injector.register(NestedCallRecord.self) { [weak injector] _ in
      pause.here()
      guard let injector else { throw Refused() }
      let object = VersionAndUser()
      try injector.inject(object)
      return NestedCallRecord(object)
    }
    injector.register(UsesVersion.self) { resolver in UsesVersion(try resolver.resolve(RegisteredVersion.self)) }
    let outer = VersionAndRecord()
    try injector.inject(outer)
    #expect(outer.injectedVersion?.number == 1)
    #expect(numbers(try #require(outer.injectedRecord?.object)) == [1, 1])
  }

  @Test("A nested failure keeps the call's pin: a factory's later resolve still sees the call's registry")
  func nestedFailureKeepsOuterPin() throws {
    let injector = Injector()
    injector.register(RegisteredVersion(1))
    let pause = Pause { injector.register(RegisteredVersion(2)) }
    injector.register(UsesVersion.self) { [weak injector] resolver in
      pause.here()
      _ = try? resolver.resolve(Missing.self)  // a nested failure
      let failing = VersionAndRecord()
      _ = try? injector?.inject(failing)  // NestedCallRecord is not registered: a nested failing inject
      return UsesVersion(try resolver.resolve(RegisteredVersion.self))
    }
    let object = VersionAndUser()
    try injector.inject(object)
    #expect(numbers(object) == [1, 1])
  }

  @Test("A factory that throws after reading a cached value keeps nothing: the next call sees the reset and the change")
  func failureLeavesNothing() throws {
    let injector = Injector()
    registerCountedVersions(on: injector)
    let pause = Pause { injector.register(RegisteredVersion(50)) }
    injector.register(UsesVersion.self) { resolver in
      _ = try resolver.resolve(RegisteredVersion.self)
      pause.here()
      throw Refused()
    }
    let object = VersionAndUser()
    #expect(throws: InjectionError.self) { try injector.inject(object) }
    #expect(object.injectedVersion == nil && object.injectedUser == nil)
    #expect(try injector.resolve(RegisteredVersion.self).number == 50)
    #expect(CreationStack.current.pinnedLevel(of: ObjectIdentifier(injector)) == nil)
    #expect(!CreationStack.current.isRunning)
    #expect(CreationStack.current.graph.isEmpty)
  }

  @Test("A cached value made in a call that then fails is kept, as a singleton is, until a reset")
  func cachedValueOfAFailedCallIsKept() throws {
    let injector = Injector()
    registerCountedVersions(on: injector)
    injector.register(UsesVersion.self) { resolver in
      _ = try resolver.resolve(RegisteredVersion.self)
      throw Refused()
    }
    #expect(throws: InjectionError.self) { try injector.inject(VersionAndUser()) }
    #expect(try injector.resolve(RegisteredVersion.self).number == 1)
    try injector.reset(RegisteredVersion.self)
    #expect(try injector.resolve(RegisteredVersion.self).number == 2)
  }

  // MARK: Lazy / Provider

  @Test("Lazy and Provider stored in an object, first read after the call: the registry as it is then")
  func storedHandlesAfterTheCall() throws {
    let injector = Injector()
    injector.register(RegisteredVersion(1))
    registerUser(on: injector) { injector.register(RegisteredVersion(2)) }
    let object = LazyAndUser()
    try injector.inject(object)
    #expect(object.injectedUser?.version.number == 1)
    #expect(try object.injectedLazy?.value.number == 2)
    #expect(try object.injectedProvider?.get().number == 2)
  }

  @Test("Lazy resolved and read inside a factory after a change: the call's registry")
  func lazyReadInside() throws {
    let injector = Injector()
    injector.register(RegisteredVersion(1))
    let pause = Pause { injector.register(RegisteredVersion(2)) }
    let kept = Locked2<Lazy<RegisteredVersion>?>(nil)
    injector.register(UsesVersion.self) { resolver in
      let lazy = try resolver.resolve(Lazy<RegisteredVersion>.self)  // made before the change, read after
      pause.here()
      kept.mutate { $0 = lazy }
      return UsesVersion(try lazy.value)
    }
    let object = VersionAndUser()
    try injector.inject(object)
    #expect(numbers(object) == [1, 1])
  }

  @Test("A Lazy made in an earlier call, read in a later call's factory after a change, answers as that call started")
  func lazyFromEarlierCallReadInside() throws {
    let injector = Injector()
    injector.register(RegisteredVersion(1))
    let earlier = try injector.resolve(Lazy<RegisteredVersion>.self)
    let pause = Pause { injector.register(RegisteredVersion(2)) }
    injector.register(UsesVersion.self) { _ in
      pause.here()
      return UsesVersion(try earlier.value)
    }
    let object = VersionAndUser()
    try injector.inject(object)
    #expect(numbers(object) == [1, 1])
  }

  // MARK: Hammer

  @Test("Threads injecting while another replaces every lifecycle: each object's values come from one version")
  func hammerEveryLifecycle() {
    let injector = Injector()
    registerEverything(on: injector, version: 0)
    let (mixed, done) = (Locked2<[String]>([]), Locked2(false))
    let replacing: @Sendable () -> Void = {
      for n in 1...6_000 {
        switch n % 7 {
        case 0: injector.register(Tag(n))
        case 1: injector.register(S.self, scope: .singleton) { _ in S(n) }
        case 2: injector.register(G.self, scope: .graph) { r in G(n, try r.resolve(Tag.self)) }
        case 3: injector.register(C.self, scope: .cached) { _ in C(n) }
        case 4: try? injector.reset(C.self)
        case 5: injector.register(W.self, scope: .weak) { _ in W(n) }
        default: registerEverythingUser(on: injector)
        }
      }
      done.mutate { $0 = true }
    }
    let injectingDirectly = injecting(until: done, recordingIn: mixed) { _, object in try injector.inject(object) }
    runConcurrently(injectingDirectly + [replacing])
    #expect(mixed.value.isEmpty, "\(mixed.value.count) mixed: \(mixed.value.prefix(3))")
  }

  @Test("Threads injecting through new children while the parent changes: each object's values come from one version")
  func hammerChildren() {
    let root = Injector()
    registerEverything(on: root, version: 0)
    let (mixed, done) = (Locked2<[String]>([]), Locked2(false))
    let replacing: @Sendable () -> Void = {
      for n in 1...6_000 {
        switch n % 4 {
        case 0: root.register(Tag(n))
        case 1: root.register(G.self, scope: .graph) { r in G(n, try r.resolve(Tag.self)) }
        case 2: try? root.reset(C.self)
        default: root.register(S.self, scope: .singleton) { _ in S(n) }
        }
      }
      done.mutate { $0 = true }
    }
    let injectingThroughChildren = injecting(until: done, recordingIn: mixed) { thread, object in
      let child = Injector(parent: root)
      // One thread's children hold a name registration: they build plans of their own, not a sibling's.
      if thread == 0 { child.register("x", named: "unused") }
      try child.inject(object)
    }
    runConcurrently(injectingThroughChildren + [replacing])
    #expect(mixed.value.isEmpty, "\(mixed.value.count) mixed: \(mixed.value.prefix(3))")
  }
}

/// Registers every lifecycle the threaded tests replace, each value made with version `n`.
private func registerEverything(on injector: Injector, version n: Int) {
  injector.register(Tag(n))
  injector.register(B.self) { r in B(try r.resolve(Tag.self)) }
  injector.register(S.self, scope: .singleton) { _ in S(n) }
  injector.register(G.self, scope: .graph) { r in G(n, try r.resolve(Tag.self)) }
  injector.register(C.self, scope: .cached) { _ in C(n) }
  injector.register(W.self, scope: .weak) { _ in W(n) }
  registerEverythingUser(on: injector)
}

/// Registers the factory of `D`, which resolves every other lifecycle.
private func registerEverythingUser(on injector: Injector) {
  injector.register(D.self) { r in
    D(
      try r.resolve(Tag.self), try r.resolve(B.self), try r.resolve(S.self), try r.resolve(G.self),
      try r.resolve(C.self), try r.resolve(W.self))
  }
}

/// Three threads' bodies: each injects new `Everything`s through `inject` (given its thread's index) until `done`,
/// recording in `mixed` an error or an object whose values mix versions.
private func injecting(
  until done: Locked2<Bool>, recordingIn mixed: Locked2<[String]>,
  _ inject: @escaping @Sendable (Int, Everything) throws -> Void
) -> [@Sendable () -> Void] {
  (0..<3).map { thread in
    {
      while !done.value {
        let object = Everything()
        do {
          try inject(thread, object)
        } catch {
          mixed.mutate { $0.append("\(error)") }
          return
        }
        let found = object.mixes()
        if !found.isEmpty { mixed.mutate { $0.append(found.joined(separator: ", ")) } }
      }
    }
  }
}

/// Registers a cached `RegisteredVersion` whose factory numbers the values it makes: 1, 2, ….
private func registerCountedVersions(on injector: Injector) {
  let counter = Locked2(0)
  injector.register(RegisteredVersion.self, scope: .cached) { _ in
    var number = 0
    counter.mutate { count in (count, number) = (count + 1, count + 1) }
    return RegisteredVersion(number)
  }
}
