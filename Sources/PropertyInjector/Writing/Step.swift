/// What a plan does with one candidate property, sorted by kind: a plan keeps each kind in a
/// list of its own, and each kind is a final class that has only what it does.
enum Step {
  /// Nothing fills the property: the injection fails when it is nil.
  case failing(FailingStep)
  /// Writes registered instances if their properties are nil.
  case constant(any ConstantStep)
  /// A registered instance of a class that has a filler, waiting for the plan to bind it there.
  case fusible(FusibleStep)
  /// Makes a value at injection time.
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

  /// The problem an injection reports when the property is nil: nothing fills it.
  var failure: InjectionError.Problem? {
    if case .failing(let step) = self { return step.failure }
    return nil
  }

  /// Whether the property holds nil in `object`.
  func isNil(in object: AnyObject) -> Bool { candidate.property.accessor?.isNil(in: object) ?? false }
}

/// A candidate nothing fills: the problem an injection reports when the property is nil.
final class FailingStep {
  let candidate: Candidate
  let failure: InjectionError.Problem

  init(candidate: Candidate, failure: InjectionError.Problem) {
    self.candidate = candidate
    self.failure = failure
  }

  /// Whether the property holds nil in `object`.
  func isNil(in object: AnyObject) -> Bool { candidate.property.accessor?.isNil(in: object) ?? false }
}

/// Writes registered instances, cast when the plan was built: one property's (``FillingStep``)
/// or every one a class's filler takes (``FusedStep``).
protocol ConstantStep: AnyObject {
  var candidate: Candidate { get }
  /// Writes the values into the properties that are nil; returns whether it wrote any.
  func fill(_ object: AnyObject) -> Bool
}

/// Makes a value at injection time, and writes it: closures typed when the plan was built.
///
/// A plan makes every value first, each into its place in one buffer on the stack, and writes
/// them only once all are made. Not generic, so a plan calls its steps without retaining them
/// (``TypePlan/unretainedSteps``).
// `@safe`: its closures take the place of a value in the plan's buffer, which only the plan's
// `fill` hands them, each the place of the step's own value.
@safe final class ProducingStep {
  let candidate: Candidate
  /// Whether the step checks, after writing, that its property kept the value.
  let checksRetention: Bool
  /// The layout of the value the step makes: the room its place in the buffer needs.
  let valueLayout: (size: Int, alignment: Int)
  /// If the property is nil: makes its value at the place given, which must be uninitialized,
  /// and returns true. Otherwise returns false, and the place stays uninitialized.
  let make: (AnyObject, Execution, UnsafeMutableRawPointer) throws(InjectionError) -> Bool
  /// Moves the value `make` made at the place given into the property if it is still nil, and
  /// leaves the place uninitialized. A property that did not keep the value it was given is
  /// set back to nil at once, while the value is still alive.
  let write: (AnyObject, UnsafeMutableRawPointer) -> Writing
  /// Destroys the value `make` made at the place given, unwritten.
  let discard: (UnsafeMutableRawPointer) -> Void
  /// Sets the property back to nil: undoes the write of a step that checks retention, when one
  /// of them did not keep its value (constant steps are written only after those checks).
  let clear: (AnyObject) -> Void
  /// For a singleton of exactly the property's type: its made value, written without the
  /// buffer once it is made.
  let singleton: MadeSingleton?

  /// A singleton's made value: once it is made, the step writes it from its cell (a made value
  /// never changes, and the cell keeps it, so it needs neither the override's cell nor a
  /// retention check). A class, so that a plan calls it without retaining it
  /// (``TypePlan/madeSingletons``).
  final class MadeSingleton {
    /// Whether the singleton is made in the registration's own cell. Once true, true for ever.
    let isMade: () -> Bool
    /// Writes the made value if the property is nil; returns whether it wrote. Only after
    /// ``isMade`` returned true.
    let fill: (AnyObject) -> Bool

    init(isMade: @escaping () -> Bool, fill: @escaping (AnyObject) -> Bool) {
      self.isMade = isMade
      self.fill = fill
    }
  }

  /// The step that fills `accessor`'s property with values `producer` makes: a singleton's, an
  /// auto-created instance, a new `Lazy` or `Provider`, an ancestor's factory's.
  ///
  /// - Parameters:
  ///   - candidate: The property, and what the rules answered for it.
  ///   - accessor: How the property is read and written.
  ///   - producer: What makes its values.
  ///   - checksRetention: Whether to check, after the injection, that the property kept the
  ///     value: for hand-written tables (whose `weak` and `unowned` properties cannot be told
  ///     apart) and values nothing else keeps.
  ///   - cell: The cell of a singleton of exactly the property's type, which is not isolated.
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
        // A property that keeps its value holds a strong reference: the count goes up by one. A
        // `weak` or `unowned` one does not, and the value would be gone as soon as this returns.
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
        let fill = unsafe accessor.fillFromPlace
        // The value is read in place: the cell, which this closure holds, never changes it once made.
        return MadeSingleton(isMade: { cell.isMade }, fill: { unsafe fill(accessor.root($0), cell.madeValueAddress) })
      })
  }

  /// The step that fills `accessor`'s property with a new value from `factory`, which it calls
  /// with nothing in between (see ``OwnFactory``): most factories. Only for accessors that
  /// know how their property holds its value (`@Injectable`'s): it checks no retention.
  convenience init<Root, Wrapped>(candidate: Candidate, accessor: Accessor<Root, Wrapped>, factory: OwnFactory<Wrapped>)
  {
    let site = candidate.site
    // The accessor's closures, held here: one load fewer for each call.
    let isNil = accessor.isNilIn
    let fill = accessor.fillIfNil
    unsafe self.init(
      candidate: candidate, accessor: accessor, checksRetention: false,
      make: { object, execution, place throws(InjectionError) in
        guard isNil(unsafe unsafeDowncast(object, to: Root.self)) else { return false }
        unsafe place.initializeMemory(as: Wrapped.self, to: try execution.make(factory, at: site))
        return true
      },
      write: { object, place in
        unsafe fill(unsafeDowncast(object, to: Root.self), place.assumingMemoryBound(to: Wrapped.self).move())
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
  /// The property held nil, and now holds the value.
  case wrote
  /// The property held a value already: the made one is dropped.
  case skipped
  /// The property did not keep the value (`weak`, `unowned`): it is nil again.
  case notKept
}

/// Fills a property with a registered instance, cast once when the plan was built.
final class FillingStep<Root: AnyObject, Wrapped>: ConstantStep {
  let candidate: Candidate
  /// The accessor's fill, held here so that a cached injection calls it directly.
  let fillIfNil: (Root, Wrapped) -> Bool
  let value: Wrapped

  init(candidate: Candidate, fill: @escaping (Root, Wrapped) -> Bool, value: Wrapped) {
    self.candidate = candidate
    fillIfNil = fill
    self.value = value
  }

  func fill(_ object: AnyObject) -> Bool {
    // Sound as `Accessor.root(_:)` is: a plan is only applied to objects of its own type.
    fillIfNil(unsafe unsafeDowncast(object, to: Root.self), value)
  }
}
