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
    /// Reads the property, to see whether it is nil.
    let writer: PropertyWriter
    let problem: InjectionError.Problem
  }

  /// A candidate whose value must be made when it is nil: by a factory, a singleton, an
  /// auto-created type, or a fresh ``Lazy`` or ``Provider``. A class, so that listing the
  /// values made during an injection copies a reference.
  final class Production: @unchecked Sendable {
    enum Supply {
      /// A factory or singleton registration of the injector `level` steps up the chain.
      case registration(Registration, level: Int)
      /// A new instance of an ``InjectorCreatable`` type nothing is registered for.
      case creatable(TypeProbe)
      /// A `Lazy` or `Provider` that resolves `request` later.
      case deferred(Deferral, Request)
    }

    let accessor: PropertyAccessor
    /// Reads the property, and writes the value made for it.
    let writer: PropertyWriter
    let site: Site
    let supply: Supply

    /// Whether making the value may create a singleton, after which the plan is rebuilt to use
    /// it as a constant.
    var makesSingleton: Bool {
      if case .registration(let registration, _) = supply, case .singleton = registration.source { return true }
      return false
    }

    init(accessor: PropertyAccessor, writer: PropertyWriter, site: Site, supply: Supply) {
      self.accessor = accessor
      self.writer = writer
      self.site = site
      self.supply = supply
    }
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
  /// Whether some fill is still learning where its property's writes land; the plan is
  /// rebuilt once one has learned, to write directly.
  let learns: Bool

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
    for decision in chain.decisions(for: blueprint) {
      switch decision.outcome {
      case .invalid(let problem): problem.map { problems.append($0) }
      case .fill(let step, _, _): fills.append(step)
      case .produce(let production, _, _): productions.append(production)
      case .failsIfNil(let problem): pending.append(problem)
      }
    }
    self.problems = problems
    self.pendingProblems = pending
    self.fills = fills
    self.productions = productions
    onlyFills = problems.isEmpty && pending.isEmpty && productions.isEmpty
    learns = fills.contains { $0.learning != nil }
  }
}
