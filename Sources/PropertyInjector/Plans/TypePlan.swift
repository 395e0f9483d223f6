/// How one injector fills one type: worked out once per registry version, then only executed.
///
/// Building a plan asks the rules about every candidate (precedence, casts, near misses) and
/// binds each to its accessor and producer; executing it only reads properties, makes values
/// that must be made, and writes. A plan never changes after it is built: an injector drops
/// its plans when any registry in its chain changes, and builds new ones. It refers to
/// injectors by their distance up the parent chain, never by reference, so a cached plan keeps
/// no injector alive.
// @unchecked Sendable: immutable after init; what it holds is not `Sendable` only because
// accessor closures may be isolated to the class's global actor. They are called only through
// `inject`, `validate` and `explain`, whose `InjectableSettable` constraint makes the compiler
// check that the caller is on that actor (`MainActorTests`).
final class TypePlan: @unchecked Sendable {
  let shape: TypeShape
  /// The identity of the type it fills.
  let type: ObjectIdentifier
  /// The chain's rejected registrations: they fail every injection, reported alone.
  let configurationProblems: [InjectionError.Problem]
  /// Problems with the type's declarations (its tables, candidates whose declaration is wrong):
  /// they fail every injection of the type, whatever its properties hold.
  let declarationProblems: [InjectionError.Problem]
  /// Every problem that fails every injection: the configuration's, then the declarations'.
  var problems: [InjectionError.Problem] { configurationProblems + declarationProblems }
  /// Every candidate whose declaration is usable, in declaration order.
  let steps: [Step]
  /// The steps that fill properties with registered instances.
  let constantSteps: [any ConstantStep]
  /// The steps that make values at injection time.
  let producingSteps: [any ProducingStep]
  /// The steps that fail the injection when their property is nil.
  let failingSteps: [FailingStep]
  /// Candidates whose declarations are wrong, for `explain`.
  let invalidCandidates: [(candidate: Candidate, problem: InjectionError.Problem?)]
  /// Whether some producing step checks, after writing, that its property kept the value.
  let checksRetention: Bool
  /// The index in ``producingSteps`` of the first step that checks retention; every step from
  /// there on checks it, and none before.
  let firstCheckingStep: Int
  /// Whether every producing step reads a singleton once it is made (``MadeSingletonStep``):
  /// once all are made, a cached injection writes them in one loop, after the constants.
  let onlyReadsMade: Bool
  /// Whether the plan only writes registered instances and cannot fail: no problem, no step
  /// that fails or makes a value. A cached injection of such a plan is one loop.
  let onlyFills: Bool

  init(
    shape: TypeShape,
    configurationProblems: [InjectionError.Problem],
    declarationProblems: [InjectionError.Problem],
    steps: [Step],
    invalidCandidates: [(candidate: Candidate, problem: InjectionError.Problem?)]
  ) {
    self.shape = shape
    type = ObjectIdentifier(shape.type)
    self.configurationProblems = configurationProblems
    self.declarationProblems = declarationProblems
    self.steps = steps
    self.invalidCandidates = invalidCandidates
    // The steps that check retention come last: the recursion that makes values writes the last
    // first, so they are written, and checked, before anything else is.
    let producing = steps.compactMap { step -> (any ProducingStep)? in
      if case .producing(let producing) = step { return producing }
      return nil
    }
    producingSteps = producing.filter { !$0.checksRetention } + producing.filter(\.checksRetention)
    firstCheckingStep = producing.count(where: { !$0.checksRetention })
    checksRetention = firstCheckingStep < producingSteps.count
    onlyReadsMade = producing.allSatisfy(\.readsMadeValue)
    let filling = Self.fused(
      steps.filter { step in
        switch step {
        case .constant, .fusible: true
        case .failing, .producing: false
        }
      })
    constantSteps = filling.compactMap { step in
      if case .constant(let constant) = step { return constant }
      return nil
    }
    failingSteps = (steps + filling).compactMap { step in
      if case .failing(let failing) = step { return failing }
      return nil
    }
    onlyFills =
      configurationProblems.isEmpty && declarationProblems.isEmpty && failingSteps.isEmpty
      && producingSteps.isEmpty
  }

  var typeName: String { shape.typeName }
}
