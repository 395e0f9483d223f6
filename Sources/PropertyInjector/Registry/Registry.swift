/// An injector's registrations, in order, and rejected ones' problems; locked, shared copy-on-write by snapshots.
/// Adding one is an append (and, past a few, a dictionary insert): a request's child registers its values
/// cheaply. The indexes a plan builder asks are built by ``RegistrySnapshot``, once per published version.
struct Registry: Sendable {
  /// Every registration, oldest first.
  private(set) var ordered = OrderedRegistrations()
  /// The registrations by key, once there are more than ``unindexedCount``; before, ``ordered`` is searched.
  private var byKey: [RegistrationKey: Registration]?
  /// Registrations rejected for what only run time can tell (empty id, blank name); reported until unregistered.
  private(set) var problems: [RegistrationKey: InjectionError.Problem] = [:]
  private var nextSequence: UInt64 = 0

  /// Up to this many registrations, a key is found by looking at each; up to this many of a type, and none
  /// `includingAncestors`, a request looks at each.
  static let unindexedCount = 8

  /// Adds a registration, replacing any with the same key; returns the replaced one to release outside the lock.
  mutating func add(
    _ service: TypeProbe, _ source: Registration.Source, _ match: Registration.Match, owner: RegistrationOwner? = nil
  ) -> Registration? {
    nextSequence += 1
    let registration = Registration(
      service: service, source: source, match: match, sequence: nextSequence, owner: owner)
    let replaced = remove(registration.key)
    insert(registration)
    return replaced
  }

  /// Removes the registration or rejected registration under `key`; returns the registration, if any.
  @discardableResult
  mutating func remove(_ key: RegistrationKey) -> Registration? {
    if !problems.isEmpty { problems[key] = nil }
    guard let old = self[key] else { return nil }
    byKey?[key] = nil
    ordered.remove(old)
    return old
  }

  func slot(_ key: RegistrationKey) -> Slot { Slot(registration: self[key], problem: problems[key]) }

  /// Puts `slot` under `key` (as it was, or a rejection's problem) and returns the registration it removed.
  mutating func restore(_ slot: Slot, at key: RegistrationKey) -> Registration? {
    let removed = remove(key)
    problems[key] = slot.problem
    if let registration = slot.registration { insert(registration) }
    return removed
  }

  fileprivate mutating func insert(_ registration: Registration) {
    ordered.insert(registration)
    if byKey != nil {
      byKey?[registration.key] = registration
    } else if ordered.all.count > Self.unindexedCount {
      byKey = Dictionary(uniqueKeysWithValues: ordered.all.map { ($0.key, $0) })
    }
  }

  func contains(_ key: RegistrationKey) -> Bool { self[key] != nil || problems[key] != nil }

  subscript(key: RegistrationKey) -> Registration? {
    if let byKey { return byKey[key] }
    return ordered.all.first { $0.shapeEntry.key == key }
  }
}

extension Registry {
  /// A registry of `registrations`, valid ones, in their order: those a call pinned for a plan shared with siblings.
  init(holding registrations: [Registration]) {
    self.init()
    for registration in registrations { insert(registration) }
  }
}

/// What a ``Registry`` holds under one key.
struct Slot: Sendable {
  let registration: Registration?
  let problem: InjectionError.Problem?

  /// Whether `other` holds the very same registration (or rejected one, or nothing).
  func isSame(as other: Slot) -> Bool { registration === other.registration && problem == other.problem }
}

/// One published, immutable state of an injector's registry; a change publishes a new one.
final class RegistrySnapshot: Sendable {
  let registry: Registry
  /// The injector whose registry this is (alive while a call pins it: see ``Pin``); nil for ``empty``.
  let owner: ObjectIdentifier?
  /// The name registrations, by name.
  let byName: [String: Registration]
  /// The type registrations, by the type registered.
  let byType: [ObjectIdentifier: [Registration]]
  /// The `includingAncestors` ones, grouped by the dynamic type of their instance, which alone decides what a cast
  /// answers: a type asked about is cast once per group.
  private let withAncestorsByInstanceType: [ObjectIdentifier: [Registration]]
  /// The type registrations that might fill each type asked about, grouped by id, found once per type (bounded by the
  /// program's types): a first injection looks only at the few whose id can end a property's name.
  private let candidatesByType = Locked<[ObjectIdentifier: TypeCandidates]>([:])

  /// The snapshot of an empty registry.
  static let empty = RegistrySnapshot(registry: Registry(), owner: nil)

  init(registry: Registry, owner: ObjectIdentifier?) {
    self.registry = registry
    self.owner = owner
    var byName: [String: Registration] = [:]
    var byType: [ObjectIdentifier: [Registration]] = [:]
    var withAncestorsByInstanceType: [ObjectIdentifier: [Registration]] = [:]
    for registration in registry.ordered.all {
      switch registration.match {
      case .name(let name):
        byName[name] = registration
      case .type(let typeMatch):
        byType[registration.service.id, default: []].append(registration)
        // A factory's values are cast when made: it fills only its own type ahead.
        if typeMatch.includingAncestors, let instanceType = registration.shapeEntry.instanceType {
          withAncestorsByInstanceType[instanceType, default: []].append(registration)
        }
      }
    }
    self.byName = byName
    self.byType = byType
    self.withAncestorsByInstanceType = withAncestorsByInstanceType
  }

