/// One immutable registration: what it supplies, as which type, to which properties. Replaced, never changed.
final class Registration: Sendable {
  /// How a registration produces its value.
  enum Source {
    /// The same instance every time, never injected itself.
    case instance(Any)
    case factory(any RegisteredFactory)
    case singleton(any RegisteredFactory)
    /// A factory whose values `scope` (``Scope/graph``, ``Scope/weak`` or ``Scope/cached``) shares.
    case scoped(any RegisteredFactory, Scope)
  }

  /// Which properties a registration may fill.
  enum Match {
    /// Exactly the property with this name, on any target, whatever its prefix.
    case name(String)
    case type(TypeMatch)
  }

  /// The conditions of a type registration.
  struct TypeMatch {
    /// Only objects of this class or a subclass, when set.
    let target: TargetClass?
    /// Only properties whose name ends with this id, ignoring case, when set.
    let id: RegistrationID?
    /// Whether it also fills properties of any type its instance can be cast to.
    let includingAncestors: Bool
  }

  /// The instance's static type, the `as:` type, or the factory's result type.
  let service: TypeProbe
  /// Unchecked only for an instance, which was `Sendable` when registered or came via `register(unchecked:)`
  /// (thread safety is the caller's promise); factories are `Sendable`.
  var source: Source { sharedSource.value }
  private let sharedSource: UncheckedSendable<Source>
  let match: Match
  /// Registration order within its injector; later wins ties.
  let sequence: UInt64
  /// Set when a property wrapper made it: ``Provided`` replaces and removes only its own.
  let owner: RegistrationOwner?

  init(service: TypeProbe, source: Source, match: Match, sequence: UInt64, owner: RegistrationOwner?) {
    self.service = service
    sharedSource = UncheckedSendable(value: source)
    self.match = match
    self.sequence = sequence
    self.owner = owner
    isMainActorIsolated =
      switch source {
      case .instance: false
      case .factory(let factory), .singleton(let factory), .scoped(let factory, _): factory.isMainActorIsolated
      }
    madeValuesNeedNoInjection =
      switch source {
      case .instance: true
      case .factory(let factory), .singleton(let factory), .scoped(let factory, _): factory.madeValuesNeedNoInjection
      }
    shapeEntry = SiblingShape.Entry(service: service, source: source, match: match)
  }

  /// This registration's part of its registry's ``SiblingShape``.
  let shapeEntry: SiblingShape.Entry

  /// The last non-settable type the factory made, so a protocol-typed factory asks the runtime once per type.
  let lastPlainType = TypeSlot()

  let madeValuesNeedNoInjection: Bool

  /// The key that a later registration with the same type, target and id (or name) replaces.
  var key: RegistrationKey { shapeEntry.key }

  static func key(of service: TypeProbe, _ match: Match) -> RegistrationKey {
    switch match {
    case .name(let name): .name(name)
    case .type(let match): .type(service.id, target: match.target?.id, id: match.id?.folded)
    }
  }

  var instance: Any? { if case .instance(let value) = source { value } else { nil } }

  var keepsItsValue: Bool {
    switch source {
    case .factory: false
    case .scoped(_, let scope): scope == .cached
    case .instance, .singleton: true
    }
  }

  let isMainActorIsolated: Bool

  var named: RegistrationName {
    let kind: RegistrationName.Kind =
      switch source {
      case .instance(let value): .instance(typeName: readableName(of: type(of: value)))
      case .factory: .factory
      case .singleton: .singleton
      case .scoped(_, let scope): .scoped(scope.description)
      }
    return RegistrationName(
      kind: kind, service: service.name, target: typeMatch?.target?.name, id: typeMatch?.id?.original,
      includingAncestors: typeMatch?.includingAncestors ?? false, isMainActor: isMainActorIsolated)
  }

  var typeMatch: TypeMatch? { if case .type(let match) = match { match } else { nil } }
}

/// What a registration knows of its factory (every one is a Lifecycle ``AnyFactory``, which makes values).
protocol RegisteredFactory: Sendable {
  /// Registered `on: MainActor.self`: runs, and hands out values, only on the main actor.
  var isMainActorIsolated: Bool { get }
  /// Values of exactly the declared type are known not injectable; subclasses and protocol types are still checked.
  var madeValuesNeedNoInjection: Bool { get }
}

/// The identity of a ``Provided`` property, kept by the registrations it makes.
final class RegistrationOwner: Sendable {}

/// What identifies a registration for replacement and `unregister`.
enum RegistrationKey: Hashable, Sendable {
  case name(String)
  case type(ObjectIdentifier, target: ObjectIdentifier?, id: String?)
}

/// A class that a registration is restricted to.
struct TargetClass: Sendable {
  let type: AnyClass

  var id: ObjectIdentifier { ObjectIdentifier(type) }
  var name: String { readableName(of: type) }
}

/// A registration id: matched, ignoring case, against the end of property names.
struct RegistrationID: Sendable {
  let original: String
  let folded: String

  init(_ id: String) {
    original = id
    folded = id.caseFolded
  }

  func matches(foldedLabel label: String) -> Bool { label.hasSuffix(folded) }
}
