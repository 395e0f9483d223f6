extension TypeShape {
  /// A key-path entry whose description does not name its property's storage: it must read nil
  /// exactly where the property holds nil in the tree's first instance, or it reaches another.
  struct SampleCheck {
    let readsNil: (AnyObject) -> Bool
    /// The property's index in ``TypeShape/properties``.
    let index: Int
    /// Where `Mirror` lists the property (class level, child index); nil for a described property.
    let position: (level: Int, index: Int)?
    let problem: InjectionError.Problem
  }

  /// The shape of `object`'s type, its ``sampleChecks`` made against `object`. Calls user code:
  /// never under a lock.
  convenience init(scanning object: AnyObject) {
    let scanned = Self.scanned(object)
    var problems = scanned.problems
    var properties = scanned.properties
    let positions = scanned.sampleChecks.map(\.position)
    let holdNil = positions.isEmpty ? [] : StoredProperties.holdNil(in: object, at: positions)
    for (check, propertyHoldsNil) in zip(scanned.sampleChecks, holdNil)
    where check.readsNil(object) != propertyHoldsNil {
      problems.append(check.problem)
      properties[check.index] = properties[check.index].withIssue(.brokenEntry)
    }
    self.init(
      type: scanned.type, classChain: scanned.classChain, properties: properties,
      problems: holdNil.isEmpty ? problems : problems.sorted(by: Self.messageOrder), didInject: scanned.didInject,
      sampleChecks: [])
  }

  /// The shapes scanned in this process, by type, before their ``sampleChecks``.
  private static let scans = Locked<[ObjectIdentifier: TypeShape]>([:])

  /// The shape of `object`'s type, scanned once per process outside the lock (it calls user
  /// code); if two threads scan at once, the first stored wins.
  static func scanned(_ object: AnyObject) -> TypeShape {
    let id = ObjectIdentifier(Swift.type(of: object))
    if let known = scans.withLock({ $0[id] }) { return known }
    let scanned = scanning(object)
    return scans.withLock { scans in
      if let existing = scans[id] { return existing }
      scans[id] = scanned
      return scanned
    }
  }
}

extension TypeShape.Property {
  func withIssue(_ issue: TypeShape.Issue) -> Self {
    Self(
      name: name, owner: owner, declaredType: declaredType, reflectedType: reflectedType,
      hasInjectedPrefix: hasInjectedPrefix, accessor: accessor, issue: issue, site: site)
  }
}
