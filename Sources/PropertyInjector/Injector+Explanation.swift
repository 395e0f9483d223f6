extension Injector {
  /// A readable account of how this injector would fill `object` now, without changing it.
  ///
  /// ```swift
  /// print(injector.explain(screen))
  /// // How the injector fills ProfileScreen (4 candidates):
  /// // - ProfileScreen.injectedLogger: Logger? ← ConsoleLogger (as Logger): exact type
  /// // - ProfileScreen.injectedCacheFirst: Cache? ← ImageCache (for ProfileScreen, id "first", including ancestors): ...
  /// // - ProfileScreen.analytics: Analytics? — already set, left alone
  /// ```
  ///
  /// Each candidate is shown with what fills it and why (a name registration, the id that ends
  /// its name, the target class, an exact or ancestor type, the parent injector), or why nothing
  /// does. Nothing is created: factories do not run, and the object is only read. Handy in a
  /// debugger (`po injector.explain(self)`) and in tests.
  ///
  /// - Parameter object: The object to explain.
  /// - Returns: The account; print it, or read its entries.
  public func explain<Target: InjectableSettable>(_ object: Target) -> InjectionReport {
    let blueprint = blueprints.blueprint(for: object)
    let chain = registryChain()
    let entries = chain.decisions(for: blueprint).map { decision in
      entry(for: decision, of: object, blueprint: blueprint, in: chain)
    }
    return InjectionReport(
      typeName: blueprint.typeName, entries: entries,
      tableProblems: blueprint.tableProblems.filter { problem in
        !entries.contains { $0.property == problem.property && $0.problem == problem }
      })
  }

  private func entry(
    for decision: Decision,
    of object: AnyObject,
    blueprint: TypeBlueprint,
    in chain: RegistryChain
  ) -> InjectionReport.Entry {
    let property = decision.property
    let isSet = property.accessor.map { !$0.writer().isNil(in: object) } ?? false
    var status = InjectionReport.Status.filled
    var source: String?
    var reasons: [String] = []
    var problem: InjectionError.Problem?

    switch decision.outcome {
    case .invalid(let invalid):
      status = .invalid
      problem = invalid ?? blueprint.tableProblems.first { $0.property == property.label }
    case .failsIfNil(let pending):
      status = isSet ? .alreadySet : .unresolved
      problem = isSet ? nil : pending.problem
    case .fill(_, let registration, let level):
      status = isSet ? .alreadySet : .filled
      source = registration.summary
      reasons = Self.reasons(registration, decision.request, chain, level: level)
    case .produce(let production, let registration, let level):
      status = isSet ? .alreadySet : .filled
      (source, reasons) = Self.describe(production, registration, decision.request, chain, level: level)
    }
    return InjectionReport.Entry(
      typeName: property.ownerName, property: property.label, declaredType: property.declaredTypeName,
      status: status, source: source, reasons: reasons, problem: problem)
  }

  private static func describe(
    _ production: InjectionPlan.Production,
    _ registration: Registration?,
    _ request: Request?,
    _ chain: RegistryChain,
    level: Int
  ) -> (source: String, reasons: [String]) {
    let scope = { (registration: Registration) -> String in
      switch registration.source {
      case .instance: "the registered instance"
      case .factory: "a new value from the factory each time"
      case .singleton: "one shared value, made on first use"
      }
    }
    switch production.supply {
    case .registration(let registration, _):
      return (registration.summary, reasons(registration, request, chain, level: level) + [scope(registration)])
    case .creatable(let type):
      return (
        "a new \(type.name) from init(injector:)",
        ["nothing is registered for \(type.name), and it is InjectorCreatable"]
      )
    case .deferred(let deferral, _):
      let handle = readableName(of: production.accessor.wrapped.type)
      guard let registration else {
        return (
          "\(aOrAn(handle)) creating a new \(deferral.inner.name) from init(injector:)",
          [
            "resolved \(deferral.timing)",
            "nothing is registered for \(deferral.inner.name), and it is InjectorCreatable",
          ]
        )
      }
      return (
        "\(aOrAn(handle)) of \(registration.summary)",
        ["resolved \(deferral.timing)"] + reasons(registration, request, chain, level: level) + [scope(registration)]
      )
    }
  }

  /// Why `registration` wins `request`, in order of precedence.
  private static func reasons(_ registration: Registration, _ request: Request?, _ chain: RegistryChain, level: Int)
    -> [String]
  {
    var reasons: [String] = []
    if case .name(let name) = registration.match {
      reasons.append("registered under its name \"\(name)\"")
    } else if let request, case .type(let match) = registration.match {
      if let id = match.id { reasons.append("its name ends with id \"\(id.original)\"") }
      if let target = match.target { reasons.append("registered for \(target.name)") }
      if registration.service.id == request.probe.id {
        reasons.append("exact type")
      } else {
        let given = registration.instance.map { readableName(of: type(of: $0)) } ?? registration.service.name
        reasons.append("ancestor match: \(aOrAn(given)) is \(aOrAn(request.probe.name))")
      }
      let others = chain.levels[level].registry.eligibleCount(for: request) - 1
      if others > 0 {
        reasons.append("preferred over \(others) other eligible registration\(others == 1 ? "" : "s")")
      }
    }
    if level == 1 {
      reasons.append("from the parent injector")
    } else if level > 1 {
      reasons.append("from an ancestor injector, \(level) levels up")
    }
    return reasons
  }
}
