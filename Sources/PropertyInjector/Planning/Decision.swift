/// What the injector will do with one candidate property, decided against the registries: the
/// single place where candidates, precedence and declaration problems meet.
///
/// ``InjectionPlan`` keeps the parts it needs to inject; ``Injector/validate(_:)`` keeps the
/// problems; ``Injector/explain(_:)`` keeps the reasons. All three read the same decisions, so
/// they cannot disagree.
struct Decision {
  enum Outcome {
    /// The property's declaration is wrong. Nil when the problem is already reported with the
    /// type's table.
    case invalid(InjectionError.Problem?)
    /// A registered instance fills it, already cast.
    case fill(FillStep, Registration, level: Int)
    /// A value is made for it when it is nil: a factory or singleton (with its registration),
    /// an auto-created type, or a `Lazy`/`Provider` (with the registration it would resolve to).
    case produce(InjectionPlan.Production, Registration?, level: Int)
    /// Injection fails if the property is nil: nothing fills it, or its name registration does
    /// not fit.
    case failsIfNil(InjectionPlan.PendingProblem)
  }

  let property: TypeBlueprint.Property
  /// What the property asks for; nil when its declaration is invalid.
  let request: Request?
  let outcome: Outcome
}

extension RegistryChain {
  /// A decision for every candidate of `blueprint`, in declaration order (base classes first).
  ///
  /// - Complexity: O(c × r) for c candidates and r registrations that could fit them.
  func decisions(for blueprint: TypeBlueprint) -> [Decision] {
    blueprint.properties.compactMap { property in
      guard property.hasInjectedPrefix || nameRegistration(for: property.label) != nil else { return nil }
      if let issue = property.issue {
        return Decision(
          property: property, request: nil, outcome: .invalid(issue.problem(for: property, in: blueprint)))
      }
      guard let accessor = property.accessor else { return nil }
      // A site only for what needs one (productions, failures): most candidates are filled
      // by instances and never name themselves.
      var site: Site { Site(property) }
      let deferral = accessor.wrapped.deferral
      let needed = deferral?.inner ?? accessor.wrapped
      let request = Request(label: property.label, probe: needed, classChain: blueprint.classChain)
      let production = { (supply: InjectionPlan.Production.Supply) in
        InjectionPlan.Production(accessor: accessor, writer: accessor.writer(), site: site, supply: supply)
      }
      let failure = { (problem: InjectionError.Problem) in
        Decision.Outcome.failsIfNil(InjectionPlan.PendingProblem(writer: accessor.writer(), problem: problem))
      }

      let outcome: Decision.Outcome
      switch choose(for: request) {
      case (.chosen(let registration), let level)?:
        if let deferral {
          outcome = .produce(production(.deferred(deferral, request)), registration, level: level)
        } else if let value = registration.constantValue {
          outcome =
            accessor.filling(with: value).map { .fill($0, registration, level: level) }
            ?? failure(.mismatch(at: site, needing: needed, from: registration, value: value))
        } else {
          outcome = .produce(production(.registration(registration, level: level)), registration, level: level)
        }
      case (.mismatch(let registration), _)?:
        outcome = failure(.mismatch(at: site, needing: needed, from: registration, value: registration.instance))
      case nil:
        if needed.isCreatable && !hasRegistration(fitting: request) {
          outcome = .produce(production(deferral.map { .deferred($0, request) } ?? .creatable(needed)), nil, level: 0)
        } else {
          outcome = failure(.unresolved(at: site, needing: needed, nearMisses: nearMisses(for: request)))
        }
      }
      return Decision(property: property, request: request, outcome: outcome)
    }
  }
}

extension TypeBlueprint.CandidateIssue {
  /// The problem this issue is for `property` of `blueprint`'s type; nil for a broken table
  /// entry, which the table's problems already report.
  func problem(for property: TypeBlueprint.Property, in blueprint: TypeBlueprint) -> InjectionError.Problem? {
    let why =
      property.hasInjectedPrefix
      ? "its name starts with \"\(TypeBlueprint.candidatePrefix)\", so it is a candidate for injection"
      : "a name registration targets \"\(property.label)\", so it is a candidate for injection"
    // The blueprint does not test optionality, so that no property pays for it; only candidates do.
    var issue = self
    switch issue {
    case .missingFromTable, .brokenEntry:
      if !(property.declaredType is any OptionalProtocol.Type) { issue = .notOptional }
    default:
      break
    }
    switch issue {
    case .notOptional:
      return InjectionError.Problem(
        code: .notOptional, typeName: property.ownerName, property: property.label,
        declaredType: property.declaredTypeName,
        summary: "\(why), but it is not optional, so it can never be nil for the injector to fill.",
        fix: property.hasInjectedPrefix
          ? "Declare it optional (`\(property.declaredTypeName)?` or `\(property.declaredTypeName)!`), "
            + "or rename it so its name does not start with \"\(TypeBlueprint.candidatePrefix)\"."
          : "Declare it optional (`\(property.declaredTypeName)?`), or register the value under another name."
      )
    case .missingFromTable:
      return InjectionError.Problem(
        code: .missingFromTable, typeName: property.ownerName, property: property.label,
        declaredType: property.declaredTypeName,
        summary: "\(why), but \(blueprint.typeName).injectableKeyPaths has no entry for it, "
          + "so the injector cannot write it.",
        fix:
          "Add \"\(property.label)\": \\\(property.ownerName).\(property.label) to \(blueprint.typeName).injectableKeyPaths."
      )
    case .brokenEntry:
      return nil
    case .lazy:
      return InjectionError.Problem(
        code: .unsupportedProperty, typeName: property.ownerName, property: property.label,
        summary: "\(why), but it is a `lazy var`: the injector would have to read it to see whether it is nil, "
          + "which runs its initializer.",
        fix: "Declare it as a plain optional `var` without `lazy`, or rename it so its name does not start with "
          + "\"\(TypeBlueprint.candidatePrefix)\"."
      )
    }
  }
}
