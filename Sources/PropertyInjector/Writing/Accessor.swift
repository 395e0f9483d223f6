/// How the injector reads and writes one optional property: an ``Accessor``, its types erased.
// Not `Sendable`: its closures may be isolated to the class's global actor. ``TypeShape`` and
// ``TypePlan``, which cross threads, say why sharing them is sound.
protocol PropertyAccessor: AnyObject {
  var name: String { get }
  var rootType: AnyClass { get }
  /// A hand-written entry's key path, for messages and telling entries apart; nil for `@Injectable`'s.
  var keyPath: AnyKeyPath? { get }
  /// The property's value read through ``keyPath``, boxed; nil when it holds nil, or when the accessor is typed.
  func valueThroughKeyPath(in object: AnyObject) -> Any?
  /// How the property holds its value (`@Injectable`); nil for a key path, whose writes are checked instead.
  var ownership: InjectableAccessor.Ownership? { get }
  /// The property's declared type, `Optional<Wrapped>`.
  var valueType: Any.Type { get }
  /// The type a value must have: `Wrapped`.
  var wrapped: TypeProbe { get }
  /// What fills this class's properties in one call, when `@Injectable` wrote one.
  var filler: Filler? { get }

  /// Whether the property holds nil in `object`, which must be an instance of ``rootType``.
  func isNil(in object: AnyObject) -> Bool
  /// Sets the property back to nil: undoes an injection's write.
  func clear(in object: AnyObject)
  /// What `visitor` answers for this accessor, its `Root` and `Wrapped` known: how plan building opens it.
  func accept<Visitor: AccessorVisitor>(_ visitor: Visitor) -> Visitor.Result
}

/// What is done with an accessor once its types are known: building a plan's steps (`StepMaker`),
/// so that this layer names none of their types.
protocol AccessorVisitor {
  associatedtype Result
  /// The answer for `accessor`.
  func visit<Root: AnyObject, Wrapped>(_ accessor: Accessor<Root, Wrapped>) -> Result
}

typealias AnyAccessor = any PropertyAccessor

extension PropertyAccessor {
  /// Whether the accessor was written by `@Injectable` rather than made from a key path.
  var isTyped: Bool { ownership != nil }
}

/// The one ``PropertyAccessor`` kind: a `Root` property of type `Wrapped?`.
final class Accessor<Root: AnyObject, Wrapped>: PropertyAccessor {
  let name: String
  let typedKeyPath: ReferenceWritableKeyPath<Root, Wrapped?>?
  var keyPath: AnyKeyPath? { typedKeyPath }
  let ownership: InjectableAccessor.Ownership?
  let filler: Filler?
  let wrapped = TypeProbe(Wrapped.self)
  var rootType: AnyClass { Root.self }
  let valueType: Any.Type = Wrapped?.self
  let isNilIn: (Root) -> Bool
  let write: (Root, Wrapped) -> Void
  let clear: (Root) -> Void
  /// Writes a value if the property is nil; returns whether it did. A cached injection's one call per property.
  let fillIfNil: (Root, Wrapped) -> Bool
  /// A value's dynamic type. `@Injectable`'s, written where the property's type is spelled, opens a
  /// protocol-typed value unboxed and knows a final class's type without asking the runtime.
  let typeOf: (Wrapped) -> Any.Type

  init(
    name: String, keyPath: ReferenceWritableKeyPath<Root, Wrapped?>?, ownership: InjectableAccessor.Ownership?,
    isNil: @escaping (Root) -> Bool, write: @escaping (Root, Wrapped) -> Void, clear: @escaping (Root) -> Void,
    fillIfNil: @escaping (Root, Wrapped) -> Bool, typeOf: @escaping (Wrapped) -> Any.Type, filler: Filler? = nil
  ) {
    isNilIn = isNil
    self.write = write
    self.clear = clear
    self.fillIfNil = fillIfNil
    // Not optional: an optional closure is kept maximally abstracted, and called through two thunks.
    self.typeOf = typeOf
    self.name = name
    typedKeyPath = keyPath
    self.ownership = ownership
    self.filler = filler
  }

  /// Through a hand-written key path: a read, then a write only if nil. Not one `modify`: through accessors
  /// (a non-final class's property, observers, Observation) it calls the setter even when nothing changed.
  convenience init(name: String, keyPath: ReferenceWritableKeyPath<Root, Wrapped?>) {
    self.init(
      name: name, keyPath: keyPath, ownership: nil,
      isNil: { $0[keyPath: keyPath] == nil },
      write: { $0[keyPath: keyPath] = $1 },
      clear: { $0[keyPath: keyPath] = nil },
      fillIfNil: { root, value in
        guard root[keyPath: keyPath] == nil else { return false }
        root[keyPath: keyPath] = value
        return true
      }, typeOf: genericTypeOf(Wrapped.self))
  }

  /// `object` as a `Root`, without a dynamic cast: see ``downcast(_:to:)``.
  @inline(__always)
  func root(_ object: AnyObject) -> Root { downcast(object, to: Root.self) }

  func isNil(in object: AnyObject) -> Bool { isNilIn(root(object)) }

  func clear(in object: AnyObject) { clear(root(object)) }

  func valueThroughKeyPath(in object: AnyObject) -> Any? { typedKeyPath.flatMap { root(object)[keyPath: $0] } }

  func accept<Visitor: AccessorVisitor>(_ visitor: Visitor) -> Visitor.Result { visitor.visit(self) }
}

/// A `Value`'s dynamic type, told in generic code: `type(of:)` of a protocol-typed value is the protocol's type.
func genericTypeOf<Value>(_: Value.Type) -> (Value) -> Any.Type {
  isExistential(Value.self) ? { type(of: $0 as Any) } : { type(of: $0) }
}

/// `object` as a `Root`, without a dynamic cast (one per property write would cost as much as the write).
@inline(__always)
func downcast<Root: AnyObject>(_ object: AnyObject, to _: Root.Type) -> Root {
  // unsafe: checked in debug builds. Sound: a ``TypeShape`` keeps an accessor only after checking that its
  // type is a `Root`, a plan is applied only to objects of exactly its type, and a class's callback entry
  // only to objects whose hierarchy holds its list.
  unsafe unsafeDowncast(object, to: Root.self)
}
