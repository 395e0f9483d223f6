/// A property the injector must fill when it is nil, and what the rules answered for it.
struct Candidate {
  /// Why a property is a candidate.
  enum Reason {
    /// Its name starts with `injected`.
    case prefix
    /// A name registration exists for exactly its name.
    case nameRegistration
  }

  let property: TypeShape.Property
  let reason: Reason
  /// What the property asks for; nil when its declaration is invalid.
  let request: Request?
  /// What the rules answered; nil when its declaration is invalid.
  let answer: Answer?

  var site: Site { property.site }
}

extension TypeShape {
  /// The candidates, in declaration order: names starting with `injected`, or registered by name in `chain`.
  func candidates(in chain: SnapshotChain) -> [(property: Property, reason: Candidate.Reason)] {
    properties.compactMap { property in
      if property.hasInjectedPrefix { return (property, .prefix) }
      if chain.hasNameRegistration(for: property.name) { return (property, .nameRegistration) }
      return nil
    }
  }
}
