/// An object's stored properties, as `Mirror` reports them: the library's only reflection, once per type.
/// - Superclasses come from `superclassMirror`: `children` lists a class's own properties only.
/// - Optionals (and IUOs) reflect as `Optional`; others as their value's dynamic type, not the declared one.
/// - `@Observable` storage `_name` and `lazy var` storage are reported as `name`, lazy ones marked.
/// - A `customMirror` hides the properties unless every class describes itself. A described class's level
///   comes from its description, plus what `Mirror` finds it lacks (``Property/isUndescribed``).
struct StoredProperties {
  /// One stored property.
  struct Property {
    var name: String
    /// The declared type if optional, else the value's dynamic type (`Any` for an untyped described one).
    let reflectedType: Any.Type
    /// The declaring class's index in ``StoredProperties/classChain``.
    let level: Int
    var isLazy = false
    var isObservationStorage = false
    /// The declared type, when known: an optional's, or a described property's.
    let declaredType: Any.Type?
    /// Whether the property came from its class's description, not from `Mirror`.
    var isDescribed = false
    /// Found by `Mirror` at a level whose description claims to be complete, but missing from it.
    var isUndescribed = false
    /// A `let`, as its class's description says.
    var isConstant = false
    /// Where `Mirror` lists the property among its class's children; nil for a described one.
    var mirrorIndex: Int? = nil

    var isOptional: Bool { reflectedType is any OptionalProtocol.Type }
  }

  static let lazyStoragePrefix = "$__lazy_storage_$_"

  /// A field's name as Swift code spells it: the runtime stores a raw identifier's spaces (`` `injected logger` ``) as
  /// no-break spaces, which `Mirror` and key path descriptions report; a table's key and `@Injectable` have spaces.
  static func fieldName(_ label: String) -> String {
    guard label.hasPrefix("`") else { return label }
    return String(label.map { $0 == "\u{A0}" ? " " : $0 })
  }
  /// Fully described hierarchies in which `Mirror` found nothing missing: it walks each once per process.
  private static let completeTypes = Locked<Set<ObjectIdentifier>>([])
  static let observationRegistrar = "_$observationRegistrar"

  /// The object's class, then its superclasses up to the root.
  let classChain: [AnyClass]
  /// Every stored property, base classes first, each class's in declaration order.
  let properties: [Property]
  let hasCustomMirror: Bool
  /// The most derived class that does not describe itself, whose getters may override those above unseen.
  let firstUndescribedLevel: Int?

  /// `type`'s descriptions, and what `Mirror` finds in `object`, an instance of it, if given: a described class's
  /// level is its description plus what `Mirror` finds it lacks. Without an instance, only the classes that describe
  /// themselves, up to the first that does not (``firstUndescribedLevel``).
  init(_ type: AnyClass, reflecting object: AnyObject?, described: (AnyClass, Int) -> [Property]?) {
    var chain: [AnyClass] = []
    var levels: [[Property]] = []
    // The classes that describe themselves, from the object's down.
    var current: AnyClass? = type
    while let type = current, let properties = described(type, chain.count) {
      chain.append(type)
      levels.append(properties)
      current = _getSuperclass(type)
    }
    firstUndescribedLevel = current == nil ? nil : chain.count
    // A custom mirror lists what it likes: only a fully described hierarchy is known. What `Mirror` finds
    // depends only on the type: once nothing was missing, never look again.
    let isCustom = object.map { $0 is any CustomReflectable } ?? false
    hasCustomMirror = isCustom && current != nil
    let objectType = ObjectIdentifier(type)
    let reflects =
      object != nil && !isCustom && (current != nil || !Self.completeTypes.withLock { $0.contains(objectType) })
    var mirror = reflects ? object.map { Mirror(reflecting: $0) } : nil
    var isComplete = true
    for level in 0..<chain.count {
      guard let reflected = mirror else { break }
      let undescribed = Self.undescribed(in: reflected, level: level, described: levels[level])
      if !undescribed.isEmpty { (isComplete, levels[level]) = (false, levels[level] + undescribed) }
      mirror = reflected.superclassMirror
    }
    if reflects, current == nil, isComplete {
      _ = Self.completeTypes.withLock { $0.insert(objectType) }
    }
    while let reflected = mirror, let type = reflected.subjectType as? AnyClass {
      let level = chain.count
      chain.append(type)
      if let properties = described(type, level) {
        let located = Self.located(properties, in: reflected)
        levels.append(located + Self.undescribed(in: reflected, level: level, described: properties))
      } else {
        levels.append(Self.properties(of: reflected, level: level))
      }
      mirror = reflected.superclassMirror
    }
    if chain.isEmpty { chain = [type] }
    classChain = chain
    properties = levels.count == 1 ? levels[0] : levels.reversed().flatMap { $0 }
  }

