import Dispatch
import Testing

@testable import PropertyInjector

private final class Session: Sendable {
  let number: Int
  init(number: Int) { self.number = number }
}

private final class AccountScreen: InjectableSettable {
  var injectedSession: Session?
  var injectedOtherSession: Session?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedSession": \AccountScreen.injectedSession, "injectedOtherSession": \AccountScreen.injectedOtherSession]
  }
}

/// Not `Sendable`: registered `unchecked:`.
private final class Preferences {
  var values: [String: String] = [:]
}

@MainActor private final class AccountModel {}

private final class LazyAccountScreen: InjectableSettable {
  var injectedSession: Lazy<Session>?
  var injectedEach: Provider<Session>?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedSession": \LazyAccountScreen.injectedSession, "injectedEach": \LazyAccountScreen.injectedEach]
  }
}

/// A reset lands while its injection runs: `injectedReset`'s factory resets the sessions, between the other two.
private final class ResetWhileInjecting: InjectableSettable {
  var injectedSession: Session?
  var injectedReset: Counter?
  var injectedOtherSession: Session?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedSession": \ResetWhileInjecting.injectedSession, "injectedReset": \ResetWhileInjecting.injectedReset,
      "injectedOtherSession": \ResetWhileInjecting.injectedOtherSession,
    ]
  }
}

private struct SessionPair: Sendable {
  let first: Session
  let second: Session
}

private func sessions(_ injector: Injector, counter: Counter, id: String? = nil) {
  injector.register(Session.self, scope: .cached, id: id) { _ in Session(number: counter.increment()) }
}

@Suite("Cached scope")
struct CachedScopeTests {
  @Test("A cached value is shared like a singleton until reset, then made anew on next use")
  func sharedUntilReset() throws {
    let injector = Injector()
    let made = Counter()
    sessions(injector, counter: made)
    #expect(made.value == 0)
    let first = AccountScreen()
    try injector.inject(first)
    #expect(first.injectedSession === first.injectedOtherSession)
    #expect(try injector.resolve(Session.self) === first.injectedSession)
    #expect(made.value == 1)
    try injector.reset(Session.self)
    #expect(made.value == 1)
    let second = AccountScreen()
    try injector.inject(second)
    #expect(made.value == 2)
    #expect(second.injectedSession !== first.injectedSession)
    #expect(try injector.resolve(Session.self) === second.injectedSession)
  }

  @Test("Resetting one registration leaves the others; resetCached resets every cached one")
  func resetOneOrAll() throws {
    let injector = Injector()
    let made = Counter()
    sessions(injector, counter: made)
    sessions(injector, counter: made, id: "other")
    let session = try injector.resolve(Session.self)
    let other = try injector.resolve(Session.self, id: "other")
    try injector.reset(Session.self, id: "other")
    #expect(try injector.resolve(Session.self) === session)
    let newOther = try injector.resolve(Session.self, id: "other")
    #expect(newOther !== other)
    try injector.resetCached()
    #expect(try injector.resolve(Session.self) !== session)
    #expect(try injector.resolve(Session.self, id: "other") !== newOther)
  }

