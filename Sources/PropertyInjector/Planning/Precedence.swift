/// What a property (or a `resolve` call) asks for.
struct Request: Sendable {
  /// The property's name; nil for ``Injector/resolve(_:)``, which has no property, so sees
  /// neither name registrations nor registrations with an id.
  let label: String?
  /// The property's name, lowercased, for id matching; computed on demand, since most
  /// registrations have no id.
  var foldedLabel: String? { label?.lowercased() }
  /// The type a value must have: the property's declared type, unwrapped.
  let probe: TypeProbe
  /// The object's class and superclasses, most derived first; empty for `resolve`, which has
  /// no object, so sees only unrestricted registrations.
  let classChain: [ObjectIdentifier]

  init(label: String?, probe: TypeProbe, classChain: [ObjectIdentifier]) {
    self.label = label
    self.probe = probe
    self.classChain = classChain
  }
}

/// The outcome of looking for a registration in one registry.
enum Choice {
  /// This registration fills the request.
  case chosen(Registration)
  /// A name registration targets the property, but its value does not fit.
  case mismatch(Registration)
}

extension Registry {
  /// The registration that fills `request`, by the precedence rules, or nil if none here is
  /// eligible.
  ///
  /// Precedence, highest first:
  /// 1. a name registration for exactly the property's name;
  /// 2. a longer id before a shorter one (no id counts as length zero);
  /// 3. a more derived target class before a less derived one, and any target before none;
  /// 4. a registration of exactly the declared type before one that fits as an ancestor;
  /// 5. the later registration before the earlier.
  ///
  /// - Complexity: O(r) in the registrations that could fit the type; only plan building
  ///   calls this, never a cached injection.
  func choose(for request: Request) -> Choice? {
    if let label = request.label, let named = byName[label] {
      if let value = named.instance, !request.probe.accepts(value) { return .mismatch(named) }
      return .chosen(named)
    }
    var best: (registration: Registration, rank: Rank)?
    forEachTypeCandidate(for: request.probe.id) { registration in
      guard let rank = rank(of: registration, for: request) else { return }
      if best.map({ rank > $0.rank }) ?? true { best = (registration, rank) }
    }
    return best.map { .chosen($0.registration) }
  }

  /// How many registrations here are eligible for `request`.
  func eligibleCount(for request: Request) -> Int {
    if let label = request.label, byName[label] != nil { return 1 }
    var count = 0
    forEachTypeCandidate(for: request.probe.id) { if rank(of: $0, for: request) != nil { count += 1 } }
    return count
  }

  /// A type registration's rank for `request`, or nil if it is not eligible.
  func rank(of registration: Registration, for request: Request) -> Rank? {
    guard case .type(let match) = registration.match else { return nil }
    var idLength = 0
    if let id = match.id {
      guard let label = request.foldedLabel, id.matches(foldedLabel: label) else { return nil }
      idLength = id.folded.count
    }
    var targetDepth = 0
    if let target = match.target {
      guard let index = request.classChain.firstIndex(of: target.id) else { return nil }
      targetDepth = request.classChain.count - index
    }
    let exact = registration.service.id == request.probe.id
    if !exact {
      guard match.includingAncestors, let value = registration.instance, request.probe.accepts(value) else {
        return nil
      }
    }
    return Rank(idLength: idLength, targetDepth: targetDepth, exact: exact, sequence: registration.sequence)
  }
}

/// How strongly a type registration claims a property; compared lexicographically.
struct Rank: Comparable {
  let idLength: Int
  let targetDepth: Int
  let exact: Bool
  let sequence: UInt64

  static func < (lhs: Rank, rhs: Rank) -> Bool {
    (lhs.idLength, lhs.targetDepth, lhs.exact ? 1 : 0, lhs.sequence)
      < (rhs.idLength, rhs.targetDepth, rhs.exact ? 1 : 0, rhs.sequence)
  }
}

extension Registry {
  /// Registrations of a fitting type that were passed over for `request`, each with why: what
  /// an unresolved-property message shows as "came close".
  ///
  /// - Complexity: O(r) in all registrations; only called when a property is unresolved.
  func nearMisses(for request: Request) -> [String] {
    let property = request.label ?? "resolve(\(request.probe.name))"
    var misses: [String] = []
    for registration in all.values.sorted(by: { $0.sequence < $1.sequence }) {
      guard case .type(let match) = registration.match else { continue }
      let exact = registration.service.id == request.probe.id
      let castable = registration.instance.map(request.probe.accepts) ?? false
      guard exact || castable else { continue }
      var reasons: [String] = []
      if !exact && !match.includingAncestors {
        reasons.append(
          "registered as \(registration.service.name) without includingAncestors, so it fills only \(registration.service.name) properties"
        )
      }
      if let id = match.id, !(request.foldedLabel.map(id.matches) ?? false) {
        reasons.append(
          request.label == nil
            ? "has an id, and resolve(_:) sees only registrations without one"
            : "has id \"\(id.original)\", and \(property) does not end with it"
        )
      }
      if let target = match.target, !request.classChain.contains(target.id) {
        reasons.append(
          request.classChain.isEmpty
            ? "registered only for \(target.name), and resolve(_:) sees only registrations without a target"
            : "registered only for \(target.name) and its subclasses"
        )
      }
      if !reasons.isEmpty {
        misses.append("\(registration.summary): \(reasons.joined(separator: "; ")).")
      }
    }
    return misses
  }
}
