/// Builds a ``TypePlan``: the shape's candidates, asked of the rules against one snapshot chain.
enum PlanBuilder {
  static func plan(for shape: TypeShape, in chain: SnapshotChain) -> TypePlan {
    var problems = shape.problems
    var steps: [StepDraft] = []
    var invalid: [(candidate: Candidate, problem: InjectionError.Problem?)] = []
    for (property, reason) in shape.candidates(in: chain) {
      if let issue = property.issue {
        let candidate = Candidate(property: property, reason: reason, request: nil, answer: nil)
        let problem = InjectionError.Problem.candidate(property, issue: issue, reason: reason, in: shape)
        if let problem { problems.append(problem) }
        invalid.append((candidate, problem))
        continue
      }
      guard let accessor = property.accessor else { continue }
      let request = Request(
        wanted: accessor.wrapped, classChain: shape.classChain, label: property.name, names: .consulted,
        site: property.site)
      let answer = Rules.answer(request, in: chain)
      let candidate = Candidate(property: property, reason: reason, request: request, answer: answer)
      steps.append(accessor.step(for: candidate, answer: answer))
    }
    return TypePlan(
      shape: shape, configurationProblems: chain.configurationProblems,
      declarationProblems: problems, steps: steps, invalidCandidates: invalid)
  }
}
