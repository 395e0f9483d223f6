/// How one injector fills one type: worked out once per registry version, then only executed.
///
/// Building a plan asks the rules about every candidate (precedence, casts, near misses) and
/// binds each to its accessor and producer; executing it only reads properties, makes values
/// that must be made, and writes. A plan never changes after it is built: an injector drops
/// its plans when any registry in its chain changes, and builds new ones. It refers to
/// injectors by their distance up the parent chain, never by reference, so a cached plan keeps
/// no injector alive.
// Sendable, with its steps exempt from the check (`nonisolated(unsafe)`): they are immutable, and
// not `Sendable` only because their accessor closures may be isolated to the class's global
// actor. They are called only through `inject`, `validate` and `explain`, whose
// `InjectableSettable` constraint makes the compiler check that the caller is on that actor
// (`MainActorTests`). `@safe`: its unretained references to steps (`unretainedSteps`) point
// into `producingSteps`, which it holds for its whole life.
@safe final class TypePlan: Sendable {
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
  var steps: [Step] { unsafe uncheckedSteps }
  private nonisolated(unsafe) let uncheckedSteps: [Step]
  /// The steps that fill properties with registered instances.
  var constantSteps: [any ConstantStep] { unsafe uncheckedConstantSteps }
  private nonisolated(unsafe) let uncheckedConstantSteps: [any ConstantStep]
  /// The steps that make values at injection time.
  var producingSteps: [ProducingStep] { unsafe uncheckedProducingSteps }
  private nonisolated(unsafe) let uncheckedProducingSteps: [ProducingStep]
  /// ``producingSteps``, unretained: the plan holds them, and a strong reference would cost a
  /// retain and a release around each call of an injection.
  var unretainedSteps: [Unmanaged<ProducingStep>] { unsafe uncheckedUnretainedSteps }
  private nonisolated(unsafe) let uncheckedUnretainedSteps: [Unmanaged<ProducingStep>]
  /// The steps that fail the injection when their property is nil.
  var failingSteps: [FailingStep] { unsafe uncheckedFailingSteps }
  private nonisolated(unsafe) let uncheckedFailingSteps: [FailingStep]
  /// Candidates whose declarations are wrong, for `explain`.
  var invalidCandidates: [InvalidCandidate] { unsafe uncheckedInvalidCandidates }
  private nonisolated(unsafe) let uncheckedInvalidCandidates: [InvalidCandidate]
  /// A candidate whose declaration is wrong, and the problem it reports, if any.
  typealias InvalidCandidate = (candidate: Candidate, problem: InjectionError.Problem?)
  /// Whether some producing step checks, after writing, that its property kept the value.
  let checksRetention: Bool
  /// The index in ``producingSteps`` of the first step that checks retention; every step from
  /// there on checks it, and none before.
  let firstCheckingStep: Int
  /// Where each producing step's value is made, as an offset into the buffer an injection
  /// makes them in; after them, a `Bool` per step says whether it made one.
  let valueOffsets: [Int]
  /// The buffer's size and alignment.
  let valuesLayout: (size: Int, alignment: Int)
  /// When every producing step reads a singleton of exactly its property's type, their made
  /// values (unretained, as the steps hold them): once all are made, a cached injection writes
  /// them in one loop, after the constants. Nil otherwise.
  var madeSingletons: [Unmanaged<ProducingStep.MadeSingleton>]? { unsafe uncheckedMadeSingletons }
  private nonisolated(unsafe) let uncheckedMadeSingletons: [Unmanaged<ProducingStep.MadeSingleton>]?
  /// Whether the plan only writes registered instances and cannot fail: no problem, no step
  /// that fails or makes a value. A cached injection of such a plan is one loop.
  let onlyFills: Bool

  init(
    shape: TypeShape,
    configurationProblems: [InjectionError.Problem],
    declarationProblems: [InjectionError.Problem],
    steps: [Step],
    invalidCandidates: [InvalidCandidate]
  ) {
    self.shape = shape
    type = ObjectIdentifier(shape.type)
    self.configurationProblems = configurationProblems
    self.declarationProblems = declarationProblems
    unsafe uncheckedSteps = steps
    unsafe uncheckedInvalidCandidates = invalidCandidates
    // The steps that check retention come last, from `firstCheckingStep` on: `fill` writes them,
    // and checks them, before anything else.
    let producing = steps.compactMap { step -> ProducingStep? in
      if case .producing(let producing) = step { return producing }
      return nil
    }
    unsafe uncheckedProducingSteps = producing.filter { !$0.checksRetention } + producing.filter(\.checksRetention)
    firstCheckingStep = producing.count(where: { !$0.checksRetention })
    checksRetention = firstCheckingStep < producing.count
    var end = 0
    var alignment = 1
    unsafe uncheckedUnretainedSteps = unsafe uncheckedProducingSteps.map { unsafe Unmanaged.passUnretained($0) }
    valueOffsets = unsafe uncheckedProducingSteps.map { step in
      let layout = step.valueLayout
      let offset = (end + layout.alignment - 1) / layout.alignment * layout.alignment
      end = offset + layout.size
      alignment = max(alignment, layout.alignment)
      return offset
    }
    valuesLayout = (end + producing.count, alignment)
    let singletons = producing.compactMap(\.singleton)
    unsafe uncheckedMadeSingletons =
      singletons.count == producing.count ? singletons.map { unsafe Unmanaged.passUnretained($0) } : nil
    let filling = Self.fused(
      steps.filter { step in
        switch step {
        case .constant, .fusible: true
        case .failing, .producing: false
        }
      })
    unsafe uncheckedConstantSteps = filling.compactMap { step in
      if case .constant(let constant) = step { return constant }
      return nil
    }
    let failing = (steps + filling).compactMap { step in
      if case .failing(let failing) = step { return failing }
      return nil
    }
    unsafe uncheckedFailingSteps = failing
    onlyFills =
      configurationProblems.isEmpty && declarationProblems.isEmpty && failing.isEmpty && producing.isEmpty
  }

  var typeName: String { shape.typeName }
}
