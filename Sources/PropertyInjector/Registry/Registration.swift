/// One registration: what it supplies, under which type, and which properties it may fill.
///
/// Immutable once made; the registry replaces a registration rather than changing it.
final class Registration: Sendable {
  /// How a registration produces its value.
  enum Source {
    /// The same instance every time, used as it is (never injected itself).
    case instance(Any)
    /// A new value from the factory (a ``Factory``) for every property it fills.
    case factory(any AnyFactory)
    /// A value from the factory, created on first use, once, then shared (a ``Singleton``).
    case singleton(any AnyFactory)
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
    /// Whether the registration also fills properties of any type its instance can be cast to.
    let includingAncestors: Bool
  }

  /// The type registered: the instance's static type, the `as:` type, or the factory's result type.
  let service: TypeProbe
  /// How it supplies its value. Unchecked only for the instance it may hold, which was
  /// `Sendable` when registered, or registered with `register(unchecked:)`, whose documentation
  /// makes thread safety the caller's promise; a factory is `Sendable` (`AnyFactory`).
  /// `ConcurrencyTests` inject and resolve one registration from many threads under TSan.
  var source: Source { unsafe uncheckedSource }
  private nonisolated(unsafe) let uncheckedSource: Source
  let match: Match
  /// The order of registration within its injector; later wins ties.
  let sequence: UInt64
  /// Who made it, when a property wrapper did: ``Provided`` replaces and removes only its own.
  let owner: RegistrationOwner?

  init(service: TypeProbe, source: Source, match: Match, sequence: UInt64, owner: RegistrationOwner?) {
    self.service = service
    unsafe uncheckedSource = source
    self.match = match
    self.sequence = sequence
    self.owner = owner
    isMainActorIsolated =
      switch source {
      case .instance: false
      case .factory(let factory), .singleton(let factory): factory.isMainActorIsolated
      }
    madeValuesNeedNoInjection =
      switch source {
      case .instance: true
      case .factory(let factory), .singleton(let factory): factory.madeValuesNeedNoInjection
      }
  }

  /// The last type this registration's factory made that is not ``InjectableSettable``, for a
  /// factory whose values' types are not known at registration (a protocol type's): one entry,
  /// so that a factory making one type asks the runtime's conformance cache once.
  let lastPlainType = TypeSlot()

  /// Whether a value of exactly the registered type, made by this registration's factory, is
  /// known not to be injectable (see ``AnyFactory/madeValuesNeedNoInjection``).
  let madeValuesNeedNoInjection: Bool

  /// The key that a later registration with the same type, target and id (or name) replaces.
  var key: RegistrationKey { Self.key(of: service, match) }

  /// The key of a registration of `service` with `match`.
  static func key(of service: TypeProbe, _ match: Match) -> RegistrationKey {
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

  /// Whether something besides the property keeps the value it supplies alive: the registry
  /// keeps an instance, and a singleton's cell keeps its value.
  var keepsItsValue: Bool {
    if case .factory = source { return false }
    return true
  }

  /// Whether the registration's factory is isolated to the main actor (registered
  /// `on: MainActor.self`): its values are made and handed out only on the main actor.
  let isMainActorIsolated: Bool

  /// The registration as messages name it.
  var named: RegistrationName {
    let kind: RegistrationName.Kind =
      switch source {
      case .instance(let value): .instance(typeName: readableName(of: type(of: value)))
      case .factory: .factory
      case .singleton: .singleton
      }
    return RegistrationName(
      kind: kind, service: service.name, target: typeMatch?.target?.name, id: typeMatch?.id?.original,
      includingAncestors: typeMatch?.includingAncestors ?? false, isMainActor: isMainActorIsolated)
  }

  /// The registration's type match, for type registrations.
  var typeMatch: TypeMatch? {
    if case .type(let match) = match { return match }
    return nil
  }
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

  init(_ type: AnyClass) { self.type = type }

  var id: ObjectIdentifier { ObjectIdentifier(type) }
  var name: String { readableName(of: type) }
}

/// A registration id: matched, ignoring case, against the end of property names.
struct RegistrationID: Sendable {
  /// As the user wrote it, for messages.
  let original: String
  /// Case-folded, for matching.
  let folded: String

  init(_ id: String) {
    original = id
    folded = id.caseFolded
  }

  /// Whether a property named `label` (already case-folded) ends with this id.
  func matches(foldedLabel label: String) -> Bool { label.hasSuffix(folded) }
}