  /// What `Mirror` finds in its class that `described` lacks, marked ``Property/isUndescribed``.
  /// Observation storage `_name` matches a described `_name` too (`@ObservationIgnored var _cache`).
  private static func undescribed(in mirror: Mirror, level: Int, described: [Property]) -> [Property] {
    // Most often the description is whole: nothing is missing and no property need be made.
    if labelsAreDescribed(described, in: mirror) { return [] }
    let names = Set(described.map(\.name))
    return properties(of: mirror, level: level).compactMap { property in
      guard !names.contains(property.name), !(property.isObservationStorage && names.contains("_" + property.name))
      else { return nil }
      var property = property
      property.isUndescribed = true
      return property
    }
  }

  /// Whether every label names a described property, is the registrar, or is a described `lazy var`'s storage.
  /// Told without hashing or closures, which unoptimized builds pay dearly: each label is looked for from where
  /// the last was found, as both lists mostly follow the declarations' order.
  private static func labelsAreDescribed(_ described: [Property], in mirror: Mirror) -> Bool {
    var start = 0
    for child in mirror.children {
      guard let label = child.label.map(fieldName), label != Self.observationRegistrar else { continue }
      var offset = 0
      while offset < described.count {
        let name = described[(start + offset) % described.count].name
        if name == label { break }
        if label.hasPrefix(Self.lazyStoragePrefix), label.dropFirst(Self.lazyStoragePrefix.count) == name { break }
        offset += 1
      }
      guard offset < described.count else { return false }
      start = (start + offset + 1) % described.count
    }
    return true
  }

  /// Described `properties` with their ``Property/mirrorIndex``, which checks of their entries read.
  private static func located(_ properties: [Property], in mirror: Mirror) -> [Property] {
    let labels = mirror.children.map { $0.label.map(fieldName) }
    return properties.map { property in
      var property = property
      property.mirrorIndex = labels.firstIndex(of: property.name) ?? labels.firstIndex(of: "_" + property.name)
      return property
    }
  }

  /// The class's own stored properties, with `lazy` and `@Observable` storage under their properties' names.
  private static func properties(of mirror: Mirror, level: Int) -> [Property] {
    var properties: [Property] = []
    var isObservable = false
    for (index, child) in mirror.children.enumerated() {
      guard let label = child.label.map(fieldName) else { continue }
      if label == Self.observationRegistrar {
        isObservable = true
        continue
      }
      let reflected = Swift.type(of: child.value)
      let isLazy = label.hasPrefix(Self.lazyStoragePrefix)
      // A `lazy var`'s storage is an optional of its declared type.
      let declared = isLazy ? (reflected as? any OptionalProtocol.Type)?.wrappedType ?? reflected : reflected
      properties.append(
        Property(
          name: isLazy ? String(label.dropFirst(Self.lazyStoragePrefix.count)) : label, reflectedType: reflected,
          level: level, isLazy: isLazy, declaredType: declared is any OptionalProtocol.Type ? declared : nil,
          mirrorIndex: index))
    }
    // `@Observable` storage is `_name`, of the property's declared type, optional or not (a non-optional candidate is
    // reported as one, not skipped); the registrar comes last. An `@ObservationIgnored var _name` of the class's own
    // reads the same: the messages about such a name say so.
    guard isObservable else { return properties }
    return properties.map { property in
      guard property.name.hasPrefix("_"), !property.name.hasPrefix("_$"), property.name.count > 1 else {
        return property
      }
      var property = property
      property.name.removeFirst()
      property.isLazy = false
      property.isObservationStorage = true
      return property
    }
  }

  /// What each property at `positions` (level from the object's class up, ``Property/mirrorIndex``) holds in
  /// `object`: nil, or its value unwrapped; a position `Mirror` does not reach reads as a value no entry reads.
  static func values(in object: AnyObject, at positions: [(level: Int, index: Int)]) -> [Any?] {
    var mirrors: [Mirror] = []
    var next: Mirror? = Mirror(reflecting: object)
    return positions.map { position in
      while mirrors.count <= position.level, let mirror = next {
        mirrors.append(mirror)
        next = mirror.superclassMirror
      }
      guard position.level < mirrors.count else { return Unreached() }
      // A class mirror's children are random access: only the child asked for is read.
      let children = mirrors[position.level].children
      guard position.index < children.count else { return Unreached() }
      let value = children[children.index(children.startIndex, offsetBy: position.index)].value
      return (value as? any OptionalProtocol).map { $0.wrappedAny } ?? Unreached()
    }
  }

  /// What a property `Mirror` does not show holds, for ``values(in:at:)``.
  private struct Unreached {}
}
