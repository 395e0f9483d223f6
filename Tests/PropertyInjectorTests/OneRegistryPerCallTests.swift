import Dispatch
import Testing

@testable import PropertyInjector

/// A value that says which registration made it.
private final class Version: Sendable {
  let number: Int
  init(_ number: Int) { self.number = number }
}

/// What a factory made, and the version its resolve got.
private final class UsesVersion: Sendable {
  let version: Version
  init(_ version: Version) { self.version = version }
}

private final class VersionAndUser: InjectableSettable {
  var injectedVersion: Version?
  var injectedUser: UsesVersion?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedVersion": \VersionAndUser.injectedVersion, "injectedUser": \VersionAndUser.injectedUser]
  }
}

/// A made value the injector fills in turn: its injection is nested in the call that made it.
private final class Consumer: InjectableSettable {
  var injectedVersion: Version?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedVersion": \Consumer.injectedVersion] }
}

private final class VersionAndConsumer: InjectableSettable {
  var injectedVersion: Version?
  var injectedConsumer: Consumer?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedVersion": \VersionAndConsumer.injectedVersion, "injectedConsumer": \VersionAndConsumer.injectedConsumer]
  }
}

/// A factory's pause: the first time a factory reaches ``here()``, `change` runs on another thread, and the factory
/// goes on once it returned. So a change lands exactly while a call runs.
private final class Pause: Sendable {
  private let armed = Locked2(true)
  private let entered = DispatchSemaphore(value: 0)
  private let proceed = DispatchSemaphore(value: 0)

  init(_ change: @escaping @Sendable () -> Void) {
    DispatchQueue.global().async { [entered, proceed] in
      entered.wait()
      change()
      proceed.signal()
    }
  }

  func here() {
    var first = false
    armed.mutate { armed in (first, armed) = (armed, false) }
    guard first else { return }
    entered.signal()
    proceed.wait()
  }
}

/// A shared service a test's override makes in its own cells.
private final class Client: Sendable {
  let version: Version
  init(_ version: Version) { self.version = version }
}

private final class HoldsClient: Sendable {
  let client: Client
  init(_ client: Client) { self.client = client }
}

/// Registers on `injector` a `UsesVersion` factory that, the first time it runs, lets `change` run on another thread
/// before it resolves its `Version`.
private func registerUser(on injector: Injector, pausingFor change: @escaping @Sendable () -> Void) {
  let pause = Pause(change)
  injector.register(UsesVersion.self) { resolver in
    pause.here()
    return UsesVersion(try resolver.resolve(Version.self))
  }
}

@Suite("One registry per call")
struct OneRegistryPerCallTests {
  @Test("A replacement while an injection runs reaches neither its properties nor its factories' resolves")
  func injectionSeesTheRegistryItStartedWith() throws {
    let injector = Injector()
    injector.register(Version(1))
    registerUser(on: injector) { injector.register(Version(2)) }
    let object = VersionAndUser()
    try injector.inject(object)
    #expect(object.injectedVersion?.number == 1)
    #expect(object.injectedUser?.version.number == 1)
    let next = VersionAndUser()
    try injector.inject(next)
    #expect(next.injectedVersion?.number == 2 && next.injectedUser?.version.number == 2)
    #expect(try injector.resolve(Version.self).number == 2)
  }

  @Test("A top-level resolve's factory resolves from the registry the resolve started with")
  func resolveSeesTheRegistryItStartedWith() throws {
    let injector = Injector()
    injector.register(Version(1))
    registerUser(on: injector) { injector.register(Version(2)) }
    #expect(try injector.resolve(UsesVersion.self).version.number == 1)
    #expect(try injector.resolve(UsesVersion.self).version.number == 2)
  }

  @Test("A change in a parent while a child's injection runs a parent's factory reaches neither")
  func parentChangeDuringAChildsInjection() throws {
    let root = Injector()
    root.register(Version(1))
    registerUser(on: root) { root.register(Version(2)) }
    let child = Injector(parent: root)
    child.register(UsesVersion.self, for: Consumer.self) { _ in UsesVersion(Version(0)) }  // a child with a factory
    let object = VersionAndUser()
    try child.inject(object)
    #expect(object.injectedVersion?.number == 1 && object.injectedUser?.version.number == 1)
  }

