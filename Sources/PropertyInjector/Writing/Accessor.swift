/// How the injector reads and writes one optional property of a class: typed closures written
/// by `@Injectable`, or closures over a hand-written table's key path. ``Accessor`` is the one
/// kind; this protocol erases its types, so that a shape can list the accessors of every class
/// of a hierarchy, and each builds the typed plan step of its property, so that a plan never
/// casts a value it has already cast once.
// Not `Sendable`: its closures may be isolated to the class's global actor. The two holders
// that cross threads, ``TypeShape`` and ``TypePlan``, say why sharing them is sound.
protocol PropertyAccessor: AnyObject {
  /// The property's name, as the table gives it.
  var name: String { get }
  /// The class the key path starts at.
  var rootType: AnyClass { get }
  /// The key path of a hand-written table's entry, for messages and for telling entries apart;
  /// nil for an `@Injectable` accessor, which needs none.
  var keyPath: AnyKeyPath? { get }
  /// How the property holds its value, when the declaration is known (`@Injectable`); nil for a
  /// hand-written key path, whose values the injector checks after writing instead.
  var ownership: InjectableAccessor.Ownership? { get }
  /// The property's declared type, `Optional<Wrapped>`.
  var valueType: Any.Type { get }
  /// The type a value must have: `Wrapped`.
  var wrapped: TypeProbe { get }
  /// What fills this class's properties in one call, when `@Injectable` wrote one.
  var filler: (any AnyFiller)? { get }

  /// Whether the property holds nil in `object`, which must be an instance of ``rootType``.
  func isNil(in object: AnyObject) -> Bool
  /// The plan step that fills this property as `answer` says.
  func step(for candidate: Candidate, answer: Answer) -> Step
  /// The step that fills this property with `value`, a registered instance, on its own.
  func constantStep(for candidate: Candidate, value: Any) -> Step
}

/// A property's accessor, its types erased.
typealias AnyAccessor = any PropertyAccessor

extension PropertyAccessor {
  /// Whether the accessor was written by `@Injectable` rather than made from a key path.
  var isTyped: Bool { ownership != nil }
}

// `@safe`: ``fillFromPlace`` takes a pointer, which it only reads through, and which its one
// caller (a made singleton's step) points at the value its cell keeps.
@safe final class Accessor<Root: AnyObject, Wrapped>: PropertyAccessor {
  let name: String
  let keyPath: AnyKeyPath?
  let ownership: InjectableAccessor.Ownership?
  let filler: (any AnyFiller)?
  let wrapped = TypeProbe(Wrapped.self)
  var rootType: AnyClass { Root.self }
  var valueType: Any.Type { Wrapped?.self }
  let isNilIn: (Root) -> Bool
  let write: (Root, Wrapped) -> Void
  let clear: (Root) -> Void
  /// Writes a value if the property is nil, and says whether it did: the one call a cached
  /// injection makes per property.
  let fillIfNil: (Root, Wrapped) -> Bool
  /// ``fillIfNil`` with a value read in place: a made singleton's. `@Injectable`'s is compiled in
  /// the class's module, where the value's type is known, so it copies the value only into the
  /// property; a generic caller would copy it first, then release the copy.
  let fillFromPlace: (Root, UnsafePointer<Wrapped>) -> Bool

  init(
    name: String,
    keyPath: ReferenceWritableKeyPath<Root, Wrapped?>?,
    ownership: InjectableAccessor.Ownership?,
    isNil: @escaping (Root) -> Bool,
    write: @escaping (Root, Wrapped) -> Void,
    clear: @escaping (Root) -> Void,
    fillIfNil: @escaping (Root, Wrapped) -> Bool,
    fillFromPlace: ((Root, UnsafePointer<Wrapped>) -> Bool)? = nil,
    filler: (any AnyFiller)? = nil
  ) {
    // Not optional: an optional closure is stored maximally abstracted, and converting it back
    // costs two reabstraction thunks on every call.
    isNilIn = isNil
    self.write = write
    self.clear = clear
    self.fillIfNil = fillIfNil
    unsafe self.fillFromPlace = unsafe fillFromPlace ?? { root, place in unsafe fillIfNil(root, place.pointee) }
    self.name = name
    self.keyPath = keyPath
    self.ownership = ownership
    self.filler = filler
  }

  /// An accessor through a hand-written table's key path: a read, then a write only when the
  /// property is nil. Not a single `modify`: through accessors (a non-final class's property,
  /// observers, Observation), a key-path `modify` calls the setter even when nothing changed.
  convenience init(name: String, keyPath: ReferenceWritableKeyPath<Root, Wrapped?>) {
    unsafe self.init(
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

  /// `object` as a `Root`, without a dynamic cast on the hot path.
  ///
  /// Sound because of how accessors are used: a ``TypeShape`` keeps an accessor only after
  /// checking that an object of its type is a `Root`, and a plan is only ever applied to
  /// objects of exactly the type it was built for.
  @inline(__always)
  func root(_ object: AnyObject) -> Root { unsafe unsafeDowncast(object, to: Root.self) }

  func isNil(in object: AnyObject) -> Bool { isNilIn(root(object)) }

  func step(for candidate: Candidate, answer: Answer) -> Step {
    // A registered instance, when the class has a filler, waits uncast for the plan to bind it
    // there: casting it and typing a step for it here would be work the fusion throws away.
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

  /// The step that writes `value` (what `answer` registered) if it fits the property: the rules
  /// checked that it does, and a value that does not is reported as the mismatch it is.
  private func constantStep(for candidate: Candidate, value: Any, answer: Answer?) -> Step {
    guard let value = value as? Wrapped else {
      return .failing(
        FailingStep(
          candidate: candidate,
          failure: .madeMismatch(
            at: candidate.site, wanted: Wrapped.self, answer: answer?.named ?? .nothing, made: value)))
    }
    return .constant(FillingStep(candidate: candidate, fill: fillIfNil, value: value))
  }
}
