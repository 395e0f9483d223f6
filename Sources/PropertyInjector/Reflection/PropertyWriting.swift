/// Writes one precast value into one property of an object, if that property is nil: a step
/// of a cached plan, for a registered instance (or a created singleton).
class FillStep: @unchecked Sendable {
  /// Fills the property in `object` if it is nil; returns whether it did.
  ///
  /// - Precondition: the accessor this step came from applies to `object`'s type.
  func fill(_ object: AnyObject) -> Bool { false }

  /// The accessor whose storage this step is learning, if it is a learning step.
  var learning: PropertyAccessor? { nil }
}

/// Writes values made at injection time (by factories, singletons, `init(injector:)`) into one
/// property: made once per plan, used for every value, so a made value costs no allocation.
class PropertyWriter: @unchecked Sendable {
  /// Whether the property holds nil in `object`.
  func isNil(in object: AnyObject) -> Bool { false }

  /// Fills the property in `object` with `value` if it is nil; returns whether it did.
  ///
  /// - Precondition: the property's accessor ``TypeProbe/accepts(_:)`` `value`.
  func fill(_ object: AnyObject, with value: Any) -> Bool { false }

  /// The accessor whose storage this writer is learning, if it is still learning.
  var learning: PropertyAccessor? { nil }
}

// MARK: - Through the key path

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

/// Fills a property through its key path, and learns where the write lands: the second write
/// of each property of a type, once it is `unknown`.
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
    guard root(of: object, as: Root.self)[keyPath: accessor.keyPath].isNone else { return false }
    KeyPathAccess.writeAndLearn(value, into: object, through: accessor)
    return true
  }
}

/// Writes made values through the key path, learning as ``KeyPathFill`` and
/// ``LearningKeyPathFill`` do.
final class KeyPathWriter<Root, Value: OptionalProtocol>: PropertyWriter, @unchecked Sendable {
  let accessor: KeyPathAccessor<Root, Value>

  init(_ accessor: KeyPathAccessor<Root, Value>) { self.accessor = accessor }

  override var learning: PropertyAccessor? { accessor }

  override func isNil(in object: AnyObject) -> Bool {
    root(of: object, as: Root.self)[keyPath: accessor.keyPath].isNone
  }

  override func fill(_ object: AnyObject, with value: Any) -> Bool {
    // Cast to the wrapped type, then wrap: casting to the optional type itself costs more.
    guard let wrapped = value as? Value.Wrapped else { return false }
    let value = Value(wrapping: wrapped)
    let root = root(of: object, as: Root.self)
    guard root[keyPath: accessor.keyPath].isNone else { return false }
    switch accessor.storage {
    case .unknown:
      KeyPathAccess.writeAndLearn(value, into: object, through: accessor)
    case .untried, .accessors, .field:
      root[keyPath: accessor.keyPath] = value
      accessor.noteFirstWrite()
    }
    return true
  }
}

/// Key-path writes shared by the steps and writers above.
enum KeyPathAccess {
  /// Writes `value` through the accessor's key path with a `modify` whose address is captured,
  /// and tells the accessor where it landed.
  static func writeAndLearn<Root, Value: OptionalProtocol>(
    _ value: Value,
    into object: AnyObject,
    through accessor: KeyPathAccessor<Root, Value>
  ) {
    let root = root(of: object, as: Root.self)
    let base = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
    let offset = withUnsafeMutablePointer(to: &root[keyPath: accessor.keyPath]) { slot in
      slot.pointee = value
      return UnsafeRawPointer(slot) - base
    }
    accessor.learn(writeOffset: offset)
  }
}

// MARK: - Directly

/// Fills a property by writing its stored field directly, at an offset where a key-path write
/// of the same property was seen to land: the same effect as the key-path write, without
/// applying the key path.
///
/// Sound because the offset was proven for this class (see ``PropertyAccessor/learn(writeOffset:)``):
/// the memory there is the property's own storage, of type `Value`, with no accessors in
/// between, and a blueprint is only ever applied to objects of exactly one class.
final class DirectFill<Value: OptionalProtocol>: FillStep, @unchecked Sendable {
  let offset: Int
  let nilIsZeroFirstWord: Bool
  let value: Value

