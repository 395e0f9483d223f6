import Foundation
import Testing

@testable import PropertyInjector

/// A request's own values, registered in its child injector.
private struct RequestNumber: Sendable, Equatable { let value: String }
private struct RequestCaller: Sendable, Equatable { let name: String }

/// A request value that is an object, to see who keeps it alive.
private final class Session: Sendable {
  let number: Int
  init(number: Int) { self.number = number }
}

/// A handler with two app services and the request's values.
private final class Handler: InjectableSettable {
  var injectedCache: Cache?
  var injectedLogger: (any Logger)?
  var injectedRequestID: RequestNumber?
  var injectedCaller: RequestCaller?

  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedCache": \Handler.injectedCache, "injectedLogger": \Handler.injectedLogger,
      "injectedRequestID": \Handler.injectedRequestID, "injectedCaller": \Handler.injectedCaller,
    ]
  }
}

private final class SessionHandler: InjectableSettable {
  var injectedSession: Session?
  var injectedCache: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedSession": \SessionHandler.injectedSession, "injectedCache": \SessionHandler.injectedCache]
  }
}

@Suite("A request scope: siblings of one shape share a plan, never their values")
struct RequestScopeTests {
  private func app() -> Injector {
    let app = Injector()
    app.register(Cache())
    app.register(ConsoleLogger(), as: (any Logger).self)
    return app
  }

  private func request(_ number: Int, of app: Injector) -> Injector {
    let scope = Injector(parent: app)
    scope.register(RequestNumber(value: "request-\(number)"))
    scope.register(RequestCaller(name: "caller-\(number)"))
    return scope
  }

  @Test("Two requests' children run one plan, each filling its handler with its own values")
  func siblingsShareOnePlan() throws {
    let app = app()
    let first = request(1, of: app)
    let second = request(2, of: app)
    let (firstHandler, secondHandler) = (Handler(), Handler())
    try first.inject(firstHandler)
    try second.inject(secondHandler)
    #expect(firstHandler.injectedRequestID == RequestNumber(value: "request-1"))
    #expect(firstHandler.injectedCaller == RequestCaller(name: "caller-1"))
    #expect(secondHandler.injectedRequestID == RequestNumber(value: "request-2"))
    #expect(secondHandler.injectedCaller == RequestCaller(name: "caller-2"))
    #expect(secondHandler.injectedCache != nil && secondHandler.injectedLogger != nil)
    #expect(try first.injectionPlan(for: Handler()).plan === second.injectionPlan(for: Handler()).plan)
    #expect(app.siblingPlanCount == 1, "the app injector keeps the plan for the next request")
  }

  @Test("A thousand requests on many threads never see another's values")
  func concurrentRequestsAreIsolated() {
    let app = app()
    let mismatches = Locked2(0)
    DispatchQueue.concurrentPerform(iterations: 1_000) { number in
      let handler = Handler()
      do {
        try request(number, of: app).inject(handler)
      } catch {
        mismatches.mutate { $0 += 1 }
        return
      }
      if handler.injectedRequestID?.value != "request-\(number)" || handler.injectedCaller?.name != "caller-\(number)" {
        mismatches.mutate { $0 += 1 }
      }
    }
    #expect(mismatches.value == 0)
  }

  @Test("A replacement in the app injector is seen by every request that starts after it")
  func appChangesReachTheNextRequest() throws {
    let app = app()
    try request(1, of: app).inject(Handler())
    #expect(app.siblingPlanCount == 1)
    let replacement = ImageCache()
    app.register(replacement, as: Cache.self)
    #expect(app.siblingPlanCount == 0, "the change drops the plans the app kept for its children")
    let handler = Handler()
    try request(2, of: app).inject(handler)
    #expect(handler.injectedCache === replacement)
  }

  @Test("A child made before a change in the app injector, that cached nothing yet, sees the change")
  func childrenMadeBeforeAChangeSeeIt() throws {
    let app = app()
    try request(1, of: app).inject(Handler())
    let early = request(2, of: app)
    let replacement = ImageCache()
    app.register(replacement, as: Cache.self)
    let handler = Handler()
    try early.inject(handler)
    #expect(handler.injectedCache === replacement)
    #expect(try early.resolve(Cache.self) === replacement)
    app.register(Cache(), as: Cache.self)
    #expect(try early.resolve(Cache.self) !== replacement, "a child that cached a resolution hears of the next change")
  }

