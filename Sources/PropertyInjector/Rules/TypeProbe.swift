/// A wanted type at run time: identity, name, and what generic code answers about it. Types are
/// compared by metatype `ObjectIdentifier`, so same-named types in different modules never collide.
struct TypeProbe: Sendable {
  let type: Any.Type
  let isCreatable: Bool
  /// A metatype, so making a probe allocates nothing.
  private let questions: any TypeQuestions.Type

  init<Value>(_: Value.Type) {
    type = Value.self
    isCreatable = Value.self is any InjectorCreatable.Type
    questions = Questions<Value>.self
  }

  var id: ObjectIdentifier { ObjectIdentifier(type) }

  var name: String { readableName(of: type) }

  func accepts(_ value: Any) -> Bool { questions.accepts(value) }

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
