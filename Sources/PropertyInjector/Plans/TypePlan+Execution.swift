extension TypePlan {
  /// Fills every nil candidate of `object`, all or nothing: checks, then makes every value, then writes; a
  /// failure before the writes leaves `object` unchanged. Returns whether anything was written.
  ///
  /// - Precondition: `object` is an instance of exactly the plan's type.
  func fill(_ object: AnyObject, _ execution: Execution) throws(InjectionError) -> Bool {
    try InjectionError.throwIfAny(configurationProblems, as: "inject(\(typeName))")
    var unresolved = program.failing.compactMap { $0.isNil(in: object) ? $0.failure : nil }
    if hasMainActorSteps { unresolved += offMainActorProblems(in: object) }
    // Guarded: building the concatenation unconditionally costs every plan that makes values about 177 instructions.
    if !declarationProblems.isEmpty || !unresolved.isEmpty {
      try InjectionError.throwIfAny(declarationProblems + unresolved, as: "inject(\(typeName))")
    }
    if hasEntryChecks {
      let checks = shape.provenEntries.unproven(program.entryChecks)
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
    // Named only when it throws: a type's name looks up conformances of its metatype, a scan of every conformance
    // record the first time, which a first injection that proves its checks need not pay.
    try InjectionError.throwIfAny(TypeShape.failing(checks, in: object).map(\.problem), as: "inject(\(typeName))")
    let steps = program.steps
    let wereNil = steps.map { $0.isNil(in: object) }
    let checksWereNil = checks.map { $0.readsNil(object) }
    let wrote = try fillValues(object, execution)
    // Each candidate that was nil was written (or the fill threw): its entry must no longer read nil.
    let filled = zip(steps, wereNil).compactMap { step, wasNil in wasNil ? step.candidate.property : nil }
    var leftNil: [TypeShape.EntryCheck] = []
    var written: [TypeShape.EntryCheck] = []
    for (check, wasNil) in zip(checks, checksWereNil) where wasNil && !check.isProvenByNil {
      if !check.readsNil(object) {
        written.append(check)
      } else if filled.contains(where: shape.properties[check.index].isSame(as:)) {
        leftNil.append(check)
      }
    }
    let (failing, proven) = TypeShape.verify(written: written, in: object)
    guard failing.isEmpty && leftNil.isEmpty else {
      // Written back to nil through its entry, too, what still reads nil: its write went elsewhere.
      let wentElsewhere = leftNil.map { shape.properties[$0.index] }
      for (step, wasNil) in zip(steps, wereNil)
      where wasNil && (!step.isNil(in: object) || wentElsewhere.contains(where: step.candidate.property.isSame(as:))) {
        step.clear(object)
      }
      try InjectionError.throwIfAny(
        failing.map(\.problem) + leftNil.map { $0.describe(true) }, as: "inject(\(typeName))")
      return false
    }
    shape.provenEntries.prove(
      proven + zip(checks, checksWereNil).compactMap { $0.isProvenByNil && $1 ? $0.index : nil })
    return wrote
  }

  /// The problems of the entries not proven yet that `object` shows reaching another property, found
  /// without writing: what ``fill(_:_:)`` would throw first.
  func entryProblems(in object: AnyObject) -> [InjectionError.Problem] {
    TypeShape.failing(shape.provenEntries.unproven(program.entryChecks), in: object).map(\.problem)
  }

  /// Runs the chain, once the plan's problems are known to be none. A retention-checked write that was not
  /// kept throws before any other kind of write (``TypePlan/Program/chain``): the checked properties
  /// written are set back to nil.
  private func fillValues(_ object: AnyObject, _ execution: Execution) throws(InjectionError) -> Bool {
    guard checksRetention else { return try run(program.chain, from: 0, object, execution) }
    let checked = program.checked
    // Which checked properties were nil, a bit each: no allocation below 65 such properties.
    var wereNil: UInt64 = 0
    var moreWereNil: [Bool] = []
    for (index, step) in checked.enumerated() {
      let isNil = step.isNil(in: object)
      if index < 64 { wereNil |= isNil ? 1 << index : 0 } else { moreWereNil.append(isNil) }
    }
    do {
      return try run(program.chain, from: 0, object, execution)
    } catch {
      for (index, step) in checked.enumerated() {
        let wasNil = index < 64 ? wereNil & 1 << index != 0 : moreWereNil[index - 64]
        if wasNil && !step.isNil(in: object) { step.clear(object) }
      }
      throw error
    }
  }

  /// Runs `chain[index]` with the steps after it as its rest: each step's value waits in its own frame. (Steps, not
  /// an array of closures, which keeps them maximally abstracted and calls each through a thunk.)
  private func run(_ chain: [Step], from index: Int, _ object: AnyObject, _ execution: Execution)
    throws(InjectionError) -> Bool
  {
    guard index < chain.count else { return false }
    return try chain[index].run(object, execution) { () throws(InjectionError) -> Bool in
      try run(chain, from: index + 1, object, execution)
    }
  }
}
