/// A registry's registrations in the order registered, and the ``SiblingShape`` they give it: a child's plan reads
/// the child's own instances from this list by position (its *slot*), so siblings whose registries have the same
/// shape (every request's child, say) run one plan, each with its own values.
struct OrderedRegistrations: Sendable {
  /// The registrations, oldest first.
  private(set) var all: [Registration] = []

  /// Adds `registration` in the order of its sequence number (a restored one goes back where it was).
  mutating func insert(_ registration: Registration) {
    // Room for a request's few values at once, rather than a copy at the second.
    if all.capacity == 0 { all.reserveCapacity(4) }
    guard let last = all.last, last.sequence > registration.sequence else { return all.append(registration) }
    let index = all.lastIndex { $0.sequence < registration.sequence }.map { $0 + 1 } ?? 0
    all.insert(registration, at: index)
  }

  /// Removes `registration`, if it is there; the others keep their order.
  mutating func remove(_ registration: Registration) {
    guard let index = all.firstIndex(where: { $0 === registration }) else { return }
    all.remove(at: index)
  }

  /// What a plan built from these registrations depends on, apart from their values.
  var shape: SiblingShape { SiblingShape(all) }

  /// The slot of each registration, for a plan that binds them late.
  var slots: [ObjectIdentifier: Int] {
    Dictionary(uniqueKeysWithValues: all.enumerated().map { (ObjectIdentifier($1), $0) })
  }
}

/// What a plan built from one injector's registrations depends on, apart from its instances' values: their keys,
/// matches and instances' types, in order. Two registries of the same shape, holding only instances, are
/// answered the same, slot by slot; a factory's closure is part of the plan, so a registry holding one
/// has no shape to share.
///
/// A shape read from a registry refers to its registrations; one kept as a cache's key holds only their
/// ``Entry``s (``kept``), so that no request's values outlive it. Both compare and hash alike.
struct SiblingShape: Hashable, Sendable {
  /// One registration's part of the shape.
  struct Entry: Hashable, Sendable {
    let key: RegistrationKey
    /// The id as written, which messages quote (the key holds it case-folded).
    let id: String?
    let includingAncestors: Bool
    /// The dynamic type of the instance, which decides what it fills; nil for a factory.
    let instanceType: ObjectIdentifier?

    init(service: TypeProbe, source: Registration.Source, match: Registration.Match) {
      key = Registration.key(of: service, match)
      let typeMatch: Registration.TypeMatch? = if case .type(let typeMatch) = match { typeMatch } else { nil }
      id = typeMatch?.id?.original
      includingAncestors = typeMatch?.includingAncestors ?? false
      instanceType = if case .instance(let value) = source { ObjectIdentifier(type(of: value)) } else { nil }
      var hasher = Hasher()
      hasher.combine(key)
      hasher.combine(instanceType)
      digest = hasher.finalize()
    }

    /// The key and the instance's type hashed once, when registered: a shape's hash combines only these.
    private let digest: Int

    func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    static func == (lhs: borrowing Self, rhs: borrowing Self) -> Bool {
      lhs.digest == rhs.digest && lhs.instanceType == rhs.instanceType
        && lhs.includingAncestors == rhs.includingAncestors && lhs.key == rhs.key && lhs.id == rhs.id
    }
  }

  // Two plain arrays, one of them empty, rather than an enum of the two: an enum keeps its case in the spare bits of
  // the array's pointer, which a leak checker then cannot follow from a long-lived cache.
  /// The registrations the shape was read from; empty in a shape a cache keeps.
  private let registrations: [Registration]
  /// The entries a cache keeps; empty in a shape read from a registry.
  private let entries: [Entry]
  private let isKept: Bool

  init(_ registrations: [Registration]) {
    self.registrations = registrations
    entries = []
    isKept = false
  }

  private init(entries: [Entry]) {
    registrations = []
    self.entries = entries
    isKept = true
  }

  private var count: Int { isKept ? entries.count : registrations.count }

  private func entry(_ index: Int) -> Entry { isKept ? entries[index] : registrations[index].shapeEntry }

  /// The same shape, holding entries instead of registrations: what a cache keeps.
  var kept: SiblingShape { isKept ? self : SiblingShape(entries: registrations.map(\.shapeEntry)) }

  /// Whether every registration is an instance, whose value a plan can read from its slot.
  var holdsOnlyInstances: Bool {
    isKept
      ? entries.allSatisfy { $0.instanceType != nil } : registrations.allSatisfy { $0.shapeEntry.instanceType != nil }
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    // Compared where they lie, without copying an entry out (a request's child compares its shape every time).
    switch (lhs.isKept, rhs.isKept) {
    case (false, false):
      lhs.registrations.count == rhs.registrations.count
        && zip(lhs.registrations, rhs.registrations).allSatisfy { $0.shapeEntry == $1.shapeEntry }
    case (false, true):
      rhs == lhs
    case (true, false):
      rhs.registrations.count == lhs.entries.count
        && zip(rhs.registrations, lhs.entries).allSatisfy { $0.shapeEntry == $1 }
    case (true, true):
      lhs.entries == rhs.entries
    }
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for index in 0..<count { hasher.combine(entry(index)) }
  }
}
