/// How type registrations compete for a request.
///
/// Precedence, highest first, among the eligible type registrations of one registry:
/// 1. a longer id before a shorter one (no id counts as length zero);
/// 2. a more derived target class before a less derived one, and any target before none;
/// 3. a registration of exactly the wanted type before one that fits as an ancestor;
/// 4. the later registration before the earlier.
///
/// A registration is eligible when its id (if any) ends the request's label, ignoring case;
/// its target (if any) is the object's class or a superclass; and it is of exactly the wanted
/// type, or was registered with `includingAncestors` and its instance can be cast to it.
enum Precedence {
  /// The eligible type registration of `registry` that wins `request`, if any.
  static func best(in registry: Registry, for request: Request) -> Registration? {
    var best: (registration: Registration, rank: Rank)?
    registry.forEachTypeCandidate(for: request.wanted.id) { registration in
      guard let rank = rank(of: registration, for: request) else { return }
      if best.map({ rank > $0.rank }) ?? true { best = (registration, rank) }
    }
    return best?.registration
  }

  /// How many type registrations of `registry` are eligible for `request`.
  static func eligibleCount(in registry: Registry, for request: Request) -> Int {
    var count = 0
    registry.forEachTypeCandidate(for: request.wanted.id) { if rank(of: $0, for: request) != nil { count += 1 } }
    return count
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
    return Rank(idLength: idLength, targetDepth: targetDepth, exact: exact, sequence: registration.sequence)
  }

  /// How strongly a type registration claims a request; compared lexicographically.
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
}
