/// One entry of a type's key-path table, opened: reads and writes a property whose type is
/// `Optional<Wrapped>`, given only `AnyObject` and `Any`.
///
/// The table holds `AnyKeyPath`s. An entry that is a `ReferenceWritableKeyPath` to an
/// optional value opens, through ``OpenableKeyPath``, into a ``KeyPathAccessor`` that knows
/// its `Root` and `Value` types; everything after that is generic code, with no type names
/// compared anywhere.
///
/// An accessor is also the ``TypeProbe`` of its property's wrapped type, so that opening a
/// table entry makes one object, not two.
class PropertyAccessor: TypeProbe, @unchecked Sendable {
  /// Where the key path's writes land, as far as the library has learned.
  ///
  /// Learning is tiered, because it only pays for types injected more than once: the first
  /// write of a property goes through its key path and learns nothing (`untried`); the next
  /// write looks where it lands (`unknown`); later writes are direct when it was the
  /// property's own storage.
  enum Storage {
    /// Never written: the first write goes through the key path, then the property is `unknown`.
    case untried
    /// Not learned yet: the next write of a nil property goes through the key path and looks.
    case unknown
    /// In the object's own storage, at this offset: a plain stored property, which may be
    /// written directly.
    case field(offset: Int)
    /// Through accessors (observers, overrides, `weak`): always through the key path.
    case accessors
  }

  /// The key path's root type.
  let rootType: Any.Type
  /// The key path's value type: `Optional<Wrapped>`.
  let valueType: Any.Type
  /// The type a value must have to fill the property: this accessor, as a probe.
  final var wrapped: TypeProbe { self }
  /// Where the object's class keeps its stored fields, found when first needed.
  let fields: LazyStoredFields
  /// What has been learned about where writes land; shared by every plan that uses the accessor.
  let storage: Locked<Storage>

  init(rootType: Any.Type, valueType: Any.Type, wrappedType: Any.Type, fields: LazyStoredFields) {
    self.rootType = rootType
    self.valueType = valueType
    self.fields = fields
    storage = Locked(StoredFields.availableOnThisPlatform ? .untried : .accessors)
    super.init(type: wrappedType)
  }

  /// Records that the property was written once through its key path: the next write looks
  /// where it lands.
  final func noteFirstWrite() {
    storage.withLock { storage in
      if case .untried = storage { storage = .unknown }
    }
  }

  /// Records where a key-path write of this property landed, `offset` bytes into the object:
  /// a stored field of the property's type there proves that direct writes are equivalent.
  final func learn(writeOffset offset: Int) {
    let learned: Storage =
      fields.value.hasField(at: offset, of: valueType) ? .field(offset: offset) : .accessors
    storage.withLock { storage in
      if case .unknown = storage { storage = learned }
    }
  }

  /// Whether the key path's root is a class, so that it applies to objects.
  var rootIsClass: Bool { false }

  /// Whether the key path applies to `object`: whether `object` is a `Root`.
  func applies(to object: AnyObject) -> Bool { false }

  /// Whether the property holds nil in `object`. One key-path read.
  ///
  /// - Precondition: ``applies(to:)`` is true for `object`'s type.
  func isNil(in object: AnyObject) -> Bool { false }

  /// A step that fills the property with `value` wherever it is nil, or nil when `value` is
  /// not a `Wrapped`. The value is cast here, once, not on every injection. The step writes
  /// directly when a stored field has been proven, and through the key path otherwise.
  func filling(with value: Any) -> FillStep? { nil }
}

/// Writes one precast value into one property of an object, if that property is nil.
class FillStep: @unchecked Sendable {
  /// Fills the property in `object` if it is nil; returns whether it did.
  ///
  /// - Precondition: the accessor this step came from applies to `object`'s type.
  func fill(_ object: AnyObject) -> Bool { false }

  /// The accessor whose storage this step is learning, if it is a learning step.
  var learning: PropertyAccessor? { nil }
}

/// `Optional`, seen through a protocol, so that generic code can test for nil and wrap.
protocol OptionalProtocol {
  associatedtype Wrapped
  var isNone: Bool { get }
  var wrapped: Wrapped? { get }
  init(wrapping value: Wrapped)
  /// Whether the optional at `pointer` is nil.
  static func isNone(at pointer: UnsafePointer<Self>) -> Bool
  /// `nil`, as a `Self`.
  static var nothing: Self { get }
}

