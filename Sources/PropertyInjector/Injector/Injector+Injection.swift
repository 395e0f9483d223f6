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
    let stack = CreationStack.current
    if stack.isInInjection || requiresConfiguration {
      try checkCanInject(target, stack: stack)
    }
    let plan = try plan(for: target)
    try stack.injecting(ObjectIdentifier(target)) { () throws(InjectionError) in
      let wrote: Bool
      do throws(InjectionError) {
        wrote = try plan.fill(target, Execution(injector: self, stack: stack))
      } catch  where stack.isOutermost {
        throw error.operation == "inject(\(plan.typeName))" ? error : error.reported(as: "inject(\(plan.typeName))")
      }
      // A class's `@Injectable` list may say which `didInjectDependencies()` to call: a
      // subclass's that the protocol requirement would never reach.
      guard wrote else { return }
      if let didInject = plan.shape.didInject { didInject(target) } else { target.didInjectDependencies() }
    }
  }

  /// Refuses to inject an object from inside its own injection (a `didSet` of it, its callback), or through
  /// ``shared`` before it is configured.
  private func checkCanInject<Target: InjectableSettable>(_ target: Target, stack: CreationStack) throws(InjectionError)
  {
    if stack.objectsInInjection.contains(ObjectIdentifier(target)) {
      let name = readableName(of: type(of: target))
      throw InjectionError(operation: "inject(\(name))", .reentrantInjection(name))
    }
    try checkConfigured(operation: "inject(\(readableName(of: type(of: target))))")
  }

  /// The current plan for `object`'s type, built if there is none; throws ``InjectionError/Code/timedOut``
  /// when a configuration on another thread lasts too long.
  func plan(for object: AnyObject) throws(InjectionError) -> TypePlan {
    let type = ObjectIdentifier(Swift.type(of: object))
    // The plan used last is the one asked for again, most of the time: one lock, one compare.
    if let recent = state.withLock({ $0.recentPlan }), recent.type == type { return recent }
    let (cached, epoch, previous) = state.withLock { state -> (TypePlan?, UInt64, TypePlan?) in
      guard let plan = state.plans[type] else { return (nil, state.epoch, nil) }
      defer { state.recentPlan = plan }
      return (plan, state.epoch, state.recentPlan)
    }
    withExtendedLifetime(previous) {}
    if let cached { return cached }
    let plan = PlanBuilder.plan(for: TypeShape.scanned(object), in: try snapshotChain())
    keep(plan, for: type, builtIn: epoch)
    return plan
  }
}
