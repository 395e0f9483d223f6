/// A property that reads its value from an injector on every access, by type or by name.
///
/// ```swift
/// final class ReportView {
///   @Injected var logger: (any Logger)?                        // resolve((any Logger).self)
///   @Injected(named: "luckyNumbers") var numbers: [Int]?       // resolve([Int].self, named:)
///   @Injected(in: testInjector) var clock: Clock?              // any injector; Injector.shared by default
/// }
/// ```
///
/// Because it resolves on every access, replacing a registration (or assigning a ``Provided``
/// property) is seen at once. A wrapper that finds nothing reads `nil`; read `$logger.resolved()`
/// to get the error instead.
///
/// An `@Injected` property is not filled by ``Injector/inject(_:)``: its storage, which
/// `Mirror` shows as `_logger`, is never a candidate, and it needs no entry in
/// ``InjectableSettable/injectableKeyPaths``. The class using it need not conform to
/// ``InjectableSettable`` at all.
@propertyWrapper
public struct Injected<Value>: Sendable {
  private let injector: Injector
  private let name: String?

  /// Reads the value registered for `Value`, as ``Injector/resolve(_:)`` does.
  ///
  /// - Parameter injector: The injector to read from; ``Injector/shared`` by default.
  public init(in injector: Injector = .shared) {
    self.injector = injector
    name = nil
  }

  /// Reads the value registered under `name`, as ``Injector/resolve(_:named:)`` does.
  ///
  /// - Parameters:
  ///   - name: The registered name, compared exactly.
  ///   - injector: The injector to read from; ``Injector/shared`` by default.
  public init(named name: String, in injector: Injector = .shared) {
    self.injector = injector
    self.name = name
  }

  /// The value registered now, or `nil` when nothing fits (or making it failed).
  public var wrappedValue: Value? { try? resolved() }

  /// The wrapper itself, for ``resolved()``: `$logger.resolved()`.
  public var projectedValue: Self { self }

  /// The value registered now.
  ///
  /// - Returns: The value.
  /// - Throws: ``InjectionError``, as ``Injector/resolve(_:)`` or ``Injector/resolve(_:named:)`` does.
  public func resolved() throws -> Value {
    if let name {
      return try injector.resolve(Value.self, named: name)
    }
    return try injector.resolve(Value.self)
  }
}