extension Optional: OptionalProtocol {
  var wrapped: Wrapped? { self }

  static func isNone(at pointer: UnsafePointer<Self>) -> Bool {
    if case .none = pointer.pointee { return true }
    return false
  }

  static var nothing: Self { .none }

  var isNone: Bool {
    if case .none = self { return true }
    return false
  }

  init(wrapping value: Wrapped) { self = .some(value) }
}

/// A key path that can become a ``PropertyAccessor``: a `ReferenceWritableKeyPath` whose
/// value is optional. Any other key path fails the dynamic cast to this protocol.
///
/// Opened through its metatype (`type(of: keyPath) as? any OpenableKeyPath.Type`), which hits
/// the runtime's conformance cache, rather than by casting the key path itself, which checks
/// the conditional conformance anew each time.
protocol OpenableKeyPath: AnyKeyPath {
  static func makeAccessor(_ keyPath: AnyKeyPath, fields: LazyStoredFields) -> PropertyAccessor
}

extension ReferenceWritableKeyPath: OpenableKeyPath where Value: OptionalProtocol {
  static func makeAccessor(_ keyPath: AnyKeyPath, fields: LazyStoredFields) -> PropertyAccessor {
    // `Self` is the key path's dynamic type, which is how this method was reached.
    KeyPathAccessor(unsafeDowncast(keyPath, to: Self.self), fields: fields)
  }
}

/// Marks key paths that can write through a reference, whatever their value type.
protocol WritableThroughReference {}
extension ReferenceWritableKeyPath: WritableThroughReference {}

final class KeyPathAccessor<Root, Value: OptionalProtocol>: PropertyAccessor, @unchecked Sendable {
  let keyPath: ReferenceWritableKeyPath<Root, Value>

  init(_ keyPath: ReferenceWritableKeyPath<Root, Value>, fields: LazyStoredFields) {
    self.keyPath = keyPath
    super.init(rootType: Root.self, valueType: Value.self, wrappedType: Value.Wrapped.self, fields: fields)
  }

  override func accepts(_ value: Any) -> Bool { ProbeOf<Value.Wrapped>.accepts(value) }
  override var isCreatable: Bool { ProbeOf<Value.Wrapped>.isCreatable }
  override func create(with injector: Injector) throws -> Any? { try ProbeOf<Value.Wrapped>.create(with: injector) }
  override var deferral: Deferral? { ProbeOf<Value.Wrapped>.deferral }

  override var rootIsClass: Bool { Root.self is AnyObject.Type }

  override func applies(to object: AnyObject) -> Bool { rootIsClass && object is Root }

  override func isNil(in object: AnyObject) -> Bool {
    root(of: object, as: Root.self)[keyPath: keyPath].isNone
  }

  override func filling(with value: Any) -> FillStep? {
    guard let value = value as? Value.Wrapped else { return nil }
    switch storage.withLock({ $0 }) {
    case .field(let offset): return DirectFill(offset: offset, value: Value(wrapping: value))
    case .accessors: return KeyPathFill(keyPath, Value(wrapping: value))
    case .untried: return KeyPathFill(keyPath, Value(wrapping: value), tiering: self)
    case .unknown: return LearningKeyPathFill(self, Value(wrapping: value))
    }
  }
}

/// Fills a property through its key path: a read, then a write only when the property is nil.
///
/// Not a single `modify`: when the key path goes through accessors (a non-final class's
/// property, or one with observers), a key-path `modify` calls the setter even when the value
/// did not change, which would fire `didSet` on properties that already hold a value.
final class KeyPathFill<Root, Value: OptionalProtocol>: FillStep, @unchecked Sendable {
  let keyPath: ReferenceWritableKeyPath<Root, Value>
  let value: Value
  /// The accessor to move from `untried` to `unknown` after a write, when this is a first write.
  let tiering: PropertyAccessor?

  init(_ keyPath: ReferenceWritableKeyPath<Root, Value>, _ value: Value, tiering: PropertyAccessor? = nil) {
    self.keyPath = keyPath
    self.value = value
    self.tiering = tiering
  }

  override var learning: PropertyAccessor? { tiering }

  override func fill(_ object: AnyObject) -> Bool {
    let root = root(of: object, as: Root.self)
    guard root[keyPath: keyPath].isNone else { return false }
    root[keyPath: keyPath] = value
    tiering?.noteFirstWrite()
    return true
  }
}

