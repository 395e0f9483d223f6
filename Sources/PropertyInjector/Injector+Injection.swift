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
  /// Injection is all or nothing: every check, and every value a factory must make, comes
  /// before the first write. Factories and callbacks run outside the injector's lock.
  ///
  /// The first injection of a type scans it with `Mirror`; later injections reuse a cached
  /// plan. A property is read and written through its key path until the injector has seen,
  /// by watching one key-path write, that the property is a plain stored field (on Linux);
  /// from then on it is read and written in place, with the same effect, and no allocation.
  ///
  /// - Parameter target: The object to fill.
  /// - Throws: ``InjectionError`` listing every problem at once: every nil candidate nothing
  ///   fills (``InjectionError/Code/unresolved``, with what came close), name registrations of
  ///   the wrong type, and every problem with the type's declarations or table, whatever its
  ///   properties hold; or the first failure to make a value (a factory that throws, a
  ///   ``InjectionError/Code/cycle``). When it throws, no property of `target` has changed.
  public func inject<Target: InjectableSettable>(_ target: Target) throws {
    let stack = CreationStack.current
    if !stack.objectsInCallback.isEmpty || requiresConfiguration {
      try checkCanInject(target, stack: stack)
    }
    let plan = plan(for: target)
    guard plan.onlyFills else {
      return try reportingFailures(as: "inject(\(plan.blueprint.typeName))", stack: stack) {
        try inject(target, following: plan, stack: stack)
      }
    }
    write(target, following: plan, made: [], stack: stack)
  }

  /// Injection when the plan may fail or must make values: check, make, then write.
  private func inject<Target: InjectableSettable>(_ target: Target, following plan: InjectionPlan, stack: CreationStack)
    throws
  {
    var problems = plan.problems
    for pending in plan.pendingProblems where pending.writer.isNil(in: target) {
      problems.append(pending.problem)
    }
    guard problems.isEmpty else {
      throw InjectionError(operation: "inject(\(plan.blueprint.typeName))", problems: problems)
    }
    // Every value is made, and checked, before the first write.
    var made: [(production: InjectionPlan.Production, value: Any)] = []
    made.reserveCapacity(plan.productions.count)
    for production in plan.productions where production.writer.isNil(in: target) {
      let value = try produce(production)
      guard production.accessor.accepts(value) else {
        let needed = production.accessor.wrapped
        throw InjectionError(
          operation: "inject(\(plan.blueprint.typeName))",
          InjectionError.Problem(
            code: .typeMismatch, typeName: production.site.typeName, property: production.site.property,
            declaredType: production.site.declaredType,
            summary: "the value made for it is \(aOrAn(readableName(of: type(of: value)))), not \(aOrAn(needed.name)).",
            fix: "Make the factory registered for it return \(aOrAn(needed.name))."))
      }
      made.append((production, value))
    }
    write(target, following: plan, made: made, stack: stack)
  }

  /// Runs the plan's fills and writes the values made, forgets the plan if a write learned
  /// something (where a property's writes land, or a singleton now made) so the next injection
  /// uses it, then runs the callback if anything was set.
  private func write<Target: InjectableSettable>(
    _ target: Target,
    following plan: InjectionPlan,
    made: [(production: InjectionPlan.Production, value: Any)],
    stack: CreationStack
  ) {
    var didSet = false
    var learned = false
    for step in plan.fills where step.fill(target) {
      didSet = true
      if plan.learns, step.learning != nil { learned = true }
    }
    for (production, value) in made where production.writer.fill(target, with: value) {
      didSet = true
      if production.writer.learning != nil || production.makesSingleton { learned = true }
    }
    if learned {
      let id = ObjectIdentifier(type(of: target))
      state.withLock { state in
        if state.plans[id] === plan { state.plans[id] = nil }
      }
    }
    if didSet {
      stack.inCallback(of: ObjectIdentifier(target)) { target.didInjectDependencies() }
    }
  }

  /// Runs `body`; when this is the outermost call on the thread, an ``InjectionError`` it throws
  /// from deep inside a creation is reported as the failure of `operation`, the call the user made.
  func reportingFailures<Result>(
    as operation: @autoclosure () -> String,
    stack: CreationStack,
    _ body: () throws -> Result
  ) throws -> Result {
    do {
      return try body()
    } catch let error as InjectionError where stack.frames.isEmpty {
      let operation = operation()
      guard error.operation != operation else { throw error }
      throw error.reported(as: operation)
    }
  }

  /// Refuses to inject an object from inside its own callback, or through ``shared`` before
  /// it is configured.
  private func checkCanInject<Target: InjectableSettable>(_ target: Target, stack: CreationStack) throws {
    if stack.objectsInCallback.contains(ObjectIdentifier(target)) {
      let name = readableName(of: type(of: target))
      throw InjectionError(
        operation: "inject(\(name))",
        InjectionError.Problem(
          code: .reentrantInjection, typeName: name,
          summary: "inject was called on this \(name) from inside its own didInjectDependencies(), "
            + "while its injection is still finishing.",
          fix: "Do not inject the object from its callback: every candidate is already filled when the callback runs."
        ))
    }
    try checkConfigured(operation: "inject(\(readableName(of: type(of: target))))")
  }

  /// The current plan for `target`'s type, built if there is none.
  func plan<Target: InjectableSettable>(for target: Target) -> InjectionPlan {
    let id = ObjectIdentifier(type(of: target))
    let cached = state.withLock { state -> InjectionPlan? in
      if let recent = state.recentPlan, recent.type == id { return recent.plan }
      guard let plan = state.plans[id] else { return nil }
      state.recentPlan = (id, plan)
      return plan
    }
    if let cached, parent == nil || ancestorsUnchanged(since: cached) {
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
