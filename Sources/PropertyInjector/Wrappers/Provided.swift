/// A property whose value is registered with an injector, and registered again whenever it is
/// assigned.
///
/// ```swift
/// final class AppServices {
///   @Provided var cache: Cache = ImageCache()                      // registered as Cache, the declared type
///   @Provided(named: "luckyNumbers") var numbers = [1, 2, 3, 4]    // registered under a name
///   @Provided var session: Session? = nil                          // nil: nothing registered until assigned
/// }
/// services.numbers = [5, 6, 7, 8]   // every @Injected(named: "luckyNumbers") now reads [5, 6, 7, 8]
/// ```
///
/// The value is registered under the property's declared type, not the value's dynamic type:
/// `@Provided var cache: Cache = ImageCache()` serves `Cache?` properties. An optional property
/// registers its unwrapped value, and unregisters when set to `nil`. Registration happens when
/// the owner is initialized and on every assignment; it replaces the registration of the same
/// type (or name), as ``Injector/register(_:as:includingAncestors:for:id:)`` does. The injector
/// keeps the last value registered after the owner is gone.
///
/// Registration can only fail for a blank name; the error is kept in
/// `$property.registrationError` rather than thrown, since a property cannot throw.
///
/// An `@Provided` property is not filled by ``Injector/inject(_:)``: its storage (`_cache`) is
/// never a candidate and needs no entry in ``InjectableSettable/injectableKeyPaths``.
@propertyWrapper
public struct Provided<Value> {
  private let injector: Injector
  private let name: String?
  private var value: Value
  private var error: InjectionError?

  /// Registers `wrappedValue` with `injector`.
  ///
  /// - Parameters:
  ///   - wrappedValue: The initial value.
  ///   - name: Register under this name instead of the declared type.
  ///   - injector: The injector to register with; ``Injector/shared`` by default.
  public init(wrappedValue: Value, named name: String? = nil, in injector: Injector = .shared) {
    self.injector = injector
    self.name = name
    value = wrappedValue
    error = Self.register(wrappedValue, named: name, in: injector)
  }

  /// The value; assigning it registers the new value.
  public var wrappedValue: Value {
    get { value }
    set {
      value = newValue
      error = Self.register(newValue, named: name, in: injector)
    }
  }

  /// The wrapper itself, for ``registrationError``: `$numbers.registrationError`.
  public var projectedValue: Self { self }

  /// Why the last registration failed, or `nil` if it succeeded.
  public var registrationError: InjectionError? { error }

  private static func register(_ value: Value, named name: String?, in injector: Injector) -> InjectionError? {
    do {
      if let optional = value as? any OptionalProtocol {
        try optional.provide(in: injector, named: name)
      } else if let name {
        try injector.register(value, named: name)
      } else {
        try injector.register(value, as: Value.self)
      }
      return nil
    } catch {
      return error as? InjectionError
    }
  }
}

extension Provided: Sendable where Value: Sendable {}

extension OptionalProtocol {
  /// Registers the wrapped value under `Wrapped`, or removes the registration when nil.
  fileprivate func provide(in injector: Injector, named name: String?) throws {
    switch (wrapped, name) {
    case (let value?, let name?): try injector.register(value, named: name)
    case (let value?, nil): try injector.register(value, as: Wrapped.self)
    case (nil, let name?): try? injector.unregister(named: name)
    case (nil, nil): try? injector.unregister(Wrapped.self)
    }
  }
}
