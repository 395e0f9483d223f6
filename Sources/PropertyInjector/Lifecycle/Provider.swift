/// Asks the injector for a value each time: a property type for values made fresh, or
/// resolved late.
///
/// ```swift
/// final class Feed: InjectableSettable {
///   var injectedRequestIDs: Provider<RequestID>?
///   ...
///   func send() throws { let id = try injectedRequestIDs?.get() }   // a new RequestID from its factory
/// }
/// ```
///
/// When ``Injector/inject(_:)`` fills a `Provider<T>?` property, it checks that a `T` can be
/// resolved for that property, so a wiring mistake still fails the injection. Each ``get()``
/// then resolves again, with the property's name, id and target, against the registrations of
/// that moment: a transient factory makes a new value every time, a replaced registration is
/// seen at once. Because nothing is created at injection time, a cycle through a `Provider`
/// resolves. A `Provider` made by an injector keeps that injector weakly.
///
/// In tests, make one directly: `screen.injectedRequestIDs = Provider { RequestID("test") }`.
public struct Provider<Value>: Sendable {
  private let resolution: @Sendable () throws -> Any

  /// A `Provider` that calls `make` on every ``get()``.
  ///
  /// - Parameter make: Makes a value.
  public init(_ make: @escaping @Sendable () throws -> Value) {
    resolution = make
  }

  init(resolution: @escaping @Sendable () throws -> Any) {
    self.resolution = resolution
  }

  /// Resolves a value now.
  ///
  /// - Returns: The value the registrations supply at this moment.
  /// - Throws: ``InjectionError``, as ``Lazy/value`` does.
  public func get() throws -> Value {
    let value = try resolution()
    guard let typed = value as? Value else {
      throw InjectionError(
        operation: "Provider<\(readableName(of: Value.self))>.get()",
        InjectionError.Problem(
          code: .typeMismatch, typeName: "Provider<\(readableName(of: Value.self))>",
          summary:
            "the value made is \(aOrAn(readableName(of: type(of: value)))), not \(aOrAn(readableName(of: Value.self))).",
          fix: "Register \(aOrAn(readableName(of: Value.self)))."))
    }
    return typed
  }
}

extension Provider: DeferredValue {
  static var deferral: Deferral {
    Deferral(inner: Probe<Value>(), timing: "again on every get()") { resolution in Provider(resolution: resolution) }
  }
}
