extension Injector {
  /// An override injector of `parent`: a child whose ancestors' factories, when it asks, resolve
  /// through it, and whose ancestors' singletons not yet made are made for it alone.
  convenience init(overriding parent: Injector) {
    self.init(
      parent: parent, requiresConfiguration: false, creationWaitLimit: parent.creationWaitLimit, overriding: true)
  }

  /// The override injector of the current task, if ``withOverrides(_:operation:)`` set one.
  @TaskLocal static var overriding: Injector?

  /// Runs `operation` with ``shared`` replaced, for this task and its child tasks only, by a child of
  /// the current ``shared`` that holds what `overrides` registers.
  ///
  /// ```swift
  /// try Injector.withOverrides { $0.register(MockClock(), as: (any Clock).self) } operation: {
  ///   try Injector.shared.inject(FeedScreen())  // a MockClock, and the app's other registrations
  /// }
  /// ```
  ///
  /// Other tasks and threads (`Task.detached`, a `DispatchQueue` block) see the real ``shared``. A
  /// singleton not made yet is made for the override alone. See <doc:Testing>.
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

  /// Runs the asynchronous `operation` with ``shared`` overridden for this task and its child tasks;
  /// see ``withOverrides(_:operation:)``.
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

  /// How many overrides are in place now, in any task.
  static let overridesInPlace = Locked(0)

  /// How many registrations have reached this (process-wide) injector while overrides were in place:
  /// read it before a test, and pass it to ``registrationsOutsideOverrides(since:)`` after.
  package var registrationsOutsideOverridesCount: Int { changesDuringOverrides?.withLock { $0.count } ?? 0 }

  /// What reached this injector while overrides were in place, since `count` (the last
  /// ``UnscopedChanges/limit`` of them at most), described for a test failure.
  package func registrationsOutsideOverrides(since count: Int) -> [String] {
    changesDuringOverrides?.withLock { $0.descriptions(since: count) } ?? []
  }
}

/// A bounded log of the registrations made on the process-wide injector while overrides were in place.
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
