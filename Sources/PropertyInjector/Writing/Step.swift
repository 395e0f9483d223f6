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
  case producing(any ProducingStep)

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

/// Makes a value at injection time (``ValueStep``), erased.
protocol ProducingStep: AnyObject {
  var candidate: Candidate { get }
  /// Whether the step checks, after writing, that its property kept the value.
  var checksRetention: Bool { get }

  /// If the property is nil: produces its value, runs `next` (which produces the remaining
  /// values and writes them), then writes this one if the property is still nil. Otherwise
  /// runs `next` only. Returns whether this step wrote. When the property did not keep the
  /// value it was given, it is set back to nil at once, while the value is still alive, and the
  /// step is appended to `unkept`.
  func produce(
    into object: AnyObject,
    _ execution: Execution,
    unkept: inout [any ProducingStep],
    then next: (inout [any ProducingStep]) throws(InjectionError) -> Void
  ) throws(InjectionError) -> Bool

  /// Sets the property back to nil: undoes the write of a step that checks retention, when one
  /// of them did not keep its value (constant steps are written only after those checks).
  func clear(_ object: AnyObject)
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

/// Fills a property with a value made at injection time: a factory's, a singleton's, an
/// auto-created instance, a new `Lazy` or `Provider`.
final class ValueStep<Root: AnyObject, Wrapped>: ProducingStep {
  let candidate: Candidate
  let accessor: Accessor<Root, Wrapped>
  let producer: Producer<Wrapped>
  /// Whether to check, after the injection, that the property kept the value: for hand-written
  /// tables (whose `weak` and `unowned` properties cannot be told apart) and values nothing
  /// else keeps.
  let checksRetention: Bool

  init(candidate: Candidate, accessor: Accessor<Root, Wrapped>, producer: Producer<Wrapped>, checksRetention: Bool) {
    self.candidate = candidate
    self.accessor = accessor
    self.producer = producer
    self.checksRetention = checksRetention
  }

  func produce(
    into object: AnyObject,
    _ execution: Execution,
    unkept: inout [any ProducingStep],
    then next: (inout [any ProducingStep]) throws(InjectionError) -> Void
  ) throws(InjectionError) -> Bool {
    let root = accessor.root(object)
    guard accessor.isNilIn(root) else {
      try next(&unkept)
      return false
    }
    let value = try producer.produce(execution, candidate.site)
    try next(&unkept)
    guard accessor.isNilIn(root) else { return false }
    guard checksRetention, type(of: value as Any) is AnyClass else {
      accessor.write(root, value)
      return true
    }
    // A property that keeps its value holds a strong reference: the count goes up by one. A
    // `weak` or `unowned` one does not, and the value would be gone as soon as this returns.
    let made = value as AnyObject
    let before = _getRetainCount(made)
    accessor.write(root, value)
    guard _getRetainCount(made) > before else {
      accessor.clear(root)
      unkept.append(self)
      return false
    }
    return true
  }

  func clear(_ object: AnyObject) { accessor.clear(accessor.root(object)) }
}

/// Fills a property with a singleton of exactly its type: once the singleton is made, its cell's
/// value, without the producer (a made value never changes, and the cell keeps it, so it needs
/// neither the override's cell nor a retention check); before, as ``ValueStep`` does.
///
/// Not generic: a plan whose producing steps are all of this kind calls ``isMade`` and
/// ``fillMade`` in one loop, on steps it refers to without retaining them
/// (``TypePlan/madeSteps``), which needs a concrete class.
final class MadeSingletonStep: ProducingStep {
  /// The step that makes the singleton, through the producer, while it is not made.
  let making: any ProducingStep
  /// Whether the singleton is made in the registration's own cell. Once true, true for ever.
  let isMade: () -> Bool
  /// Writes the made value if the property is nil; returns whether it wrote. Only after
  /// ``isMade`` returned true.
  let fillMade: (AnyObject) -> Bool

  init<Root: AnyObject, Wrapped>(making: ValueStep<Root, Wrapped>, cell: SingletonCell<Wrapped>) {
    self.making = making
    isMade = { cell.isMade }
    let fill = unsafe making.accessor.fillFromPlace
    fillMade = { object in
      // Sound as `Accessor.root(_:)` is: a plan is only applied to objects of its own type. The
      // value is read in place: the cell, which this closure holds, never changes it once made.
      unsafe fill(unsafeDowncast(object, to: Root.self), cell.madeValueAddress)
    }
  }

  var candidate: Candidate { making.candidate }
  var checksRetention: Bool { false }

  func produce(
    into object: AnyObject,
    _ execution: Execution,
    unkept: inout [any ProducingStep],
    then next: (inout [any ProducingStep]) throws(InjectionError) -> Void
  ) throws(InjectionError) -> Bool {
    guard isMade() else { return try making.produce(into: object, execution, unkept: &unkept, then: next) }
    try next(&unkept)
    return fillMade(object)
  }

  func clear(_ object: AnyObject) { making.clear(object) }
}
