/// An object's stored properties, as `Mirror` reports them: the only place the library reflects.
///
/// `Mirror` is slow (about 1 µs per stored property per walk), so this runs once per type and
/// injector tree; ``TypeShape`` keeps the result.
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
/// A class that describes its own stored properties (`@Injectable` writes a complete list) is
/// not reflected: its level of the walk takes the list, and skips `Mirror`'s children, which
/// is where a walk spends its time.
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
    /// What the property held in the object reflected, kept only while the shape is built.
    let value: Any
    /// Whether the property came from its class's description, not from `Mirror`.
    let isDescribed: Bool

    /// Whether the property held nil in the object reflected.
    var wasNil: Bool { (value as? any OptionalProtocol).map { $0.wrappedAny == nil } ?? false }
  }

  static let lazyStoragePrefix = "$__lazy_storage_$_"
  static let observationRegistrar = "_$observationRegistrar"

  /// The object's class, then its superclasses up to the root.
  let classChain: [AnyClass]
  /// Every stored property, base classes first, each class's in declaration order.
  let properties: [Property]
  /// Whether the object's `customMirror` replaced its stored properties.
  let hasCustomMirror: Bool
  /// Properties that a class's description lacks, found in debug builds only.
  let undescribed: [Property]

  /// Reflects `object`, taking the stored properties of each class that `described` describes
  /// (given the class and its level) from that description.
  ///
  /// In debug builds, a described class is reflected too, and a property its description lacks
  /// is reported in ``undescribed``: in a release build it would be invisible.
  init(of object: AnyObject, described: (AnyClass, Int) -> [Property]?) {
    var chain: [AnyClass] = []
    var levels: [[Property]] = []
    // The classes that describe themselves, from the object's down, need no reflection.
    var current: AnyClass? = Swift.type(of: object)
    while let type = current, let properties = described(type, chain.count) {
      chain.append(type)
      levels.append(properties)
      current = _getSuperclass(type)
    }
    guard current != nil else {
      hasCustomMirror = false
      classChain = chain
      properties = levels.reversed().flatMap { $0 }
      undescribed = Self.checkingDescriptions(of: object, levels)
      return
    }
    // Only a hierarchy that describes itself entirely can be known without `Mirror`.
    guard !(object is any CustomReflectable) else {
      hasCustomMirror = true
      classChain = chain.isEmpty ? [Swift.type(of: object)] : chain
      properties = levels.reversed().flatMap { $0 }
      undescribed = []
      return
    }
    hasCustomMirror = false
    var mirror: Mirror? = Mirror(reflecting: object)
    for _ in chain.indices { mirror = mirror?.superclassMirror }
    while let current = mirror, let type = current.subjectType as? AnyClass {
      let level = chain.count
      chain.append(type)
      levels.append(described(type, level) ?? Self.properties(of: current, level: level))
      mirror = current.superclassMirror
    }
    undescribed = Self.checkingDescriptions(of: object, levels)
    if chain.isEmpty { chain = [Swift.type(of: object)] }
    classChain = chain
    properties = levels.reversed().flatMap { $0 }
  }

  /// The stored properties of the class `mirror` reflects, its own only, as the injector sees
  /// them: `lazy` and `@Observable` storage under the names of their properties.
  private static func properties(of mirror: Mirror, level: Int) -> [Property] {
    var properties: [Property] = []
    var isObservable = false
    for child in mirror.children {
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
          isOptional: isOptional, declaredType: isOptional ? reflected : nil, value: child.value,
          isDescribed: false))
    }
    // `@Observable` storage is `_name`, optional when the property is; the registrar comes last.
    guard isObservable else { return properties }
    return properties.map { property in
      guard property.name.hasPrefix("_"), property.isOptional else { return property }
      return Property(
        name: String(property.name.dropFirst()), reflectedType: property.reflectedType, level: level,
        isLazy: false, isObservationStorage: true, isOptional: true, declaredType: property.declaredType,
        value: property.value, isDescribed: false)
    }
  }

  /// In debug builds, the properties that could be candidates (optional, or named `injected…`)
  /// which `Mirror` finds at a described level of `levels` (most derived first) but the
  /// description lacks: a property another macro added, or a hand-written list that missed one.
  /// Always empty in release builds, which trust the descriptions and never reflect them.
  private static func checkingDescriptions(of object: AnyObject, _ levels: [[Property]]) -> [Property] {
    #if DEBUG
      // A custom mirror lists what it likes: only a description can say what is stored.
      guard !(object is any CustomReflectable) else { return [] }
      var missing: [Property] = []
      var mirror: Mirror? = Mirror(reflecting: object)
      for level in levels.indices {
        guard let current = mirror else { break }
        mirror = current.superclassMirror
        guard levels[level].first?.isDescribed ?? true else { continue }
        let described = Set(levels[level].map(\.name))
        missing += properties(of: current, level: level).filter {
          ($0.isOptional || $0.name.hasPrefix("injected")) && !described.contains($0.name)
        }
      }
      return missing
    #else
      return []
    #endif
  }
}
