/// What the injector learns about a class by reflection, once: its stored properties, its tables
/// opened into accessors, and what is wrong with its declarations. Independent of registrations.
///
/// `Mirror` reflects instances, so a type is scanned from the first instance the process injects;
/// plans check the hand-written key paths that need an instance against every object they fill, until a
/// write proves each (``entryChecks``).
// `nonisolated(unsafe)` on what holds accessors: immutable, and non-`Sendable` only because an
// accessor may be isolated to the class's global actor; it is called only through `inject`,
// `validate` and `explain`, whose `InjectableSettable` constraint puts the caller on that actor.
final class TypeShape: Sendable {
  /// One stored property.
  struct Property {
    /// The property's name (for `@Observable` storage, the observed property's).
    let name: String
    /// The class that declares it.
    let owner: AnyClass
    /// The declared type, when known: an optional's (as `Mirror` reports it) or a table entry's.
    let declaredType: Any.Type?
    /// The type `Mirror` reports; nil for a property known from its class's description.
    let reflectedType: Any.Type?
    let hasInjectedPrefix: Bool
    /// Whether `Mirror` showed it as `_name`, the storage `@Observable` makes for it (or a `_name` of the class's own).
    var isObservationStorage = false
    /// How to read and write the property, when its table entry is usable.
    let accessor: AnyAccessor?
    let issue: Issue?
    /// The table problem that broke its entry, if one did: the property's own in `explain`.
    var brokenBy: InjectionError.Problem? = nil
    let site: Site

    var declaredTypeName: String? { declaredType.map { readableName(of: $0) } }
    /// The name as Swift code spells it: without the backticks `Mirror` keeps around a raw identifier
    /// (`` `injected logger` ``), which the rules read (its `injected` prefix, an id's suffix).
    var unquotedName: String { Self.unquoted(name) }

    static func unquoted(_ name: String) -> String {
      guard name.count > 2, name.hasPrefix("`"), name.hasSuffix("`") else { return name }
      return String(name.dropFirst().dropLast())
    }

    /// Whether `other` is this property: of the same class, of the same name.
    func isSame(as other: Property) -> Bool {
      ObjectIdentifier(owner) == ObjectIdentifier(other.owner) && name == other.name
    }
  }

  /// What is wrong with a property if it turns out to be a candidate.
  enum Issue {
    /// Not optional; once it is, it needs an entry in `tableNeedingEntry`'s hand-written table, if that is set.
    case notOptional(tableNeedingEntry: AnyClass?)
    /// Its entry is unusable, which a table problem (``Property/brokenBy``) reports already.
    case brokenEntry
    /// A `lazy var`: reading it would run its initializer.
    case lazy
    /// A `let`.
    case constant
    // The rest: no entry reaches it; where one belongs, for the fix.
    /// In `table`'s table, as `\table.name`.
    case add(table: AnyClass)
    /// In `table`'s table, which `table` does not override: it inherits `inheritedFrom`'s.
    case override(table: AnyClass, inheritedFrom: AnyClass)
    /// In `table`'s own `@Injectable` list: it inherits the default table of `injectable`.
    case accessors(table: AnyClass, injectable: AnyClass)
    /// Nowhere: a more derived class declares a property of the same name, which every entry reaches.
    case shadowed(by: AnyClass)
    /// Nowhere yet: the class's list claims to name every stored property, but not this one.
    case undescribed
  }

  /// The prefix that makes a stored property a candidate, compared case-sensitively.
  static let candidatePrefix = "injected"

  let type: AnyClass
  var typeName: String { readableName(of: type) }
  /// The class and its superclasses, most derived first.
  let classChain: [ObjectIdentifier]
  /// What holds accessors and callbacks, which may be isolated to the class's global actor.
  private struct Members {
    let properties: [Property]
    let didInject: ((AnyObject) -> Void)?
    let entryChecks: [EntryCheck]
  }

