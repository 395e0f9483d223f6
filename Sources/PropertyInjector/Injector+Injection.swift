extension Injector {
  /// Fills every nil candidate property of `target` from the registrations, all or nothing.
  ///
  /// ```swift
  /// let screen = ProfileScreen()
  /// try injector.inject(screen)
  /// ```
  ///
  /// Candidates are the stored properties of `target`, its superclasses' included, whose names
  /// start with `injected` (case-sensitive), plus those whose exact name is registered with
  /// ``register(_:named:)``. Nothing else is touched. A candidate that already holds a value is
  /// left alone and needs no registration. After an injection that set at least one property,
  /// `target`'s ``InjectableSettable/didInjectDependencies()`` runs once.
  ///
  /// The first injection of a type scans it with `Mirror`; later injections reuse a cached
  /// plan and cost one key-path read per candidate, plus one write per property filled.
  ///
  /// - Parameter target: The object to fill.
  /// - Throws: ``InjectionError`` listing every problem at once: every nil candidate nothing
  ///   fills (``InjectionError/Code/unresolved``, with what came close), name registrations of
  ///   the wrong type, and every problem with the type's declarations or table, whatever its
  ///   properties hold. When it throws, no property of `target` has changed.
  public func inject<Target: InjectableSettable>(_ target: Target) throws {
    let plan = plan(for: target)
    if plan.cannotFail {
      fill(target, following: plan)
      return
    }
    var problems = plan.problems
    for pending in plan.pendingProblems where pending.accessor.isNil(in: target) {
      problems.append(pending.problem)
    }
    guard problems.isEmpty else {
      throw InjectionError(operation: "inject(\(plan.blueprint.typeName))", problems: problems)
    }
    fill(target, following: plan)
  }

  /// Runs the plan's fills, then the callback if anything was set.
  private func fill<Target: InjectableSettable>(_ target: Target, following plan: InjectionPlan) {
    var didSet = false
    for step in plan.fills where step.fill(target) {
      didSet = true
    }
    if didSet {
      target.didInjectDependencies()
    }
  }

  /// The current plan for `target`'s type, built if there is none.
  func plan<Target: InjectableSettable>(for target: Target) -> InjectionPlan {
    let id = ObjectIdentifier(type(of: target))
    if let cached = state.withLock({ $0.plans[id] }) {
      return cached
    }
    let blueprint = blueprints.blueprint(for: target)
    let plan = InjectionPlan(blueprint: blueprint, chain: registryChain())
    state.withLock { state in
      // A registration made while the plan was built has already forgotten the old plans;
      // this one is stale too, so it is used once and not kept.
      if state.generation == plan.generations[0] { state.plans[id] = plan }
    }
    return plan
  }
}
