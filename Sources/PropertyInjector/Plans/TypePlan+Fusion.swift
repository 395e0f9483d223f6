extension TypePlan {
  /// Binds each filler's registered instances into one fused step; the rest, and a class whose values do
  /// not all fit its filler, become ``FusibleStep/alone`` steps.
  static func fused(_ steps: [Step]) -> [Step] {
    var unfused: [Step] = []
    var groups: [(filler: Filler, members: [FusibleStep], bindings: [(name: String, value: Any)])] = []
    for step in steps {
      guard case .fusible(let fusible) = step else {
        unfused.append(step)
        continue
      }
      let binding = (name: fusible.candidate.property.name, value: fusible.value)
      if let index = groups.firstIndex(where: { $0.filler === fusible.filler }) {
        groups[index].members.append(fusible)
        groups[index].bindings.append(binding)
      } else {
        groups.append((fusible.filler, [fusible], [binding]))
      }
    }
    return unfused
      + groups.flatMap { filler, members, bindings -> [Step] in
        filler.step(bindings, members[0].candidate).map { [.constant($0)] } ?? members.map(\.alone)
      }
  }
}
