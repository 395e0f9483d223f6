/// How one injector fills one type: worked out once per registry version, then only executed.
///
/// Building a plan asks the rules about every candidate (precedence, casts, near misses) and
/// binds each to its accessor and producer; executing it only reads properties, makes values
/// that must be made, and writes. A plan never changes after it is built: an injector drops
/// its plans when any registry in its chain changes, and builds new ones. It refers to
/// injectors by their distance up the parent chain, never by reference, so a cached plan keeps
/// no injector alive.
// @unchecked Sendable: immutable; see `Step` and `AnyAccessor` for what its steps call.
final class TypePlan: @unchecked Sendable {
  let shape: TypeShape
  /// The version of each registry in the chain it was built from, the injector's own first.
  let versions: [UInt64]
  /// The chain's rejected registrations: they fail every injection, reported alone.
  let configurationProblems: [InjectionError.Problem]
  /// Problems with the type's declarations (its tables, candidates whose declaration is wrong):
  /// they fail every injection of the type, whatever its properties hold.
  let declarationProblems: [InjectionError.Problem]
  /// Every problem that fails every injection: the configuration's, then the declarations'.
  var problems: [InjectionError.Problem] { configurationProblems + declarationProblems }
  /// Every candidate whose declaration is usable, in declaration order.
  let steps: [Step]
  /// The steps that fill properties with registered instances.
  let constantSteps: [Step]
  /// The steps that make values at injection time.
  let producingSteps: [Step]
  /// The steps that fail the injection when their property is nil.
  let failingSteps: [Step]
  /// Candidates whose declarations are wrong, for `explain`.
  let invalidCandidates: [(candidate: Candidate, problem: InjectionError.Problem?)]
  /// Whether some producing step checks, after writing, that its property kept the value.
  let checksRetention: Bool

  init(
    shape: TypeShape,
    versions: [UInt64],
    configurationProblems: [InjectionError.Problem],
    declarationProblems: [InjectionError.Problem],
    steps: [Step],
    invalidCandidates: [(candidate: Candidate, problem: InjectionError.Problem?)]
  ) {
    self.shape = shape
    self.versions = versions
    self.configurationProblems = configurationProblems
    self.declarationProblems = declarationProblems
    self.steps = steps
    self.invalidCandidates = invalidCandidates
    constantSteps = steps.filter { $0 is any ConstantStepMarker }
    producingSteps = steps.filter { $0.failure == nil && !($0 is any ConstantStepMarker) }
    failingSteps = steps.filter { $0.failure != nil }
    checksRetention = producingSteps.contains { ($0 as? any RetentionChecking)?.checksRetention ?? false }
  }

  var typeName: String { shape.typeName }
}

/// Marks constant steps, whatever their generic arguments.
protocol ConstantStepMarker {}
extension ConstantStep: ConstantStepMarker {}

/// Producing steps that may check retention, whatever their generic arguments.
protocol RetentionChecking {
  var checksRetention: Bool { get }
}
extension ProducingStep: RetentionChecking {}
