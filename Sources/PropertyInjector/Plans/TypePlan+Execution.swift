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
    if hasEntryChecks {
      let checks = shape.provenEntries.unproven(entryChecks)
      if !checks.isEmpty { return try fill(object, execution, checking: checks) }
    }
    return try fillValues(object, execution)
  }

  /// ``fillValues(_:_:)`` with entry `checks` not yet proven: each must agree with its property before
  /// anything is made, and each that writes must have written its property; otherwise every property
  /// written is set back to nil. A write read back the same from the property proves its entry.
  private func fill(_ object: AnyObject, _ execution: Execution, checking checks: [TypeShape.EntryCheck])
    throws(InjectionError) -> Bool
  {
    let operation = "inject(\(typeName))"
    try InjectionError.throwIfAny(TypeShape.failing(checks, in: object).map(\.problem), as: operation)
    let wereNil = steps.map { $0.isNil(in: object) }
    let checksWereNil = checks.map { $0.readsNil(object) }
    let wrote = try fillValues(object, execution)
    let written = zip(checks, checksWereNil).compactMap { check, wasNil in
      wasNil && !check.isProvenByNil && !check.readsNil(object) ? check : nil
    }
    let (failing, proven) = TypeShape.verify(written: written, in: object)
    guard failing.isEmpty else {
      for (step, wasNil) in zip(steps, wereNil) where wasNil && !step.isNil(in: object) { step.clear(object) }
      try InjectionError.throwIfAny(failing.map(\.problem), as: operation)
      return false
    }
    shape.provenEntries.prove(
      proven + zip(checks, checksWereNil).compactMap { $0.isProvenByNil && $1 ? $0.index : nil })
    return wrote
  }

  /// The problems of the entries not proven yet that `object` shows reaching another property, found
  /// without writing: what ``fill(_:_:)`` would throw first.
  func entryProblems(in object: AnyObject) -> [InjectionError.Problem] {
    TypeShape.failing(shape.provenEntries.unproven(entryChecks), in: object).map(\.problem)
  }

  /// Makes every value, then writes (see ``fill(_:_:)``), once the plan's problems are known to be none.
  @inline(__always)
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
