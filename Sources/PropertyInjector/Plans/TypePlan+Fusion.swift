extension TypePlan {
  /// The drafts' steps, in order, each filler's registered instances bound into one step that writes them all
  /// (a class whose values do not all fit its filler gets ``StepDraft/Fusible/alone`` steps), and each graph
  /// registration's properties of one type filled by one step, where the first of them is, that makes the
  /// value once.
  static func fused(_ drafts: [StepDraft]) -> [Step] {
    var groups: [(filler: Filler, members: [StepDraft.Fusible], bindings: [(name: String, value: Any)])] = []
    var shared: [[ObjectIdentifier]: [StepDraft.Shared]] = [:]
    for draft in drafts {
      if case .shared(let member) = draft { shared[member.key, default: []].append(member) }
    }
    var sharedSteps: [[ObjectIdentifier]: [Step]] = [:]
    for (key, members) in shared {
      let group = members.count > 1 ? members[0].group(members.map(\.member)) : nil
      sharedSteps[key] = group.map { [$0] } ?? members.map(\.alone)
    }
    var steps: [Step] = []
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
      case .shared(let member):
        // A group's one step where its first member is; members filled alone each where they are.
        guard let pending = sharedSteps[member.key], !pending.isEmpty else { continue }
        steps.append(pending[0])
        sharedSteps[member.key] = Array(pending.dropFirst())
      }
    }
    return steps
      + groups.flatMap { filler, members, bindings -> [Step] in
        filler.bind(bindings).map { [Step(candidate: members[0].candidate, constant: $0)] } ?? members.map(\.alone)
      }
  }
}
