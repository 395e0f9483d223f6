/// How one injector fills one type: built once per registry version, then only executed. Immutable; it
/// names injectors by distance up the parent chain, so a cached plan keeps none alive.
// Sendable with `nonisolated(unsafe)` steps: immutable, and not `Sendable` only because accessor closures
// may be actor-isolated; they run only via `inject`, `validate` and `explain`, whose `InjectableSettable`
// constraint checks the caller's actor. `@safe`: `unretainedSteps` point into `producingSteps`, held for life.
@safe final class TypePlan: Sendable {
  let shape: TypeShape
  let type: ObjectIdentifier
  /// The chain's rejected registrations: they fail every injection, reported alone.
  let configurationProblems: [InjectionError.Problem]
  /// Problems with the type's declarations: they fail every injection, whatever its properties hold.
  let declarationProblems: [InjectionError.Problem]
  var problems: [InjectionError.Problem] { configurationProblems + declarationProblems }
  /// Every candidate whose declaration is usable, in declaration order.
  var steps: [Step] { unsafe uncheckedSteps }
  private nonisolated(unsafe) let uncheckedSteps: [Step]
  var constantSteps: [ConstantStep] { unsafe uncheckedConstantSteps }
  private nonisolated(unsafe) let uncheckedConstantSteps: [ConstantStep]
  var producingSteps: [ProducingStep] { unsafe uncheckedProducingSteps }
  private nonisolated(unsafe) let uncheckedProducingSteps: [ProducingStep]
  /// ``producingSteps``, unretained (the plan holds them): no retain and release around each call.
  var unretainedSteps: [Unmanaged<ProducingStep>] { unsafe uncheckedUnretainedSteps }
  private nonisolated(unsafe) let uncheckedUnretainedSteps: [Unmanaged<ProducingStep>]
  var failingSteps: [FailingStep] { unsafe uncheckedFailingSteps }
  private nonisolated(unsafe) let uncheckedFailingSteps: [FailingStep]
  /// Candidates whose declarations are wrong, for `explain`.
  var invalidCandidates: [InvalidCandidate] { unsafe uncheckedInvalidCandidates }
  private nonisolated(unsafe) let uncheckedInvalidCandidates: [InvalidCandidate]
  typealias InvalidCandidate = (candidate: Candidate, problem: InjectionError.Problem?)
  let checksRetention: Bool
  /// Index in ``producingSteps`` of the first retention-checked step; all from there on check, none before.
  let firstCheckingStep: Int
  /// Each producing step's value offset in an injection's buffer; after them, a `Bool` per step: made or not.
  let valueOffsets: [Int]
  let valuesLayout: (size: Int, alignment: Int)
  /// When every producing step reads an exact-type singleton: those, unretained, written in one loop once made.
  var madeSingletons: [Unmanaged<ProducingStep.MadeSingleton>]? { unsafe uncheckedMadeSingletons }
  private nonisolated(unsafe) let uncheckedMadeSingletons: [Unmanaged<ProducingStep.MadeSingleton>]?
  /// The shape's key-path entries of the plan's steps that cannot be told to reach their properties: until a
  /// write proves each, checked against each object before and after the plan writes.
  var entryChecks: [TypeShape.EntryCheck] { unsafe uncheckedEntryChecks }
  private nonisolated(unsafe) let uncheckedEntryChecks: [TypeShape.EntryCheck]
  /// Whether ``entryChecks`` is not empty, read without touching the array (a cached injection's path).
  let hasEntryChecks: Bool
  /// Whether the plan only writes registered instances: no problem, no failing or producing step, no check.
  /// (A plan with checks takes the general path even once they are proven: one flag's read.)
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
    // Retention-checked steps go last: `fill` writes and checks them before anything else.
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
    var checks = shape.entryChecks
    if !checks.isEmpty {
      let sites = Set(steps.map { ObjectIdentifier($0.candidate.site) })
      checks.removeAll { !sites.contains(ObjectIdentifier(shape.properties[$0.index].site)) }
    }
    unsafe uncheckedEntryChecks = checks
    hasEntryChecks = !checks.isEmpty
    onlyFills =
      configurationProblems.isEmpty && declarationProblems.isEmpty && failing.isEmpty && producing.isEmpty
      && checks.isEmpty
  }

  var typeName: String { shape.typeName }
}
