/// An object's stored properties, as `Mirror` reports them: the only place the library reflects.
///
/// `Mirror` is slow (about 1 µs per stored property per walk), so this runs once per type in
/// the process; ``TypeShape`` keeps the result.
///
/// Quirks handled here:
/// - `Mirror.children` lists only the class's own properties; superclasses come from
///   `superclassMirror`, walked to the root.
/// - Optionals and implicitly unwrapped optionals both reflect as `Optional`, which is what
///   the injector needs: both can be nil and both are filled. A non-optional property reflects
///   as its value's dynamic type, not its declared type (`ConsoleLogger` for `any Logger`), so
///   only an optional's declared type is known here.
/// - A property wrapper's storage appears as `_name`; it never starts with `injected`, so it is
///   never a candidate.
/// - `@Observable` renames each tracked property's storage to `_name` and adds
///   `_$observationRegistrar`: in such a class, an optional `_name` is reported as `name`, the
///   property its table's key path (through Observation) writes. `@ObservationIgnored`
///   properties keep their names.
/// - A `lazy var`'s storage appears as `$__lazy_storage_$_name`. It is reported under `name`,
///   marked lazy, so that a lazy candidate is an error rather than silently skipped.
/// - A `customMirror` replaces the stored properties with whatever it lists: the class is
///   reported as hiding them, since the injector cannot see its candidates, unless every class
///   of the hierarchy describes itself.
///
/// A class that describes its own stored properties (`@Injectable` writes a complete list) takes
/// its level of the walk from the list, which says how to write each property. `Mirror` still
/// reflects it, in every build configuration, to find what the list lacks: a stored property
/// another macro added, one `@Injectable` could not see, or one a hand-written list missed.
/// Such a property is kept, marked ``Property/isUndescribed``, so that it is reported if it
/// turns out to be a candidate, and ignored otherwise: debug and release agree. A hierarchy in
/// which `Mirror` found nothing missing is remembered for the process, so only the first
/// injection of its type in the process pays for the walk.
struct StoredProperties {
  /// One stored property.
  struct Property {
    /// The property's name, as written in source.
    let name: String
    /// The declared type when the property is optional (`Optional<...>`), else its value's
    /// dynamic type, which may differ from the declared type (`Any` for a described property of
    /// unwritten type).
    let reflectedType: Any.Type
    /// The declared type, when it is known: an optional's, or a described property's.
    /// The class that declares the property: its index in ``StoredProperties/classChain``.
    let level: Int
    /// Whether this is the storage of a `lazy var`.
    let isLazy: Bool
    /// Whether this is the storage `@Observable` made for the property (`_name`).
    let isObservationStorage: Bool
    /// Whether the property is optional, as far as `Mirror` tells.
    let isOptional: Bool
    let declaredType: Any.Type?
    /// Whether the property came from its class's description, not from `Mirror`.
    let isDescribed: Bool
    /// Whether `Mirror` found the property at a level whose description says it is complete,
    /// but the description lacks it.
    var isUndescribed = false
    /// Where `Mirror` lists the property among its class's children; nil for a described one.
    var mirrorIndex: Int? = nil
  }

  static let lazyStoragePrefix = "$__lazy_storage_$_"
  /// The classes whose hierarchy describes itself entirely, and in which `Mirror` found nothing
  /// the descriptions lack: process-wide, as stored properties are, so that only the first
  /// injection of such a type in the process pays for the `Mirror` walk.
  private static let completeTypes = Locked<Set<ObjectIdentifier>>([])
  static let observationRegistrar = "_$observationRegistrar"

  /// The object's class, then its superclasses up to the root.
  let classChain: [AnyClass]
  /// Every stored property, base classes first, each class's in declaration order.
  let properties: [Property]
  /// Whether the object's `customMirror` replaced its stored properties.
  let hasCustomMirror: Bool

  /// The stored properties of `type` as its hierarchy's descriptions give them, without an
  /// instance and without `Mirror`; nil unless every class of the hierarchy describes itself.
  /// What only `Mirror` finds (a property another macro added) is not seen.
  init?(describing type: AnyClass, described: (AnyClass, Int) -> [Property]?) {
    var chain: [AnyClass] = []
    var levels: [[Property]] = []
    var current: AnyClass? = type
    while let level = current {
      guard let properties = described(level, chain.count) else { return nil }
      chain.append(level)
      levels.append(properties)
      current = _getSuperclass(level)
    }
    classChain = chain
    properties = levels.reversed().flatMap { $0 }
    hasCustomMirror = false
  }

