/// A wanted type at run time: identity, name, and what generic code answers about it. Types are
/// compared by metatype `ObjectIdentifier`, so same-named types in different modules never collide.
struct TypeProbe: Sendable {
  let type: Any.Type
  /// A metatype, so making a probe allocates nothing.
  private let questions: any TypeQuestions.Type

  /// A probe of `type`, answered by `questions` (see `TypeProbe.init(_:)`, where the public protocols are known).
  init(type: Any.Type, questions: any TypeQuestions.Type) {
    self.type = type
    self.questions = questions
  }

  /// Whether the type is `InjectorCreatable`: asked only of a wanted type nothing is registered for.
  var isCreatable: Bool { questions.isCreatable }

  var id: ObjectIdentifier { ObjectIdentifier(type) }

  var name: String { readableName(of: type) }

  func accepts(_ value: Any) -> Bool { questions.accepts(value) }

  var deferral: Deferral? { questions.deferral }

  /// Whether the type is an `Optional`, which can never be registered.
  var isOptional: Bool { questions.isOptional }
}

/// `value` as a `Value`, if it is one: the one cast that fits a registered or made value to a wanted type. A cast to
/// `AnyObject` succeeds for any value, boxed (an `Int` in an opaque box, or an `NSNumber` where Foundation bridges
/// it), so only a class instance fits `AnyObject`: a registered `Int` or `String` never fills an `AnyObject?` delegate.
@inline(__always)
func fitted<Value>(_ value: Any, as _: Value.Type) -> Value? {
  if ObjectIdentifier(Value.self) == ObjectIdentifier(AnyObject.self), !isClassInstance(value) { return nil }
  return value as? Value
}

/// Whether `value`, unwrapped if optional (as a cast unwraps it), is a class instance.
private func isClassInstance(_ value: Any) -> Bool {
  guard let optional = value as? any OptionalProtocol else { return type(of: value) is AnyClass }
  return optional.wrappedAny.map(isClassInstance) ?? false
}

/// What only generic code can answer about a type.
protocol TypeQuestions: SendableMetatype {
  static func accepts(_ value: Any) -> Bool
  static var isCreatable: Bool { get }
  static var isOptional: Bool { get }
  static var deferral: Deferral? { get }
}

/// How the injector makes a ``Lazy`` or ``Provider``: `inner` must resolve now; the handle resolves it later.
struct Deferral: Sendable {
  /// `Database` for `Lazy<Database>`.
  let inner: TypeProbe
  /// For explanations: "on first .value, then kept".
  let timing: String
  /// What reads the handle's value: `value`, `get()`.
  let read: String
}

/// A property type the rules resolve later (``Lazy``, ``Provider``): how, as a ``Deferral``.
protocol DeferredType: SendableMetatype {
  static var deferral: Deferral { get }
}
