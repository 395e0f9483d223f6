/// How eligible type registrations of one registry compete, highest first: longer id; deeper target class (any
/// beats none); exact type over ancestor fit; later registration. Eligible: id ends the label (ignoring case), target
/// is the object's class or a superclass, and exact type or `includingAncestors` with a castable instance.
enum Precedence {
  /// The eligible type registration of `snapshot` that wins `request`, if any, and how many are eligible.
  static func best(in snapshot: RegistrySnapshot, for request: Request) -> (winner: Registration?, eligible: Int) {
    var best: (registration: Registration, rank: Rank)?
    var eligible = 0
    snapshot.forEachTypeCandidate(for: request.wanted, label: request.foldedLabel) { registration in
      guard let rank = rank(of: registration, for: request) else { return }
      eligible += 1
      if best.map({ rank > $0.rank }) ?? true { best = (registration, rank) }
    }
    return (best?.registration, eligible)
  }

  /// A type registration's rank for `request`, or nil if it is not eligible.
  static func rank(of registration: Registration, for request: Request) -> Rank? {
    guard let match = registration.typeMatch else { return nil }
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
    let exact = registration.service.id == request.wanted.id
    if !exact {
      guard match.includingAncestors, let value = registration.instance, request.wanted.accepts(value) else {
        return nil
      }
    }
    return (idLength, targetDepth, exact ? 1 : 0, registration.sequence)
  }

  /// How strongly a type registration claims a request; compared lexicographically.
  typealias Rank = (idLength: Int, targetDepth: Int, exact: Int, sequence: UInt64)
}