  private nonisolated(unsafe) let uncheckedMembers: Members
  private var members: Members { unsafe uncheckedMembers }
  /// Every stored property, base classes first.
  var properties: [Property] { members.properties }
  /// Problems that fail every injection whatever the properties hold: broken entries, a custom mirror.
  let problems: [InjectionError.Problem]
  /// Calls the most derived `@Injectable`-listed `didInjectDependencies()`; nil: the requirement's.
  var didInject: ((AnyObject) -> Void)? { members.didInject }

  /// The shape of `type` from its hierarchy's `@Injectable` descriptions alone (`validate` without
  /// an instance); nil when a class does not describe itself or lists key paths. Never cached.
  convenience init?(describing type: AnyClass) {
    let lists = AccessorLists()
    let described = StoredProperties(type, reflecting: nil, described: lists.describedProperties)
    guard described.firstUndescribedLevel == nil else { return nil }
    let builder = ShapeBuilder(described, lists)
    guard builder.entries.allSatisfy({ $0.keyPath == nil }) else { return nil }
    self.init(type, described, builder, didInject: nil)
  }

  /// Key-path entries checked against every object, and what each reports if it reaches another property.
  var entryChecks: [EntryCheck] { members.entryChecks }
  /// The ``entryChecks`` a write has proven, by property index: learned from objects, and only ever growing.
  let provenEntries: EntryProofs

  /// The shape `builder` found; without one (a custom mirror), a shape of no properties, whose problem fails
  /// every injection.
  private init(
    _ type: AnyClass, _ reflected: StoredProperties, _ builder: ShapeBuilder?, didInject: ((AnyObject) -> Void)?
  ) {
    let entryChecks = builder?.entryChecks ?? []
    self.type = type
    classChain = reflected.classChain.map(ObjectIdentifier.init)
    unsafe uncheckedMembers = Members(
      properties: builder?.properties() ?? [], didInject: didInject, entryChecks: entryChecks)
    // By property, then by summary.
    problems =
      builder?.problems.sorted { ($0.property ?? "", $0.summary) < ($1.property ?? "", $1.summary) }
      ?? [.hiddenByCustomMirror(readableName(of: type))]
    provenEntries = EntryProofs(count: entryChecks.count)
  }

  /// Reflects `object` and opens its hierarchy's tables. Calls user code: never under a lock. `known` is
  /// `object`'s class as the caller's generic context knows it, if it does: its conformances need no look-up.
  static func scanning(_ object: AnyObject, known: (any InjectableSettable.Type)? = nil) -> TypeShape {
    let lists = AccessorLists(known: known)
    let reflected = StoredProperties(Swift.type(of: object), reflecting: object, described: lists.describedProperties)
    let didInject = lists.didInject(in: reflected.classChain)
    // A custom mirror hides the properties: nothing to match the tables to.
    let builder = reflected.hasCustomMirror ? nil : ShapeBuilder(reflected, lists)
    return TypeShape(Swift.type(of: object), reflected, builder, didInject: didInject)
  }
}

/// Each class's `@Injectable` list, read once per shape (kept in a list: a hierarchy has few classes), and its
/// `InjectableSettable` conformance.
private final class AccessorLists {
  private var lists: [(type: ObjectIdentifier, list: [InjectableAccessor]?)] = []
  /// The object's class with its conformance, as the caller's generic context knows it: what the
  /// runtime would find for that class, without a look-up (see ``InjectableSettable/_$injectableAccessors``).
  private let known: (any InjectableSettable.Type)?

  init(known: (any InjectableSettable.Type)? = nil) { self.known = known }

  /// `type`'s `InjectableSettable` conformance, when it has one: the known one for its class, else the runtime's.
  func settable(_ type: AnyClass) -> (any InjectableSettable.Type)? {
    if let known, ObjectIdentifier(known) == ObjectIdentifier(type) { return known }
    return type as? any InjectableSettable.Type
  }

