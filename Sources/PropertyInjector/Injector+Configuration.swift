extension Injector {
  /// The app-wide injector, for code that cannot be handed one (OBInjector's controller).
  ///
  /// ```swift
  /// // At launch, once:
  /// try Injector.shared.configure { injector in
  ///   try injector.register(ConsoleLogger(), as: (any Logger).self)
  /// }
  /// // Anywhere after:
  /// try Injector.shared.inject(viewController)
  /// ```
  ///
  /// Injecting or resolving through it before ``configure(_:)`` has run throws
  /// ``InjectionError/Code/notConfigured``, so a launch-order mistake surfaces at once. Tests
  /// should not depend on it: give each test its own ``init()`` or ``init(parent:)`` injector.
  public static let shared = Injector(parent: nil, requiresConfiguration: true)

  /// Runs `body` to register this injector's contents, the first time only.
  ///
  /// The first call runs `body` and returns `true`; every later call ignores its body and
  /// returns `false`, so configuration code can run from several places without registering
  /// twice. If `body` throws, the registrations it made are undone, the injector stays
  /// unconfigured (so a later `configure` runs), and the error is rethrown.
  ///
  /// - Parameter body: Registers what the injector supplies; receives this injector.
  /// - Returns: Whether `body` ran.
  /// - Throws: What `body` throws.
  @discardableResult
  public func configure(_ body: (Injector) throws -> Void) rethrows -> Bool {
    let saved: Registry? = state.withLock { state in
      guard case .notConfigured = state.configuration else { return nil }
      state.configuration = .configuring
      return state.registry
    }
    guard let saved else { return false }
    do {
      try body(self)
    } catch {
      state.withLock { state in
        state.registry = saved
        state.forgetPlans()
        state.configuration = .notConfigured
      }
      throw error
    }
    state.withLock { $0.configuration = .configured }
    return true
  }

  /// Throws ``InjectionError/Code/notConfigured`` when this injector requires configuration
  /// and ``configure(_:)`` has not run.
  func checkConfigured(operation: String) throws {
    guard requiresConfiguration else { return }
    let configured = state.withLock { state in
      if case .notConfigured = state.configuration { return false }
      return true
    }
    guard !configured else { return }
    throw InjectionError(
      operation: operation,
      InjectionError.Problem(
        code: .notConfigured, typeName: "Injector.shared",
        summary: "Injector.shared was used before configure(_:) ran.",
        fix: "Call Injector.shared.configure { ... } at launch, before anything is injected; "
          + "in tests, use an injector of your own."
      ))
  }
}