  /// Calls `body` with each type registration that might fill `type` for a property whose name, case-folded,
  /// is `label`: exact ones and `includingAncestors` ones (of another type) whose instance is a `type`, with no
  /// id or an id that ends `label`.
  /// - Complexity: O(l) lookups for a label of l characters, once the type is indexed.
  func forEachTypeCandidate(for type: TypeProbe, label: String?, _ body: (Registration) -> Void) {
    // A few registrations of the type and no ancestor ones: looked at directly, without the index's lock, which
    // every request's child would otherwise take on its parent's snapshot.
    if withAncestorsByInstanceType.isEmpty {
      guard let exact = byType[type.id] else { return }
      if exact.count <= Registry.unindexedCount {
        for index in 0..<exact.count { body(exact[index]) }
        return
      }
    }
    candidates(for: type).forEach(endingLabel: label, body)
  }

  /// Whether a type registration, of `type` or `includingAncestors` with an instance that is one, may fill `type`.
  func registers(_ type: TypeProbe) -> Bool { byType[type.id] != nil || !candidates(for: type).ancestors.isEmpty }

  /// - Complexity: the first time `type` is asked about, one cast per distinct type of instance among the
  ///   `includingAncestors` registrations, and O(r) for its r candidates; then O(1).
  private func candidates(for type: TypeProbe) -> TypeCandidates {
    if let known = candidatesByType.withLock({ $0[type.id] }) { return known }
    // Casts run no user code, but stay outside the lock all the same; a race computes the same index twice.
    let ancestors = withAncestorsByInstanceType.values
      .filter { group in group.first?.instance.map(type.accepts) == true }
      .joined()
      .filter { $0.service.id != type.id }
    let found = TypeCandidates(exact: byType[type.id] ?? [], ancestors: Array(ancestors))
    candidatesByType.withLock { $0[type.id] = found }
    return found
  }
}

/// The type registrations that might fill one type, grouped by id: a property's name finds them by its suffixes.
struct TypeCandidates: Sendable {
  let ancestors: [Registration]
  private var withoutID: [Registration] = []
  private var byID: [Substring: [Registration]] = [:]

  init(exact: [Registration], ancestors: [Registration]) {
    self.ancestors = ancestors
    for registration in exact + ancestors {
      if let id = registration.typeMatch?.id {
        byID[Substring(id.folded), default: []].append(registration)
      } else {
        withoutID.append(registration)
      }
    }
  }

  /// Calls `body` with each registration without an id, then each whose id ends `label` (a registration with an
  /// id fills no unnamed request).
  func forEach(endingLabel label: String?, _ body: (Registration) -> Void) {
    withoutID.forEach(body)
    guard let label, !byID.isEmpty else { return }
    var start = label.endIndex
    while start > label.startIndex {
      start = label.index(before: start)
      byID[label[start...]]?.forEach(body)
    }
  }
}

/// The snapshots a request is answered from: the injector's own first, then up to the root. A class, shared by the
/// plans and answers built from it and the calls that pin it (see ``TypePlan/builtFrom``).
final class SnapshotChain: Sendable {
  let levels: [RegistrySnapshot]
  /// The level of the nearest injector that makes its ancestors' singletons, weak and cached values in cells of its
  /// own (a test's override), if any.
  let overrideLevel: Int?

  init(levels: [RegistrySnapshot], overrideLevel: Int?) {
    self.levels = levels
    self.overrideLevel = overrideLevel
  }

  /// Whether a registration `level` steps up keeps its values in its own cells for this chain: no override sits in
  /// between, whose own cells would come first.
  func readsHomeCells(atLevel level: Int) -> Bool { overrideLevel.map { level <= $0 } ?? true }

  /// Whether `other`, from its level `start` on, holds the very same snapshots as this chain from its level `first` on.
  func isSame(as other: SnapshotChain, from start: Int = 0, skipping first: Int = 0) -> Bool {
    guard levels.count == other.levels.count - start else { return false }
    for level in first..<levels.count where levels[level] !== other.levels[start + level] { return false }
    return true
  }

  /// This chain with an empty registry for the injector's own: what a plan shared with siblings keeps, which must
  /// keep none of its builder's values alive.
  var forgettingOwnLevel: SnapshotChain {
    var levels = levels
    levels[0] = RegistrySnapshot.empty
    return SnapshotChain(levels: levels, overrideLevel: overrideLevel)
  }

  /// Every rejected registration of every level, in a stable order.
  var configurationProblems: [InjectionError.Problem] {
    // Most often none: then no flatMap, which unoptimized builds pay for on every first injection.
    guard levels.contains(where: { !$0.registry.problems.isEmpty }) else { return [] }
    return levels.enumerated().flatMap { up, level in
      level.registry.problems.values.sorted { $0.summary < $1.summary }.map { $0.registered(levelsUp: up) }
    }
  }

  /// Whether a plan built from this chain reads its first level's instances from their slots, to be shared
  /// with siblings (see ``SiblingShape``): in a child whose registrations are all valid instances.
  var bindsOwnInstancesLate: Bool {
    guard levels.count > 1, let own = levels.first?.registry else { return false }
    return own.problems.isEmpty && own.ordered.shape.holdsOnlyInstances
  }
}
