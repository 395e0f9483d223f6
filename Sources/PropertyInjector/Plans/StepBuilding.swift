/// Opens an accessor to build its candidate's step for what `answer` names in `chain`, as a plan is built
/// (``TypePlan``); with `ownSlot`, an instance registered in the working injector itself is read from that slot
/// when the step runs.
struct StepMaker: AccessorVisitor {
  let candidate: Candidate
  let answer: Answer
  let chain: SnapshotChain
  let ownSlot: Int?

  func visit<Root: AnyObject, Wrapped>(_ accessor: Accessor<Root, Wrapped>) -> StepDraft {
    accessor.step(for: candidate, answer: answer, in: chain, ownSlot: ownSlot)
  }
}

/// Where generic types meet: a property's `Root` and `Wrapped`, opened once per candidate, and the answer's
/// producer of `Wrapped` values, compiled into a ``Step`` whose closures neither cast nor box.
extension Accessor {
  func step(for candidate: Candidate, answer: Answer, in chain: SnapshotChain, ownSlot: Int?) -> StepDraft {
    if case .failure(let problem) = answer { return .failing(candidate, problem) }
    if let ownSlot, case .registration(let registration, 0) = answer, let instance = registration.instance,
      fitted(instance, as: Wrapped.self) != nil
    {
      // The working injector's own instance, read from its slot: the plan serves its siblings too.
      return .step(making(candidate, with: .ownInstance(inSlot: ownSlot, like: registration.named)))
    }
    if case .registration(let registration, _) = answer, case .instance(let value) = registration.source {
      // A filler binds registered instances uncast: a step cast and typed here would be thrown away.
      guard let filler else { return .step(constantStep(for: candidate, value: value, answer: answer)) }
      // Refused by the filler: named as the candidate is (without the answer, in a plan shared with siblings).
      let alone = { self.constantStep(for: candidate, value: value, answer: candidate.answer) }
      return .fusible(.init(candidate: candidate, filler: filler, value: value, alone: alone))
    }
    guard let producer = answer.producer(of: Wrapped.self, in: chain) else {
      return .failing(candidate, .answerMismatch(at: candidate.site, wanted: Wrapped.self, answer: answer.named))
    }
    if let ownership, ownership != .strong, !producer.keepsItsValue {
      return .failing(candidate, .notRetained(at: candidate.site, weak: ownership == .weak, answer: answer.named))
    }
    if ownership != nil, case .registration(let registration, let level) = answer,
      let factory = registration.ownFactory(of: Wrapped.self, level: level)
    {
      return .step(making(candidate, with: factory))
    }
    if let step = readingSingleton(candidate, producer, answer, in: chain) { return .step(step) }
    let step = making(candidate, with: producer, checksRetention: ownership == nil && !producer.keepsItsValue)
    if ownership == .strong, let registration = producer.keptByTheCall {
      return .shared(sharing(candidate, producer, registration, alone: step))
    }
    return .step(step)
  }

  /// A graph value's strong property, which a plan groups with the others of its class the same registration fills:
  /// the group's step checks and fills them through their own closures, chained (an array of closures would be
  /// kept maximally abstracted, and each called through a thunk).
  private func sharing(_ candidate: Candidate, _ producer: Producer<Wrapped>, _ registration: Registration, alone: Step)
    -> StepDraft.Shared
  {
    let (site, produce) = (candidate.site, producer.produce)
    return StepDraft.Shared(
      alone: alone, key: [ObjectIdentifier(registration), ObjectIdentifier(Wrapped.self), ObjectIdentifier(Root.self)],
      accessor: self,
      group: { members in
        var accessors: [Accessor] = []
        for member in members {
          guard let accessor = member as? Accessor else { return nil }
          accessors.append(accessor)
        }
        guard var isNil = accessors.last?.isNilIn, var fill = accessors.first?.fillIfNil else { return nil }
        // Asked in order, the first first: the first nil answers, usually after one call.
        for accessor in accessors.dropLast().reversed() {
          let (isThisNil, isNilAfter) = (accessor.isNilIn, isNil)
          isNil = { isThisNil($0) || isNilAfter($0) }
        }
        for accessor in accessors.dropFirst() {
          let (fillBefore, fillThis) = (fill, accessor.fillIfNil)
          fill = { root, value in
            let wrote = fillBefore(root, value)
            return fillThis(root, value) || wrote
          }
        }
        let (anyIsNil, fillAll) = (isNil, fill)
        return Step(candidate: candidate) { object, execution, rest throws(InjectionError) in
          let root = downcast(object, to: Root.self)
          guard anyIsNil(root) else { return try rest() }
          let value = try produce(execution, site)
          let wrote = try rest()
          return fillAll(root, value) || wrote
        }
      })
  }

  /// The step that writes `value` (what `answer` registered); a value that does not fit reports a mismatch.
  private func constantStep(for candidate: Candidate, value: Any, answer: Answer?) -> Step {
    guard let value = fitted(value, as: Wrapped.self) else {
      return Step(
        candidate: candidate,
        failure: .madeMismatch(at: candidate.site, wanted: Wrapped.self, answer: answer?.named ?? .nothing, made: value)
      )
    }
    let fill = fillIfNil
    return Step(candidate: candidate, constant: Filling { fill(downcast($0, to: Root.self), value) })
  }

