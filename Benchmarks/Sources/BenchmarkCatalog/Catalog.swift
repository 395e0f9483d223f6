/// Every benchmark of the package, by name, with what one measured iteration does.
///
/// The benchmarks register exactly these names, and the report reads them back from one run's
/// export, so the two cannot drift apart: the benchmark target refuses to register a name the
/// catalog does not list, and the report says which listed names a run did not produce.

/// Who fills the object.
public enum Contender: String, CaseIterable, Sendable {
  /// `try injector.inject(object)`.
  case propertyInjector = "PropertyInjector"
  /// `if object.injectedA0 == nil { object.injectedA0 = a0 }` for every property.
  case handWritten = "hand-written"
  /// `container.resolve(Target.self)` with an `initCompleted` that resolves every property.
  case swinject = "Swinject"
  /// `Mirror` over the object and its superclasses, touching every label and value.
  case mirror = "bare Mirror walk"
  /// A new `Injector` and its registrations, without injecting: subtracted from a first
  /// injection, it leaves the scan, the plan and the injection.
  case registrationsOnly = "registrations only"
}

/// A group of benchmarks, one table in the report.
public enum Group: String, CaseIterable, Sendable {
  /// The first injection of a type on a new injector: scan, plan, fill.
  case scan = "First injection (scan cost)"
  /// Injection with the type's plan already cached.
  case injection = "Injection of a fresh object"
}

/// One row of the report: the same work done by several contenders.
public struct Scenario: Sendable {
  /// The row's name, such as `Cached injection K=5`.
  public let title: String
  /// The table the row is in.
  public let group: Group
  /// Who runs it, in table order.
  public let contenders: [Contender]
  /// Objects each thread creates and fills in one measured iteration. Also the benchmark's
  /// `scalingFactor`, so that `--scale` text output is per object too.
  public let objectsPerThread: Int
  /// Threads filling objects at once.
  public let threads: Int

  /// A scenario run by `contenders`, each filling `objectsPerThread` objects on each of
  /// `threads` threads per measured iteration.
  public init(_ title: String, _ group: Group, _ contenders: [Contender], objectsPerThread: Int, threads: Int = 1) {
    self.title = title
    self.group = group
    self.contenders = contenders
    self.objectsPerThread = objectsPerThread
    self.threads = threads
  }

  /// Objects filled in one measured iteration, over all threads.
  public var objectsPerIteration: Int { objectsPerThread * threads }

  /// The benchmark's registered name: `Cached injection K=5 / PropertyInjector`.
  public func name(_ contender: Contender) -> String { "\(title) / \(contender.rawValue)" }
}

/// The scenarios, in report order.
public enum Catalog {
  /// Targets of the cached-injection scenarios: `K=1` … `K=50`, then `hierarchy` and the same
  /// hierarchy with its properties declared `final var` (the labels of the generated target types).
  public static let cachedLabels = ["K=1", "K=5", "K=20", "K=50", "hierarchy", "hierarchy (final var)"]
  /// Targets of the first-injection scenarios.
  public static let scanLabels = ["K=5", "K=50", "hierarchy"]

  /// Objects filled per measured iteration (and thread) in every benchmark but the
  /// first-injection ones, which fill one.
  public static let objectsPerIteration = 1_000
  /// Registrations present in the large-registry scenarios.
  public static let largeRegistry = 1_000
  /// Registrations present in the small-registry scenario.
  public static let smallRegistry = 10

  /// A new injector, its registrations, and one injection of a fresh object of the type.
  public static func firstInjection(_ label: String) -> Scenario {
    Scenario("First injection \(label)", .scan, [.propertyInjector, .registrationsOnly, .mirror], objectsPerThread: 1)
  }

  /// ``firstInjection(_:)`` of `K=5` with ``largeRegistry`` registrations in the new injector.
  public static let firstInjectionLargeRegistry = Scenario(
    "First injection K=5 with \(largeRegistry) registrations", .scan, [.propertyInjector, .registrationsOnly],
    objectsPerThread: 1)

  /// A fresh object of the type filled by an injector that has injected the type before.
  public static func cached(_ label: String) -> Scenario {
    Scenario(
      "Cached injection \(label)", .injection, [.propertyInjector, .handWritten, .swinject],
      objectsPerThread: objectsPerIteration)
  }

  /// ``cached(_:)`` of `K=5` with `count` registrations in the injector and the container.
  public static func registry(_ count: Int) -> Scenario {
    Scenario(
      "Cached injection K=5 with \(count) registrations", .injection,
      [.propertyInjector, .handWritten, .swinject], objectsPerThread: objectsPerIteration)
  }

  /// ``cached(_:)`` of `K=5` on two threads at once.
  public static let twoThreads = Scenario(
    "Cached injection K=5 on two threads", .injection, [.propertyInjector, .handWritten, .swinject],
    objectsPerThread: objectsPerIteration, threads: 2)

  /// Cached injection of `K=5` whose five properties come from lazy singletons (Swinject:
  /// `.container` scope, as in every other row).
  public static let singletons = Scenario(
    "Cached injection K=5 from singletons", .injection, [.propertyInjector, .handWritten, .swinject],
    objectsPerThread: objectsPerIteration)

  /// Cached injection of `K=5` whose five properties come from transient factories: a new value
  /// for every property (hand-written: `Service()`; Swinject: `.transient` scope).
  public static let factories = Scenario(
    "Cached injection K=5 from factories", .injection, [.propertyInjector, .handWritten, .swinject],
    objectsPerThread: objectsPerIteration)

  /// `resolve` of a lazy singleton, already created (hand-written: a stored reference).
  public static let resolveSingleton = Scenario(
    "Resolve a singleton", .injection, [.propertyInjector, .handWritten, .swinject],
    objectsPerThread: objectsPerIteration)

  /// `resolve` of a transient factory's type (hand-written: calling the initializer).
  public static let resolveFactory = Scenario(
    "Resolve from a factory", .injection, [.propertyInjector, .handWritten, .swinject],
    objectsPerThread: objectsPerIteration)

  /// Every scenario, in report order.
  public static let scenarios: [Scenario] =
    scanLabels.map(firstInjection) + [firstInjectionLargeRegistry]
    + cachedLabels.map(cached)
    + [registry(smallRegistry), registry(largeRegistry), twoThreads]
    + [singletons, factories, resolveSingleton, resolveFactory]
}