  @Test("A test's override injector runs a plan of its own: its parent keeps none after the test")
  func overridesDoNotSharePlans() throws {
    let app = app()
    for number in 1...2 {
      let override = Injector(overriding: app)
      override.register(RequestNumber(value: "request-\(number)"))
      override.register(RequestCaller(name: "caller-\(number)"))
      let handler = Handler()
      try override.inject(handler)
      #expect(handler.injectedRequestID == RequestNumber(value: "request-\(number)"))
    }
    #expect(app.siblingPlanCount == 0)
  }

  @Test("A child of another shape builds its own plan, and reports what it misses")
  func anotherShapeGetsItsOwnPlan() throws {
    let app = app()
    let complete = Handler()
    try request(1, of: app).inject(complete)
    // The same types, but the id keeps the request's id from filling `injectedRequestID`.
    let odd = Injector(parent: app)
    odd.register(RequestNumber(value: "other"), id: "previous")
    odd.register(RequestCaller(name: "someone"))
    let handler = Handler()
    #expect(throws: InjectionError.self) { try odd.inject(handler) }
    #expect(handler.injectedCaller == nil && handler.injectedCache == nil, "a failed injection changes nothing")
    let error = try #require(throws: InjectionError.self) { try odd.inject(Handler()) }
    #expect(error.description.contains("injectedRequestID"))
    // The first shape's plan is still the one a request like the first runs.
    let again = Handler()
    try request(3, of: app).inject(again)
    #expect(again.injectedRequestID == RequestNumber(value: "request-3"))
  }

  @Test("An instance of another type under the same key is another shape")
  func instanceTypesTellShapesApart() throws {
    let app = Injector()
    app.register(ConsoleLogger(), as: (any Logger).self)
    let plain = Injector(parent: app)
    plain.register(Cache())
    let image = Injector(parent: app)
    let imageCache = ImageCache()
    image.register(imageCache, as: Cache.self)
    let (first, second) = (SessionHandlerWithoutSession(), SessionHandlerWithoutSession())
    try plain.inject(first)
    try image.inject(second)
    #expect(second.injectedCache === imageCache)
    #expect(!(first.injectedCache is ImageCache))
    #expect(app.siblingPlanCount == 2)
  }

  @Test("A child whose own registration is a factory runs a plan of its own, not shared")
  func factoriesAreNotShared() throws {
    let app = app()
    let scope = Injector(parent: app)
    scope.register(RequestNumber.self) { _ in RequestNumber(value: "made") }
    scope.register(RequestCaller(name: "caller"))
    let handler = Handler()
    try scope.inject(handler)
    #expect(handler.injectedRequestID == RequestNumber(value: "made"))
    #expect(app.siblingPlanCount == 0)
  }

  @Test("The plan the app keeps for its children keeps none of a request's values alive")
  func keptPlansHoldNoRequestValues() throws {
    let app = app()
    weak var released: Session?
    do {
      let scope = Injector(parent: app)
      let session = Session(number: 1)
      released = session
      scope.register(session)
      let handler = SessionHandler()
      try scope.inject(handler)
      #expect(handler.injectedSession === session)
    }
    #expect(app.siblingPlanCount == 1)
    #expect(released == nil, "the request's session went with the request")
    let next = Injector(parent: app)
    next.register(Session(number: 2))
    let handler = SessionHandler()
    try next.inject(handler)
    #expect(handler.injectedSession?.number == 2)
  }

  @Test("explain in a request's child names what fills each property, its own registrations included")
  func explainNamesTheChildsOwnRegistrations() throws {
    let app = app()
    let scope = request(1, of: app)
    try scope.inject(Handler())
    let report = scope.explain(Handler())
    let requestEntry = try #require(report.entries.first { $0.property == "injectedRequestID" })
    #expect(requestEntry.source?.contains("RequestNumber") == true)
    #expect(requestEntry.status == .filled)
    try scope.validate(Handler())
  }

  @Test("A registration made in a child after it injected is seen by its next injection")
  func laterRegistrationsInTheChildAreSeen() throws {
    let app = app()
    let scope = Injector(parent: app)
    scope.register(RequestNumber(value: "first"))
    #expect(throws: InjectionError.self) { try scope.inject(Handler()) }
    scope.register(RequestCaller(name: "late"))
    let handler = Handler()
    try scope.inject(handler)
    #expect(handler.injectedCaller == RequestCaller(name: "late"))
    scope.register(RequestNumber(value: "replaced"))
    let replaced = Handler()
    try scope.inject(replaced)
    #expect(replaced.injectedRequestID == RequestNumber(value: "replaced"))
  }
}

/// ``SessionHandler`` without the session: the app's cache alone.
private final class SessionHandlerWithoutSession: InjectableSettable {
  var injectedCache: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \SessionHandlerWithoutSession.injectedCache] }
}