  /// The list `type` answers (its own or inherited), if any: the known conformance's when it tells, else the runtime's.
  func list(of type: AnyClass) -> [InjectableAccessor]? {
    let id = ObjectIdentifier(type)
    for index in 0..<lists.count where lists[index].type == id { return lists[index].list }
    let list: [InjectableAccessor]?
    if let known, ObjectIdentifier(known) == id, let told = known._$injectableAccessors as? [InjectableAccessor] {
      list = told
    } else {
      list = (type as? any InjectableThroughAccessors.Type)?.injectableAccessors
    }
    lists.append((id, list))
    return list
  }

  /// The stored properties `type` declares, when its own list says it names them all. Here and below, loops over
  /// indices, not closures or iterators: unoptimized builds pay dearly for those on a type's first injection.
  func describedProperties(of type: AnyClass, level: Int) -> [StoredProperties.Property]? {
    guard let list = list(of: type) else { return nil }
    var (properties, isComplete) = ([StoredProperties.Property](), false)
    properties.reserveCapacity(list.count)
    for index in 0..<list.count {
      switch list[index].entry {
      case .complete(let root):
        isComplete = isComplete || root == type
      case .didInject:
        break
      case .property(let accessor):
        let valueType = accessor.valueType
        properties.append(
          .init(name: accessor.name, reflectedType: valueType, level: level, declaredType: valueType, isDescribed: true)
        )
      case .fixed(let name, _, let declared, let isLazy, let isConstant):
        properties.append(
          .init(
            name: name, reflectedType: declared ?? Any.self, level: level, isLazy: isLazy, declaredType: declared,
            isDescribed: true, isConstant: isConstant))
      }
    }
    return isComplete ? properties : nil
  }

  /// The most derived `@Injectable`-listed `didInjectDependencies()` call of `chain`, if any.
  func didInject(in chain: [AnyClass]) -> ((AnyObject) -> Void)? {
    for level in 0..<chain.count {
      guard let list = list(of: chain[level]) else { continue }
      for index in 0..<list.count {
        if case .didInject(let root, let call) = list[index].entry, root == chain[level] { return call }
      }
    }
    return nil
  }
}

/// Matches a hierarchy's table entries to its stored properties: the work behind ``TypeShape``.
private struct ShapeBuilder {
  let reflected: StoredProperties
  let chain: [AnyClass]
  /// Key-path tables by level; nil for a class that has none.
  var keyPathTables: [[String: AnyKeyPath]?] = []
  /// Whether each level's class answers an `@Injectable` list (conforms to `InjectableThroughAccessors`): read with the
  /// tables, so that a property's issue asks the runtime nothing (a never-seen class's conformance look-up scans every
  /// conformance record).
  var answersAccessorList: [Bool] = []
  var entries: [TableEntry] = []
  var problems: [InjectionError.Problem] = []
  private var rootNames: [ObjectIdentifier: String] = [:]
  var entryChecks: [TypeShape.EntryCheck] = []
  /// Indexed like `reflected.properties`.
  var accessors: [AnyAccessor?]
  /// The table problem that broke each property's entry, if one did.
  var brokenBy: [InjectionError.Problem?]
  /// The properties a key-path entry names though they are not optional: once they are, it fits.
  var hasNonOptionalEntry: Set<Int> = []
  var declaredTypes: [Any.Type?] = []

  /// Reads the tables of `reflected`'s hierarchy, then opens their entries.
  init(_ reflected: StoredProperties, _ lists: AccessorLists) {
    self.reflected = reflected
    chain = reflected.classChain
    let (properties, count) = (reflected.properties, reflected.properties.count)
    accessors = Array(repeating: nil, count: count)
    brokenBy = Array(repeating: nil, count: count)
    declaredTypes.reserveCapacity(count)
    for index in 0..<count { declaredTypes.append(properties[index].declaredType) }
    readTables(lists)
    openEntries()
  }

