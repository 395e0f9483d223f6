extension TypePlan {
  /// Fills every nil candidate of `object`, all or nothing; returns whether anything was written.
  ///
  /// Every check comes first, then every value a factory must make (each held on the stack
  /// of the recursion that makes the next), and only then the writes. A failure anywhere
  /// before the writes leaves `object` unchanged; a value a property did not keep (seen as it
  /// is written, for a hand-written table) makes every write of this injection undone.
  ///
  /// - Precondition: `object` is an instance of exactly the plan's type.
  func fill(_ object: AnyObject, _ execution: Execution) throws(InjectionError) -> Bool {
    if onlyFills {
      var wrote = false
      for index in constantSteps.indices where constantSteps[index].fill(object) { wrote = true }
      return wrote
    }
    guard configurationProblems.isEmpty else {
      throw InjectionError(operation: "inject(\(typeName))", problems: configurationProblems)
    }
    let unresolved = failingSteps.compactMap { $0.isNil(in: object) ? $0.failure : nil }
    guard declarationProblems.isEmpty && unresolved.isEmpty else {
      throw InjectionError(operation: "inject(\(typeName))", problems: declarationProblems + unresolved)
    }
    guard !producingSteps.isEmpty else {
      var wrote = false
      for step in constantSteps where step.fill(object) { wrote = true }
      return wrote
    }
    var unkept: [Step] = []
    var wrote = false
    var written: [Step] = []
    try produce(from: 0, into: object, execution, unkept: &unkept) { () in
      for step in constantSteps where step.fill(object) {
        wrote = true
        if checksRetention { written.append(step) }
      }
    } wroteProduced: { step in
      wrote = true
      if checksRetention { written.append(step) }
    }
    if let lost = unkept.first {
      for step in written.reversed() { step.clear(object) }
      throw InjectionError(operation: "inject(\(typeName))", .notKept(lost.candidate))
    }
    return wrote
  }

  /// Produces the values of `producingSteps[index...]`, then writes the constants, then writes
  /// the produced values as the recursion unwinds.
  private func produce(
    from index: Int,
    into object: AnyObject,
    _ execution: Execution,
    unkept: inout [Step],
    writeConstants: () -> Void,
    wroteProduced: (Step) -> Void
  ) throws(InjectionError) {
    guard index < producingSteps.count else {
      writeConstants()
      return
    }
    let step = producingSteps[index]
    let wrote = try step.produce(into: object, execution, unkept: &unkept) { (unkept) throws(InjectionError) in
      try produce(
        from: index + 1, into: object, execution, unkept: &unkept, writeConstants: writeConstants,
        wroteProduced: wroteProduced)
    }
    if wrote { wroteProduced(step) }
  }
}
