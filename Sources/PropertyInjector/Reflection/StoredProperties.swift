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
///   reported as hiding them, since the injector cannot see its candidates.
struct StoredProperties {
  /// One stored property.
  struct Property {
    /// The property's name, as written in source.
    let name: String
    /// The declared type when the property is optional (`Optional<...>`), else its value's
    /// dynamic type, which may differ from the declared type.
    let reflectedType: Any.Type
    /// The class that declares the property: its index in ``StoredProperties/classChain``.
    let level: Int
    /// Whether this is the storage of a `lazy var`.
    let isLazy: Bool
    /// Whether this is the storage `@Observable` made for the property (`_name`).
    let isObservationStorage: Bool
    /// Whether the property held nil in the object reflected (for an optional property).
    let wasNil: Bool

    /// Whether the property is optional, as far as `Mirror` tells.
    var isOptional: Bool { reflectedType is any OptionalProtocol.Type }
  }

  static let lazyStoragePrefix = "$__lazy_storage_$_"
  static let observationRegistrar = "_$observationRegistrar"

  /// The object's class, then its superclasses up to the root.
  let classChain: [AnyClass]
  /// Every stored property, base classes first, each class's in declaration order.
  let properties: [Property]
  /// Whether the object's `customMirror` replaced its stored properties.
  let hasCustomMirror: Bool

  /// Reflects `object`.
  init(of object: AnyObject) {
    hasCustomMirror = object is any CustomReflectable
    var chain: [AnyClass] = []
    var levels: [[Property]] = []
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror, let type = current.subjectType as? AnyClass {
      let level = chain.count
      chain.append(type)
      let children = Array(current.children)
      let isObservable = children.contains { $0.label == Self.observationRegistrar }
      levels.append(
        children.compactMap { child in
          guard let label = child.label, label != Self.observationRegistrar else { return nil }
          let reflected = Swift.type(of: child.value)
          let wasNil = (child.value as? any OptionalProtocol).map { $0.wrappedAny == nil } ?? false
          if label.hasPrefix(Self.lazyStoragePrefix) {
            return Property(
              name: String(label.dropFirst(Self.lazyStoragePrefix.count)), reflectedType: reflected, level: level,
              isLazy: true, isObservationStorage: false, wasNil: wasNil)
          }
          if isObservable, label.hasPrefix("_"), reflected is any OptionalProtocol.Type {
            return Property(
              name: String(label.dropFirst()), reflectedType: reflected, level: level, isLazy: false,
              isObservationStorage: true, wasNil: wasNil)
          }
          return Property(
            name: label, reflectedType: reflected, level: level, isLazy: false, isObservationStorage: false,
            wasNil: wasNil)
        })
      mirror = current.superclassMirror
    }
    if chain.isEmpty { chain = [Swift.type(of: object)] }
    classChain = chain
    properties = levels.reversed().flatMap { $0 }
  }
}
