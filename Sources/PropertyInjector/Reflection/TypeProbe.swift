/// A type the injector must supply a value of, seen at run time: its identity, its name,
/// and whether a given value is one.
///
/// Types are told apart by `ObjectIdentifier` of their metatype and values tested by dynamic
/// cast, so two types with the same name in different modules never collide.
class TypeProbe: @unchecked Sendable {
  /// The type itself.
  let type: Any.Type

  init(type: Any.Type) { self.type = type }

  /// The type's identity.
  final var id: ObjectIdentifier { ObjectIdentifier(type) }

  /// The type as written in messages.
  final var name: String { readableName(of: type) }

  /// Whether `value` is an instance of the type, or of a subclass, or conforms to it when the
  /// type is a protocol.
  func accepts(_ value: Any) -> Bool { false }

  /// Whether the type conforms to ``InjectorCreatable``, so it can be created when nothing is
  /// registered for it.
  var isCreatable: Bool { false }

  /// A new instance of the type, for an ``InjectorCreatable`` type.
  func create(with injector: Injector) throws -> Any? { nil }

  /// How to make a value of the type later, when the type is ``Lazy`` or ``Provider``.
  var deferral: Deferral? { nil }
}

/// The ``TypeProbe`` of `Wrapped`.
final class Probe<Wrapped>: TypeProbe, @unchecked Sendable {
  init() { super.init(type: Wrapped.self) }

  override func accepts(_ value: Any) -> Bool { ProbeOf<Wrapped>.accepts(value) }
  override var isCreatable: Bool { ProbeOf<Wrapped>.isCreatable }
  override func create(with injector: Injector) throws -> Any? { try ProbeOf<Wrapped>.create(with: injector) }
  override var deferral: Deferral? { ProbeOf<Wrapped>.deferral }
}

/// What a ``TypeProbe`` answers about `Wrapped`, for every probe class to forward to.
enum ProbeOf<Wrapped> {
  static func accepts(_ value: Any) -> Bool { value is Wrapped }

  static var isCreatable: Bool { Wrapped.self is any InjectorCreatable.Type }

  static func create(with injector: Injector) throws -> Any? {
    guard let creatable = Wrapped.self as? any InjectorCreatable.Type else { return nil }
    return try creatable.init(injector: injector)
  }

  static var deferral: Deferral? { (Wrapped.self as? any DeferredValue.Type)?.deferral }
}
