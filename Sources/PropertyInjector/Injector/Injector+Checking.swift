extension Injector {
  /// Checks, without creating or changing anything, that injecting objects of these types
  /// would succeed, and reports every problem at once.
  ///
  /// ```swift
  /// @Test func appWiringIsComplete() throws {
  ///   let injector = makeAppInjector()
  ///   try injector.validate(ProfileScreen(), FeedScreen(), SettingsScreen())
  /// }
  /// ```
  ///
  /// Checks each type's declarations and tables, and that every candidate would resolve as if
  /// it were nil; and the injector's configuration problems, also when no object is given. A value a
  /// factory would make is injected as it is made: its type is checked the same way, when it is
  /// `@Injectable` (a hand-written table's type needs an instance: pass one too).
  /// Nothing is written and no factory runs, so what only a write shows is found by ``inject(_:)``: a
  /// factory that throws; through a hand-written table, a `weak` or `unowned` property that would not keep
  /// a made value, and a non-final class's key path that reaches another property (see <doc:TheRules>).
  ///
  /// - Parameter objects: One instance of each type to check.
  /// - Throws: ``InjectionError`` listing every problem of every type.
  public func validate(_ objects: any InjectableSettable...) throws(InjectionError) {
    let operation = "validate(\(objects.map { readableName(of: type(of: $0)) }.joined(separator: ", ")))"
    try checkConfigured(operation: operation)
    let chain = try snapshotChain()
    var problems = chain.configurationProblems
    var checked: Set<ObjectIdentifier> = []
    for object in objects where checked.insert(ObjectIdentifier(type(of: object))).inserted {
      let plan = try plan(for: object)
      problems +=
        try validationProblems(of: plan, in: chain, checked: &checked) + plan.entryProblems(in: object)
        + wrapperProblems(of: object)
    }
    try InjectionError.throwIfAny(problems, as: operation)
  }

  /// Checks, without an instance and without creating anything, that injecting objects of these
  /// `@Injectable` types would succeed, and reports every problem at once.
  ///
  /// ```swift
  /// @MainActor @Test func appWiringIsComplete() throws {
  ///   try makeAppInjector().validate(ProfileScreen.self, FeedScreen.self, SettingsScreen.self)
  /// }
  /// ```
  ///
  /// Checks what ``validate(_:)`` checks, from a type whose whole hierarchy is `@Injectable`.
  /// A class that is not, or lists key paths by hand, is reported as
  /// ``InjectionError/Code-swift.struct/needsInstance``: pass an instance. A property another
  /// macro adds is found by the first injection, and `@Injected` properties only with an instance.
  ///
  /// - Parameters:
  ///   - type: A type to check.
  ///   - more: More types to check.
  /// - Throws: ``InjectionError`` listing every problem of every type.
  public func validate(_ type: any InjectableSettable.Type, _ more: any InjectableSettable.Type...)
    throws(InjectionError)
  {
    let types = [type] + more
    let operation = "validate(\(types.map { "\(readableName(of: $0)).self" }.joined(separator: ", ")))"
    try checkConfigured(operation: operation)
    let chain = try snapshotChain()
    var problems = chain.configurationProblems
    var checked: Set<ObjectIdentifier> = []
    for type in types where checked.insert(ObjectIdentifier(type)).inserted {
      guard let shape = TypeShape(describing: type) else {
        problems.append(.needsInstance(readableName(of: type)))
        continue
      }
      problems += try validationProblems(of: TypePlan(for: shape, in: chain), in: chain, checked: &checked)
    }
    try InjectionError.throwIfAny(problems, as: operation)
  }

  /// What `inject` would throw for the plan's type, from this thread; then, once per type, what injecting each value
  /// its factories make would throw (as if nil, each candidate; from the injector that owns the factory, as
  /// ``Execution/owner(atLevel:)`` finds it), when that type is `@Injectable`: a hand-written table needs an instance.
  private func validationProblems(of plan: TypePlan, in chain: SnapshotChain, checked: inout Set<ObjectIdentifier>)
    throws(InjectionError) -> [InjectionError.Problem]
  {
    plan.declarationProblems + plan.program.failing.compactMap(\.failure) + plan.offMainActorProblems(in: nil)
      + (try madeValueProblems(of: plan, nilIn: nil, in: chain, checked: &checked))
  }

  /// What injecting the values `plan`'s factories make (for `object`'s nil candidates, or all) would throw, once per
  /// type: see ``validationProblems(of:in:checked:)``.
  private func madeValueProblems(
    of plan: TypePlan, nilIn object: AnyObject?, in chain: SnapshotChain, checked: inout Set<ObjectIdentifier>
  ) throws(InjectionError) -> [InjectionError.Problem] {
    var problems: [InjectionError.Problem] = []
    for (type, level) in plan.madeTypes(nilIn: object) where checked.insert(ObjectIdentifier(type)).inserted {
      guard let shape = TypeShape(describing: type) else { continue }
      let owner =
        level == 0 ? self : Execution(injector: self, stack: .current).owner(atLevel: level).execution.injector
      guard let owner = owner as? Injector else { continue }
      let ownerChain = owner === self ? chain : try owner.snapshotChain()
      problems += try owner.validationProblems(
        of: TypePlan(for: shape, in: ownerChain), in: ownerChain, checked: &checked)
    }
    return problems
  }

  /// A readable account of how this injector would fill `object` now, without changing it.
  ///
  /// ```swift
  /// print(injector.explain(screen))
  /// // How the injector fills ProfileScreen (3 candidates):
  /// // - ProfileScreen.injectedLogger: (any Logger)? ← ConsoleLogger (as any Logger): exact type
  /// // - ProfileScreen.injectedCacheFirst: Cache? ← ImageCache (for ProfileScreen, id "first", including ancestors): ...
  /// // - ProfileScreen.analytics: Analytics? — already set, left alone
  /// ```
  ///
  /// Each candidate is shown with what fills it and why, or why nothing does; what injecting a value a
  /// factory makes for a nil candidate would throw is listed with the problems, as ``validate(_:)`` finds it. It reads the plan
  /// ``inject(_:)`` runs, so the two cannot disagree, as called from this thread (off the main actor,
  /// a main-actor registration's candidate is unresolved); nothing is created, and the object is only
  /// read. Handy in a debugger: `po injector.explain(self)`.
  ///
  /// - Parameter object: The object to explain.
  /// - Returns: The account; print it, or read its entries.
  public func explain<Target: InjectableSettable>(_ object: Target) -> InjectionReport {
    let plan: TypePlan
    let chain: SnapshotChain
    // What injecting the values made for the nil candidates would throw: no entry's, the injection's.
    let madeValueProblems: [InjectionError.Problem]
    do {
      try checkConfigured(operation: "explain(\(readableName(of: Target.self)))")
      plan = try self.plan(for: object)
      chain = try snapshotChain()
      var checked: Set<ObjectIdentifier> = [ObjectIdentifier(Target.self)]
      madeValueProblems = try self.madeValueProblems(of: plan, nilIn: object, in: chain, checked: &checked)
    } catch {
      return InjectionReport(typeName: readableName(of: Target.self), entries: [], problems: error.problems)
    }
    // A key path that reaches another property, told by this object.
    let reachingOthers = Dictionary(
      TypeShape.failing(plan.shape.provenEntries.unproven(plan.program.entryChecks), in: object).map {
        (ObjectIdentifier(plan.shape.properties[$0.index].site), $0.problem)
      },
      uniquingKeysWith: { first, _ in first })
    var entries: [(index: Int, entry: InjectionReport.Entry)] = []
    var attached: [InjectionError.Problem] = []
    func add(
      _ property: TypeShape.Property,
      _ status: InjectionReport.Status,
      source: String? = nil,
      reasons: [String] = [],
      problem: InjectionError.Problem? = nil
    ) {
      let index = plan.shape.properties.firstIndex { $0.owner == property.owner && $0.name == property.name } ?? 0
      let declared = property.declaredTypeName ?? property.reflectedType.map { readableName(of: $0) } ?? "?"
      let entry = InjectionReport.Entry(
        typeName: readableName(of: property.owner), property: property.name, declaredType: declared, status: status,
        source: source, reasons: reasons, problem: problem)
      entries.append((index, entry))
    }
    for step in plan.program.steps {
      let candidate = step.candidate
      let reachingOther = reachingOthers[ObjectIdentifier(candidate.site)]
      if reachingOther == nil && !step.isNil(in: object) {
        add(candidate.property, .alreadySet)
      } else if let failure = reachingOther ?? step.failure ?? plan.offMainActorProblem(of: step) {
        let unresolved = [.unresolved, .typeMismatch, .mainActorRequired].contains(failure.code)
        add(candidate.property, unresolved ? .unresolved : .invalid, problem: failure)
      } else {
        add(
          candidate.property, .filled, source: candidate.answer.map(\.named.summary),
          reasons: Describe.reasons(for: candidate.answer, candidate.request, in: chain))
      }
    }
    for (candidate, problem) in plan.program.invalidCandidates {
      let problem = problem ?? plan.problems.first { $0.property == candidate.property.name }
      if let problem { attached.append(problem) }
      add(candidate.property, .invalid, problem: problem)
    }
    return InjectionReport(
      typeName: plan.typeName, entries: entries.sorted { $0.index < $1.index }.map(\.entry),
      problems: plan.problems.filter { !attached.contains($0) } + madeValueProblems)
  }
}
