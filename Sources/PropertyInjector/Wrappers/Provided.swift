/// A property whose value is registered with an injector, and registered again whenever it is assigned.
///
/// ```swift
/// final class AppServices {
///   @Provided var cache: any Cache = ImageCache()  // registered as `any Cache`, the declared type
/// }
/// ```
///
/// It provides, never overrides: it registers only where nothing else is registered under its type
/// (without a target or id) or name, and never replaces another registration. An optional one
/// registers its unwrapped value, and unregisters when set to `nil`. See <doc:Lifecycles>.
@propertyWrapper
public struct Provided<Value: Sendable>: Sendable {
  private let injector: Injector
  private let name: String?
  private let owner = RegistrationOwner()
  private var value: Value
  /// Where the value is registered, if it was.
  private var registered: RegistrationKey?

  /// Registers `wrappedValue` with `injector`, unless something else is registered there.
  ///
  /// - Parameters:
  ///   - wrappedValue: The initial value.
  ///   - name: Register under this name instead of the declared type.
  ///   - injector: The injector to register with; by default ``Injector/shared`` (the current
  ///     task's override, if any) when the property is initialized.
  public init(wrappedValue: Value, named name: String? = nil, in injector: Injector? = nil) {
    self.injector = injector ?? .shared
    self.name = name
    value = wrappedValue
    registered = provide(wrappedValue)
  }

  /// The value; assigning it registers the new value, where nothing else is registered.
  public var wrappedValue: Value {
    get { value }
    set {
      value = newValue
      registered = provide(newValue)
    }
  }

  /// The wrapper itself, for ``isProviding``: `$numbers.isProviding`.
  public var projectedValue: Self { self }

  /// Whether the current value is the one registered now: false when another registration holds
  /// its type (or name), also one made after it, and when the value is `nil`.
  public var isProviding: Bool { registered.map { injector.holds($0, ownedBy: owner) } ?? false }

  /// Registers `value` where nothing else is; returns where, if it did.
  private func provide(_ value: Value) -> RegistrationKey? {
    let optional = value as? any OptionalProtocol
    let service = optional?.wrappedProbe ?? TypeProbe(Value.self)
    let unwrapped: Any? = if let optional { optional.wrappedAny } else { value }
    let match = name.map { .name($0) } ?? Injector.match(for: nil, id: nil)
    let key = Registration.key(of: service, match)
    guard let unwrapped else {
      injector.remove(key, ownedBy: owner)
      return nil
    }
    return injector.add(service, .instance(unwrapped), match, owner: owner) ? key : nil
  }
}

extension OptionalProtocol {
  /// The probe of the wrapped type.
  var wrappedProbe: TypeProbe { TypeProbe(Wrapped.self) }
}