  @Test("Resetting what is not a cached registration throws notCached, naming what is registered")
  func resetWrongInputs() {
    let injector = Injector()
    injector.register(Session.self, scope: .singleton) { _ in Session(number: 0) }
    #expect {
      try injector.reset(Session.self)
    } throws: { error in
      let error = error as? InjectionError
      return error?.code == .notCached && error?.problems.first?.summary.contains("a singleton Session") == true
        && error?.problems.first?.fix.contains("scope: .cached") == true
    }
    #expect {
      try injector.reset(AccountScreen.self)
    } throws: { error in
      (error as? InjectionError)?.code == .notCached
    }
    #expect(throws: Never.self) { try Injector().resetCached() }
  }

  @Test("Resetting a cached registration under the wrong key names the keys it is under, and each reset works")
  func resetNearMisses() throws {
    let parent = Injector()
    parent.register(Session.self, scope: .cached, for: AccountScreen.self, id: "main") { _ in Session(number: 1) }
    let injector = Injector(parent: parent)
    injector.register(named: "current", scope: .cached) { _ in Session(number: 2) }
    let error = try #require(injectionError { try injector.reset(Session.self) })
    let problem = try #require(error.problems.first)
    #expect(problem.code == .notCached)
    #expect(
      problem.nearMisses == [
        "a cached-scoped Session (for AccountScreen, id \"main\"): "
          + "`injector.reset(Session.self, for: AccountScreen.self, id: \"main\")` resets it",
        "the cached factory named \"current\": `resetCached()` of the injector that holds it resets it",
      ])
    #expect(problem.fix == "Reset it under the key it was registered with, as written above.")
    try injector.reset(Session.self, for: AccountScreen.self, id: "main")
    try injector.resetCached()
  }

  @Test("A child's reset(_:) resets its parent's cached registration for all; its resetCached() only its own")
  func childResetsParentsValue() throws {
    let parent = Injector()
    let made = Counter()
    sessions(parent, counter: made)
    let child = Injector(parent: parent)
    let before = try child.resolve(Session.self)
    #expect(try parent.resolve(Session.self) === before)
    try child.resetCached()
    #expect(try parent.resolve(Session.self) === before, "the child has no cached registration of its own")
    try child.reset(Session.self)
    let after = try parent.resolve(Session.self)
    #expect(after !== before)
    #expect(try child.resolve(Session.self) === after)
  }

  @Test("A Lazy resolves the value of its first read; a Provider the current one on each get")
  func lazyAndProvider() throws {
    let injector = Injector()
    let made = Counter()
    sessions(injector, counter: made)
    let screen = LazyAccountScreen()
    try injector.inject(screen)
    let provider = try #require(screen.injectedEach)
    let lazy = try #require(screen.injectedSession)
    let first = try provider.get()
    #expect(try lazy.value === first)
    try injector.reset(Session.self)
    let second = try provider.get()
    #expect(second !== first)
    #expect(try provider.get() === second)
    #expect(try lazy.value === first)
  }

  @Test("@Injected reads the current cached value")
  func injectedWrapper() throws {
    let injector = Injector()
    sessions(injector, counter: Counter())
    struct Reader {
      @Injected var session: Session?
    }
    let reader = Reader(session: Injected(in: injector))
    let first = reader.session
    #expect(reader.session === first)
    try injector.reset(Session.self)
    #expect(reader.session !== first)
  }

  @Test("Resets racing resolves on many threads hand out whole values, old or new, and never crash")
  func resetsRacingResolves() {
    let injector = Injector()
    let made = Counter()
    injector.register(Session.self, scope: .cached) { _ in
      let number = made.increment()
      return Session(number: number)
    }
    let wrong = Counter()
    var bodies: [@Sendable () -> Void] = (0..<6).map { _ in
      {
        for _ in 0..<2000 {
          guard let session = try? injector.resolve(Session.self), session.number > 0 else {
            wrong.increment()
            continue
          }
          let screen = AccountScreen()
          if (try? injector.inject(screen)) == nil || screen.injectedSession == nil { wrong.increment() }
        }
      }
    }
    bodies += (0..<2).map { index in
      {
        for _ in 0..<500 {
          if index == 0 { try? injector.reset(Session.self) } else { try? injector.resetCached() }
        }
      }
    }
    runConcurrently(bodies)
    #expect(wrong.value == 0)
    #expect(made.value >= 1)
    // After the race, one value again, shared.
    let settled = try? injector.resolve(Session.self)
    #expect(settled != nil && (try? injector.resolve(Session.self)) === settled)
  }

  @Test("A reset while an injection runs takes for the next call; a top-level resolve keeps nothing for the next")
  func resetDuringAnInjectionTakesForTheNext() throws {
    let injector = Injector()
    let made = Counter()
    sessions(injector, counter: made)
    // Held weakly: the injector keeps the factory (a cycle LeakSanitizer would report).
    injector.register(Counter.self) { [weak injector] _ in
      try injector?.reset(Session.self)
      return Counter()
    }
    let screen = ResetWhileInjecting()
    try injector.inject(screen)
    #expect(screen.injectedSession != nil && screen.injectedSession === screen.injectedOtherSession)
    // The reset took: the next call makes a new value, shared within it.
    let next = ResetWhileInjecting()
    try injector.inject(next)
    #expect(next.injectedSession != nil && next.injectedSession === next.injectedOtherSession)
    #expect(next.injectedSession !== screen.injectedSession)
    // A top-level resolve keeps nothing for a later one: after a reset, the new generation.
    let resolved = try injector.resolve(Session.self)
    try injector.reset(Session.self)
    #expect(try injector.resolve(Session.self) !== resolved)
  }

  @Test("An injection racing resets on other threads never holds two generations of one cached registration")
  func injectionsRacingResetsAreWhole() {
    let injector = Injector()
    sessions(injector, counter: Counter())
    let torn = Counter()
    runConcurrently(
      (0..<4).map { index in
        {
          for _ in 0..<3000 {
            if index == 0 {
              try? injector.reset(Session.self)
              continue
            }
            let screen = AccountScreen()
            try? injector.inject(screen)
            if screen.injectedSession !== screen.injectedOtherSession { torn.increment() }
          }
        }
      })
    #expect(torn.value == 0)
  }

  @Test("A reset from a factory during a top-level resolve takes for the next call, as during an injection")
  func resetDuringAResolveTakesForTheNext() throws {
    let injector = Injector()
    sessions(injector, counter: Counter())
    // Held weakly: the injector keeps the factory (a cycle LeakSanitizer would report).
    injector.register(SessionPair.self) { [weak injector] resolver in
      let first = try resolver.resolve(Session.self)
      try injector?.reset(Session.self)
      return SessionPair(first: first, second: try resolver.resolve(Session.self))
    }
    let pair = try injector.resolve(SessionPair.self)
    #expect(pair.first === pair.second, "one call, one generation")
    #expect(try injector.resolve(Session.self) !== pair.first, "the reset took for the next call")
  }

  @Test("A value being made on another thread when a reset comes goes to its call and is not kept")
  func resetDuringACreationDropsIt() throws {
    let injector = Injector()
    let made = Counter()
    let creating = DispatchSemaphore(value: 0)
    let resetDone = DispatchSemaphore(value: 0)
    injector.register(Session.self, scope: .cached) { _ in
      let number = made.increment()
      if number == 1 {
        creating.signal()
        resetDone.wait()
      }
      return Session(number: number)
    }
    let inFlight = Locked2<Session?>(nil)
    let finished = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      inFlight.mutate { $0 = try? injector.resolve(Session.self) }
      finished.signal()
    }
    creating.wait()
    try injector.reset(Session.self)
    resetDone.signal()
    finished.wait()
    #expect(inFlight.value?.number == 1, "the call that made it gets it")
    let next = try injector.resolve(Session.self)
    #expect(next.number == 2, "not kept: the next use makes a new one")
    #expect(try injector.resolve(Session.self) === next)
  }

  @Test("Threads asking at once for a cached value not made yet get one and the same")
  func oneIdentityUnderContention() {
    let injector = Injector()
    let made = Counter()
    injector.register(Session.self, scope: .cached) { _ in
      _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 0.05)  // slow: the other threads arrive meanwhile
      return Session(number: made.increment())
    }
    let seen = Locked2<[ObjectIdentifier]>([])
    runConcurrently(
      (0..<16).map { _ in
        {
          if let session = try? injector.resolve(Session.self) { seen.mutate { $0.append(ObjectIdentifier(session)) } }
        }
      })
    #expect(seen.value.count == 16)
    #expect(Set(seen.value).count == 1)
    #expect(made.value == 1)
  }

  @Test("A failed creation leaves the object unchanged and keeps nothing: the next use tries again")
  func failedCreationKeepsNothing() throws {
    let injector = Injector()
    let attempts = Counter()
    injector.register(Session.self, scope: .cached) { _ in
      if attempts.increment() == 1 { throw Failure(reason: "not yet") }
      return Session(number: attempts.value)
    }
    let screen = AccountScreen()
    #expect(throws: InjectionError.self) { try injector.inject(screen) }
    #expect(screen.injectedSession == nil && screen.injectedOtherSession == nil)
    try injector.inject(screen)
    #expect(screen.injectedSession?.number == 2)
    #expect(screen.injectedSession === screen.injectedOtherSession)
  }

  @Test("A cached value first made under an override is the override's own, and dies with it")
  func overrideValuesDieWithTheOverride() throws {
    let made = Counter()
    let app = Injector()
    sessions(app, counter: made)
    weak var testsOwn: Session?
    do {
      let override = Injector(overriding: app)
      let session = try override.resolve(Session.self)
      testsOwn = session
      #expect(try override.resolve(Session.self) === session)
      #expect(try app.resolve(Session.self) !== session)
    }
    #expect(testsOwn == nil)
    #expect(made.value == 2)
  }

  @Test("A reset through an override resets the override's view only: the app's value stays")
  func resetThroughAnOverride() throws {
    let made = Counter()
    let app = Injector()
    sessions(app, counter: made)
    let appSession = try app.resolve(Session.self)
    do {
      let override = Injector(overriding: app)
      #expect(try override.resolve(Session.self) === appSession)
      try override.reset(Session.self)
      let own = try override.resolve(Session.self)
      #expect(own !== appSession)
      #expect(try override.resolve(Session.self) === own)
      try override.resetCached()
      #expect(try override.resolve(Session.self) !== own)
    }
    #expect(try app.resolve(Session.self) === appSession)
  }

  @Test("A non-Sendable type registered unchecked is cached and reset")
  func uncheckedValues() throws {
    let injector = Injector()
    injector.register(unchecked: Preferences.self, scope: .cached) { _ in Preferences() }
    let first = try injector.resolve(Preferences.self)
    #expect(try injector.resolve(Preferences.self) === first)
    try injector.reset(Preferences.self)
    #expect(try injector.resolve(Preferences.self) !== first)
  }

  @MainActor
  @Test("A main-actor cached registration is shared on the main actor and reset")
  func mainActorValues() throws {
    let injector = Injector()
    injector.register(AccountModel.self, scope: .cached, on: MainActor.self) { _ in AccountModel() }
    let first = try injector.resolve(AccountModel.self)
    #expect(try injector.resolve(AccountModel.self) === first)
    try injector.reset(AccountModel.self)
    #expect(try injector.resolve(AccountModel.self) !== first)
  }

  @Test("explain names the cached scope")
  func explainNamesTheScope() throws {
    let injector = Injector()
    sessions(injector, counter: Counter())
    let entry = try #require(injector.explain(AccountScreen()).entries.first)
    #expect(entry.source == "a cached-scoped Session")
    #expect(entry.reasons.contains { $0.contains("until reset") })
  }
}
