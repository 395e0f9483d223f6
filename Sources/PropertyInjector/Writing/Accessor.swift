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
  func step(for candidate: Candidate, answer: Answer) -> Step
  /// The step that fills this property with `value`, a registered instance, on its own.
  func constantStep(for candidate: Candidate, value: Any) -> Step
}

typealias AnyAccessor = any PropertyAccessor

extension PropertyAccessor {
  /// Whether the accessor was written by `@Injectable` rather than made from a key path.
  var isTyped: Bool { ownership != nil }
}

/// The one ``PropertyAccessor`` kind: a `Root` property of type `Wrapped?`.
// `@safe`: ``fillFromPlace`` only reads through its pointer, which its one caller points at a cell's value.
@safe final class Accessor<Root: AnyObject, Wrapped>: PropertyAccessor {
  let name: String
  let typedKeyPath: ReferenceWritableKeyPath<Root, Wrapped?>?
  var keyPath: AnyKeyPath? { typedKeyPath }
  let ownership: InjectableAccessor.Ownership?
  let filler: Filler?
  let wrapped = TypeProbe(Wrapped.self)
  var rootType: AnyClass { Root.self }
  var valueType: Any.Type { Wrapped?.self }
  let isNilIn: (Root) -> Bool
  let write: (Root, Wrapped) -> Void
  let clear: (Root) -> Void
  /// Writes a value if the property is nil; returns whether it did. A cached injection's one call per property.
  let fillIfNil: (Root, Wrapped) -> Bool
  /// Where values are read or taken in place, and their types told: see ``InPlace``.
  let inPlace: InPlace

  /// What works on a `Wrapped` in place. `@Injectable`'s, compiled where `Wrapped` is known, moves and copies
  /// without the runtime's generic witnesses; its `typeOf`, written where the property's type is spelled,
  /// opens a protocol-typed value unboxed and knows a final class's type without asking the runtime.
  // `@safe`: each closure's caller passes a place holding (or, to take, initialized with) a `Wrapped`.
  @safe struct InPlace {
    /// ``fillIfNil`` from a value read in place (a made singleton's): copies the value only into the property.
    let fill: (Root, UnsafePointer<Wrapped>) -> Bool
    /// ``fillIfNil`` with a value moved out of its place, which is left uninitialized.
    let fillTaking: (Root, UnsafeMutablePointer<Wrapped>) -> Bool
    /// A value's dynamic type.
    let typeOf: (Wrapped) -> Any.Type
  }

  init(
    name: String,
    keyPath: ReferenceWritableKeyPath<Root, Wrapped?>?,
    ownership: InjectableAccessor.Ownership?,
    isNil: @escaping (Root) -> Bool,
    write: @escaping (Root, Wrapped) -> Void,
    clear: @escaping (Root) -> Void,
    fillIfNil: @escaping (Root, Wrapped) -> Bool,
    inPlace: InPlace? = nil,
    filler: Filler? = nil
  ) {
    isNilIn = isNil
    self.write = write
    self.clear = clear
    self.fillIfNil = fillIfNil
    // Never an optional closure, stored maximally abstracted and so called through reabstraction thunks.
    self.inPlace =
      unsafe inPlace
      ?? InPlace(
        fill: { root, place in unsafe fillIfNil(root, place.pointee) },
        fillTaking: { root, place in unsafe fillIfNil(root, place.move()) },
        // In generic code, `type(of:)` of a protocol-typed value is the protocol's type: box it in `Any`.
        typeOf: isExistential(Wrapped.self) ? { type(of: $0 as Any) } : { type(of: $0) })
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
      })
  }

  /// `object` as a `Root`, without a dynamic cast. Sound: a ``TypeShape`` keeps an accessor only after
  /// checking that its type is a `Root`, and a plan is applied only to objects of exactly its type.
  @inline(__always)
  func root(_ object: AnyObject) -> Root { unsafe unsafeDowncast(object, to: Root.self) }

  func isNil(in object: AnyObject) -> Bool { isNilIn(root(object)) }

  func clear(in object: AnyObject) { clear(root(object)) }

  func valueThroughKeyPath(in object: AnyObject) -> Any? { typedKeyPath.flatMap { root(object)[keyPath: $0] } }

  func step(for candidate: Candidate, answer: Answer) -> Step {
    // A filler binds registered instances uncast: a step cast and typed here would be thrown away.
    if let filler, case .registration(let registration, _) = answer, case .instance(let value) = registration.source {
      return .fusible(FusibleStep(candidate: candidate, accessor: self, filler: filler, value: value))
    }
    if case .failure(let problem) = answer { return .failing(FailingStep(candidate: candidate, failure: problem)) }
    if case .registration(let registration, _) = answer, case .instance(let value) = registration.source {
      return constantStep(for: candidate, value: value, answer: answer)
    }
    guard let producer = answer.producer(of: Wrapped.self) else {
      return .failing(
        FailingStep(
          candidate: candidate, failure: .answerMismatch(at: candidate.site, wanted: Wrapped.self, answer: answer.named)
        ))
    }
    if let ownership, ownership != .strong, !producer.keepsItsValue {
      return .failing(
        FailingStep(
          candidate: candidate,
          failure: .notRetained(at: candidate.site, weak: ownership == .weak, answer: answer.named)))
    }
    if ownership != nil, case .registration(let registration, let level) = answer,
      let factory = registration.ownFactory(of: Wrapped.self, level: level)
    {
      return .producing(ProducingStep(candidate: candidate, accessor: self, factory: factory))
    }
    var cell: SingletonCell<Wrapped>?
    if case .registration(let registration, _) = answer, case .singleton(let singleton) = registration.source,
      let typed = singleton as? Singleton<Wrapped>, !typed.isMainActorIsolated
    {
      cell = typed.cell
    }
    return .producing(
      ProducingStep(
        candidate: candidate, accessor: self, producer: producer,
        checksRetention: ownership == nil && !producer.keepsItsValue, cell: cell))
  }

  func constantStep(for candidate: Candidate, value: Any) -> Step {
    constantStep(for: candidate, value: value, answer: candidate.answer)
  }

  /// The step that writes `value` (what `answer` registered); a value that does not fit reports a mismatch.
  private func constantStep(for candidate: Candidate, value: Any, answer: Answer?) -> Step {
    guard let value = value as? Wrapped else {
      return .failing(
        FailingStep(
          candidate: candidate,
          failure: .madeMismatch(
            at: candidate.site, wanted: Wrapped.self, answer: answer?.named ?? .nothing, made: value)))
    }
    return .constant(ConstantStep(candidate: candidate, values: value, fill: fillIfNil))
  }
}
