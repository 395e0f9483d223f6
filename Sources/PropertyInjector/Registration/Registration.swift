/// One registration: what it supplies, under which type, and which properties it may fill.
///
/// Immutable once made; the registry replaces a registration rather than changing it.
final class Registration: @unchecked Sendable {
  /// Makes a value; receives the injector the registration belongs to.
  typealias Factory = @Sendable (Injector) throws -> Any

  /// How a registration produces its value.
  enum Source {
    /// The same instance every time, used as it is (never injected itself).
    case instance(Any)
    /// A new value from the factory for every property it fills.
    case factory(Factory)
    /// A value from the factory, created on first use, once, then shared.
    case singleton(Factory, OnceCell)
  }

  /// Which properties a registration may fill.
  enum Match {
    /// Exactly the property with this name, on any target, whatever its prefix.
    case name(String)
    /// Properties whose declared type fits, subject to a target class and an id.
    case type(TypeMatch)
  }

  /// The conditions of a type registration.
  struct TypeMatch {
    /// Only objects of this class or a subclass, when set.
    let target: TargetClass?
    /// Only properties whose name ends with this id, ignoring case, when set.
    let id: RegistrationID?
    /// Whether the registration also fills properties of any type its value can be cast to.
    let includingAncestors: Bool
  }

  /// The type registered: the instance's static type, or the `as:` type.
  let service: TypeProbe
  let source: Source
  let match: Match
  /// The order of registration within its injector; later wins ties.
  let sequence: UInt64

  /// Whether the last type this registration's factory returned is ``InjectableSettable``: a
  /// factory nearly always returns one type, and the conformance lookup costs more than the lock.
  /// Only registrations that make values have one.
  private let lastResultType: Locked<(type: ObjectIdentifier, isSettable: Bool)?>?

  init(service: TypeProbe, source: Source, match: Match, sequence: UInt64) {
    self.service = service
    self.source = source
    self.match = match
    self.sequence = sequence
    if case .instance = source {
      lastResultType = nil
    } else {
      lastResultType = Locked(nil)
    }
  }

  /// Whether `value`, made by this registration, is ``InjectableSettable`` (so it must be injected).
  func isSettable(_ value: Any) -> Bool {
    let type = Swift.type(of: value)
    let id = ObjectIdentifier(type)
    if let last = lastResultType?.withLock({ $0 }), last.type == id { return last.isSettable }
    let isSettable = type is any InjectableSettable.Type
    lastResultType?.withLock { $0 = (id, isSettable) }
    return isSettable
  }

  /// The key that a later registration with the same type, target and id (or name) replaces.
  var key: RegistrationKey {
    switch match {
    case .name(let name): .name(name)
    case .type(let match): .type(service.id, target: match.target?.id, id: match.id?.folded)
    }
  }

  /// The instance, when the registration has one.
  var instance: Any? {
    if case .instance(let value) = source { return value }
    return nil
  }

  /// The value every use gets, when it is fixed: the instance, or the singleton once made.
  var constantValue: Any? {
    switch source {
    case .instance(let value): value
    case .singleton(_, let cell): cell.createdValue
    case .factory: nil
    }
  }

  /// How the registration reads in messages: `ImageCache (registered as Cache, for
  /// ProfileScreen, id "first", including ancestors)`.
  var summary: String {
    var conditions: [String] = []
    if case .instance(let instance) = source, readableName(of: type(of: instance)) != service.name {
      conditions.append("as \(service.name)")
    }
    if case .type(let match) = match {
      if let target = match.target { conditions.append("for \(target.name)") }
      if let id = match.id { conditions.append("id \"\(id.original)\"") }
      if match.includingAncestors { conditions.append("including ancestors") }
    }
    let subject =
      switch source {
      case .instance(let value): readableName(of: type(of: value))
      case .factory: "a factory of \(service.name)"
      case .singleton: "a singleton \(service.name)"
      }
    return conditions.isEmpty ? subject : "\(subject) (\(conditions.joined(separator: ", ")))"
  }
}

/// What identifies a registration for replacement and `unregister`.
enum RegistrationKey: Hashable, Sendable {
  case name(String)
  case type(ObjectIdentifier, target: ObjectIdentifier?, id: String?)
}

/// A class that a registration is restricted to.
struct TargetClass: Sendable {
  let type: AnyClass

  init(_ type: AnyClass) { self.type = type }

  var id: ObjectIdentifier { ObjectIdentifier(type) }
  var name: String { readableName(of: type) }
}

/// A registration id: matched, ignoring case, against the end of property names.
struct RegistrationID: Sendable {
  /// As the user wrote it, for messages.
  let original: String
  /// Lowercased, for matching.
  let folded: String

  init(_ id: String) {
    original = id
    folded = id.lowercased()
  }

  /// Whether a property named `label` (already lowercased) ends with this id.
  func matches(foldedLabel label: String) -> Bool { label.hasSuffix(folded) }
}
