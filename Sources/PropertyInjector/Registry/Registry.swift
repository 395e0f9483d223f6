/// An injector's registrations, indexed for resolution, and the configuration problems of
/// registrations that could never match.
///
/// A value type kept behind the injector's lock. A ``RegistrySnapshot`` shares its storage, so
/// publishing one is O(1); the next change copies (copy-on-write).
struct Registry: Sendable {
  /// Every registration, by the key a later registration replaces.
  private(set) var all: [RegistrationKey: Registration] = [:]
  /// Name registrations, by name.
  private(set) var byName: [String: Registration] = [:]
  /// Type registrations, by the identity of their registered type.
  private(set) var byType: [ObjectIdentifier: [Registration]] = [:]
  /// Type registrations made with `includingAncestors`, which may fill other types.
  private(set) var withAncestors: [Registration] = []
  /// Registrations rejected for what only run time can tell (an empty id, a blank name), by
  /// the key they were made with: reported by every `inject`, `resolve` and `validate` until
  /// they are unregistered.
  private(set) var problems: [RegistrationKey: InjectionError.Problem] = [:]
  private var nextSequence: UInt64 = 0

  /// Whether nothing at all is registered, and nothing was rejected.
  var isEmpty: Bool { all.isEmpty && problems.isEmpty }

  /// Adds a registration, replacing the one with the same key, and returns what it replaced
  /// (for the caller to release outside the lock).
  mutating func add(
    _ service: TypeProbe,
    _ source: Registration.Source,
    _ match: Registration.Match,
    owner: RegistrationOwner? = nil
  ) -> Registration? {
    nextSequence += 1
    let registration = Registration(
      service: service, source: source, match: match, sequence: nextSequence, owner: owner)
    let replaced = remove(registration.key)
    all[registration.key] = registration
    switch match {
    case .name(let name):
      byName[name] = registration
    case .type(let typeMatch):
      byType[service.id, default: []].append(registration)
      if typeMatch.includingAncestors { withAncestors.append(registration) }
    }
    return replaced
  }

  /// Records a rejected registration under `key`, replacing what was registered there.
  mutating func reject(_ key: RegistrationKey, _ problem: InjectionError.Problem) -> Registration? {
    let replaced = remove(key)
    problems[key] = problem
    return replaced
  }

  /// Removes the registration (or rejected registration) with `key`, and returns the
  /// registration, if there was one. `removedProblem` tells whether a rejected one went.
  @discardableResult
  mutating func remove(_ key: RegistrationKey) -> Registration? {
    problems[key] = nil
    guard let old = all.removeValue(forKey: key) else { return nil }
    switch old.match {
    case .name(let name):
      byName[name] = nil
    case .type:
      byType[old.service.id]?.removeAll { $0 === old }
      if byType[old.service.id]?.isEmpty == true { byType[old.service.id] = nil }
      withAncestors.removeAll { $0 === old }
    }
    return old
  }

  /// What is under `key`: a registration, a rejected one, or nothing.
  func slot(_ key: RegistrationKey) -> Slot { Slot(registration: all[key], problem: problems[key]) }

  /// Puts `slot` back under `key`, as it was, and returns the registration it removed.
  mutating func restore(_ slot: Slot, at key: RegistrationKey) -> Registration? {
    let removed = remove(key)
    problems[key] = slot.problem
    guard let registration = slot.registration else { return removed }
    all[key] = registration
    switch registration.match {
    case .name(let name):
      byName[name] = registration
    case .type(let typeMatch):
      byType[registration.service.id, default: []].append(registration)
      if typeMatch.includingAncestors { withAncestors.append(registration) }
    }
    return removed
  }

  /// Whether something (a registration or a rejected one) is registered under `key`.
  func contains(_ key: RegistrationKey) -> Bool { all[key] != nil || problems[key] != nil }

  /// The registration under `key`.
  subscript(key: RegistrationKey) -> Registration? { all[key] }

  /// Calls `body` with each type registration that might fill a value of type `id`: those
  /// registered as exactly that type, then those registered with `includingAncestors` as
  /// another type.
  func forEachTypeCandidate(for id: ObjectIdentifier, _ body: (Registration) -> Void) {
    byType[id]?.forEach(body)
    for registration in withAncestors where registration.service.id != id {
      body(registration)
    }
  }
}

/// What a ``Registry`` holds under one key.
struct Slot: Sendable {
  let registration: Registration?
  let problem: InjectionError.Problem?

  /// Whether `other` holds the very same registration (or rejected one, or nothing).
  func isSame(as other: Slot) -> Bool { registration === other.registration && problem == other.problem }
}

/// One published state of an injector's registry: immutable. A change publishes a new one.
final class RegistrySnapshot: Sendable {
  let registry: Registry

  init(registry: Registry) { self.registry = registry }
}

/// The snapshots a request is answered from: the injector's own first, then its parent's, up
/// to the root.
struct SnapshotChain: Sendable {
  let levels: [RegistrySnapshot]

  /// Every rejected registration of every level, in a stable order.
  var configurationProblems: [InjectionError.Problem] {
    levels.flatMap { level in level.registry.problems.values.sorted { $0.summary < $1.summary } }
  }

  /// Whether any level has a name registration for `name`.
  func hasNameRegistration(for name: String) -> Bool {
    levels.contains { $0.registry.byName[name] != nil }
  }
}
