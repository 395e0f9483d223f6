/// An object's stored properties, as `Mirror` reports them: the only place the library reflects.
///
/// `Mirror` is slow (about 1 µs per stored property per walk), so this runs once per type and
/// injector tree; ``TypeBlueprint`` keeps the result.
///
/// Quirks handled here:
/// - `Mirror.children` lists only the class's own properties; superclasses come from
///   `superclassMirror`, walked to the root.
/// - Optionals and implicitly unwrapped optionals both reflect as `Optional`, which is what
///   the injector needs: both can be nil and both are filled.
/// - A property wrapper's storage appears as `_name`; it never starts with `injected`, so it is
///   never a candidate.
/// - A `lazy var`'s storage appears as `$__lazy_storage_$_name`. It is reported under `name`,
///   marked lazy, so that a lazy candidate is an error rather than silently skipped.
/// - Children without a label (never seen for classes) are skipped.
struct StoredProperties {
  /// One stored property.
  struct Property {
    /// The property's name, as written in source.
    let label: String
    /// The declared type of the property, `Optional<...>` for optionals.
    let declaredType: Any.Type
    /// The class that declares the property.
    let declaringType: Any.Type
    /// Whether this is the storage of a `lazy var`, whose declared type is `Optional` of the
    /// property's type.
    let isLazy: Bool
  }

  /// The label Swift gives a `lazy var`'s storage, before the property's name.
  static let lazyStoragePrefix = "$__lazy_storage_$_"

  /// The object's class, then its superclasses up to the root.
  let classChain: [Any.Type]
  /// Every stored property, base classes first, each class's in declaration order.
  let properties: [Property]

  /// Reflects `object`. Calls the object's `customMirror` if it has one.
  init(of object: AnyObject) {
    var chain: [Any.Type] = []
    var levels: [[Property]] = []
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror {
      chain.append(current.subjectType)
      levels.append(
        current.children.compactMap { child in
          child.label.map { label in
            let isLazy = label.hasPrefix(Self.lazyStoragePrefix)
            return Property(
              label: isLazy ? String(label.dropFirst(Self.lazyStoragePrefix.count)) : label,
              declaredType: type(of: child.value),
              declaringType: current.subjectType,
              isLazy: isLazy
            )
          }
        })
      mirror = current.superclassMirror
    }
    classChain = chain
    properties = levels.reversed().flatMap { $0 }
  }
}
