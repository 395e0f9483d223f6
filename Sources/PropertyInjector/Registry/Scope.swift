/// How often a factory registration runs.
///
/// ```swift
/// injector.register(RequestID.self) { _ in RequestID() }                     // transient
/// injector.register(Database.self, scope: .singleton) { try Database(log: $0.resolve()) }
/// ```
public struct Scope: Hashable, Sendable, CustomStringConvertible {
  private let name: String

  /// A new value for every property the registration fills, and every `resolve`.
  public static let transient = Scope(name: "transient")

  /// One value, created on first use (exactly once, even when many threads ask at the same
  /// moment), then shared. A creation that throws is not remembered: the next use tries again.
  public static let singleton = Scope(name: "singleton")

  /// `transient` or `singleton`.
  public var description: String { name }
}
