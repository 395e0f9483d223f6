/// One entry of a type's key-path table, opened: reads and writes a property whose type is
/// `Optional<Wrapped>`, given only `AnyObject` and `Any`.
///
/// The table holds `AnyKeyPath`s. An entry that is a `ReferenceWritableKeyPath` to an
/// optional value opens, through ``OpenableKeyPath``, into a ``KeyPathAccessor`` that knows
/// its `Root` and `Value` types; everything after that is generic code, with no type names
/// compared anywhere.
class PropertyAccessor: @unchecked Sendable {
  /// The key path's root type.
  let rootType: Any.Type
  /// The key path's value type: `Optional<Wrapped>`.
  let valueType: Any.Type
  /// The type a value must have to fill the property.
  let wrapped: TypeProbe

  init(rootType: Any.Type, valueType: Any.Type, wrapped: TypeProbe) {
    self.rootType = rootType
    self.valueType = valueType
    self.wrapped = wrapped
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
  /// not a `Wrapped`. The value is cast here, once, not on every injection.
  func filling(with value: Any) -> FillStep? { nil }
}

/// Writes one precast value into one property of an object, if that property is nil.
class FillStep: @unchecked Sendable {
  /// Fills the property in `object` if it is nil; returns whether it did.
  ///
  /// - Precondition: the accessor this step came from applies to `object`'s type.
  func fill(_ object: AnyObject) -> Bool { false }
}

/// `Optional`, seen through a protocol, so that generic code can test for nil and wrap.
protocol OptionalProtocol {
  associatedtype Wrapped
  var isNone: Bool { get }
  var wrapped: Wrapped? { get }
  init(wrapping value: Wrapped)
}

extension Optional: OptionalProtocol {
  var wrapped: Wrapped? { self }

  var isNone: Bool {
    if case .none = self { return true }
    return false
  }

  init(wrapping value: Wrapped) { self = .some(value) }
}

/// A key path that can become a ``PropertyAccessor``: a `ReferenceWritableKeyPath` whose
/// value is optional. Any other key path fails the dynamic cast to this protocol.
protocol OpenableKeyPath {
  func makeAccessor() -> PropertyAccessor
}

extension ReferenceWritableKeyPath: OpenableKeyPath where Value: OptionalProtocol {
  func makeAccessor() -> PropertyAccessor { KeyPathAccessor(self) }
}

/// Marks key paths that can write through a reference, whatever their value type.
protocol WritableThroughReference {}
extension ReferenceWritableKeyPath: WritableThroughReference {}

final class KeyPathAccessor<Root, Value: OptionalProtocol>: PropertyAccessor, @unchecked Sendable {
  let keyPath: ReferenceWritableKeyPath<Root, Value>

  init(_ keyPath: ReferenceWritableKeyPath<Root, Value>) {
    self.keyPath = keyPath
    super.init(rootType: Root.self, valueType: Value.self, wrapped: Probe<Value.Wrapped>())
  }

  override var rootIsClass: Bool { Root.self is AnyObject.Type }

  override func applies(to object: AnyObject) -> Bool { rootIsClass && object is Root }

  override func isNil(in object: AnyObject) -> Bool {
    root(of: object, as: Root.self)[keyPath: keyPath].isNone
  }

  override func filling(with value: Any) -> FillStep? {
    guard let value = value as? Value.Wrapped else { return nil }
    return KeyPathFill(keyPath, Value(wrapping: value))
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

  init(_ keyPath: ReferenceWritableKeyPath<Root, Value>, _ value: Value) {
    self.keyPath = keyPath
    self.value = value
  }

  override func fill(_ object: AnyObject) -> Bool {
    let root = root(of: object, as: Root.self)
    guard root[keyPath: keyPath].isNone else { return false }
    root[keyPath: keyPath] = value
    return true
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
