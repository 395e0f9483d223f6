extension TypePlan {
  /// The drafts' steps in declaration order (``Program/steps``), and in the order they run: each filler's registered
  /// instances bound into one step that writes them all, after the others (a class whose values do not all fit its
  /// filler gets ``StepDraft/Fusible/alone`` steps), and each graph registration's properties of one type and class
  /// filled by one step, where the first of them is, that makes the value once. Without closures or, but for graph
  /// values, dictionaries: unoptimized builds pay dearly for them on a type's first injection.
  static func fused(_ drafts: [StepDraft]) -> (steps: [Step], running: [Step]) {
    let groups = FillerGroup.bound(drafts)
    var shared = sharedSteps(drafts)
    var (steps, running) = ([Step](), [Step]())
    steps.reserveCapacity(drafts.count)
    for index in 0..<drafts.count {
      switch drafts[index] {
      case .step(let step):
        steps.append(step)
        running.append(step)
      case .fusible(let fusible):
        steps.append(FillerGroup.of(fusible, in: groups).step(for: fusible))
      case .shared(let member):
        steps.append(member.alone)
        // A group's one step where its first member is; members filled alone each where they are.
        guard let pending = shared?[member.key], !pending.isEmpty else { break }
        running.append(pending[0])
        shared?[member.key] = Array(pending.dropFirst())
      }
    }
    for index in 0..<groups.count {
      if let written = groups[index].written { running.append(written) } else { running += groups[index].alone }
    }
    return (steps, running)
  }

  /// Each graph registration's steps by ``StepDraft/Shared/key``: one that fills its members, or each one's own; nil
  /// without graph values.
  private static func sharedSteps(_ drafts: [StepDraft]) -> [[ObjectIdentifier]: [Step]]? {
    var shared: [[ObjectIdentifier]: [StepDraft.Shared]] = [:]
    for index in 0..<drafts.count {
      if case .shared(let member) = drafts[index] { shared[member.key, default: []].append(member) }
    }
    guard !shared.isEmpty else { return nil }
    return shared.mapValues { members in
      (members.count > 1 ? members[0].group(members.map(\.accessor)) : nil).map { [$0] } ?? members.map(\.alone)
    }
  }

  /// A filler's registered instances, in the order of their drafts, and their steps; a class, found and grown in place.
  private final class FillerGroup {
    let filler: Filler
    let first: Candidate
    var bindings: [(name: String, value: Any)] = []
    /// The step that writes them all; nil if the filler refuses them, each then filled alone.
    var written: Step?
    var alone: [Step] = []

    init(_ fusible: StepDraft.Fusible, count: Int) {
      (filler, first) = (fusible.filler, fusible.candidate)
      bindings.reserveCapacity(count)
    }

    /// The fillers of `drafts`' registered instances, in the order of their first, each bound to them.
    static func bound(_ drafts: [StepDraft]) -> [FillerGroup] {
      var groups: [FillerGroup] = []
      for index in 0..<drafts.count {
        guard case .fusible(let fusible) = drafts[index] else { continue }
        let group = of(fusible, in: groups, count: drafts.count)
        if group.bindings.isEmpty { groups.append(group) }
        group.bindings.append((fusible.candidate.property.name, fusible.value))
      }
      for index in 0..<groups.count {
        if let fill = groups[index].filler.bind(groups[index].bindings) {
          groups[index].written = Step(candidate: groups[index].first, constant: fill)
        }
      }
      return groups
    }

    /// The group of `fusible`'s filler in `groups` (a class has one filler, and a plan few classes), or a new one
    /// for up to `count` instances.
    static func of(_ fusible: StepDraft.Fusible, in groups: [FillerGroup], count: Int = 0) -> FillerGroup {
      for index in 0..<groups.count where groups[index].filler === fusible.filler { return groups[index] }
      return FillerGroup(fusible, count: count)
    }

    /// `fusible`'s step in ``Program/steps``: its own if refused, else the group's, which writes the others too.
    func step(for fusible: StepDraft.Fusible) -> Step {
      guard let written else {
        alone.append(fusible.alone())
        return alone[alone.count - 1]
      }
      return Step(candidate: fusible.candidate, constant: written.constant, run: written.run)
    }
  }

  /// The chain, each run of two or more singleton steps in a row made one step: once their values are made, it runs
  /// the rest and then writes them, last first, as their own frames would; until then, it runs them one by one.
  static func grouped(_ chain: [Step]) -> [Step] {
    var grouped: [Step] = []
    var run: [Step] = []
    func flush() {
      defer { run = [] }
      guard run.count > 1, run[0].ready != nil else {
        grouped += run
        return
      }
      // The last step's write first, each earlier one's after it, as their frames would.
      let readies = run.compactMap(\.ready)
      // A loop: through `reduce`, generic, each closure would be kept maximally abstracted, called through thunks.
      func chained(_ last: @escaping (AnyObject) -> Bool) -> (AnyObject) -> Bool {
        var write = last
        for index in (0..<readies.count - 1).reversed() { write = readies[index].after(write) }
        return write
      }
      let last = readies[readies.count - 1]
      let ready = Step.Ready(
        flags: readies.flatMap(\.flags), write: chained(last.write), after: { chained(last.after($0)) })
      let steps = run
      var step = Step(candidate: run[0].candidate) { object, execution, rest throws(InjectionError) in
        guard ready.isMade else { return try Self.run(steps, from: 0, object, execution, then: rest) }
        let wrote = try rest()
        return ready.write(object) || wrote
      }
      step.ready = ready
      grouped.append(step)
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
