/// How one injector fills one type, worked out once and reused until a registration changes.
///
/// Building a plan resolves every candidate against the registries (precedence, casts, near
/// misses); applying it only reads and writes properties. A plan records the generation of
/// each registry it was built from, so a later registration never leaves it giving stale
/// answers.
final class InjectionPlan: @unchecked Sendable {
  /// A candidate that makes injection fail if it is nil.
  struct PendingProblem {
    let accessor: PropertyAccessor
    let problem: InjectionError.Problem
  }

  let blueprint: TypeBlueprint
  /// The generation of each registry in the chain, the injector's own first.
  let generations: [UInt64]
  /// Problems that fail every injection of the type: its declarations.
  let problems: [InjectionError.Problem]
  /// Problems that fail an injection when their property is nil: unresolved candidates, and
  /// name registrations of the wrong type.
  let pendingProblems: [PendingProblem]
  /// One step per resolved candidate, each with its value already cast.
  let fills: [FillStep]

  /// Whether applying the plan cannot fail: no problems of either kind, so the fills can run
  /// without reading anything first.
  let cannotFail: Bool

  /// Resolves every candidate of `blueprint` against `chain`.
  ///
  /// - Complexity: O(c × r) for c candidates and r registrations that could fit them.
  init(blueprint: TypeBlueprint, chain: RegistryChain) {
    self.blueprint = blueprint
    generations = chain.levels.map(\.generation)
    var problems = blueprint.tableProblems
    var pending: [PendingProblem] = []
    var fills: [FillStep] = []

    for property in blueprint.properties {
      let namedBy = chain.nameRegistration(for: property.label)
      guard property.hasInjectedPrefix || namedBy != nil else { continue }
      if let issue = property.issue {
        if let problem = Self.problem(issue, property, blueprint, namedBy: namedBy) { problems.append(problem) }
        continue
      }
      guard let accessor = property.accessor else { continue }
      let request = Request(label: property.label, probe: accessor.wrapped, classChain: blueprint.classChain)
      switch chain.choose(for: request) {
      case .chosen(let registration)?:
        if let value = registration.instance, let fill = accessor.filling(with: value) {
          fills.append(fill)
        } else {
          pending.append(PendingProblem(accessor: accessor, problem: Self.mismatch(property, registration)))
        }
      case .mismatch(let registration)?:
        pending.append(PendingProblem(accessor: accessor, problem: Self.mismatch(property, registration)))
      case nil:
        pending.append(
          PendingProblem(accessor: accessor, problem: Self.unresolved(property, chain.nearMisses(for: request))))
      }
    }
    self.problems = problems
    self.pendingProblems = pending
    self.fills = fills
    cannotFail = problems.isEmpty && pending.isEmpty
  }
}

extension InjectionPlan {
  private static func problem(
    _ issue: TypeBlueprint.CandidateIssue,
    _ property: TypeBlueprint.Property,
    _ blueprint: TypeBlueprint,
    namedBy registration: Registration?
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
          ? "Declare it optional (`\(property.declaredTypeName)?` or `\(property.declaredTypeName)!`), or rename it so its name does not start with \"\(TypeBlueprint.candidatePrefix)\"."
          : "Declare it optional (`\(property.declaredTypeName)?`), or register the value under another name."
      )
    case .missingFromTable:
      return InjectionError.Problem(
        code: .missingFromTable, typeName: property.ownerName, property: property.label,
        declaredType: property.declaredTypeName,
        summary:
          "\(why), but \(blueprint.typeName).injectableKeyPaths has no entry for it, so the injector cannot write it.",
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

  private static func unresolved(_ property: TypeBlueprint.Property, _ nearMisses: [String])
    -> InjectionError.Problem
  {
    let wrapped = property.accessor?.wrapped.name ?? property.declaredTypeName
    return InjectionError.Problem(
      code: .unresolved, typeName: property.ownerName, property: property.label,
      declaredType: property.declaredTypeName,
      summary: "it is nil, and nothing registered fills it.",
      nearMisses: nearMisses,
      fix: nearMisses.isEmpty
        ? "Register a \(wrapped) (`try injector.register(value, as: \(wrapped).self)`), or set the property before injecting."
        : "Change one of the registrations above so it is eligible, or register a \(wrapped) (`try injector.register(value, as: \(wrapped).self)`)."
    )
  }

  private static func mismatch(_ property: TypeBlueprint.Property, _ registration: Registration)
    -> InjectionError.Problem
  {
    let wrapped = property.accessor?.wrapped.name ?? property.declaredTypeName
    return InjectionError.Problem(
      code: .typeMismatch, typeName: property.ownerName, property: property.label,
      declaredType: property.declaredTypeName,
      summary:
        "\(registration.summary) is registered under the name \"\(property.label)\", but it is not a \(wrapped).",
      fix: "Register a \(wrapped) under the name \"\(property.label)\", or rename the property."
    )
  }
}
