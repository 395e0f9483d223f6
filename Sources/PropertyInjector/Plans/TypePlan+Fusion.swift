extension TypePlan {
  /// The drafts' steps, in order, each filler's registered instances bound into one step that writes them all
  /// (a class whose values do not all fit its filler gets ``StepDraft/Fusible/alone`` steps), and each graph
  /// registration's properties of one type and class filled by one step, where the first of them is, that makes the
  /// value once.
  static func fused(_ drafts: [StepDraft]) -> [Step] {
    var groups: [(filler: Filler, members: [StepDraft.Fusible], bindings: [(name: String, value: Any)])] = []
    var shared: [[ObjectIdentifier]: [StepDraft.Shared]] = [:]
    for draft in drafts {
      if case .shared(let member) = draft { shared[member.key, default: []].append(member) }
    }
    var sharedSteps: [[ObjectIdentifier]: [Step]] = [:]
    for (key, members) in shared {
      let group = members.count > 1 ? members[0].group(members.map(\.accessor)) : nil
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
        filler.bind(bindings).map { [Step(candidate: members[0].candidate, constant: $0)] }
          ?? members.map { $0.alone() }
      }
  }

  /// The chain, each run of two or more singleton steps in a row made one step: once their values are made, it runs
  /// the rest and then writes them, last first, as their own frames would; until then, it runs them one by one.
  static func grouped(_ chain: [Step]) -> [Step] {
    var grouped: [Step] = []
    var run: [Step] = []
    func flush() {
      defer { run = [] }
      guard run.count > 1, let first = run[0].ready else {
        grouped += run
        return
      }
      var (isMade, write) = (first.isMade, first.write)
      for next in run.dropFirst().compactMap(\.ready) {
        let (before, wroteBefore, nextIsMade, nextWrite) = (isMade, write, next.isMade, next.write)
        isMade = { before() && nextIsMade() }
        write = { object in
          let wrote = nextWrite(object)
          return wroteBefore(object) || wrote
        }
      }
      let (allMade, writeAll, steps) = (isMade, write, run)
      grouped.append(
        Step(candidate: run[0].candidate, checksRetention: false) { object, execution, rest throws(InjectionError) in
          guard allMade() else { return try Self.run(steps, from: 0, object, execution, then: rest) }
          let wrote = try rest()
          return writeAll(object) || wrote
        })
    }
    for step in chain {
      if step.ready != nil {
        run.append(step)
      } else {
        flush()
        grouped.append(step)
      }
    }
    flush()
    return grouped
  }

  /// Runs `steps[index]` with the ones after it, then `rest`, as its rest.
  private static func run(
    _ steps: [Step], from index: Int, _ object: AnyObject, _ execution: Execution, then rest: Step.Rest
  )
    throws(InjectionError) -> Bool
  {
    guard index < steps.count else { return try rest() }
    return try steps[index].run(object, execution) { () throws(InjectionError) -> Bool in
      try run(steps, from: index + 1, object, execution, then: rest)
    }
  }
}