  @Test("A request's child running the plan a sibling built sees the parent as the call started")
  func parentChangeDuringASharedPlan() throws {
    let root = Injector()
    root.register(Version(1))
    let pause = Pause { root.register(Version(2)) }
    let paused = Locked2(false)
    root.register(UsesVersion.self) { resolver in
      if paused.value { pause.here() }
      return UsesVersion(try resolver.resolve(Version.self))
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
    injector.register(Version(1))
    let pause = Pause { injector.register(Version(2)) }
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
    injector.register(Version(1))
    let pause = Pause { injector.register(Version(2)) }
    injector.register(Consumer.self) { _ in
      pause.here()
      return Consumer()
    }
    #expect(try injector.resolve(Consumer.self).injectedVersion?.number == 1)
  }

  @Test("A factory that asks the injector it captured, not its resolver, sees the registry the call started with")
  func capturedInjectorSeesTheCallsRegistry() throws {
    let injector = Injector()
    injector.register(Version(1))
    let pause = Pause { injector.register(Version(2)) }
    struct Released: Error {}
    // Weakly: the injector keeps the factory, which must not keep the injector.
    injector.register(UsesVersion.self) { [weak injector] _ in
      pause.here()
      guard let injector else { throw Released() }
      return UsesVersion(try injector.resolve(Version.self))
    }
    let object = VersionAndUser()
    try injector.inject(object)
    #expect(object.injectedVersion?.number == 1 && object.injectedUser?.version.number == 1)
  }

  @Test("A singleton registered anew during a call: the call's factories get the one its properties got")
  func singletonReplacedDuringACall() throws {
    let injector = Injector()
    injector.register(Version.self, scope: .singleton) { _ in Version(1) }
    registerUser(on: injector) { injector.register(Version.self, scope: .singleton) { _ in Version(2) } }
    let object = VersionAndUser()
    try injector.inject(object)
    #expect(object.injectedVersion?.number == 1)
    #expect(object.injectedUser?.version === object.injectedVersion)
    #expect(try injector.resolve(Version.self).number == 2)
  }

  @Test("A graph registration replaced during a call: the call still shares the one value it made")
  func graphReplacedDuringACall() throws {
    let injector = Injector()
    injector.register(Version.self, scope: .graph) { _ in Version(1) }
    registerUser(on: injector) { injector.register(Version.self, scope: .graph) { _ in Version(2) } }
    let object = VersionAndUser()
    try injector.inject(object)
    #expect(object.injectedVersion?.number == 1)
    #expect(object.injectedUser?.version === object.injectedVersion)
  }

  @Test("A change in the suite while a test's call runs: a singleton the test made first is still the test's own")
  func overrideCallKeepsItsOwnCells() throws {
    let suite = Injector()
    suite.register(Version(1))
    suite.register(Client.self, scope: .singleton) { resolver in Client(try resolver.resolve(Version.self)) }
    let test = Injector(overriding: suite)
    test.register(Version(0))
    let testClient = try test.resolve(Client.self)  // first made inside the test: the test's own
    let suiteClient = try suite.resolve(Client.self)  // then the suite's own
    let pause = Pause { suite.register(Version(2), named: "unrelated") }
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
    injector.register(Version(1))
    let pause = Pause { injector.register(Version(2)) }
    let kept = Locked2<Provider<Version>?>(nil)
    injector.register(UsesVersion.self) { resolver in
      pause.here()
      let provider = try resolver.resolve(Provider<Version>.self)
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
    injector.register(Version(1))
    let pause = Pause { injector.register(Version(2)) }
    injector.register(UsesVersion.self) { _ in
      pause.here()
      throw Refused()
    }
    let object = VersionAndUser()
    #expect(throws: InjectionError.self) { try injector.inject(object) }
    #expect(object.injectedVersion == nil && object.injectedUser == nil)
    #expect(try injector.resolve(Version.self).number == 2)
    #expect(CreationStack.current.pinnedLevel(of: ObjectIdentifier(injector)) == nil)
  }

  @Test("With no change, a factory's resolves are cached as before: the call's pin costs no second build")
  func unchangedRegistryKeepsCaching() throws {
    let injector = Injector()
    injector.register(Version(1))
    injector.register(UsesVersion.self) { resolver in UsesVersion(try resolver.resolve(Version.self)) }
    try injector.inject(VersionAndUser())
    #expect(injector.cachedResolutionCount == 1)
  }

  @Test("Threads injecting while another replaces a registration: every object's values come from one version")
  func everyObjectSeesOneVersion() {
    let injector = Injector()
    injector.register(Version(0))
    injector.register(UsesVersion.self) { resolver in UsesVersion(try resolver.resolve(Version.self)) }
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
      for number in 1...2_000 { injector.register(Version(number)) }
      done.mutate { $0 = true }
    }
    runConcurrently(injecting + [replacing])
    #expect(mixed.value.isEmpty, "\(mixed.value.prefix(3))")
  }
}
