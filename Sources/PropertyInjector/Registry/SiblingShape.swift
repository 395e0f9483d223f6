/// A registry's registrations in the order registered, and the ``SiblingShape`` they give it.
///
/// A child injector's plan reads the child's own registered instances from this list by position (its
/// *slot*), rather than holding them: so siblings whose registries have the same shape (every request's
/// child, say) run one plan, each with its own values.
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
      if case .type(let typeMatch) = match {
        id = typeMatch.id?.original
        includingAncestors = typeMatch.includingAncestors
      } else {
        id = nil
        includingAncestors = false
      }
      if case .instance(let value) = source {
        instanceType = ObjectIdentifier(type(of: value))
      } else {
        instanceType = nil
      }
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

  private enum Parts: Sendable {
    case registrations([Registration])
    case entries([Entry])
  }

  private let parts: Parts

  init(_ registrations: [Registration]) { parts = .registrations(registrations) }

  private var count: Int {
    switch parts {
    case .registrations(let all): all.count
    case .entries(let all): all.count
    }
  }

  private func entry(_ index: Int) -> Entry {
    switch parts {
    case .registrations(let all): all[index].shapeEntry
    case .entries(let all): all[index]
    }
  }

  /// The same shape, holding entries instead of registrations: what a cache keeps.
  var kept: SiblingShape {
    guard case .registrations(let all) = parts else { return self }
    return SiblingShape(parts: .entries(all.map(\.shapeEntry)))
  }

  private init(parts: Parts) { self.parts = parts }

  /// Whether every registration is an instance, whose value a plan can read from its slot.
  var holdsOnlyInstances: Bool {
    switch parts {
    case .registrations(let all): all.allSatisfy { $0.shapeEntry.instanceType != nil }
    case .entries(let all): all.allSatisfy { $0.instanceType != nil }
    }
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    // Compared where they lie, without copying an entry out (a request's child compares its shape every time).
    switch (lhs.parts, rhs.parts) {
    case (.registrations(let left), .registrations(let right)):
      left.count == right.count && zip(left, right).allSatisfy { $0.shapeEntry == $1.shapeEntry }
    case (.registrations(let left), .entries(let right)), (.entries(let right), .registrations(let left)):
      left.count == right.count && zip(left, right).allSatisfy { $0.shapeEntry == $1 }
    case (.entries(let left), .entries(let right)):
      left == right
    }
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for index in 0..<count { hasher.combine(entry(index)) }
  }
}
