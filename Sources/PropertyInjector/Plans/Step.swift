/// What a plan does with one candidate: closures typed when the plan was built (``StepMaker``), run one way. A
/// plan that has nothing to make calls its steps' writes (``constant``, ``Ready/write``) without running them.
///
/// A step that makes a value keeps it in its own frame while the steps after it make theirs (``Rest``), and
/// writes it only once they returned: every value is made before the first write, without a buffer, and a
/// failure to make one drops the others, unwritten.
struct Step {
  /// Makes and writes the values of the steps after this one; returns whether any wrote.
  typealias Rest = () throws(InjectionError) -> Bool
  /// If the property is nil, makes its value; runs `rest`; then writes the value if the property is still nil.
  /// Returns whether it or `rest` wrote.
  typealias Run = (_ object: AnyObject, _ execution: Execution, _ rest: Rest) throws(InjectionError) -> Bool

  let candidate: Candidate
  /// For a candidate nothing fills: the problem an injection reports when the property is nil.
  var failure: InjectionError.Problem?
  /// For a step that writes only registered instances (it runs no user code and cannot fail): its write, which a
  /// plan may call without an ``Execution`` (``TypePlan/Program/writes``).
  var constant: Filling?
  /// A hand-written table's property given a class value nothing else keeps: the write must be kept, as
  /// `weak` and `unowned` look alike to a key path. Such a step throws ``InjectionError/Code/notKept``.
  var checksRetention = false
  /// Calls a factory of the working injector's own, whose resolver is its link.
  var callsOwnFactory = false
  /// Makes the value (or, `isConstant`, only writes).
  let run: Run
  /// A singleton's step: whether its value is made, and then its write, which reads it again. Made values need no
  /// frames: a plan's run of such steps writes them all after the rest (``TypePlan/grouped(_:)``).
  var ready: Ready?

  /// A struct: in an optional, a tuple's closures would be kept maximally abstracted, and called through thunks.
  struct Ready {
    /// Each set once its singleton is made: checked in a loop, no call through a generic cell each.
    let flags: [OnceFlag]
    let write: (AnyObject) -> Bool
    /// The write, after `next` (a later step's): one closure where a chain would call one more for each pair.
    let after: (_ next: @escaping (AnyObject) -> Bool) -> (AnyObject) -> Bool
    /// Whether every singleton the write reads is made.
    var isMade: Bool { flags.areSet }
  }
}

extension [OnceFlag] {
  /// Whether every flag is set: how a plan asks whether its singletons are made.
  var areSet: Bool { allSatisfy { $0.isSet } }
}

extension Step {
  /// A step that never writes: its property is reported as `failure` when nil.
  init(candidate: Candidate, failure: InjectionError.Problem) {
    self.init(candidate: candidate, failure: failure) { _, _, rest throws(InjectionError) in try rest() }
  }

  /// A step that writes registered instances with `fill`, after the steps after it wrote.
  init(candidate: Candidate, constant fill: Filling) {
    self.init(candidate: candidate, constant: fill) { object, _, rest throws(InjectionError) in
      let wrote = try rest()
      return fill.write(object) || wrote
    }
  }

  /// Whether the step only writes registered instances (``constant``).
  var isConstant: Bool { constant != nil }

  func isNil(in object: AnyObject) -> Bool { candidate.property.accessor?.isNil(in: object) ?? false }

  func clear(_ object: AnyObject) { candidate.property.accessor?.clear(in: object) }
}

/// What an accessor answers for its candidate: a step, or a registered instance awaiting its class's filler
/// (``TypePlan/fused(_:)``), which writes it with the class's other instances, or ``Fusible/alone`` if refused;
/// or a graph value, which the plan's other properties the same registration fills may share (``Shared``).
enum StepDraft {
  case step(Step)
  case fusible(Fusible)
  case shared(Shared)

  /// A step that never writes: its property is reported as `problem` when nil.
  static func failing(_ candidate: Candidate, _ problem: InjectionError.Problem) -> Self {
    .step(Step(candidate: candidate, failure: problem))
  }

  /// A strong property a graph-scoped registration fills: the plan makes its value once for every such
  /// property of the same class and type (``TypePlan/fused(_:)``), or fills it ``alone``.
  struct Shared {
    let alone: Step
    /// The registration, the property's type and its class: what members of one group have in common.
    let key: [ObjectIdentifier]
    /// The property's accessor, whose types only the first member's `group` knows.
    let accessor: AnyAccessor
    /// One step that makes the value once and fills every member, the first being this one; nil if a member's
    /// accessor is of another type.
    let group: (_ members: [AnyAccessor]) -> Step?
  }

  /// A registered instance, uncast, and how to build the step that writes it alone.
  struct Fusible {
    let candidate: Candidate
    let filler: Filler
    let value: Any
    let alone: () -> Step
  }
}
