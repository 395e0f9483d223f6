/// Builds a ``TypePlan``: the shape's candidates, asked of the rules against one snapshot chain.
enum PlanBuilder {
  /// The plan of `shape`'s type, answered from `chain`. `sharedWithSiblings` builds, when the chain allows it
  /// (``SnapshotChain/bindsOwnInstancesLate``), a plan the injector's siblings can run too: it reads the
  /// injector's own instances from their slots, and its candidates do not say what fills them from those.
  static func plan(for shape: TypeShape, in chain: SnapshotChain, sharedWithSiblings: Bool = false) -> TypePlan {
    let slots = sharedWithSiblings && chain.bindsOwnInstancesLate ? chain.levels[0].registry.ordered.slots : nil
    var problems = shape.problems
    var steps: [StepDraft] = []
    var invalid: [TypePlan.InvalidCandidate] = []
    let properties = shape.properties
    steps.reserveCapacity(properties.count)
    for index in 0..<properties.count {
      let property = properties[index]
      guard let reason = property.reason(in: chain) else { continue }
      if let issue = property.issue {
        let problem = InjectionError.Problem.candidate(property, issue: issue, reason: reason)
        if let problem { problems.append(problem) }
        invalid.append((Candidate(property: property, request: nil, answer: nil), problem))
        continue
      }
      guard let accessor = property.accessor else { continue }
      let request = Request(
        wanted: accessor.wrapped, classChain: shape.classChain, label: property.name, names: .consulted,
        site: property.site)
      let answer = Rules.answer(request, in: chain)
      var ownSlot: Int?
      if let slots, case .registration(let registration, 0) = answer { ownSlot = slots[ObjectIdentifier(registration)] }
      let kept = slots != nil && answer.namesOwnRegistration ? nil : answer
      let candidate = Candidate(property: property, request: request, answer: kept)
      steps.append(accessor.step(for: candidate, answer: answer, ownSlot: ownSlot))
    }
    return TypePlan(
      shape: shape, configurationProblems: chain.configurationProblems,
      declarationProblems: problems, steps: steps, invalidCandidates: invalid, sharedWithSiblings: slots != nil)
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
