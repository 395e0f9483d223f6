extension TypeShape {
  /// An entry that may read other than its property holds: a key path whose description does not name the
  /// property's storage (a non-final class's, an observed one, a computed one), or a typed accessor a
  /// subclass's getter may override. Checked against every object until a write (or a nil read) proves it.
  struct EntryCheck {
    /// Whether the entry's key path reads nil.
    let readsNil: (AnyObject) -> Bool
    /// The value the entry's key path reads, boxed.
    let read: (AnyObject) -> Any?
    /// The property's index in ``TypeShape/properties``.
    let index: Int
    /// Where `Mirror` lists the property: class level, child index.
    let position: (level: Int, index: Int)
    /// A typed accessor's: it reaches its own property, so reading nil where the property is nil proves it.
    let isProvenByNil: Bool
    /// Builds what the check reports when it fails (`leftNil`: when the property still read nil after the plan wrote
    /// it): only then, since naming the types looks up conformances of types the process may not have asked about
    /// yet (each such look-up scans every conformance record).
    let describe: (_ leftNil: Bool) -> InjectionError.Problem
    /// What the check reports when it fails.
    var problem: InjectionError.Problem { describe(false) }
  }

  /// The checks whose entry reads other than its property holds in `object` (nil where it holds a value, or the
  /// reverse, or another object or unequal value), read through `Mirror`: such an entry reaches another property.
  static func failing(_ checks: [EntryCheck], in object: AnyObject) -> [EntryCheck] {
    guard !checks.isEmpty else { return [] }
    let held = StoredProperties.values(in: object, at: checks.map(\.position))
    return zip(checks, held).compactMap { check, held in
      guard check.readsNil(object) == (held == nil) else { return check }
      guard let held, let read = check.read(object) else { return nil }
      return isSame(read, held) == false ? check : nil
    }
  }

  /// For checks whose entries just wrote a value, which fail (their property does not hold it) and which
  /// are proven: the property holds the same object, or an equal value, that no other entry wrote (two
  /// swapped entries given one singleton would each read back what the other wrote).
  static func verify(written checks: [EntryCheck], in object: AnyObject) -> (failing: [EntryCheck], proven: [Int]) {
    var failing: [EntryCheck] = []
    var proven: [Int] = []
    let held = StoredProperties.values(in: object, at: checks.map(\.position))
    let reads = checks.map { $0.read(object) }
    for (offset, check) in checks.enumerated() {
      guard let held = held[offset], let read = reads[offset] else {
        failing.append(check)
        continue
      }
      switch isSame(read, held) {
      case false?:
        failing.append(check)
      case true?:
        let shared = reads.indices.contains { $0 != offset && reads[$0].map { isSame(read, $0) == true } == true }
        if !shared { proven.append(check.index) }
      case nil:
        break
      }
    }
    return (failing, proven)
  }

  /// Whether two values, read through an entry and from its property, are one: the same object, or equal
  /// `Equatable` values; nil when that cannot be told (other values, or a value unequal to itself, like NaN).
  private static func isSame(_ read: Any, _ held: Any) -> Bool? {
    if Swift.type(of: read) is AnyClass, Swift.type(of: held) is AnyClass {
      return (read as AnyObject) === (held as AnyObject)
    }
    guard let read = read as? any Equatable, isEqual(read, read) else { return nil }
    return isEqual(read, held)
  }

  private static func isEqual<Value: Equatable>(_ value: Value, _ other: Any) -> Bool {
    (other as? Value).map { $0 == value } ?? false
  }

  /// The shapes scanned in this process, by type.
  private static let scans = Locked<[ObjectIdentifier: TypeShape]>([:])

  /// The shape of `object`'s type, scanned once per process outside the lock (it calls user code); of two threads
  /// scanning at once, the first stored wins. `known`: as for ``scanning(_:known:)``.
  static func scanned(_ object: AnyObject, known: (any InjectableSettable.Type)? = nil) -> TypeShape {
    let id = ObjectIdentifier(Swift.type(of: object))
    if let shape = scans.withLock({ $0[id] }) { return shape }
    let scanned = scanning(object, known: known)
    return scans.withLock { scans in
      if let existing = scans[id] { return existing }
      scans[id] = scanned
      return scanned
    }
  }
}

/// Which of a shape's ``TypeShape/EntryCheck``s a write has proven, by property index: set once, read by every injection.
final class EntryProofs: Sendable {
  private let proven = Locked<Set<Int>>([])
  private let allProven = OnceFlag()
  /// How many checks the shape has: all are proven when this many are.
  private let count: Int

  init(count: Int) { self.count = count }

  /// The checks not proven yet.
  func unproven(_ checks: [TypeShape.EntryCheck]) -> [TypeShape.EntryCheck] {
    if checks.isEmpty || allProven.isSet { return [] }
    return proven.withLock { proven in checks.filter { !proven.contains($0.index) } }
  }

  /// Records `indices` as proven.
  func prove(_ indices: [Int]) {
    guard !indices.isEmpty else { return }
    let all = proven.withLock { proven in
      proven.formUnion(indices)
      return proven.count == count
    }
    if all { allProven.set() }
  }
}
