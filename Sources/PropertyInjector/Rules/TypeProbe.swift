/// A type the injector must supply a value of, seen at run time: its identity, its name, and
/// what generic code answers about it (whether a value is one, whether it can be created or
/// deferred).
///
/// Types are told apart by `ObjectIdentifier` of their metatype and values tested by dynamic
/// cast, so two types with the same name in different modules never collide.
// @unchecked Sendable: immutable; it holds only a metatype.
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

  /// How to make a value of the type later, when the type is ``Lazy`` or ``Provider``.
  var deferral: Deferral? { nil }

  /// Whether the type is an `Optional`, which can never be registered.
  final var isOptional: Bool { type is any OptionalProtocol.Type }

  /// Builds the producer of this type for `answer`: the generic half of ``Answer/producer(for:)``.
  func producer(for answer: Answer) -> AnyProducer? { nil }
}

/// The ``TypeProbe`` of `Value`.
final class Probe<Value>: TypeProbe, @unchecked Sendable {
  init() { super.init(type: Value.self) }

  override func accepts(_ value: Any) -> Bool { value is Value }
  override var isCreatable: Bool { Value.self is any InjectorCreatable.Type }
  override var deferral: Deferral? { (Value.self as? any DeferredValue.Type)?.deferral }
  override func producer(for answer: Answer) -> AnyProducer? { answer.producer(of: Value.self) }
}
