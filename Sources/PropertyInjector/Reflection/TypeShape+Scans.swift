extension TypeShape {
  /// A hand-written key-path entry given to a property whose storage its description does not
  /// name (a computed key path, or a name two classes of the hierarchy declare): it must read
  /// nil exactly where the property holds nil, in each injector tree's first instance of the
  /// type (the instance the tree's shape is made for), or it reaches another property.
  struct SampleCheck {
    /// Whether the entry's key path reads nil in an instance.
    let readsNil: (AnyObject) -> Bool
    /// The property it is given to: its index in ``TypeShape/properties``.
    let index: Int
    /// Where `Mirror` lists the property: its class's distance from the object's, and its index
    /// among that class's children; nil for a property known from its class's description.
    let position: (level: Int, index: Int)?
    /// What the check reports when it fails.
    let problem: InjectionError.Problem
  }

  /// The shape of `object`'s type, with its key-path entries checked against `object`.
  ///
  /// What `Mirror` and the tables tell depends only on the type, so it is scanned once per
  /// process (see ``scanned(_:)``); only the entries whose key path needs an instance to be
  /// checked (``sampleChecks``) read `object`. Calls user code (`Mirror`, the tables' getters),
  /// so never call it under a lock.
  ///
  /// - Complexity: O(c) for c entries to check against `object`, once the type is scanned.
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

  /// The shapes scanned in this process, by type: what `Mirror` and a hierarchy's tables tell
  /// depends only on the type, so no injector needs to scan a type again. Each entry is
  /// immutable; the checks that read an instance (``sampleChecks``) stay to be made on each
  /// injector tree's first instance.
  private static let scans = Locked<[ObjectIdentifier: TypeShape]>([:])

  /// The shape of `object`'s type, before its ``sampleChecks``: scanned the first time the
  /// process meets the type, outside the lock (it calls user code); if two threads scan at once,
  /// the first stored wins.
  ///
  /// - Complexity: O(1) once the type is scanned; else as ``scanning(_:)``.
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
  /// The same property, with `issue`.
  func withIssue(_ issue: TypeShape.Issue) -> Self {
    Self(
      name: name, owner: owner, declaredType: declaredType, reflectedType: reflectedType,
      hasInjectedPrefix: hasInjectedPrefix, accessor: accessor, issue: issue, site: site)
  }
}
