/// How one injector fills one type: built once per registry version, then only executed. Immutable; it
/// names injectors by distance up the parent chain, so a cached plan keeps none alive.
// `nonisolated(unsafe)` on the steps: immutable, and not `Sendable` only because accessor closures may be
// isolated to the class's global actor; they run only via `inject`, `validate` and `explain`, whose
// `InjectableSettable` constraint checks the caller's actor.
final class TypePlan: Sendable {
  let shape: TypeShape
  let type: ObjectIdentifier
  /// The chain's rejected registrations: they fail every injection, reported alone.
  let configurationProblems: [InjectionError.Problem]
  /// Problems with the type's declarations: they fail every injection, whatever its properties hold.
  let declarationProblems: [InjectionError.Problem]
  var problems: [InjectionError.Problem] { configurationProblems + declarationProblems }
  var program: Program { unsafe uncheckedProgram }
  private nonisolated(unsafe) let uncheckedProgram: Program
  /// Whether ``Program/entryChecks`` is not empty, read without touching the array (a cached injection's path).
  let hasEntryChecks: Bool
  /// Whether the plan only writes registered instances: no problem, no failing or producing step, no check.
  let onlyFills: Bool
  /// Whether a step calls a factory of the working injector's own: an injection reads its link once.
  let callsOwnFactories: Bool
  /// Whether a step checks that its write was kept (see ``Step/checksRetention``).
  let checksRetention: Bool
  /// Whether the plan reads the injector's own instances from their slots, and so serves its siblings of the
  /// same shape too (see ``SiblingShape``); its candidates then do not say what fills them from those.
  let isSharedWithSiblings: Bool

  /// A plan's steps, in the orders it uses them.
  struct Program {
    /// Every candidate whose declaration is usable, in declaration order.
    let steps: [Step]
    /// What an injection runs, each step given the ones after it as its ``Step/Rest``: steps that make values
    /// (in declaration order), then those that write registered instances, then the retention-checked ones.
    /// So every value is made before the first write, and checked writes come first.
    let chain: [Step]
    /// The retention-checked steps, for setting back what they wrote when one is not kept.
    let checked: [Step]
    let failing: [Step]
    /// Candidates whose declarations are wrong, for `explain`.
    let invalidCandidates: [InvalidCandidate]
    /// The shape's key-path entries of the plan's steps that cannot be told to reach their properties: until a
    /// write proves each, checked against each object before and after the plan writes.
    let entryChecks: [TypeShape.EntryCheck]
  }

  typealias InvalidCandidate = (candidate: Candidate, problem: InjectionError.Problem?)

  init(
    shape: TypeShape,
    configurationProblems: [InjectionError.Problem],
    declarationProblems: [InjectionError.Problem],
    steps drafts: [StepDraft],
    invalidCandidates: [InvalidCandidate],
    sharedWithSiblings: Bool
  ) {
    isSharedWithSiblings = sharedWithSiblings
    self.shape = shape
    type = ObjectIdentifier(shape.type)
    self.configurationProblems = configurationProblems
    self.declarationProblems = declarationProblems
    let steps = drafts.map { draft in
      switch draft {
      case .step(let step): step
      case .fusible(let fusible): fusible.alone()
      case .shared(let shared): shared.alone
      }
    }
    let running = drafts.contains(where: { if case .step = $0 { false } else { true } }) ? Self.fused(drafts) : steps
    let failing = running.filter { $0.failure != nil }
    let making = running.filter { $0.failure == nil && !$0.isConstant }
    let checked = making.filter(\.checksRetention)
    let chain = making.filter { !$0.checksRetention } + running.filter(\.isConstant) + checked
    var checks = shape.entryChecks
    if !checks.isEmpty {
      let sites = Set(steps.map { ObjectIdentifier($0.candidate.site) })
      checks.removeAll { !sites.contains(ObjectIdentifier(shape.properties[$0.index].site)) }
    }
    unsafe uncheckedProgram = Program(
      steps: steps, chain: Self.grouped(chain), checked: checked, failing: failing,
      invalidCandidates: invalidCandidates,
      entryChecks: checks)
    hasEntryChecks = !checks.isEmpty
    checksRetention = !checked.isEmpty
    callsOwnFactories = making.contains(where: \.callsOwnFactory)
    onlyFills =
      configurationProblems.isEmpty && declarationProblems.isEmpty && failing.isEmpty && making.isEmpty
      && checks.isEmpty
  }

  var typeName: String { shape.typeName }
}
