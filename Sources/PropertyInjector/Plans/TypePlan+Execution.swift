extension TypePlan {
  /// Fills every nil candidate of `object`, all or nothing: checks, then makes every value, then writes; a
  /// failure before the writes leaves `object` unchanged. Returns whether anything was written.
  ///
  /// - Precondition: `object` is an instance of exactly the plan's type.
  func fill(_ object: AnyObject, _ execution: Execution) throws(InjectionError) -> Bool {
    if onlyFills { return fillConstants(object) }
    try InjectionError.throwIfAny(configurationProblems, as: "inject(\(typeName))")
    let unresolved = failingSteps.compactMap { $0.isNil(in: object) ? $0.failure : nil }
    if !declarationProblems.isEmpty || !unresolved.isEmpty {
      try InjectionError.throwIfAny(declarationProblems + unresolved, as: "inject(\(typeName))")
    }
    guard entryChecks.isEmpty else { return try fillChecked(object, execution) }
    return try fillValues(object, execution)
  }

  /// ``fillValues(_:_:)`` for a plan with ``entryChecks``: they must hold before the writes (or nothing
  /// is written) and after them (or every property written is set back to nil).
  private func fillChecked(_ object: AnyObject, _ execution: Execution) throws(InjectionError) -> Bool {
    try throwIfEntriesReachOthers(in: object)
    let wereNil = steps.map { $0.isNil(in: object) }
    let wrote = try fillValues(object, execution)
    do {
      try throwIfEntriesReachOthers(in: object)
    } catch {
      for (step, wasNil) in zip(steps, wereNil) where wasNil && !step.isNil(in: object) { step.clear(object) }
      throw error
    }
    return wrote
  }

  /// Throws the problem of every entry check `object` fails: a key path that reaches another property.
  func throwIfEntriesReachOthers(in object: AnyObject) throws(InjectionError) {
    try InjectionError.throwIfAny(TypeShape.failing(entryChecks, in: object).map(\.problem), as: "inject(\(typeName))")
  }

  /// Makes every value, then writes (see ``fill(_:_:)``), once the plan's problems are known to be none.
  private func fillValues(_ object: AnyObject, _ execution: Execution) throws(InjectionError) -> Bool {
    guard !producingSteps.isEmpty else { return fillConstants(object) }
    // Made singletons only: nothing left can fail or run user code, so no buffer holds them.
    if let wrote = fillIfAllMade(object) { return wrote }
    return try unsafe withUnsafeTemporaryAllocation(
      byteCount: valuesLayout.size, alignment: valuesLayout.alignment
    ) { (buffer) throws(InjectionError) -> Bool in
      try unsafe fill(object, execution, values: buffer.baseAddress!)
    }
  }

  /// If every producing step reads a made singleton: writes the constants, then those; nil otherwise.
  private func fillIfAllMade(_ object: AnyObject) -> Bool? {
    // Sound: the plan, which the caller holds, holds every step, and each step its singleton.
    guard let singletons = unsafe madeSingletons,
      unsafe singletons.allSatisfy({ unsafe $0._withUnsafeGuaranteedRef { $0.isMade() } })
    else { return nil }
    var wrote = fillConstants(object)
    for index in unsafe singletons.indices {
      if unsafe singletons[index]._withUnsafeGuaranteedRef({ $0.fill(object) }) { wrote = true }
    }
    return wrote
  }

  /// Writes the registered instances of a plan that ``onlyFills``; returns whether it wrote.
  func fillConstants(_ object: AnyObject) -> Bool {
    var wrote = false
    for index in constantSteps.indices where constantSteps[index].fill(object) { wrote = true }
    return wrote
  }

  /// Makes each nil property's value at its place in `values`, then writes: retention-checked ones first (one
  /// not kept clears them all and throws before anything else is touched), then constants, then the rest.
  private func fill(_ object: AnyObject, _ execution: Execution, values: UnsafeMutableRawPointer)
    throws(InjectionError) -> Bool
  {
    // Sound: the plan, which the caller holds, holds every step.
    let count = unsafe unretainedSteps.count
    let made = unsafe (values + valuesLayout.size - count).bindMemory(to: Bool.self, capacity: count)
    for index in 0..<count {
      var failure: InjectionError?
      unsafe made[index] = unsafe unretainedSteps[index]._withUnsafeGuaranteedRef { step in
        do throws(InjectionError) {
          return try unsafe step.make(object, execution, values + valueOffsets[index])
        } catch {
          failure = error
          return false
        }
      }
      if let failure {
        for earlier in 0..<index where unsafe made[earlier] {
          unsafe producingSteps[earlier].discard(values + valueOffsets[earlier])
        }
        throw failure
      }
    }
    var wrote = false
    if checksRetention {
      var lost: ProducingStep?
      var written: [ProducingStep] = []
      for index in firstCheckingStep..<count where unsafe made[index] {
        let step = producingSteps[index]
        let place = unsafe values + valueOffsets[index]
        guard lost == nil else {
          unsafe step.discard(place)
          continue
        }
        switch unsafe step.write(object, place) {
        case .wrote: written.append(step)
        case .skipped: break
        case .notKept: lost = step
        }
      }
      if let lost {
        for checked in written { checked.clear(object) }
        for index in 0..<firstCheckingStep where unsafe made[index] {
          unsafe producingSteps[index].discard(values + valueOffsets[index])
        }
        throw InjectionError(
          operation: "inject(\(typeName))", .notKept(at: lost.candidate.site, answer: lost.candidate.answer?.named))
      }
      wrote = !written.isEmpty
    }
    if fillConstants(object) { wrote = true }
    for index in 0..<firstCheckingStep where unsafe made[index] {
      let wroteThis = unsafe unretainedSteps[index]._withUnsafeGuaranteedRef { (step) -> Bool in
        if case .wrote = unsafe step.write(object, values + valueOffsets[index]) { return true }
        return false
      }
      if wroteThis { wrote = true }
    }
    return wrote
  }
}
