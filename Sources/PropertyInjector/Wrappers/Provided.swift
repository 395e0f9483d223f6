/// A property whose value is registered with an injector, and registered again whenever it is
/// assigned: a default that other code can read through ``Injected`` or `inject`.
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
/// `@Provided var cache: Cache = ImageCache()` serves `Cache` properties. An optional property
/// registers its unwrapped value, and removes its registration when set to `nil`.
///
/// ## It provides; it never overrides
/// A `@Provided` property registers only where nothing else is registered for its type (without
/// a target or id) or name. A registration made with `register` (the app's configuration, a
/// test's override) is never replaced or removed by it, whatever order they happen in; only its
/// own earlier value is. ``isProviding`` tells whether its value is the one registered. The
/// injector keeps the last value provided after the owner is gone.
///
/// An `@Provided` property is not filled by ``Injector/inject(_:)``: its storage (`_cache`) is
/// never a candidate.
@propertyWrapper
public struct Provided<Value: Sendable>: Sendable {
  private let injector: Injector
  private let name: String?
  private let owner = RegistrationOwner()
  private var value: Value
  private var providing: Bool

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
    providing = false
    providing = provide(wrappedValue)
  }

  /// The value; assigning it registers the new value where this property's value is registered
  /// (or nothing is).
  public var wrappedValue: Value {
    get { value }
    set {
      value = newValue
      providing = provide(newValue)
    }
  }

  /// The wrapper itself, for ``isProviding``: `$numbers.isProviding`.
  public var projectedValue: Self { self }

  /// Whether the current value is the one registered: false when another registration holds
  /// its type (or name), and when the value is `nil`.
  public var isProviding: Bool { providing }

  private func provide(_ value: Value) -> Bool {
    let unwrapped: Any?
    let service: TypeProbe
    if let optional = value as? any OptionalProtocol {
      unwrapped = optional.wrappedAny
      service = optional.wrappedProbe
    } else {
      unwrapped = value
      service = TypeProbe(Value.self)
    }
    let match: Registration.Match =
      name.map { .name($0) }
      ?? .type(Registration.TypeMatch(target: nil, id: nil, includingAncestors: false))
    guard let unwrapped else {
      let key = Registration.key(of: service, match)
      injector.remove(key, ownedBy: owner)
      return false
    }
    return injector.add(service, .instance(unwrapped), match, owner: owner)
  }
}

extension OptionalProtocol {
  /// The wrapped value, as `Any`.
  var wrappedAny: Any? { wrapped.map { $0 } }
  /// The probe of the wrapped type.
  var wrappedProbe: TypeProbe { TypeProbe(Wrapped.self) }
}
