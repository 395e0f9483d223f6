extension TypePlan {
  /// The drafts' steps, each filler's registered instances bound into one step that writes them all; a class
  /// whose values do not all fit its filler gets ``StepDraft/Fusible/alone`` steps.
  static func fused(_ drafts: [StepDraft]) -> [Step] {
    var steps: [Step] = []
    var groups: [(filler: Filler, members: [StepDraft.Fusible], bindings: [(name: String, value: Any)])] = []
    for draft in drafts {
      switch draft {
      case .step(let step):
        steps.append(step)
      case .fusible(let fusible):
        let binding = (name: fusible.candidate.property.name, value: fusible.value)
        if let index = groups.firstIndex(where: { $0.filler === fusible.filler }) {
          groups[index].members.append(fusible)
          groups[index].bindings.append(binding)
        } else {
          groups.append((fusible.filler, [fusible], [binding]))
        }
      }
    }
    return steps
      + groups.flatMap { filler, members, bindings -> [Step] in
        filler.bind(bindings).map { [Step(candidate: members[0].candidate, constant: $0)] } ?? members.map(\.alone)
      }
  }
}