  /// The most derived declaration of `name` before index `end`, in a class at a level in `minLevel..<maxLevel`.
  /// Searched, not hashed: a hierarchy has few, and unoptimized builds pay more for a dictionary than for comparing.
  private func find(_ name: String, before end: Int? = nil, from minLevel: Int = 0, below maxLevel: Int = .max)
    -> Int?
  {
    let properties = reflected.properties
    var index = end ?? properties.count
    while index > 0 {
      index -= 1
      let property = properties[index]
      if property.name == name, property.level >= minLevel, property.level < maxLevel { return index }
    }
    return nil
  }

  /// Reads every class's key-path table and typed accessors, dropping entries a subclass repeats.
  private mutating func readTables(_ lists: AccessorLists) {
    var seen: [AnyKeyPath: [String]] = [:]
    var typedSeen: [ObjectIdentifier: Set<String>] = [:]
    keyPathTables.reserveCapacity(chain.count)
    for level in 0..<chain.count {
      let type: AnyClass = chain[level]
      let table = lists.settable(type)?.injectableKeyPaths
      keyPathTables.append(table)
      if let table, !table.isEmpty {
        for (name, keyPath) in table.sorted(by: { $0.key < $1.key }) where !(seen[keyPath]?.contains(name) ?? false) {
          seen[keyPath, default: []].append(name)
          entries.append(TableEntry(name: name, keyPath: keyPath, typed: nil))
        }
      }
      let list = lists.list(of: type)
      answersAccessorList.append(list != nil)
      guard let list else { continue }
      entries.reserveCapacity(entries.count + list.count)
      // An inherited list is read once; the first class's own accessors cannot repeat.
      for index in 0..<list.count {
        guard case .property(let accessor) = list[index].entry else { continue }
        let isOwn = typedSeen.isEmpty && ObjectIdentifier(accessor.rootType) == ObjectIdentifier(type)
        guard isOwn || typedSeen[ObjectIdentifier(accessor.rootType), default: []].insert(accessor.name).inserted
        else { continue }
        entries.append(TableEntry(name: accessor.name, keyPath: nil, typed: accessor))
      }
    }
    // The same key path under two names of stored properties: at most one of them is right. (A name that is none
    // is a stale entry, reported as such when opened.)
    for (keyPath, names) in seen {
      let named = names.filter { find($0) != nil }
      guard named.count > 1 else { continue }
      problems.append(.duplicateTableEntries(named.sorted(), keyPath: keyPath, in: readableName(of: chain[0])))
      entries.removeAll { $0.keyPath == keyPath && named.contains($0.name) }
      for name in named { markBroken(named: name) }
    }
  }

  /// Opens every entry and gives it to the property it reaches, or reports why it reaches none.
  private mutating func openEntries() {
    for index in 0..<entries.count {
      let entry = entries[index]
      switch entry.open() {
      case .failure(let defect):
        report(defect, of: entry)
      case .success(let accessor):
        attach(accessor, of: entry)
      }
    }
  }

