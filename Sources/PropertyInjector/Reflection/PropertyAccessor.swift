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
    /// written directly. `nilIsZeroFirstWord` says how to test it for nil (see ``DirectAccess``).
    case field(offset: Int, nilIsZeroFirstWord: Bool)
    /// Through accessors (observers, overrides, `weak`): always through the key path.
    case accessors
  }

  /// The key path's root type.
  let rootType: Any.Type
  /// The key path's value type: `Optional<Wrapped>`.
  let valueType: Any.Type
  /// The type a value must have to fill the property: this accessor, as a probe.
  final var wrapped: TypeProbe { self }
  /// The object's class's layout, where what this property has learned is kept.
  let layout: ClassLayout
  /// This property's place in ``layout``.
  private let slot: Int

  init(rootType: Any.Type, valueType: Any.Type, wrappedType: Any.Type, layout: ClassLayout) {
    self.rootType = rootType
    self.valueType = valueType
    self.layout = layout
    slot = layout.addProperty(StoredFields.availableOnThisPlatform ? .untried : .accessors)
    super.init(type: wrappedType)
  }

  /// What has been learned about where writes land; shared by every plan that uses the accessor.
  final var storage: Storage { layout.storage(of: slot) }

  /// Records that the property was written once through its key path: the next write looks
  /// where it lands.
  final func noteFirstWrite() {
    layout.updateStorage(of: slot) { storage in
      if case .untried = storage { storage = .unknown }
    }
  }

  /// Records where a key-path write of this property landed, `offset` bytes into the object:
  /// a stored field of the property's type there proves that direct writes are equivalent.
  final func learn(writeOffset offset: Int) {
    let learned: Storage =
      layout.fields.hasField(at: offset, of: valueType)
      ? .field(offset: offset, nilIsZeroFirstWord: nilIsZeroFirstWord) : .accessors
    layout.updateStorage(of: slot) { storage in
      if case .unknown = storage { storage = learned }
    }
  }

  /// Whether the key path's root is a class, so that it applies to objects.
  var rootIsClass: Bool { false }

  /// Whether the key path applies to `object`: whether `object` is a `Root`.
  func applies(to object: AnyObject) -> Bool { false }

  /// Whether the property's nil is a zero first word (see ``DirectAccess/nilIsZeroFirstWord()``).
  var nilIsZeroFirstWord: Bool { false }

  /// A step that fills the property with `value` wherever it is nil, or nil when `value` is
  /// not a `Wrapped`. The value is cast here, once, not on every injection. The step writes
  /// directly when a stored field has been proven, and through the key path otherwise.
  func filling(with value: Any) -> FillStep? { nil }

  /// A writer for values made at injection time, as the property is known now.
  func writer() -> PropertyWriter { PropertyWriter() }
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

  var isNone: Bool {
    if case .none = self { return true }
    return false
  }

  init(wrapping value: Wrapped) { self = .some(value) }

  static func isNone(at pointer: UnsafePointer<Self>) -> Bool {
    if case .none = pointer.pointee { return true }
    return false
  }

  static var nothing: Self { .none }
}

/// A key path that can become a ``PropertyAccessor``: a `ReferenceWritableKeyPath` whose
/// value is optional. Any other key path fails the dynamic cast to this protocol.
///
/// Opened through its metatype (`type(of: keyPath) as? any OpenableKeyPath.Type`), which hits
/// the runtime's conformance cache, rather than by casting the key path itself, which checks
/// the conditional conformance anew each time.
protocol OpenableKeyPath: AnyKeyPath {
  static func makeAccessor(_ keyPath: AnyKeyPath, layout: ClassLayout) -> PropertyAccessor
}

extension ReferenceWritableKeyPath: OpenableKeyPath where Value: OptionalProtocol {
  static func makeAccessor(_ keyPath: AnyKeyPath, layout: ClassLayout) -> PropertyAccessor {
    // `Self` is the key path's dynamic type, which is how this method was reached.
    KeyPathAccessor(unsafeDowncast(keyPath, to: Self.self), layout: layout)
  }
}

/// Marks key paths that can write through a reference, whatever their value type.
protocol WritableThroughReference {}
extension ReferenceWritableKeyPath: WritableThroughReference {}

final class KeyPathAccessor<Root, Value: OptionalProtocol>: PropertyAccessor, @unchecked Sendable {
  let keyPath: ReferenceWritableKeyPath<Root, Value>

  init(_ keyPath: ReferenceWritableKeyPath<Root, Value>, layout: ClassLayout) {
    self.keyPath = keyPath
    super.init(rootType: Root.self, valueType: Value.self, wrappedType: Value.Wrapped.self, layout: layout)
  }

  override func accepts(_ value: Any) -> Bool { ProbeOf<Value.Wrapped>.accepts(value) }
  override var isCreatable: Bool { ProbeOf<Value.Wrapped>.isCreatable }
  override func create(with injector: Injector) throws -> Any? { try ProbeOf<Value.Wrapped>.create(with: injector) }
  override var deferral: Deferral? { ProbeOf<Value.Wrapped>.deferral }

  override var rootIsClass: Bool { Root.self is AnyObject.Type }

  override func applies(to object: AnyObject) -> Bool { rootIsClass && object is Root }

  override var nilIsZeroFirstWord: Bool { DirectAccess<Value>.nilIsZeroFirstWord() }

  override func filling(with value: Any) -> FillStep? {
    guard let value = value as? Value.Wrapped else { return nil }
    switch storage {
    case .field(let offset, let nilIsZero):
      return DirectFill(offset: offset, nilIsZeroFirstWord: nilIsZero, value: Value(wrapping: value))
    case .accessors: return KeyPathFill(keyPath, Value(wrapping: value))
    case .untried: return KeyPathFill(keyPath, Value(wrapping: value), tiering: self)
    case .unknown: return LearningKeyPathFill(self, Value(wrapping: value))
    }
  }

  override func writer() -> PropertyWriter {
    switch storage {
    case .field(let offset, let nilIsZero): DirectWriter<Value>(offset: offset, nilIsZeroFirstWord: nilIsZero)
    case .accessors, .untried, .unknown: KeyPathWriter(self)
    }
  }
}
