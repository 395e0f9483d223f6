extension Injector {
  /// The override injector of the current task, if ``withOverrides(_:operation:)`` set one.
  @TaskLocal static var overriding: Injector?

  /// Runs `operation` with ``shared`` replaced, for this task and its child tasks only, by an
  /// override injector: a child of the current ``shared`` that holds the registrations
  /// `overrides` makes, and falls back on the real one for everything else.
  ///
  /// ```swift
  /// try Injector.withOverrides { injector in
  ///   injector.register(MockClock(), as: (any Clock).self)
  /// } operation: {
  ///   let screen = FeedScreen()
  ///   try Injector.shared.inject(screen)      // a MockClock, and the app's other registrations
  /// }
  /// ```
  ///
  /// Code that injects or resolves through ``shared``, and every ``Injected`` property that
  /// names no injector, sees the override; other tasks and threads, including tests running in
  /// parallel with their own overrides, do not. Overrides nest: an inner call's override falls
  /// back on the outer one's. In XCTest, call it from `invokeTest`:
  ///
  /// ```swift
  /// override func invokeTest() {
  ///   Injector.withOverrides { $0.register(MockClock(), as: (any Clock).self) } operation: { super.invokeTest() }
  /// }
  /// ```
  ///
  /// With Swift Testing, the `.injecting` trait of `PropertyInjectorTesting` does this for a test
  /// or a whole suite.
  ///
  /// - Parameters:
  ///   - overrides: Registers what the override injector supplies.
  ///   - operation: Runs with the override in place.
  /// - Returns: What `operation` returns.
  public static func withOverrides<Result>(
    _ overrides: (Injector) throws -> Void,
    operation: () throws -> Result
  ) rethrows -> Result {
    let injector = Injector(parent: shared)
    try overrides(injector)
    return try $overriding.withValue(injector, operation: operation)
  }

  /// Runs the asynchronous `operation` with ``shared`` overridden for this task and its child
  /// tasks; see ``withOverrides(_:operation:)``.
  public static func withOverrides<Result>(
    _ overrides: (Injector) throws -> Void,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    let injector = Injector(parent: shared)
    try overrides(injector)
    return try await $overriding.withValue(injector, operation: operation)
  }
}
