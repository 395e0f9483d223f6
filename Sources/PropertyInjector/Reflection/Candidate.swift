/// A property the injector must fill when it is nil, and what the rules answered for it. A class: every step of
/// a plan refers to its candidate, and copying one must not copy what it holds.
final class Candidate {
  /// Why a property is a candidate.
  enum Reason {
    /// Its name starts with `injected`.
    case prefix
    /// A name registration exists for exactly its name.
    case nameRegistration
  }

  let property: TypeShape.Property
  /// What the property asks for; nil when its declaration is invalid.
  let request: Request?
  /// What the rules answered; nil when its declaration is invalid.
  let answer: Answer?

  init(property: TypeShape.Property, request: Request?, answer: Answer?) {
    self.property = property
    self.request = request
    self.answer = answer
  }

  var site: Site { property.site }
}

extension TypeShape.Property {
  /// Why the property is a candidate in `chain`, if it is: its name starts with `injected`, or is registered by name.
  func reason(in chain: SnapshotChain) -> Candidate.Reason? {
    if hasInjectedPrefix { return .prefix }
    for level in 0..<chain.levels.count where chain.levels[level].byName[name] != nil { return .nameRegistration }
    return nil
  }
}
