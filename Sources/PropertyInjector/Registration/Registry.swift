/// An injector's registrations, indexed for resolution.
///
/// A value type kept behind the injector's lock; plan building copies it out (a copy-on-write
/// copy, O(1)) and reads it without holding the lock.
struct Registry: Sendable {
  /// Every registration, by the key a later registration replaces.
  private(set) var all: [RegistrationKey: Registration] = [:]
  /// Name registrations, by name.
  private(set) var byName: [String: Registration] = [:]
  /// Type registrations, by the identity of their registered type.
  private(set) var byType: [ObjectIdentifier: [Registration]] = [:]
  /// Type registrations made with `includingAncestors`, which may fill other types.
  private(set) var withAncestors: [Registration] = []
  private var nextSequence: UInt64 = 0

  /// Adds a registration, replacing the one with the same key, and returns it.
  @discardableResult
  mutating func add(_ service: TypeProbe, _ source: Registration.Source, _ match: Registration.Match)
    -> Registration
  {
    nextSequence += 1
    let registration = Registration(service: service, source: source, match: match, sequence: nextSequence)
    remove(registration.key)
    all[registration.key] = registration
    switch match {
    case .name(let name):
      byName[name] = registration
    case .type(let typeMatch):
      byType[service.id, default: []].append(registration)
      if typeMatch.includingAncestors { withAncestors.append(registration) }
    }
    return registration
  }

  /// Removes the registration with `key`, and returns it, if there is one.
  @discardableResult
  mutating func remove(_ key: RegistrationKey) -> Registration? {
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

  /// Calls `body` with each type registration that might fill a property of type `id`: those
  /// registered as exactly that type, then those registered with `includingAncestors` as
  /// another type.
  func forEachTypeCandidate(for id: ObjectIdentifier, _ body: (Registration) -> Void) {
    byType[id]?.forEach(body)
    for registration in withAncestors where registration.service.id != id {
      body(registration)
    }
  }
}
