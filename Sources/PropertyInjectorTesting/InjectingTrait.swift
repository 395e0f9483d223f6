public import PropertyInjector
public import Testing

/// A test or suite trait that gives each test its own override of ``PropertyInjector/Injector/shared``.
///
/// ```swift
/// @Test(.injecting { $0.register(MockClock(), as: (any Clock).self) })
/// func feedShowsTheMockedTime() throws {
///   let screen = FeedScreen()
///   try Injector.shared.inject(screen)     // a MockClock; the app's registrations for the rest
/// }
/// ```
///
/// Inside the test (and every task it starts), `Injector.shared` and every `@Injected` property
/// that names no injector see an override injector: a child of the real shared injector holding
/// the registrations the trait makes. Other tests running at the same time, each with its own
/// trait, never see it. On a suite, the trait applies to each test in it, and a test's own
/// `.injecting` adds to its suite's.
///
/// It is ``PropertyInjector/Injector/withOverrides(_:operation:)`` for Swift Testing; XCTest
/// cases call that from `invokeTest`.
public struct InjectingTrait: TestTrait, SuiteTrait, TestScoping {
  let overrides: @Sendable (Injector) throws -> Void
  /// Where the trait is written, when its factory function could say: an issue it records points
  /// there, or else at the test, never at the library.
  let sourceLocation: SourceLocation?

  /// Each test of a suite gets its own override, made fresh for it.
  public var isRecursive: Bool { true }

  /// Whether an outer trait (a suite's, around a test's own) watches for escaped registrations: it reports them, once.
  @TaskLocal private static var isWatched = false

  /// Runs the test with its override in place.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    try await provideScope(for: test, watching: Injector.root, performing: function)
  }

  /// Runs `function` with the override in place, and records what reached `root` meanwhile as an
  /// issue of `test`, at the trait's source location or else the test's.
  func provideScope(
    for test: Test,
    watching root: Injector,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    guard !Self.isWatched else {
      return try await Injector.withOverrides(overrides) { try await function() }
    }
    let start = root.registrationsOutsideOverridesCount
    try await Self.$isWatched.withValue(true) {
      try await Injector.withOverrides(overrides) {
        try await function()
      }
    }
    let escaped = root.registrationsOutsideOverrides(since: start)
    guard !escaped.isEmpty else { return }
    Issue.record(
      """
      While this test ran, \(escaped.count == 1 ? "a registration" : "\(escaped.count) registrations") reached the \
      process-wide Injector.shared instead of the test's override, from a thread or task that does not see it \
      (DispatchQueue, Thread, Task.detached), so every later test would share \(escaped.count == 1 ? "it" : "them"): \
      \(escaped.joined(separator: "; ")). Capture the injector before leaving the task (`let injector = \
      Injector.shared`) and register through it, or make the registration in the test's `.injecting`. (A test \
      running at the same time may have made it.)
      """,
      sourceLocation: sourceLocation ?? test.sourceLocation)
  }
}

extension Trait where Self == InjectingTrait {
  /// Overrides ``PropertyInjector/Injector/shared`` for the test (or each test of the suite)
  /// with the registrations `overrides` makes.
  ///
  /// - Parameters:
  ///   - overrides: Registers the test's fakes with the override injector.
  ///   - sourceLocation: Where the trait is written, where an issue it records points; leave the default.
  /// - Returns: The trait.
  public static func injecting(
    _ overrides: @escaping @Sendable (Injector) throws -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Self {
    Self(overrides: overrides, sourceLocation: sourceLocation)
  }

  /// Gives the test (or each test of the suite) an empty override of
  /// ``PropertyInjector/Injector/shared``: what the code under test registers there (through
  /// `Injector.shared.register`, or `@Provided`) stays inside the test.
  /// An issue it records points at the test.
  public static var injecting: Self { Self(overrides: { _ in }, sourceLocation: nil) }
}
