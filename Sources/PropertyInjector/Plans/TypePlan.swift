/// How one injector fills one type: built once per registry version, then only executed. Immutable; it
/// names injectors by distance up the parent chain, so a cached plan keeps none alive.
// `nonisolated(unsafe)` on the steps: immutable, and not `Sendable` only because accessor closures may be
// isolated to the class's global actor; they run only via `inject`, `validate` and `explain`, whose
// `InjectableSettable` constraint checks the caller's actor.
final class TypePlan: Sendable {
  let shape: TypeShape
  let type: ObjectIdentifier
  /// The registry snapshots the plan was built from (see ``Pin``); a shared plan keeps none of its builder's own.
  let builtFrom: SnapshotChain
  /// The chain's rejected registrations: they fail every injection, reported alone.
  let configurationProblems: [InjectionError.Problem]
  /// Problems with the type's declarations: they fail every injection, whatever its properties hold.
  let declarationProblems: [InjectionError.Problem]
  var problems: [InjectionError.Problem] { configurationProblems + declarationProblems }
  var program: Program { unsafe uncheckedProgram }
  private nonisolated(unsafe) let uncheckedProgram: Program
  /// Whether ``Program/entryChecks`` is not empty, read without touching the array (a cached injection's path).
  let hasEntryChecks: Bool
  /// Whether the plan only writes registered instances: no problem, no failing or producing step, no check. It
  /// writes them without an ``Execution`` or its chain (``Program/writes``).
  let onlyFills: Bool
  /// The "made" flags of the singletons of a plan that otherwise only writes registered instances; once they are all
  /// set, it writes as one that ``onlyFills`` does. Nil for any other plan.
  let singletonFlags: [OnceFlag]?
  /// Whether a step calls a factory of the working injector's own: an injection reads its link once.
  let callsOwnFactories: Bool
  /// Whether a step checks that its write was kept (see ``Step/checksRetention``).
  let checksRetention: Bool
  /// Whether a candidate is filled by a main-actor registration (``Program/mainActor``).
  let hasMainActorSteps: Bool
  /// Whether the plan reads the injector's own instances from their slots, and so serves its siblings of the
  /// same shape too (see ``SiblingShape``); its candidates then do not say what fills them from those.
  let isSharedWithSiblings: Bool

  /// A plan's steps, in the orders it uses them.
  struct Program {
    /// Every candidate whose declaration is usable, in declaration order, for its candidate and property (a
    /// registered instance a filler writes has the filler's step, which writes the class's others too).
    let steps: [Step]
    /// What an injection runs, each step given the ones after it as its ``Step/Rest``: steps that make values
    /// (in declaration order), then those that write registered instances, then the retention-checked ones.
    /// So every value is made before the first write, and checked writes come first.
    let chain: [Step]
    /// The writes of a plan that ``onlyFills``, or reads ``singletonFlags`` besides, in the order its chain makes
    /// them (the last step's first), which need no ``Execution``, chained into one closure (an array of closures keeps
    /// them maximally abstracted, and calls each through a thunk); nil for any other plan.
    let writes: Filling?
    /// The retention-checked steps, for setting back what they wrote when one is not kept.
    let checked: [Step]
    let failing: [Step]
    /// The steps of candidates a main-actor registration fills, which make nothing off the main actor.
    let mainActor: [(step: Step, registration: RegistrationName)]
    /// Candidates whose declarations are wrong, for `explain`.
    let invalidCandidates: [InvalidCandidate]
    /// The shape's key-path entries of the plan's steps that cannot be told to reach their properties: until a
    /// write proves each, checked against each object before and after the plan writes.
    let entryChecks: [TypeShape.EntryCheck]
  }

  typealias InvalidCandidate = (candidate: Candidate, problem: InjectionError.Problem?)

