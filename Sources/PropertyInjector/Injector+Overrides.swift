extension Injector {
  /// An override injector of `parent`: a child whose ancestors' factories, when it asks, resolve
  /// through it, and whose ancestors' singletons not yet made are made for it alone.
  convenience init(overriding parent: Injector) {
    self.init(
      parent: parent, requiresConfiguration: false, waitLimitSeconds: parent.waitLimitSeconds, overriding: true)
  }

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
  /// back on the outer one's.
  ///
  /// The override reaches everything made while it is in place, not only the values it
  /// registers: a factory of the real injector (or of an outer override) that runs for it
  /// resolves through the override, and a singleton that was not made yet is made for the
  /// override alone, seeing its registrations, and lives as long as it does, so two tests with
  /// different overrides never share one. A singleton made before the override began is shared
  /// as it is. (A plain child injector, ``init(parent:creationWaitLimit:)``, differs: its
  /// parent's factories resolve from the parent.)
  ///
  /// What the override does not reach: a task-local value is inherited by `Task { }` and child
  /// tasks, but not by `Task.detached`, a `Thread`, or a `DispatchQueue` block. Code there sees
  /// the real ``shared``; a registration it makes goes to the process-wide injector (the
  /// `.injecting` trait reports such a registration as a test issue). Pass the injector along
  /// instead: `let injector = Injector.shared` before leaving the task, then use `injector`. In XCTest, call it from `invokeTest`:
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
    let injector = Injector(overriding: shared)
    try overrides(injector)
    overridesInPlace.withLock { $0 += 1 }
    defer { overridesInPlace.withLock { $0 -= 1 } }
    return try $overriding.withValue(injector, operation: operation)
  }

  /// Runs the asynchronous `operation` with ``shared`` overridden for this task and its child
  /// tasks; see ``withOverrides(_:operation:)``.
  public static func withOverrides<Result>(
    _ overrides: (Injector) throws -> Void,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    let injector = Injector(overriding: shared)
    try overrides(injector)
    overridesInPlace.withLock { $0 += 1 }
    defer { overridesInPlace.withLock { $0 -= 1 } }
    return try await $overriding.withValue(injector, operation: operation)
  }
}

extension Injector {
  /// How many overrides are in place now, in any task.
  static let overridesInPlace = Locked(0)

  /// How many registrations have reached this injector (the process-wide one) while overrides
  /// were in place, since it was made: read it before a test, and pass it to
  /// ``registrationsOutsideOverrides(since:)`` after.
  package var registrationsOutsideOverridesCount: Int { changesDuringOverrides.withLock { $0.count } }

  /// What reached this injector while overrides were in place, since `count` (the last
  /// ``UnscopedChanges/limit`` of them at most), described for a test failure.
  package func registrationsOutsideOverrides(since count: Int) -> [String] {
    changesDuringOverrides.withLock { $0.descriptions(since: count) }
  }
}

/// A bounded log of the registrations made on the process-wide injector while overrides were
/// in place.
struct UnscopedChanges: Sendable {
  /// How many descriptions are kept.
  static let limit = 32
  private(set) var count = 0
  private var recent: [String] = []

  mutating func record(before: Slot, after: Slot) {
    count += 1
    let description =
      if let registration = after.registration {
        "register \(registration.named.summary)"
      } else if let registration = before.registration {
        "unregister \(registration.named.summary)"
      } else {
        "a registration that was rejected"
      }
    recent.append(description)
    if recent.count > Self.limit { recent.removeFirst() }
  }

  func descriptions(since start: Int) -> [String] {
    Array(recent.suffix(max(0, min(count - start, recent.count))))
  }
}
