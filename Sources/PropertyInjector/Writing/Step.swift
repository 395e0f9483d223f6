/// What a plan does with one candidate property: fill it with a constant, produce a value for
/// it, or fail when it is nil. Immutable; a plan's steps are shared by every thread that
/// injects the type.
class Step {
  let candidate: Candidate
  /// The problem an injection reports when the property is nil: nothing fills it.
  let failure: InjectionError.Problem?

  init(candidate: Candidate, failure: InjectionError.Problem?) {
    self.candidate = candidate
    self.failure = failure
  }

  /// Whether the property holds nil in `object`.
  func isNil(in object: AnyObject) -> Bool { candidate.property.accessor?.isNil(in: object) ?? false }

  /// Fills the property with the step's constant if it is nil; returns whether it did.
  func fill(_ object: AnyObject) -> Bool { false }

  /// If the property is nil: produces its value, runs `next` (which produces the remaining
  /// values and writes them), then writes this one if the property is still nil. Otherwise
  /// runs `next` only. Returns whether this step wrote. When the property did not keep the
  /// value it was given, it is set back to nil at once, while the value is still alive, and the
  /// step is appended to `unkept`.
  func produce(
    into object: AnyObject,
    _ execution: Execution,
    unkept: inout [Step],
    then next: (inout [Step]) throws(InjectionError) -> Void
  ) throws(InjectionError) -> Bool {
    try next(&unkept)
    return false
  }

  /// Sets the property back to nil: undoes the write of a step that checks retention, when one
  /// of them did not keep its value (constant steps are written only after those checks).
  func clear(_ object: AnyObject) {}

  /// Whether the step fills its property with a constant (``fill(_:)``).
  var isConstant: Bool { false }
  /// Whether the step checks, after writing, that its property kept the value.
  var checksRetention: Bool { false }
  /// The filler of the step's class and the step's value, when a filler can take the step over.
  var fusion: (filler: AnyFiller, value: Any)? { nil }
  /// The step that does this step's work on its own, when no filler takes it over.
  var alone: Step { self }
}

/// Fills a property with a registered instance, cast once when the plan was built.
final class ConstantStep<Root: AnyObject, Wrapped>: Step {
  let accessor: Accessor<Root, Wrapped>
  /// The accessor's fill, held here so that a cached injection calls it directly.
  let fillIfNil: (Root, Wrapped) -> Bool
  let value: Wrapped

  init(candidate: Candidate, accessor: Accessor<Root, Wrapped>, fill: @escaping (Root, Wrapped) -> Bool, value: Wrapped)
  {
    self.accessor = accessor
    fillIfNil = fill
    self.value = value
    super.init(candidate: candidate, failure: nil)
  }

  override func fill(_ object: AnyObject) -> Bool {
    // Sound as `Accessor.root(_:)` is: a plan is only applied to objects of its own type.
    fillIfNil(unsafe unsafeDowncast(object, to: Root.self), value)
  }

  override var isConstant: Bool { true }
}

/// Fills a property with a value made at injection time: a factory's, a singleton's, an
/// auto-created instance, a new `Lazy` or `Provider`.
final class ProducingStep<Root: AnyObject, Wrapped>: Step {
  let accessor: Accessor<Root, Wrapped>
  let producer: Producer<Wrapped>
  /// Whether to check, after the injection, that the property kept the value: for hand-written
  /// tables (whose `weak` and `unowned` properties cannot be told apart) and values nothing
  /// else keeps.
  let checksRetentionOfValues: Bool

  override var checksRetention: Bool { checksRetentionOfValues }

  init(candidate: Candidate, accessor: Accessor<Root, Wrapped>, producer: Producer<Wrapped>, checksRetention: Bool) {
    self.accessor = accessor
    self.producer = producer
    checksRetentionOfValues = checksRetention
    super.init(candidate: candidate, failure: nil)
  }

  override func produce(
    into object: AnyObject,
    _ execution: Execution,
    unkept: inout [Step],
    then next: (inout [Step]) throws(InjectionError) -> Void
  ) throws(InjectionError) -> Bool {
    let root = accessor.root(object)
    guard accessor.isNilIn(root) else {
      try next(&unkept)
      return false
    }
    let value = try producer.produce(execution, candidate.site)
    try next(&unkept)
    guard accessor.isNilIn(root) else { return false }
    guard checksRetentionOfValues, type(of: value as Any) is AnyClass else {
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

  override func clear(_ object: AnyObject) { accessor.clear(accessor.root(object)) }
}