  /// The plan of `shape`'s type: its candidates, asked of the rules against `chain`. `sharedWithSiblings` builds,
  /// when the chain allows it (``SnapshotChain/bindsOwnInstancesLate``), a plan the injector's siblings can run
  /// too: it reads the injector's own instances from their slots, and its candidates do not say what fills them
  /// from those.
  init(for shape: TypeShape, in chain: SnapshotChain, sharedWithSiblings: Bool = false) {
    let slots = sharedWithSiblings && chain.bindsOwnInstancesLate ? chain.levels[0].registry.ordered.slots : nil
    var declarationProblems = shape.problems
    var drafts: [StepDraft] = []
    var invalidCandidates: [InvalidCandidate] = []
    var mainActorSites: [(site: ObjectIdentifier, registration: RegistrationName)] = []
    let properties = shape.properties
    drafts.reserveCapacity(properties.count)
    for index in 0..<properties.count {
      let property = properties[index]
      guard let reason = property.reason(in: chain) else { continue }
      if let issue = property.issue {
        let problem = InjectionError.Problem.candidate(property, issue: issue, reason: reason)
        if let problem { declarationProblems.append(problem) }
        // A broken entry's problem is the table's, reported once, and shown for each property it broke.
        let shown = problem ?? property.brokenBy
        invalidCandidates.append((Candidate(property: property, request: nil, answer: nil), shown))
        continue
      }
      guard let accessor = property.accessor else { continue }
      let request = Request(
        wanted: accessor.wrapped, classChain: shape.classChain, label: property.unquotedName, names: .consulted,
        site: property.site)
      let answer = Rules.answer(request, in: chain)
      if case .registration(let registration, _) = answer, registration.isMainActorIsolated {
        mainActorSites.append((ObjectIdentifier(property.site), registration.named))
      }
      var ownSlot: Int?
      if let slots, case .registration(let registration, 0) = answer { ownSlot = slots[ObjectIdentifier(registration)] }
      let kept = slots != nil && answer.namesOwnRegistration ? nil : answer
      let candidate = Candidate(property: property, request: request, answer: kept)
      drafts.append(accessor.accept(StepMaker(candidate: candidate, answer: answer, chain: chain, ownSlot: ownSlot)))
    }
    isSharedWithSiblings = slots != nil
    builtFrom = slots == nil ? chain : chain.forgettingOwnLevel
    self.shape = shape
    type = ObjectIdentifier(shape.type)
    configurationProblems = chain.configurationProblems
    self.declarationProblems = declarationProblems
    let (steps, running) = Self.fused(drafts)
    // One pass, without closures: unoptimized builds pay for each on a type's first injection.
    var (failing, making, constant, checked) = ([Step](), [Step](), [Step](), [Step]())
    var callsOwnFactories = false
    for index in 0..<running.count {
      let step = running[index]
      if step.failure != nil {
        failing.append(step)
      } else if !step.isConstant {
        if step.checksRetention { checked.append(step) } else { making.append(step) }
        callsOwnFactories = callsOwnFactories || step.callsOwnFactory
      }
      if step.isConstant { constant.append(step) }
    }
    let makes = !making.isEmpty || !checked.isEmpty
    let chain = makes ? making + constant + checked : constant
    var checks = shape.entryChecks
    if !checks.isEmpty {
      let sites = Set(steps.map { ObjectIdentifier($0.candidate.site) })
      checks.removeAll { !sites.contains(ObjectIdentifier(shape.properties[$0.index].site)) }
    }
    let grouped = Self.grouped(chain)
    let isUsable = configurationProblems.isEmpty && declarationProblems.isEmpty && failing.isEmpty && checks.isEmpty
    // The writes the chain would make, the last step's first, if it would do nothing else once its singletons are
    // made, chained as they are found (an array of closures would hold each maximally abstracted).
    var (writes, areMade): (Filling?, [OnceFlag]?) = (nil, nil)
    for step in grouped.reversed() where isUsable && checked.isEmpty {
      guard step.constant != nil || step.ready != nil else {
        (writes, areMade) = (nil, nil)
        break
      }
      if let ready = step.ready { areMade = (areMade ?? []) + ready.flags }
      // Not through `writes.map`: a closure passed through a generic call is called through thunks.
      guard let before = writes else {
        writes = step.constant ?? step.ready.map { Filling(write: $0.write) }
        continue
      }
      if let ready = step.ready {
        writes = Filling(write: ready.after(before.write))
      } else if let constant = step.constant {
        writes = Filling { object in
          let wrote = before.write(object)
          return constant.write(object) || wrote
        }
      }
    }
    onlyFills = isUsable && !makes
    singletonFlags = areMade
    let mainActor = mainActorSites.compactMap { site, registration in
      steps.first { ObjectIdentifier($0.candidate.site) == site }.map { (step: $0, registration: registration) }
    }
    unsafe uncheckedProgram = Program(
      steps: steps, chain: grouped, writes: writes, checked: checked, failing: failing, mainActor: mainActor,
      invalidCandidates: invalidCandidates, entryChecks: checks)
    hasMainActorSteps = !mainActor.isEmpty
    hasEntryChecks = !checks.isEmpty
    checksRetention = !checked.isEmpty
    self.callsOwnFactories = callsOwnFactories
  }

  var typeName: String { shape.typeName }

  /// The `InjectableSettable` types this plan's factories are declared to make, each with the level of its
  /// registration (0 for a type created unregistered): a made value is injected as it is made, which `validate` checks
  /// by checking its type. A factory declared to make a protocol tells no class; a registered instance is not injected.
  /// Given `object`, only for its nil candidates (no value is made for the others).
  func madeTypes(nilIn object: AnyObject? = nil) -> [(type: any InjectableSettable.Type, level: Int)] {
    program.steps.compactMap { step in
      guard object.map(step.isNil(in:)) ?? true else { return nil }
      var answer = step.candidate.answer
      if case .deferred(_, let inner, _)? = answer { answer = inner }
      switch answer {
      case .registration(let registration, let level)?:
        if case .instance = registration.source { return nil }
        return (registration.service.type as? any InjectableSettable.Type).map { ($0, level) }
      case .creation(let wanted)?:
        return (wanted.type as? any InjectableSettable.Type).map { ($0, 0) }
      default:
        return nil
      }
    }
  }

  /// Off the main actor, the problem of each candidate a main-actor registration fills, which would make no value
  /// there: of those nil in `object`, or of all of them without one (`validate`'s question). Asked before anything is
  /// made, so an injection reports them all, not the first one made.
  func offMainActorProblems(in object: AnyObject?) -> [InjectionError.Problem] {
    guard hasMainActorSteps else { return [] }
    return program.mainActor.compactMap {
      object.map($0.step.isNil(in:)) ?? true ? offMainActorProblem(of: $0.step) : nil
    }
  }

  /// Off the main actor, the problem of `step`'s candidate if a main-actor registration fills it.
  func offMainActorProblem(of step: Step) -> InjectionError.Problem? {
    guard hasMainActorSteps, !isOnMainActor(),
      let registration = program.mainActor.first(where: { $0.step.candidate.site === step.candidate.site })?
        .registration
    else { return nil }
    return .mainActorRequired(at: step.candidate.site, registration: registration)
  }
}

extension Answer {
  /// Whether the answer names a registration of the injector asked (level 0), directly or for a handle.
  fileprivate var namesOwnRegistration: Bool {
    switch self {
    case .registration(_, let level): level == 0
    case .deferred(_, let inner, _): inner.namesOwnRegistration
    case .creation, .failure: false
    }
  }
}