/// Fills a property through its key path, and learns where the write lands: the first write
/// of each property of a type, until its storage is known.
///
/// The write is a key-path `modify` of a nil property, whose address is captured while the
/// access is open. For a nil property that is observably the same as a read then a write: a
/// stored property is written in place, and one with accessors is read, then set with the new
/// value (observers run once, as for any assignment).
final class LearningKeyPathFill<Root, Value: OptionalProtocol>: FillStep, @unchecked Sendable {
  let accessor: KeyPathAccessor<Root, Value>
  let value: Value

  init(_ accessor: KeyPathAccessor<Root, Value>, _ value: Value) {
    self.accessor = accessor
    self.value = value
  }

  override var learning: PropertyAccessor? { accessor }

  override func fill(_ object: AnyObject) -> Bool {
    let root = root(of: object, as: Root.self)
    guard root[keyPath: accessor.keyPath].isNone else { return false }
    let base = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
    let offset = withUnsafeMutablePointer(to: &root[keyPath: accessor.keyPath]) { slot in
      slot.pointee = value
      return UnsafeRawPointer(slot) - base
    }
    accessor.learn(writeOffset: offset)
    return true
  }
}

/// Fills a property by writing its stored field directly, at an offset where a key-path write
/// of the same property was seen to land: the same effect as the key-path write, without
/// applying the key path.
///
/// Sound because the offset was proven for this class (see ``PropertyAccessor/learn(writeOffset:)``):
/// the memory there is the property's own storage, of type `Value`, with no accessors in
/// between, and a blueprint is only ever applied to objects of exactly one class.
final class DirectFill<Value: OptionalProtocol>: FillStep, @unchecked Sendable {
  let offset: Int
  let value: Value
  /// Whether nil is exactly "first word zero" for this type, so the nil check is one load.
  let nilIsZeroFirstWord: Bool

  init(offset: Int, value: Value) {
    self.offset = offset
    self.value = value
    nilIsZeroFirstWord = Self.nilIsZeroFirstWord()
  }

  override func fill(_ object: AnyObject) -> Bool {
    let field = UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque()).advanced(by: offset)
    let slot = field.assumingMemoryBound(to: Value.self)
    if nilIsZeroFirstWord {
      guard field.load(as: UInt.self) == 0 else { return false }
    } else {
      guard Value.isNone(at: slot) else { return false }
    }
    slot.pointee = value
    return true
  }

  /// Whether `Value`'s nil is stored as a zero first word that no non-nil value can have: true
  /// for optional class references and class-bound existentials, whose first word is a
  /// reference that is never null.
  ///
  /// Tested, not assumed: the optional must be no larger than its payload (nil is encoded in the
  /// payload's invalid bit patterns, not in an extra tag byte), and writing nil into memory
  /// filled with a non-zero pattern must leave its first word zero, so zero is the payload's
  /// "no value" pattern there, which a valid payload never has. Any other layout (an `Int?`, an
  /// `(any P)?` whose nil lives in its metadata word) keeps the general check, which costs a
  /// metadata lookup per fill.
  private static func nilIsZeroFirstWord() -> Bool {
    let size = MemoryLayout<Value>.size
    guard size == MemoryLayout<Value.Wrapped>.size, size >= MemoryLayout<UInt>.size,
      MemoryLayout<Value>.alignment >= MemoryLayout<UInt>.alignment
    else { return false }
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<Value>.alignment)
    defer { buffer.deallocate() }
    buffer.initializeMemory(as: UInt8.self, repeating: 0xA5, count: size)
    let nothing = buffer.initializeMemory(as: Value.self, repeating: .nothing, count: 1)
    defer { nothing.deinitialize(count: 1) }
    return UnsafeRawPointer(nothing).load(as: UInt.self) == 0
  }
}

/// `object` as a `Root`, without a dynamic cast on the hot path.
///
/// Sound because of how accessors are used: a ``TypeBlueprint`` keeps an accessor only after
/// checking that `Root` is a class and that an object of the blueprint's type is a `Root`,
/// and a blueprint is only ever applied to objects of exactly that dynamic type. A class
/// reference has the same representation whatever static class type it is viewed as.
@inline(__always)
private func root<Root>(of object: AnyObject, as _: Root.Type) -> Root {
  unsafeBitCast(object, to: Root.self)
}