  /// Fills the property straight from a factory of the requester's own (`@Injectable`'s only: its accessors
  /// know the property's ownership, so no retention check).
  private func making(_ candidate: Candidate, with factory: OwnFactory<Wrapped>) -> Step {
    let (site, isNil, fill, typeOf) = (candidate.site, isNilIn, fillIfNil, typeOf)
    return Step(candidate: candidate, callsOwnFactory: true) { object, execution, rest throws(InjectionError) in
      let root = downcast(object, to: Root.self)
      guard isNil(root) else { return try rest() }
      let value = try execution.make(factory, at: site, typeOf: typeOf)
      let wrote = try rest()
      return fill(root, value) || wrote
    }
  }

  /// Fills the property with a registered singleton (not main-actor isolated, and no override in between), read from
  /// its cell once made, which makes nothing: the write alone asks whether the property is nil; until then, as
  /// `making` would. Nil otherwise.
  private func readingSingleton(
    _ candidate: Candidate, _ producer: Producer<Wrapped>, _ answer: Answer, in chain: SnapshotChain
  )
    -> Step?
  {
    guard case .registration(let registration, let level) = answer, chain.readsHomeCells(atLevel: level),
      case .singleton(let singleton) = registration.source,
      let cell = (singleton as? Singleton<Wrapped>)?.cell, !singleton.isMainActorIsolated
    else { return nil }
    let (making, fill) = (making(candidate, with: producer).run, fillIfNil)
    var step = Step(candidate: candidate) { object, execution, rest throws(InjectionError) in
      let root = downcast(object, to: Root.self)
      return try cell.ifMade { value throws(InjectionError) in
        let wrote = try rest()
        return fill(root, value) || wrote
      } orElse: { () throws(InjectionError) in
        try making(object, execution, rest)
      }
    }
    // The write spelled out in both closures: through one local function, each write costs a call more.
    step.ready = .init(
      flags: [cell.madeFlag],
      write: { object in cell.ifMade({ fill(downcast(object, to: Root.self), $0) }) { false } },
      after: { next in
        { object in
          let wrote = next(object)
          return cell.ifMade({ fill(downcast(object, to: Root.self), $0) }) { false } || wrote
        }
      })
    return step
  }

  /// Fills the property with what `producer` makes; with `checksRetention`, a class value the property did not
  /// keep (a `weak` or `unowned` one, which a key path cannot tell) is cleared and reported.
  private func making(_ candidate: Candidate, with producer: Producer<Wrapped>, checksRetention: Bool = false) -> Step {
    let (site, produce, isNil, fill) = (candidate.site, producer.produce, isNilIn, fillIfNil)
    guard checksRetention else {
      return Step(candidate: candidate) { object, execution, rest throws(InjectionError) in
        let root = downcast(object, to: Root.self)
        guard isNil(root) else { return try rest() }
        let value = try produce(execution, site)
        let wrote = try rest()
        return fill(root, value) || wrote
      }
    }
    let (write, clear) = (self.write, self.clear)
    return Step(candidate: candidate, checksRetention: true) { object, execution, rest throws(InjectionError) in
      let root = downcast(object, to: Root.self)
      guard isNil(root) else { return try rest() }
      let value = try produce(execution, site)
      // A property after this one that did not keep its value fails the injection, but this one is still checked:
      // the error names every such property.
      var (wrote, notKept): (Bool, InjectionError?) = (false, nil)
      do throws(InjectionError) {
        wrote = try rest()
      } catch let error where error.problems.allSatisfy({ $0.code == .notRetained }) {
        notKept = error
      }
      guard type(of: value as Any) is AnyClass, isNil(root) else {
        if let notKept { throw notKept }
        return type(of: value as Any) is AnyClass ? wrote : fill(root, value) || wrote
      }
      // A graph value is also kept by the call, until it ends, whichever registration made it: lent out for the check.
      let (lent, lentFor) = execution.stack.graph.lend(value as AnyObject) ?? (nil, [])
      let (kept, held) = isKept(consume value, lent: consume lent, write: { write(root, $0) }, clear: { clear(root) })
      if let held { for registration in lentFor { execution.stack.graph.keep(held, for: registration) } }
      if kept, notKept == nil { return true }
      // A kept write is undone with the plan's other checked writes (``TypePlan/fillValues``).
      let problem = kept ? [] : [InjectionError.Problem.notKept(at: site, answer: candidate.answer?.named)]
      let operation = notKept?.operation ?? "inject(\(readableName(of: type(of: object))))"
      throw InjectionError(
        problems: problem + (notKept?.problems ?? []), operation: operation, underlyingError: nil, path: [])
    }
  }
}

/// Writes `value` with `write` and tells whether anything else keeps it: a property that is `weak` or
/// `unowned` does not, and would be nil or dangling once the value is released. One that did not keep it is
/// cleared while the value is still alive, so even an `unowned(unsafe)` one never holds a freed object.
/// `lent` is the same value moved out of what else holds it (a call's graph), returned to be put back.
@inline(never)
private func isKept<Value>(
  _ value: consuming Value,
  lent: consuming Any?,
  write: (Value) -> Void,
  clear: () -> Void
) -> (kept: Bool, lent: Any?) {
  // An optional: `isKnownUniquelyReferenced` of a plain `AnyObject` answers false in Swift 6 mode.
  var held: AnyObject?
  let wasLent = lent != nil
  if let object = consume lent { held = object as AnyObject } else { held = (copy value) as AnyObject }
  write(consume value)
  let kept = !isKnownUniquelyReferenced(&held)
  if !kept { clear() }
  return (kept, wasLent ? held : nil)
}
