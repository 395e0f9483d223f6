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
}

/// The ``TypeProbe`` of `Wrapped`.
final class Probe<Wrapped>: TypeProbe, @unchecked Sendable {
  init() { super.init(type: Wrapped.self) }

  override func accepts(_ value: Any) -> Bool { value is Wrapped }
}