  private mutating func attach(_ accessor: AnyAccessor, of entry: TableEntry) {
    let rootLevel = Self.level(of: accessor, in: chain)
    guard rootLevel < chain.count else {
      problems.append(.keyPathRoot(entry.name, startsAt: accessor.rootType, notIn: readableName(of: chain[0])))
      markBroken(named: entry.name)
      return
    }
    guard let index = find(entry.name, from: rootLevel) else {
      if let below = find(entry.name) {
        problems.append(
          .keyPathCannotReach(
            entry.name, keyPath: entry.keyPath, root: chain[rootLevel],
            declaredIn: chain[reflected.properties[below].level]))
        brokenBy[below] = problems.last
      } else {
        problems.append(staleEntry(entry.name))
      }
      return
    }
    let property = reflected.properties[index]
    // Reading a `lazy var` would run its initializer; it is reported as such if it is a candidate.
    guard !property.isLazy else { return }
    let owner: AnyClass = chain[property.level]
    // `@Injectable` writes each accessor from the declaration it reaches: nothing to check. A key path's
    // description names its root as `String(describing:)` does, written once per root type.
    var components: KeyPathComponents?
    if !accessor.isTyped, let keyPath = entry.keyPath {
      let root = Swift.type(of: keyPath).rootType
      let rootName = rootNames[ObjectIdentifier(root)] ?? String(describing: root)
      rootNames[ObjectIdentifier(root)] = rootName
      components = KeyPathComponents(keyPath, rootName: rootName)
    }
    let mismatch: InjectionError.Problem? =
      if case .several(let description)? = components {
        .keyPathGoesThrough(entry.name, description: description, owner: owner)
      } else if ObjectIdentifier(accessor.valueType) != ObjectIdentifier(property.reflectedType) {
        // An accessor's value type is an optional's: the property's is too, if it is the same.
        .keyPathValueMismatch(entry.name, leadsTo: accessor.valueType, declared: declaredTypes[index], owner: owner)
      } else if case .stored(let component)? = components, component != entry.name {
        .keyPathNamesAnother(
          entry.name, keyPath: entry.keyPath, component: component, declared: property.reflectedType, owner: owner)
      } else {
        nil
      }
    if let mismatch {
      problems.append(mismatch)
      brokenBy[index] = problems.last
      return
    }
    // A key path reading other than the property holds reaches another property: checked against every
    // object until a write proves it, unless the description names the only stored property of that name
    // (the runtime names a stored component by its field's offset). A typed accessor (which wins) is checked
    // where a class below its root does not describe itself: `@Injectable` cannot see its getter's overrides.
    let namesItsStorage =
      components == .stored(entry.name) && find(entry.name, before: index) == nil && find(entry.name) == index
    let mayBeOverridden = reflected.firstUndescribedLevel.map { property.level > $0 } ?? false
    if accessor.isTyped ? mayBeOverridden : !namesItsStorage, let mirrorIndex = property.mirrorIndex {
      entryChecks.append(
        TypeShape.EntryCheck(
          readsNil: accessor.isNil(in:), read: accessor.valueThroughKeyPath(in:), index: index,
          position: (property.level, mirrorIndex), isProvenByNil: accessor.isTyped,
          describe: { [name = entry.name, keyPath = entry.keyPath, declared = property.reflectedType, chain] leftNil in
            if accessor.isTyped { return .overridingGetter(name, declared: declared, owner: owner, in: chain[0]) }
            return leftNil
              ? .keyPathLeavesNil(name, keyPath: keyPath, declared: declared, owner: owner)
              : .keyPathReadsAnother(name, keyPath: keyPath, declared: declared, owner: owner)
          }))
    }
    if let existing = accessors[index],
      existing.isTyped || !accessor.isTyped && rootLevel > Self.level(of: existing, in: chain)
    {
      return
    }
    accessors[index] = accessor
  }

  private mutating func report(_ defect: KeyPathDefect, of entry: TableEntry) {
    guard let index = find(entry.name) else {
      problems.append(staleEntry(entry.name))
      return
    }
    let property = reflected.properties[index]
    let owner: AnyClass = chain[property.level]
    switch defect {
    case .nonOptionalValue(let valueType):
      if let wrapped = (property.reflectedType as? any OptionalProtocol.Type)?.wrappedType,
        ObjectIdentifier(wrapped) == ObjectIdentifier(valueType)
      {
        // `\Screen.injectedLogger!`: the property is optional, and the entry unwraps it.
        problems.append(.keyPathGoesThrough(entry.name, description: Describe.keyPath(entry.keyPath), owner: owner))
        break
      }
      // The property is not optional, which the candidate check reports if it is a candidate;
      // `Mirror` may have reported an optional held by an `Any` property, so trust the key path.
      declaredTypes[index] = valueType
      hasNonOptionalEntry.insert(index)
      return
    case .wrongRoot(let root):
      problems.append(.keyPathRoot(entry.name, startsAt: root, notIn: readableName(of: owner)))
    case .readOnly:
      problems.append(.keyPathNotWritable(entry.name, owner: owner, declared: declaredTypes[index]))
    }
    brokenBy[index] = problems.last
  }

