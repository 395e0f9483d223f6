extension Injector {
  /// Fills every nil candidate property of `target` from the registrations, all or nothing.
  ///
  /// ```swift
  /// let screen = ProfileScreen()
  /// try injector.inject(screen)
  /// ```
  ///
  /// Candidates are stored properties, superclasses' included, whose names start with `injected` or are
  /// registered by name; one that already holds a value is left alone. After an injection that set at
  /// least one property, `target`'s ``InjectableSettable/didInjectDependencies()`` runs once.
  /// See <doc:TheRules>.
  ///
  /// - Parameter target: The object to fill.
  /// - Throws: ``InjectionError`` listing every declaration problem and every nil candidate nothing
  ///   fills (``InjectionError/Code/unresolved``), or the first failure to make a value. While the
  ///   injector has configuration problems, it throws those alone. When it throws, `target` is unchanged.
  /// - Complexity: O(c) for c candidates, once the plan is cached.
  public func inject<Target: InjectableSettable>(_ target: Target) throws(InjectionError) {
    try inject(target, made: false)
  }

  /// Injects a value a factory made, in the call that made it (see ``nestedPlan(for:_:)``).
  func injectMade<Target: InjectableSettable>(_ target: Target) throws(InjectionError) {
    try inject(target, made: true)
  }

  /// Injects `target`; one a factory `made`, or any inside a call on this thread, is nested in that call.
  @inline(__always)
  private func inject<Target: InjectableSettable>(_ target: Target, made: Bool) throws(InjectionError) {
    let stack = CreationStack.current
    try checkConfigured(operation: "inject(\(readableName(of: type(of: target))))")
    // Two calls, not one of two plans: a plan chosen by a conditional would be copied, not moved.
    if made || stack.isRunning {
      let (plan, own) = try nestedPlan(for: target, stack)
      try inject(target, by: plan, reading: own, stack)
    } else {
      let (plan, own) = try injectionPlan(for: target, known: type(of: target))
      try inject(target, by: plan, reading: own, stack)
    }
  }

  /// Runs `plan` on `target`, with the injector's own registrations `own` (see ``injectionPlan(for:known:)``).
  @inline(__always)
  private func inject<Target: InjectableSettable>(
    _ target: Target, by plan: TypePlan, reading own: [Registration]?, _ stack: CreationStack
  ) throws(InjectionError) {
    try stack.injecting(ObjectIdentifier(target)) { () throws(InjectionError) in
      var wrote = false
      if plan.onlyFills || plan.singletonFlags?.areSet == true {
        // Registered instances and made singletons: written without an execution.
        wrote = plan.program.writes?.write(target) ?? false
      } else {
        do throws(InjectionError) {
          let execution = Execution(
            injector: self, stack: stack, ownRegistrations: own ?? [], ownLink: plan.callsOwnFactories ? link : nil)
          let pin = Pin(injector: ObjectIdentifier(self), chain: plan.builtFrom, ownRegistrations: own)
          wrote = try stack.pinning(pin) { () throws(InjectionError) in try plan.fill(target, execution) }
        } catch  where stack.isOutermost {
          throw error.operation == "inject(\(plan.typeName))" ? error : error.reported(as: "inject(\(plan.typeName))")
        }
      }
      // A class's `@Injectable` list may say which `didInjectDependencies()` to call: a
      // subclass's that the protocol requirement would never reach.
      guard wrote else { return }
      if let didInject = plan.shape.didInject { didInject(target) } else { target.didInjectDependencies() }
    }
  }

  /// The current plan for `object`'s type, built if there is none, and the injector's own registrations it reads by
  /// slot (nil for any other plan: no empty array is made on the cached path): a child holding only instances runs the
  /// plan a sibling of the same shape built (see ``SiblingShape``).
  /// `known` is `object`'s class with the conformance the caller holds, which spares a first scan its look-ups.
  func injectionPlan(
    for object: AnyObject,
    known: (any InjectableSettable.Type)? = nil
  ) throws(InjectionError) -> (plan: TypePlan, own: [Registration]?) {
    let type = ObjectIdentifier(Swift.type(of: object))
    // Written in place under the lock: a lookup returned by value would be copied on every injection.
    var found: TypePlan?
    var own: [Registration]?
    var lookup = PlanLookup()
    state.withLock { state in
      // The plan used last is the one asked for again, most of the time: one compare.
      if let recent = state.recentPlan, recent.type == type {
        found = recent
        if recent.isSharedWithSiblings { own = state.registry.ordered.all }
        return
      }
      own = state.registry.ordered.all
      lookup.epoch = state.epoch
      if let plan = state.plans[type] {
        found = plan
        lookup.previous = state.recentPlan
        state.recentPlan = plan
      } else if sharesPlansWithSiblings, state.registry.problems.isEmpty,
        state.registry.ordered.shape.holdsOnlyInstances
      {
        lookup.sibling = SiblingPlanKey(type: type, shape: state.registry.ordered.shape)
      }
    }
    withExtendedLifetime(lookup.previous) {}
    // Moved out, not copied: a copy is one more retain and release of the plan.
    if let found = found.take() { return (found, found.isSharedWithSiblings ? own.take() : nil) }
    if let key = lookup.sibling, let parent, let plan = parent.siblingPlan(for: key) {
      return (plan, own)
    }
    // From here on, a change up the chain drops what this builds, here and in the parent.
    joinAncestors()
    let parentEpoch = parent?.state.withLock { $0.epoch }
    let chain = try snapshotChain()
    let plan = TypePlan(
      for: TypeShape.scanned(object, known: known), in: chain, sharedWithSiblings: sharesPlansWithSiblings)
    keep(plan, for: type, builtIn: lookup.epoch)
    let ordered = chain.levels[0].registry.ordered
    if plan.isSharedWithSiblings, let parent, let parentEpoch {
      parent.keep(siblingPlan: plan, for: SiblingPlanKey(type: type, shape: ordered.shape.kept), builtIn: parentEpoch)
    }
    return (plan, plan.isSharedWithSiblings ? ordered.all : nil)
  }

  /// The plan for `target`, an injection nested in a call on this thread: refused inside the object's own injection (a
  /// `didSet` of it, its callback); planned as the call started if it pinned this injector's registry (see ``Pin``)
  /// and that changed since, and then not cached.
  @inline(never)
  private func nestedPlan<Target: InjectableSettable>(for target: Target, _ stack: CreationStack)
    throws(InjectionError) -> (plan: TypePlan, own: [Registration]?)
  {
    if stack.objectsInInjection.contains(ObjectIdentifier(target)) {
      let name = readableName(of: type(of: target))
      throw InjectionError(operation: "inject(\(name))", .reentrantInjection(name))
    }
    let (plan, own) = try injectionPlan(for: target, known: type(of: target))
    guard let pinned = stack.pinnedLevel(of: ObjectIdentifier(self)) else { return (plan, own) }
    // A plan shared with siblings reads this injector's own instances as they are now: as the call started, too?
    let ownHeld = own.map { $0.elementsEqual(pinned.ownRegistrations, by: ===) } ?? true
    if ownHeld, plan.builtFrom.isPinned(by: pinned, sharingFirstLevel: plan.isSharedWithSiblings) { return (plan, own) }
    return (TypePlan(for: plan.shape, in: chain(pinnedAt: pinned)), nil)
  }

  /// The plan for `object`'s type whose candidates say what fills each, for `validate` and `explain`: the cached
  /// one, or one built anew where that one is shared with siblings (it does not name the injector's own).
  func plan(for object: any InjectableSettable) throws(InjectionError) -> TypePlan {
    let plan = try injectionPlan(for: object, known: type(of: object)).plan
    guard plan.isSharedWithSiblings else { return plan }
    return TypePlan(for: plan.shape, in: try snapshotChain())
  }

  /// Whether this injector's plans may serve its siblings: a child's, but not an override's, which lives for one test
  /// or task, and whose plans the process-wide injector would otherwise keep after it.
  var sharesPlansWithSiblings: Bool { parent != nil && overrideCells == nil }
}

/// What ``Injector/injectionPlan(for:known:)`` finds under the lock when the plan used last is not the one.
private struct PlanLookup {
  /// The plan used last before the one found, released after the lock.
  var previous: TypePlan?
  /// The epoch read with the cache, which a plan built now must still be in to be kept.
  var epoch: UInt64 = 0
  /// Where the parent keeps a sibling's plan that would do.
  var sibling: SiblingPlanKey?
}
