extension TypePlan {
  /// `steps` (constant steps) with the steps of each class that has a filler replaced by one
  /// fused step; the rest, and a class whose values do not all fit its filler, property by
  /// property, each ``Step/alone``.
  static func fused(_ steps: [Step]) -> [Step] {
    var unfused: [Step] = []
    var groups: [(filler: AnyFiller, members: [Step], bindings: [(name: String, value: Any)])] = []
    for step in steps {
      guard let (filler, value) = step.fusion else {
        unfused.append(step.alone)
        continue
      }
      let binding = (name: step.candidate.property.name, value: value)
      if let index = groups.firstIndex(where: { $0.filler === filler }) {
        groups[index].members.append(step)
        groups[index].bindings.append(binding)
      } else {
        groups.append((filler, [step], [binding]))
      }
    }
    return unfused
      + groups.flatMap { filler, members, bindings -> [Step] in
        filler.step(binding: bindings, for: members[0].candidate).map { [$0] } ?? members.map(\.alone)
      }
  }
}