  init(offset: Int, nilIsZeroFirstWord: Bool, value: Value) {
    self.offset = offset
    self.nilIsZeroFirstWord = nilIsZeroFirstWord
    self.value = value
  }

  override func fill(_ object: AnyObject) -> Bool {
    let slot = DirectAccess<Value>.slot(in: object, at: offset)
    guard DirectAccess.isNil(slot, nilIsZeroFirstWord: nilIsZeroFirstWord) else { return false }
    slot.pointee = value
    return true
  }
}

/// Writes made values directly into a proven stored field, as ``DirectFill`` does.
final class DirectWriter<Value: OptionalProtocol>: PropertyWriter, @unchecked Sendable {
  let offset: Int
  let nilIsZeroFirstWord: Bool

  init(offset: Int, nilIsZeroFirstWord: Bool) {
    self.offset = offset
    self.nilIsZeroFirstWord = nilIsZeroFirstWord
  }

  override func isNil(in object: AnyObject) -> Bool {
    DirectAccess.isNil(DirectAccess<Value>.slot(in: object, at: offset), nilIsZeroFirstWord: nilIsZeroFirstWord)
  }

  override func fill(_ object: AnyObject, with value: Any) -> Bool {
    // Cast to the wrapped type, then wrap: casting to the optional type itself costs more.
    guard let wrapped = value as? Value.Wrapped else { return false }
    let slot = DirectAccess<Value>.slot(in: object, at: offset)
    guard DirectAccess.isNil(slot, nilIsZeroFirstWord: nilIsZeroFirstWord) else { return false }
    slot.pointee = Value(wrapping: wrapped)
    return true
  }
}

/// Reading and writing a proven stored field of type `Value`.
enum DirectAccess<Value: OptionalProtocol> {
  /// The field at `offset` in `object`.
  @inline(__always)
  static func slot(in object: AnyObject, at offset: Int) -> UnsafeMutablePointer<Value> {
    UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque()).advanced(by: offset)
      .assumingMemoryBound(to: Value.self)
  }

  /// Whether the field holds nil: one load when nil is a zero first word, else the general
  /// check (which costs a metadata lookup).
  @inline(__always)
  static func isNil(_ slot: UnsafeMutablePointer<Value>, nilIsZeroFirstWord: Bool) -> Bool {
    nilIsZeroFirstWord ? UnsafeRawPointer(slot).load(as: UInt.self) == 0 : Value.isNone(at: slot)
  }

  /// Whether `Value`'s nil is a zero word that no non-nil value can have: true for an optional
  /// class reference, whose `nil` is the null pointer and whose values are references, never
  /// null (Swift's ABI). Decided by the type, not by inspecting how `nil` is stored: copying a
  /// `nil` of another layout (a `String?`) copies unspecified bytes that may be zero, while
  /// some values (an empty string) really start with a zero word.
  ///
  /// Class-bound existentials (`(any P)?` with `P: AnyObject`) would qualify too, but no public
  /// API tells them from other existentials, so they take the general check, which costs a
  /// metadata lookup per fill.
  static func nilIsZeroFirstWord() -> Bool {
    Value.Wrapped.self is AnyObject.Type && MemoryLayout<Value>.size == MemoryLayout<UInt>.size
  }
}

/// `object` as a `Root`, without a dynamic cast on the hot path.
///
/// Sound because of how accessors are used: a ``TypeBlueprint`` keeps an accessor only after
/// checking that `Root` is a class and that an object of the blueprint's type is a `Root`,
/// and a blueprint is only ever applied to objects of exactly that dynamic type. A class
/// reference has the same representation whatever static class type it is viewed as.
@inline(__always)
func root<Root>(of object: AnyObject, as _: Root.Type) -> Root {
  unsafeBitCast(object, to: Root.self)
}
