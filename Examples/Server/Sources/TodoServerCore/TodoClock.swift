public import Foundation

/// Tells the time: the app's clock, replaced by a fixed one in tests.
public protocol TodoClock: Sendable {
  /// The current time.
  var now: Date { get }
}

/// The system's clock.
public struct SystemClock: TodoClock {
  /// A system clock.
  public init() {}

  /// The current time.
  public var now: Date { Date() }
}

/// A clock that always tells the same time.
public struct FixedClock: TodoClock {
  /// The time it tells.
  public let now: Date

  /// A clock stopped at `now`.
  public init(now: Date) {
    self.now = now
  }
}