  private static func level(of accessor: AnyAccessor, in chain: [AnyClass]) -> Int {
    let root = ObjectIdentifier(accessor.rootType)
    var level = 0
    while level < chain.count, ObjectIdentifier(chain[level]) != root { level += 1 }
    return level
  }

  private mutating func markBroken(named name: String) {
    let properties = reflected.properties
    for index in 0..<properties.count where properties[index].name == name { brokenBy[index] = problems.last }
  }

  private func staleEntry(_ name: String) -> InjectionError.Problem {
    let observed = name.hasPrefix("_") ? find(String(name.dropFirst())) : nil
    if let observed, reflected.properties[observed].isObservationStorage {
      return .observationStorageEntry(
        name, observed: String(name.dropFirst()), owner: chain[reflected.properties[observed].level])
    }
    let suggestion = closest(to: name, among: reflected.properties.map(\.name))
    return .staleTableEntry(
      name, in: readableName(of: chain[0]), suggestion: suggestion,
      suggestionHasEntry: entries.contains { $0.name == suggestion })
  }

  /// The shape's properties, each with its accessor or what is wrong with it.
  func properties() -> [TypeShape.Property] {
    var properties: [TypeShape.Property] = []
    let stored = reflected.properties
    properties.reserveCapacity(stored.count)
    for index in 0..<stored.count {
      let (property, declared, accessor) = (stored[index], declaredTypes[index], accessors[index])
      let issue: TypeShape.Issue?
      if property.isLazy {
        issue = .lazy
      } else if property.isConstant {
        issue = .constant
      } else if brokenBy[index] != nil {
        issue = .brokenEntry
      } else if accessor != nil {
        issue = nil
      } else if let declared, declared is any OptionalProtocol.Type {
        issue = missingEntry(for: property)
      } else {
        // Not `indirect` (a boxed missing entry): LeakSanitizer cannot see a box behind an enum's tag bits.
        let table: AnyClass? =
          if case .add(let table) = missingEntry(for: property), let level = chain.firstIndex(where: { $0 == table }),
            !answersAccessorList[level], !hasNonOptionalEntry.contains(index)
          {
            table
          } else {
            nil
          }
        issue = .notOptional(tableNeedingEntry: table)
      }
      let owner: AnyClass = chain[property.level]
      properties.append(
        TypeShape.Property(
          name: property.name, owner: owner, declaredType: declared,
          reflectedType: property.isDescribed ? nil : property.reflectedType,
          hasInjectedPrefix: TypeShape.Property.unquoted(property.name).hasPrefix(TypeShape.candidatePrefix),
          isObservationStorage: property.isObservationStorage, accessor: accessor, issue: issue,
          brokenBy: brokenBy[index], site: Site(owner: owner, property: property.name, declared: declared)))
    }
    return properties
  }

  private func missingEntry(for property: StoredProperties.Property) -> TypeShape.Issue {
    if property.isUndescribed { return .undescribed }
    if let shadowing = find(property.name, below: property.level) {
      return .shadowed(by: chain[reflected.properties[shadowing].level])
    }
    // The table of the declaring class if it has one, else of the object's class.
    let tableLevel = keyPathTables[property.level] != nil ? property.level : 0
    if let table = keyPathTables[tableLevel],
      let inherited = (tableLevel + 1..<chain.count).first(where: { keyPathTables[$0] != nil }),
      keyPathTables[inherited] == table
    {
      // An empty table of an accessor class is the protocol's default: nothing to override.
      if table.isEmpty && answersAccessorList[inherited] {
        return .accessors(table: chain[tableLevel], injectable: chain[inherited])
      }
      return .override(table: chain[tableLevel], inheritedFrom: chain[inherited])
    }
    return .add(table: chain[tableLevel])
  }
}
