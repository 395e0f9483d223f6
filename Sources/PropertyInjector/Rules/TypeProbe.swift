/// A type the injector must supply a value of, seen at run time: its identity, its name, and
/// what generic code answers about it (whether a value is one, whether it can be created or
/// deferred).
///
/// Types are told apart by `ObjectIdentifier` of their metatype and values tested by dynamic
/// cast, so two types with the same name in different modules never collide.
struct TypeProbe: Sendable {
  /// The type itself.
  let type: Any.Type
  /// Whether the type conforms to ``InjectorCreatable``, so it can be created when nothing is
  /// registered for it.
  let isCreatable: Bool
  /// The generic code that answers about the type: a metatype, so making a probe allocates nothing.
  private let questions: any TypeQuestions.Type

  /// The probe of `Value`.
  init<Value>(_: Value.Type) {
    type = Value.self
    isCreatable = Value.self is any InjectorCreatable.Type
    questions = Questions<Value>.self
  }

  /// The type's identity.
  var id: ObjectIdentifier { ObjectIdentifier(type) }

  /// The type as written in messages.
  var name: String { readableName(of: type) }

  /// Whether `value` is an instance of the type, or of a subclass, or conforms to it when the
  /// type is a protocol.
  func accepts(_ value: Any) -> Bool { questions.accepts(value) }

  /// How to make a value of the type later, when the type is ``Lazy`` or ``Provider``.
  var deferral: Deferral? { questions.deferral }

  /// Whether the type is an `Optional`, which can never be registered.
  var isOptional: Bool { type is any OptionalProtocol.Type }
}

/// What only generic code can answer about a type.
private protocol TypeQuestions: SendableMetatype {
  static func accepts(_ value: Any) -> Bool
  static var deferral: Deferral? { get }
}

/// The answers about `Value`.
private enum Questions<Value>: TypeQuestions {
  static func accepts(_ value: Any) -> Bool { value is Value }
  static var deferral: Deferral? { (Value.self as? any DeferredValue.Type)?.deferral }
}
