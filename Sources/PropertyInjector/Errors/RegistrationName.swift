/// A registration as messages name it, in plain values, so the texts know nothing of registry storage.
struct RegistrationName: Sendable, Equatable {
  /// How the registration supplies its value.
  enum Kind: Sendable, Equatable {
    /// An instance, of the dynamic type named.
    case instance(typeName: String)
    case factory
    case singleton
    /// A factory of a scope other than transient and singleton: `graph`, `weak` or `cached`.
    case scoped(String)
  }

  let kind: Kind
  /// The `as:` type, the instance's static type, or the factory's.
  let service: String
  let target: String?
  /// As the user wrote it.
  let id: String?
  let includingAncestors: Bool
  let isMainActor: Bool

  /// `ImageCache (as Cache, for ProfileScreen, id "first", including ancestors)`, `a singleton Database`.
  var summary: String {
    var conditions: [String] = []
    if case .instance(let typeName) = kind, typeName != service { conditions.append("as \(service)") }
    if let target { conditions.append("for \(target)") }
    if let id { conditions.append("id \"\(id)\"") }
    if includingAncestors { conditions.append("including ancestors") }
    let subject =
      switch kind {
      case .instance(let typeName): typeName
      case .factory: isMainActor ? "a main-actor factory of \(service)" : "a factory of \(service)"
      case .singleton: isMainActor ? "a main-actor singleton \(service)" : "a singleton \(service)"
      case .scoped(let scope): "a \(isMainActor ? "main-actor " : "")\(scope)-scoped \(service)"
      }
    return conditions.isEmpty ? subject : "\(subject) (\(conditions.joined(separator: ", ")))"
  }
}

/// A registration that came close to filling a request, and every reason it did not.
struct NearMiss: Sendable {
  enum Reason: Sendable {
    /// Registered as another type without `includingAncestors`, though its instance fits.
    case notIncludingAncestors
    /// `label`: the property's name, or the id a `resolve` asked for; `suggestion`: an id that would match, when the
    /// registration's id occurs earlier in the label.
    case idDoesNotEndLabel(label: String, suggestion: String?)
    case idWithoutLabel
    /// It is restricted to a target the object is not.
    case otherTarget
    case targetWithoutObject
    /// It registers the wanted type's metatype (`register(Cache.self)` with no factory).
    case metatype
  }

  let registration: RegistrationName
  let reasons: [Reason]
}

/// What fills a request, as messages name it.
indirect enum AnswerName: Sendable, Equatable {
  case registration(RegistrationName)
  case creation(typeName: String)
  /// A `Lazy` or `Provider` handle that resolves `inner`; `timing` says when.
  case deferred(inner: AnswerName, timing: String)
  case nothing

  /// `a factory of RequestID`, `a new Clock from init(resolver:)`.
  var summary: String {
    switch self {
    case .registration(let registration): registration.summary
    case .creation(let typeName): "a new \(typeName) from init(resolver:)"
    case .deferred(let inner, let timing): "a new handle resolving \(inner.summary) \(timing)"
    case .nothing: "nothing"
    }
  }
}
