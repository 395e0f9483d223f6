/// Asks the injector for a value on every ``get()``: a property type for values made fresh, or late.
///
/// `inject` fills a `Provider<T>?` property only after checking that a `T` can be resolved for it;
/// each ``get()`` then resolves again, against the registrations of that moment. In tests, make one
/// directly: `Provider { RequestID() }`. See <doc:Lifecycles>.
public struct Provider<Value>: Sendable {
  private let resolution: @Sendable () throws(InjectionError) -> Value

  /// A `Provider` that calls `make` on every ``get()``.
  ///
  /// - Parameter make: Makes a value. An error it throws is reported as
  ///   ``InjectionError/Code/factoryFailed``, wrapping it.
  public init(_ make: @escaping @Sendable () throws -> Value) {
    resolution = { () throws(InjectionError) -> Value in
      try callingFactory(
        make, at: Site(named: "Provider<\(readableName(of: Value.self))>", property: "get()"),
        making: "the Provider's closure")
    }
  }

  init(resolving request: Request, through link: InjectorLink) { resolution = link.resolution(of: request) }

  /// Resolves a value now.
  ///
  /// - Returns: The value the registrations supply at this moment.
  /// - Throws: ``InjectionError``, as ``Lazy/value`` does.
  public func get() throws(InjectionError) -> Value { try resolution() }
}

extension Provider: DeferredValue {
  static var deferral: Deferral {
    Deferral(inner: TypeProbe(Value.self), timing: "again on every get()", read: "get()")
  }
}
