#if os(Linux)
  @_spi(Reflection) internal import Swift
  @preconcurrency import Glibc
#endif

/// Where a class's stored fields live in its instances, as the runtime lays them out: what
/// lets the injector prove that a key path writes straight into an object's storage.
///
/// A key path to a plain stored property (a `final` class's `var`, or a `final var`, without
/// observers) writes at a fixed offset in the object; a key path that goes through accessors
/// (a non-final class's property, one with `didSet`, a `weak` one) writes into a temporary
/// and calls a setter. When a key-path write lands exactly on one of these offsets, the
/// injector knows it may write there directly, with the same effect and without the key
/// path's cost (about 400 ns and one allocation per write on Linux).
///
/// The offsets come from the standard library's reflection SPI (`_forEachField`), which
/// swift.org toolchains ship; Apple's SDKs do not, so on Apple platforms the table is empty
/// and every write goes through its key path.
struct StoredFields: Sendable {
  /// Offset of each stored field, with its declared type's identity.
  private let typeAtOffset: [Int: ObjectIdentifier]

  /// No fields known: direct writes are never proven.
  static let unknown = StoredFields(typeAtOffset: [:])

  private init(typeAtOffset: [Int: ObjectIdentifier]) { self.typeAtOffset = typeAtOffset }

  /// The stored fields of `type` and its superclasses.
  init(of type: AnyClass) {
    #if os(Linux)
      var fields: [Int: ObjectIdentifier] = [:]
      // 1 is `_EachFieldOptions.classType`, spelled by value: the SPI declares it as a
      // `static var`, which Swift 6 rejects as not concurrency-safe.
      _ = _forEachField(of: type, options: _EachFieldOptions(rawValue: 1)) { _, offset, fieldType, _ in
        fields[offset] = ObjectIdentifier(fieldType)
        return true
      }
      self.init(typeAtOffset: fields)
    #else
      self.init(typeAtOffset: [:])
    #endif
  }

  /// Whether this platform's toolchain tells where fields live, so direct writes can be proven.
  ///
  /// Setting the environment variable `PROPERTYINJECTOR_DISABLE_DIRECT_WRITES` (to anything)
  /// before the first injection turns direct writes off: every write goes through its key
  /// path, as on Apple platforms. For measuring that, or ruling the fast path out.
  static var availableOnThisPlatform: Bool {
    #if os(Linux)
      !directWritesDisabled
    #else
      false
    #endif
  }

  /// Whether `offset` is where a stored field of type `valueType` lives.
  func hasField(at offset: Int, of valueType: Any.Type) -> Bool {
    typeAtOffset[offset] == ObjectIdentifier(valueType)
  }
}

#if os(Linux)
  /// Read once, on first use.
  private let directWritesDisabled = getenv("PROPERTYINJECTOR_DISABLE_DIRECT_WRITES") != nil
#endif

/// What the injector knows about one class's layout: its ``StoredFields``, found the first
/// time a write needs proving (reflecting a class's fields costs about as much as a `Mirror`
/// walk, and only types injected more than once ever need it), and what each of its
/// properties' accessors has learned about where writes land. One per blueprint, with one
/// lock for all its properties.
final class ClassLayout: Sendable {
  private struct State {
    var fields: StoredFields?
    var storage: [PropertyAccessor.Storage] = []
  }

  private let type: AnyClass
  private let state = Locked(State())

  init(of type: AnyClass) { self.type = type }

  /// The fields, found on first use. The reflection runs outside the lock; if two threads race,
  /// both results are the same, and the first stored wins.
  var fields: StoredFields {
    if let known = state.withLock({ $0.fields }) { return known }
    let found = StoredFields(of: type)
    return state.withLock { state in
      if let known = state.fields { return known }
      state.fields = found
      return found
    }
  }

  /// Makes room for one more property's learned state, and returns its slot.
  func addProperty(_ initial: PropertyAccessor.Storage) -> Int {
    state.withLock { state in
      state.storage.append(initial)
      return state.storage.count - 1
    }
  }

  /// What the property in `slot` has learned.
  func storage(of slot: Int) -> PropertyAccessor.Storage {
    state.withLock { $0.storage[slot] }
  }

  /// Changes what the property in `slot` has learned.
  func updateStorage(of slot: Int, _ change: (inout PropertyAccessor.Storage) -> Void) {
    state.withLock { change(&$0.storage[slot]) }
  }
}
