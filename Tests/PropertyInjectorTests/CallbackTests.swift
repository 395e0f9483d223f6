import PropertyInjector
import Testing

private final class Screen: InjectableSettable {
  var injectedCache: Cache?
  var injectedAnalytics: Analytics?
  var injections = 0
  var sawCache = false
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedCache": \Screen.injectedCache, "injectedAnalytics": \Screen.injectedAnalytics]
  }
  func didInjectDependencies() {
    injections += 1
    sawCache = injectedCache != nil && injectedAnalytics != nil
  }
}

/// A value a factory makes: injected, and its callback run, before it is handed on.
private final class Session: InjectableSettable {
  var injectedCache: Cache?
  var isReady = false
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \Session.injectedCache] }
  func didInjectDependencies() { isReady = true }
}

/// What a factory saw of the session it resolved.
private final class SessionUser: Sendable {
  let sawReadySession: Bool
  init(sawReadySession: Bool) { self.sawReadySession = sawReadySession }
}

/// Needs a made session, then a value whose factory reads it.
private final class SessionScreen: InjectableSettable {
  var injectedSession: Session?
  var injectedUser: SessionUser?
  var injections = 0
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedSession": \SessionScreen.injectedSession, "injectedUser": \SessionScreen.injectedUser]
  }
  func didInjectDependencies() { injections += 1 }
}

@Suite("The injection callback")
struct CallbackTests {
  @Test("A made value is complete when handed on: a later factory sees its callback run")
  func madeValueIsCompleteWhenHandedOn() throws {
    let injector = Injector()
    injector.register(Cache())
    injector.register(unchecked: Session.self, scope: .graph) { _ in Session() }
    injector.register(SessionUser.self) { resolver in
      SessionUser(sawReadySession: try resolver.resolve(Session.self).isReady)
    }
    let screen = SessionScreen()
    try injector.inject(screen)
    #expect(screen.injectedUser?.sawReadySession == true)
    #expect(screen.injectedSession?.isReady == true && screen.injections == 1)
  }

  @Test("When a later factory fails, the object is unchanged and its callback not run; the discarded value's ran")
  func laterFailureDiscardsACompleteValue() throws {
    let injector = Injector()
    injector.register(Cache())
    let made = Locked2<[Session]>([])
    injector.register(unchecked: Session.self, scope: .graph) { _ in
      let session = Session()
      made.mutate { $0.append(session) }
      return session
    }
    injector.register(SessionUser.self) { resolver in
      _ = try resolver.resolve(Session.self)
      throw Failure(reason: "no user")
    }
    let screen = SessionScreen()
    #expect(injectionErrorCode { try injector.inject(screen) } == .factoryFailed)
    #expect(screen.injectedSession == nil && screen.injectedUser == nil && screen.injections == 0)
    #expect(made.value.count == 1 && made.value.allSatisfy(\.isReady), "documented in TheRules, rule 9")
  }

  @Test("didInjectDependencies runs once, after every property is set")
  func callbackRunsOnceAfterInjection() throws {
    let injector = Injector()
    injector.register(Cache())
    injector.register(Analytics())
    let screen = Screen()
    try injector.inject(screen)
    #expect(screen.injections == 1)
    #expect(screen.sawCache)
  }

  @Test("didInjectDependencies does not run when nothing was set")
  func callbackNeedsAPropertySet() throws {
    let injector = Injector()
    let screen = Screen()
    screen.injectedCache = Cache()
    screen.injectedAnalytics = Analytics()
    try injector.inject(screen)
    #expect(screen.injections == 0)
  }

  @Test("Each injection that sets something runs the callback again")
  func callbackRunsPerInjection() throws {
    let injector = Injector()
    injector.register(Cache())
    injector.register(Analytics())
    let screen = Screen()
    try injector.inject(screen)
    try injector.inject(screen)
    #expect(screen.injections == 1)
    screen.injectedCache = nil
    try injector.inject(screen)
    #expect(screen.injections == 2)
  }
}
