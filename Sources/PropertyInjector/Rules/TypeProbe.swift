/// A type the injector must supply a value of, seen at run time: its identity, its name, and
/// what generic code answers about it (whether a value is one, whether it can be created or
/// deferred), asked once when the probe is made.
///
/// Types are told apart by `ObjectIdentifier` of their metatype and values tested by dynamic
/// cast, so two types with the same name in different modules never collide.
struct TypeProbe: Sendable {
  /// The type itself.
  let type: Any.Type
  /// Whether a value is an instance of the type, or of a subclass, or conforms to it when the
  /// type is a protocol.
  let accepts: @Sendable (Any) -> Bool
  /// Whether the type conforms to ``InjectorCreatable``, so it can be created when nothing is
  /// registered for it.
  let isCreatable: Bool
  private let deferralOfType: @Sendable () -> Deferral?

  /// The probe of `Value`.
  init<Value>(_: Value.Type) {
    type = Value.self
    accepts = { $0 is Value }
    isCreatable = Value.self is any InjectorCreatable.Type
    deferralOfType = { (Value.self as? any DeferredValue.Type)?.deferral }
  }

  /// The type's identity.
  var id: ObjectIdentifier { ObjectIdentifier(type) }

  /// The type as written in messages.
  var name: String { readableName(of: type) }

  /// How to make a value of the type later, when the type is ``Lazy`` or ``Provider``.
  var deferral: Deferral? { deferralOfType() }

  /// Whether the type is an `Optional`, which can never be registered.
  var isOptional: Bool { type is any OptionalProtocol.Type }
}