  /// Reflects `object`, taking the stored properties of each class that `described` describes
  /// (given the class and its level) from that description, plus whatever `Mirror` finds there
  /// that the description lacks (marked ``Property/isUndescribed``).
  init(of object: AnyObject, described: (AnyClass, Int) -> [Property]?) {
    var chain: [AnyClass] = []
    var levels: [[Property]] = []
    // The classes that describe themselves, from the object's down.
    var current: AnyClass? = Swift.type(of: object)
    while let type = current, let properties = described(type, chain.count) {
      chain.append(type)
      levels.append(properties)
      current = _getSuperclass(type)
    }
    // A custom mirror lists what it likes: only a hierarchy that describes itself entirely can
    // be known then.
    guard !(object is any CustomReflectable) else {
      hasCustomMirror = current != nil
      classChain = chain.isEmpty ? [Swift.type(of: object)] : chain
      properties = levels.reversed().flatMap { $0 }
      return
    }
    hasCustomMirror = false
    // What `Mirror` finds depends only on the type: once it found nothing a description lacks,
    // no injector in the process needs to look again.
    let objectType = ObjectIdentifier(Swift.type(of: object))
    if current == nil, Self.completeTypes.withLock({ $0.contains(objectType) }) {
      classChain = chain
      properties = levels.reversed().flatMap { $0 }
      return
    }
    var mirror: Mirror? = Mirror(reflecting: object)
    var isComplete = true
    for level in chain.indices {
      guard let reflected = mirror else { break }
      let undescribed = Self.undescribed(in: reflected, level: level, described: levels[level])
      isComplete = isComplete && undescribed.isEmpty
      levels[level] += undescribed
      mirror = reflected.superclassMirror
    }
    if current == nil, isComplete {
      _ = Self.completeTypes.withLock { $0.insert(objectType) }
    }
    while let reflected = mirror, let type = reflected.subjectType as? AnyClass {
      let level = chain.count
      chain.append(type)
      if let properties = described(type, level) {
        levels.append(properties + Self.undescribed(in: reflected, level: level, described: properties))
      } else {
        levels.append(Self.properties(of: reflected, level: level))
      }
      mirror = reflected.superclassMirror
    }
    if chain.isEmpty { chain = [Swift.type(of: object)] }
    classChain = chain
    properties = levels.reversed().flatMap { $0 }
  }

  /// The stored properties `Mirror` finds in the class it reflects that `described` (that
  /// class's description) lacks, marked ``Property/isUndescribed``.
  ///
  /// `@Observable` storage `_name` matches a described `name`, and a described `_name` too: a
  /// property declared `_name` (`@ObservationIgnored var _cache`) is not storage of a `name`.
  private static func undescribed(in mirror: Mirror, level: Int, described: [Property]) -> [Property] {
    let names = Set(described.map(\.name))
    return properties(of: mirror, level: level).compactMap { property in
      guard !names.contains(property.name), !(property.isObservationStorage && names.contains("_" + property.name))
      else { return nil }
      var property = property
      property.isUndescribed = true
      return property
    }
  }

  /// The stored properties of the class `mirror` reflects, its own only, as the injector sees
  /// them: `lazy` and `@Observable` storage under the names of their properties.
  private static func properties(of mirror: Mirror, level: Int) -> [Property] {
    var properties: [Property] = []
    var isObservable = false
    for (index, child) in mirror.children.enumerated() {
      guard let label = child.label else { continue }
      if label == Self.observationRegistrar {
        isObservable = true
        continue
      }
      let reflected = Swift.type(of: child.value)
      let isOptional = reflected is any OptionalProtocol.Type
      var name = label
      var isLazy = false
      if label.hasPrefix(Self.lazyStoragePrefix) {
        name = String(label.dropFirst(Self.lazyStoragePrefix.count))
        isLazy = true
      }
      properties.append(
        Property(
          name: name, reflectedType: reflected, level: level, isLazy: isLazy, isObservationStorage: false,
          isOptional: isOptional, declaredType: isOptional ? reflected : nil,
          isDescribed: false, mirrorIndex: index))
    }
    // `@Observable` storage is `_name`, optional when the property is; the registrar comes last.
    guard isObservable else { return properties }
    return properties.map { property in
      guard property.name.hasPrefix("_"), property.isOptional else { return property }
      return Property(
        name: String(property.name.dropFirst()), reflectedType: property.reflectedType, level: level,
        isLazy: false, isObservationStorage: true, isOptional: true, declaredType: property.declaredType,
        isDescribed: false, mirrorIndex: property.mirrorIndex)
    }
  }

  /// Whether each stored property at `positions` holds nil in `object`: `level` counts the
  /// classes from the object's (0) towards the root, `index` is where `Mirror` lists the property
  /// among that class's children (``Property/mirrorIndex``). No position (a described property)
  /// or one `Mirror` does not reach reads as not nil.
  ///
  /// - Complexity: O(l + p) for the deepest level l and p positions, one `Mirror` per level.
  static func holdNil(in object: AnyObject, at positions: [(level: Int, index: Int)?]) -> [Bool] {
    var mirrors: [Mirror] = []
    var next: Mirror? = Mirror(reflecting: object)
    return positions.map { position in
      guard let position else { return false }
      while mirrors.count <= position.level, let mirror = next {
        mirrors.append(mirror)
        next = mirror.superclassMirror
      }
      guard position.level < mirrors.count else { return false }
      let children = mirrors[position.level].children
      guard position.index < children.count else { return false }
      let value = children[children.index(children.startIndex, offsetBy: position.index)].value
      return (value as? any OptionalProtocol).map { $0.wrappedAny == nil } ?? false
    }
  }
}
