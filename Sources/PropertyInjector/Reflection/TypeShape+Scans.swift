extension TypeShape {
  /// A key-path entry whose description does not name its property's storage (a non-final class's
  /// property, an observed one): it must read what the property holds (nil where it is nil, the same object,
  /// an equal value), or it reaches another property. Checked against a tree's first instance; against
  /// every object, before and after an injection writes, when ``onEveryObject``.
  struct EntryCheck {
    /// The entry's accessor, made from its key path.
    let accessor: AnyAccessor
    /// The property's index in ``TypeShape/properties``.
    let index: Int
    /// Where `Mirror` lists the property: class level, child index.
    let position: (level: Int, index: Int)
    /// Whether another optional property has the property's type: only then can a fresh object's write,
    /// with every property nil, go to another stored property.
    let onEveryObject: Bool
    let problem: InjectionError.Problem
  }

  /// The checks whose entry disagrees with its property in `object`, read through `Mirror`.
  static func failing(_ checks: [EntryCheck], in object: AnyObject) -> [EntryCheck] {
    guard !checks.isEmpty else { return [] }
    let held = StoredProperties.values(in: object, at: checks.map(\.position))
    return zip(checks, held).compactMap { check, held in
      let readsNil = check.accessor.isNil(in: object)
      guard readsNil == (held == nil) else { return check }
      guard let held, let read = check.accessor.valueThroughKeyPath(in: object) else { return nil }
      return isSame(read, held) ? nil : check
    }
  }

  /// Whether two values, read through an entry and from its property, may be one: the same object, or equal
  /// values when `Equatable` (other values cannot be told apart).
  private static func isSame(_ read: Any, _ held: Any) -> Bool {
    if Swift.type(of: read) is AnyClass, Swift.type(of: held) is AnyClass {
      return (read as AnyObject) === (held as AnyObject)
    }
    guard let read = read as? any Equatable else { return true }
    return isEqual(read, held)
  }

  private static func isEqual<Value: Equatable>(_ value: Value, _ other: Any) -> Bool {
    (other as? Value).map { $0 == value } ?? false
  }

  /// The shape of `object`'s type, its entries checked against `object` (a failing one is broken for the
  /// whole tree) and kept for ``TypePlan`` to check every object. Calls user code: never under a lock.
  convenience init(scanning object: AnyObject) {
    let scanned = Self.scanned(object)
    var problems = scanned.problems
    var properties = scanned.properties
    let failing = Self.failing(scanned.entryChecks, in: object)
    for check in failing {
      problems.append(check.problem)
      properties[check.index] = properties[check.index].withIssue(.brokenEntry)
    }
    self.init(
      type: scanned.type, classChain: scanned.classChain, properties: properties,
      problems: failing.isEmpty ? problems : problems.sorted(by: Self.messageOrder), didInject: scanned.didInject,
      entryChecks: scanned.entryChecks)
  }

  /// The shapes scanned in this process, by type, before their ``entryChecks`` ran on a first instance.
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
