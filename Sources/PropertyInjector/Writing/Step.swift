/// What a plan does with one candidate; each kind is a final class, kept by the plan in a list of its own.
enum Step {
  case failing(FailingStep)
  case constant(ConstantStep)
  case fusible(FusibleStep)
  case producing(ProducingStep)

  /// The candidate the step is for (the first one, for a filler's step).
  var candidate: Candidate {
    switch self {
    case .failing(let step): step.candidate
    case .constant(let step): step.candidate
    case .fusible(let step): step.candidate
    case .producing(let step): step.candidate
    }
  }

  var failure: InjectionError.Problem? {
    if case .failing(let step) = self { return step.failure }
    return nil
  }

  func isNil(in object: AnyObject) -> Bool { candidate.property.accessor?.isNil(in: object) ?? false }

  func clear(_ object: AnyObject) { candidate.property.accessor?.clear(in: object) }
}

/// A candidate nothing fills: the problem an injection reports when the property is nil.
final class FailingStep {
  let candidate: Candidate
  let failure: InjectionError.Problem

  init(candidate: Candidate, failure: InjectionError.Problem) {
    self.candidate = candidate
    self.failure = failure
  }

  func isNil(in object: AnyObject) -> Bool { candidate.property.accessor?.isNil(in: object) ?? false }
}

/// Writes registered instances cast at build time into the properties that are nil: one property's, or a
/// class's at once through its ``Filler``.
final class ConstantStep {
  let candidate: Candidate
  /// Returns whether it wrote any.
  let fill: (AnyObject) -> Bool

  init<Root: AnyObject, Values>(candidate: Candidate, values: Values, fill: @escaping (Root, Values) -> Bool) {
    self.candidate = candidate
    // Sound as `Accessor.root(_:)` is: a plan is only applied to objects of its own type.
    self.fill = { object in fill(unsafe unsafeDowncast(object, to: Root.self), values) }
  }
}

/// Makes a value at injection time and writes it, through closures typed at build time. A plan makes every
/// value into one stack buffer, writing only once all are made. Not generic, so a plan calls it unretained.
// `@safe`: its closures get a place in the plan's buffer only from the plan's `fill`, each its own value's.
@safe final class ProducingStep {
  let candidate: Candidate
  let checksRetention: Bool
  let valueLayout: (size: Int, alignment: Int)
  /// If the property is nil, initializes the given (uninitialized) place with a made value and returns true;
  /// otherwise returns false and leaves the place uninitialized.
  let make: (AnyObject, Execution, UnsafeMutableRawPointer) throws(InjectionError) -> Bool
  /// Moves the made value into the property if still nil; a property that did not keep it is cleared at once.
  let write: (AnyObject, UnsafeMutableRawPointer) -> Writing
  /// Destroys the value `make` made at the place given, unwritten.
  let discard: (UnsafeMutableRawPointer) -> Void
  /// Sets the property back to nil: undoes a retention-checked write when another one was not kept.
  let clear: (AnyObject) -> Void
  /// For a singleton of exactly the property's type: its made value, written without the buffer.
  let singleton: MadeSingleton?

  /// A made singleton, written from its cell (it never changes once made); a class, so plans call it unretained.
  final class MadeSingleton {
    /// Whether the singleton is made in its registration's cell; once true, always true.
    let isMade: () -> Bool
    /// Writes the made value if the property is nil; returns whether it wrote. Only once ``isMade``.
    let fill: (AnyObject) -> Bool

    init(isMade: @escaping () -> Bool, fill: @escaping (AnyObject) -> Bool) {
      self.isMade = isMade
      self.fill = fill
    }
  }

  /// Fills `accessor`'s property with what `producer` makes. `checksRetention` for hand-written tables
  /// (`weak`/`unowned` look alike) and values nothing else keeps; `cell` for a non-isolated exact-type singleton.
  convenience init<Root, Wrapped>(
    candidate: Candidate,
    accessor: Accessor<Root, Wrapped>,
    producer: Producer<Wrapped>,
    checksRetention: Bool,
    cell: SingletonCell<Wrapped>? = nil
  ) {
    let site = candidate.site
    let produce = producer.produce
    // `root(_:)` is sound: a plan is only applied to objects of its own type.
    unsafe self.init(
      candidate: candidate, accessor: accessor, checksRetention: checksRetention,
      make: { object, execution, place throws(InjectionError) in
        guard accessor.isNil(in: object) else { return false }
        unsafe place.initializeMemory(as: Wrapped.self, to: try produce(execution, site))
        return true
      },
      write: { object, place in
        let root = accessor.root(object)
        let value = unsafe place.assumingMemoryBound(to: Wrapped.self).move()
        guard checksRetention, type(of: value as Any) is AnyClass else {
          return accessor.fillIfNil(root, value) ? .wrote : .skipped
        }
        guard accessor.isNilIn(root) else { return .skipped }
        // A strong property adds a retain; a `weak` or `unowned` one does not, and the value would be gone on return.
        let made = value as AnyObject
        let before = _getRetainCount(made)
        accessor.write(root, value)
        guard _getRetainCount(made) > before else {
          accessor.clear(root)
          return .notKept
        }
        return .wrote
      },
      singleton: cell.map { cell in
        let fill = unsafe accessor.inPlace.fill
        // The value is read in place: the cell, which this closure holds, never changes it once made.
        return MadeSingleton(isMade: { cell.isMade }, fill: { unsafe fill(accessor.root($0), cell.madeValueAddress) })
      })
  }

  /// Fills `accessor`'s property straight from `factory` (most factories); `@Injectable`'s only: no retention check.
  convenience init<Root, Wrapped>(candidate: Candidate, accessor: Accessor<Root, Wrapped>, factory: OwnFactory<Wrapped>)
  {
    let site = candidate.site
    let isNil = accessor.isNilIn
    let fill = unsafe accessor.inPlace.fillTaking
    let typeOf = accessor.inPlace.typeOf
    unsafe self.init(
      candidate: candidate, accessor: accessor, checksRetention: false,
      make: { object, execution, place throws(InjectionError) in
        guard isNil(unsafe unsafeDowncast(object, to: Root.self)) else { return false }
        let into = unsafe place.bindMemory(to: Wrapped.self, capacity: 1)
        try unsafe execution.make(factory, at: site, typeOf: typeOf, into: into)
        return true
      },
      write: { object, place in
        unsafe fill(unsafeDowncast(object, to: Root.self), place.assumingMemoryBound(to: Wrapped.self))
          ? .wrote : .skipped
      },
      singleton: nil)
  }

  private init<Root, Wrapped>(
    candidate: Candidate,
    accessor: Accessor<Root, Wrapped>,
    checksRetention: Bool,
    make: @escaping (AnyObject, Execution, UnsafeMutableRawPointer) throws(InjectionError) -> Bool,
    write: @escaping (AnyObject, UnsafeMutableRawPointer) -> Writing,
    singleton: MadeSingleton?
  ) {
    self.candidate = candidate
    self.checksRetention = checksRetention
    valueLayout = (MemoryLayout<Wrapped>.size, MemoryLayout<Wrapped>.alignment)
    unsafe self.make = make
    unsafe self.write = write
    unsafe discard = { place in unsafe place.assumingMemoryBound(to: Wrapped.self).deinitialize(count: 1) }
    clear = { object in accessor.clear(accessor.root(object)) }
    self.singleton = singleton
  }
}

/// What writing a made value did.
enum Writing {
  case wrote
  /// The property held a value already: the made one is dropped.
  case skipped
  /// The property did not keep the value (`weak`, `unowned`): it is nil again.
  case notKept
}
