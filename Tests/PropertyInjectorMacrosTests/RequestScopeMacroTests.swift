#if Macros
  import Dispatch
  import Foundation
  import Testing

  @testable import PropertyInjector

  private struct ScopeRequestID: Sendable, Equatable { let value: String }
  private final class ScopeUser: Sendable {
    let name: String
    init(name: String) { self.name = name }
  }
  private final class ScopeStore: Sendable {}

  /// App services (fused into the class's filler) beside the request's values (read from the child's slots).
  @Injectable
  private final class ScopeHandler {
    var injectedStore: ScopeStore?
    var injectedLogger: (any Logger)?
    var injectedRequestID: ScopeRequestID?
    weak var injectedUser: ScopeUser?
    var callbacks = 0
    func didInjectDependencies() { callbacks += 1 }
  }

  @Suite("A request scope through @Injectable's accessors")
  struct RequestScopeMacroTests {
    private func app() -> Injector {
      let app = Injector()
      app.register(ScopeStore())
      app.register(ConsoleLogger(), as: (any Logger).self)
      return app
    }

    @Test("Siblings share one plan; each handler gets its own request's values, a weak one included")
    func siblingsShareOnePlan() throws {
      let app = app()
      var users: [ScopeUser] = []
      var plans: [TypePlan] = []
      for number in 0..<3 {
        let scope = Injector(parent: app)
        let user = ScopeUser(name: "user-\(number)")
        users.append(user)
        scope.register(ScopeRequestID(value: "request-\(number)"))
        scope.register(user)
        let handler = ScopeHandler()
        try scope.inject(handler)
        #expect(handler.injectedRequestID == ScopeRequestID(value: "request-\(number)"))
        #expect(handler.injectedUser === user)
        #expect(handler.injectedStore != nil && handler.injectedLogger != nil)
        #expect(handler.callbacks == 1)
        plans.append(try scope.injectionPlan(for: ScopeHandler()).plan)
      }
      #expect(plans.allSatisfy { $0 === plans[0] })
      #expect(app.siblingPlanCount == 1)
    }

    @Test("Many threads' requests never see each other's values, in debug and release alike")
    func concurrentRequestsAreIsolated() {
      let app = app()
      let wrong = Locked<Int>(0)
      DispatchQueue.concurrentPerform(iterations: 500) { number in
        let scope = Injector(parent: app)
        let user = ScopeUser(name: "user-\(number)")
        scope.register(ScopeRequestID(value: "request-\(number)"))
        scope.register(user)
        let handler = ScopeHandler()
        let filled = (try? scope.inject(handler)) != nil
        let right =
          filled && handler.injectedRequestID?.value == "request-\(number)" && handler.injectedUser === user
        if !right { wrong.withLock { $0 += 1 } }
      }
      #expect(wrong.withLock { $0 } == 0)
    }

    @Test("A request missing a value fails whole, and names the property; the next complete one is filled")
    func aMissingValueFailsWhole() throws {
      let app = app()
      let complete = Injector(parent: app)
      complete.register(ScopeRequestID(value: "first"))
      complete.register(ScopeUser(name: "someone"))
      try complete.inject(ScopeHandler())
      let missing = Injector(parent: app)
      missing.register(ScopeRequestID(value: "second"))
      let handler = ScopeHandler()
      let error = try #require(throws: InjectionError.self) { try missing.inject(handler) }
      #expect(error.description.contains("injectedUser"))
      #expect(handler.injectedRequestID == nil && handler.injectedStore == nil && handler.callbacks == 0)
    }
  }
#endif
