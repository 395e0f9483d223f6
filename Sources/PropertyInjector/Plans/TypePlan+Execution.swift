extension TypePlan {
  /// Fills every nil candidate of `object`, all or nothing; returns whether anything was written.
  ///
  /// Every check comes first, then every value a factory must make (each held on the stack
  /// of the recursion that makes the next), and only then the writes. A failure anywhere
  /// before the writes leaves `object` unchanged. A hand-written table's property that may not
  /// keep its value (`weak`, `unowned`: only writing tells) is written before every other one;
  /// if it did not keep it, it is set back to nil and nothing else is written.
  ///
  /// - Precondition: `object` is an instance of exactly the plan's type.
  func fill(_ object: AnyObject, _ execution: Execution) throws(InjectionError) -> Bool {
    if onlyFills { return fillConstants(object) }
    try InjectionError.throwIfAny(configurationProblems, as: "inject(\(typeName))")
    let unresolved = failingSteps.compactMap { $0.isNil(in: object) ? $0.failure : nil }
    if !declarationProblems.isEmpty || !unresolved.isEmpty {
      try InjectionError.throwIfAny(declarationProblems + unresolved, as: "inject(\(typeName))")
    }
    guard !producingSteps.isEmpty else { return fillConstants(object) }
    // Made singletons only: nothing left can fail or run user code, so no recursion holds them.
    if let wrote = fillIfAllMade(object) { return wrote }
    // Only a plan that may roll back remembers what it wrote: the others allocate nothing here.
    var unkept: [any ProducingStep] = []
    var written: [any ProducingStep] = []
    var wroteProduced = false
    var wroteConstant = false
    try produce(from: 0, into: object, execution, unkept: &unkept, written: &written, wrote: &wroteProduced) { () in
      for step in constantSteps where step.fill(object) { wroteConstant = true }
    }
    return wroteProduced || wroteConstant
  }

  /// When every producing step reads a singleton and all are made: writes the constants, then
  /// the made values, and returns whether it wrote; nil otherwise.
  private func fillIfAllMade(_ object: AnyObject) -> Bool? {
    // Sound: the plan, which the caller holds, holds every step.
    guard let steps = unsafe madeSteps, unsafe steps.allSatisfy({ unsafe $0._withUnsafeGuaranteedRef { $0.isMade() } })
    else { return nil }
    var wrote = fillConstants(object)
    for index in unsafe steps.indices where unsafe steps[index]._withUnsafeGuaranteedRef({ $0.fillMade(object) }) {
      wrote = true
    }
    return wrote
  }

  /// Writes the registered instances of a plan that ``onlyFills``; returns whether it wrote.
  func fillConstants(_ object: AnyObject) -> Bool {
    var wrote = false
    for index in constantSteps.indices where constantSteps[index].fill(object) { wrote = true }
    return wrote
  }

  /// Produces the values of `producingSteps[index...]`, then writes them as the recursion
  /// unwinds, last first: the steps that check retention (the last ones) are written before
  /// anything else, and if one was not kept, every one of them is cleared and the injection
  /// fails before any other property (or observer) is touched. The constants are written once
  /// the checks pass.
  private func produce(
    from index: Int,
    into object: AnyObject,
    _ execution: Execution,
    unkept: inout [any ProducingStep],
    written: inout [any ProducingStep],
    wrote: inout Bool,
    writeConstants: () -> Void
  ) throws(InjectionError) {
    guard index < producingSteps.count else {
      if !checksRetention { writeConstants() }
      return
    }
    let step = producingSteps[index]
    let wroteThis = try step.produce(into: object, execution, unkept: &unkept) { (unkept) throws(InjectionError) in
      try produce(
        from: index + 1, into: object, execution, unkept: &unkept, written: &written, wrote: &wrote,
        writeConstants: writeConstants)
    }
    if wroteThis {
      wrote = true
      if index >= firstCheckingStep { written.append(step) }
    }
    guard index == firstCheckingStep else { return }
    if let lost = unkept.first {
      for checked in written { checked.clear(object) }
      throw InjectionError(
        operation: "inject(\(typeName))", .notKept(at: lost.candidate.site, answer: lost.candidate.answer?.named))
    }
    writeConstants()
  }
}
