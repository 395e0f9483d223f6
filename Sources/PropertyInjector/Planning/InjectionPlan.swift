/// How one injector fills one type, worked out once and reused until a registration changes.
///
/// Building a plan resolves every candidate against the registries (precedence, casts, near
/// misses); applying it only reads properties, makes values that must be made, and writes. A
/// plan records the generation of each registry it was built from, so a later registration
/// never leaves it giving stale answers. It refers to injectors by their distance up the
/// parent chain, never by reference, so a cached plan keeps no injector alive.
final class InjectionPlan: @unchecked Sendable {
  /// A candidate that makes injection fail if it is nil.
  struct PendingProblem {
    let accessor: PropertyAccessor
    let problem: InjectionError.Problem
  }

  /// A candidate whose value must be made when it is nil: by a factory, a singleton, an
  /// auto-created type, or a fresh ``Lazy`` or ``Provider``.
  struct Production {
    enum Supply {
      /// A factory or singleton registration of the injector `level` steps up the chain.
      case registration(Registration, level: Int)
      /// A new instance of an ``InjectorCreatable`` type nothing is registered for.
      case creatable(TypeProbe)
      /// A `Lazy` or `Provider` that resolves `request` later.
      case deferred(Deferral, Request)
    }

    let accessor: PropertyAccessor
    let site: Site
    let supply: Supply
  }

  let blueprint: TypeBlueprint
  /// The generation of each registry in the chain, the injector's own first.
  let generations: [UInt64]
  /// Problems that fail every injection of the type: its declarations.
  let problems: [InjectionError.Problem]
  /// Problems that fail an injection when their property is nil: unresolved candidates, and
  /// name registrations of the wrong type.
  let pendingProblems: [PendingProblem]
  /// One step per candidate filled by a registered instance, its value already cast.
  let fills: [FillStep]
  /// One entry per candidate whose value is made at injection time.
  let productions: [Production]

  /// Whether applying the plan cannot fail and makes nothing: only instances to write, so the
  /// fills can run without reading anything first.
  let onlyFills: Bool

  /// Resolves every candidate of `blueprint` against `chain`.
  ///
  /// - Complexity: O(c × r) for c candidates and r registrations that could fit them.
  init(blueprint: TypeBlueprint, chain: RegistryChain) {
    self.blueprint = blueprint
    generations = chain.levels.map(\.generation)
    var problems = blueprint.tableProblems
    var pending: [PendingProblem] = []
    var fills: [FillStep] = []
    var productions: [Production] = []

    for property in blueprint.properties {
      let namedBy = chain.nameRegistration(for: property.label)
      guard property.hasInjectedPrefix || namedBy != nil else { continue }
      if let issue = property.issue {
        if let problem = Self.problem(issue, property, blueprint) { problems.append(problem) }
        continue
      }
      guard let accessor = property.accessor else { continue }
      let site = Site(property)
      let deferral = accessor.wrapped.deferral
      let needed = deferral?.inner ?? accessor.wrapped
      let request = Request(label: property.label, probe: needed, classChain: blueprint.classChain)
      let unresolved = {
        PendingProblem(
          accessor: accessor,
          problem: .unresolved(at: site, needing: needed, nearMisses: chain.nearMisses(for: request)))
      }

      switch chain.choose(for: request) {
      case (.chosen(let registration), let level)?:
        if let deferral {
          productions.append(Production(accessor: accessor, site: site, supply: .deferred(deferral, request)))
        } else if let value = registration.instance {
          if let fill = accessor.filling(with: value) {
            fills.append(fill)
          } else {
            let problem = InjectionError.Problem.mismatch(
              at: site, needing: needed, from: registration, value: value)
            pending.append(PendingProblem(accessor: accessor, problem: problem))
          }
        } else {
          productions.append(
            Production(accessor: accessor, site: site, supply: .registration(registration, level: level)))
        }
      case (.mismatch(let registration), _)?:
        let problem = InjectionError.Problem.mismatch(
          at: site, needing: needed, from: registration, value: registration.instance)
        pending.append(PendingProblem(accessor: accessor, problem: problem))
      case nil:
        if needed.isCreatable && !chain.hasRegistration(fitting: request) {
          let supply: Production.Supply = deferral.map { .deferred($0, request) } ?? .creatable(needed)
          productions.append(Production(accessor: accessor, site: site, supply: supply))
        } else {
          pending.append(unresolved())
        }
      }
    }
    self.problems = problems
    self.pendingProblems = pending
    self.fills = fills
    self.productions = productions
    onlyFills = problems.isEmpty && pending.isEmpty && productions.isEmpty
  }
}

extension InjectionPlan {
  private static func problem(
    _ issue: TypeBlueprint.CandidateIssue,
    _ property: TypeBlueprint.Property,
    _ blueprint: TypeBlueprint
  ) -> InjectionError.Problem? {
    let why =
      property.hasInjectedPrefix
      ? "its name starts with \"\(TypeBlueprint.candidatePrefix)\", so it is a candidate for injection"
      : "a name registration targets \"\(property.label)\", so it is a candidate for injection"
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
      return nil  // reported with the table's problems
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
