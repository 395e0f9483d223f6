/// Every benchmark of the package, by name, with what one measured iteration does.
///
/// The benchmarks register exactly these names, and the report reads them back from one run's
/// export, so the two cannot drift apart: the benchmark target refuses to register a name the
/// catalog does not list, and the report says which listed names a run did not produce.

/// Who fills the object.
public enum Contender: String, CaseIterable, Sendable {
  /// `try injector.inject(object)` of a class marked `@Injectable`: the macro's typed accessors.
  case injectable = "@Injectable"
  /// `try injector.inject(object)` of a class with a hand-written `injectableKeyPaths` table:
  /// every write goes through a key path.
  case keyPathTable = "key-path table"
  /// `if object.injectedA0 == nil { object.injectedA0 = a0 }` for every property.
  case handWritten = "hand-written"
  /// `container.resolve(Target.self)` with an `initCompleted` that resolves every property.
  case swinject = "Swinject"
  /// `injector.resolve(Service.self)`: no object to fill, so no write path.
  case propertyInjector = "PropertyInjector"
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
  case injection = "Cached injection of a fresh object"
  /// Cached injection with other registrations in the injector.
  case registry = "Registry size"
  /// `resolve` of one service.
  case resolution = "Resolution"
}

/// How the services of the K=5 target are registered.
public enum Lifecycle: String, CaseIterable, Sendable {
  /// Registered instances (constants in the plan).
  case instances
  /// Lazy singletons, made once, on first use.
  case singletons
  /// Transient factories: a new value for every property.
  case factories
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

  /// The benchmark's registered name: `Cached injection K=5 / @Injectable`.
  public func name(_ contender: Contender) -> String { "\(title) / \(contender.rawValue)" }
}

/// The scenarios, in report order.
public enum Catalog {
  /// Targets of the cached-injection scenarios with both write paths: `K=1` … `K=50`, then
  /// `hierarchy` (the labels of the generated target types).
  public static let cachedLabels = ["K=1", "K=5", "K=20", "K=50", "hierarchy"]
  /// The hierarchy with `final var` properties: key-path tables only.
  public static let finalVarHierarchyLabel = "hierarchy (final var)"
  /// Targets of the first-injection scenarios.
  public static let scanLabels = ["K=5", "K=50", "hierarchy"]

  /// Objects filled per measured iteration (and thread) in every benchmark but the
  /// first-injection ones, which fill one.
  public static let objectsPerIteration = 1_000
  /// Other registrations in the registry-size scenarios, small and large.
  public static let registryCounts = [10, 1_000]
  /// Other registrations in the large-registry first injection.
  public static let largeRegistry = 1_000

  /// Registrations in the parent of the child-injector first injections: few, and many (a fifth of them
  /// `includingAncestors`).
  public static let ancestorRegistryCounts = [10, 10_000]

  /// The contenders of every cached-injection row.
  public static let injectionContenders: [Contender] = [.injectable, .keyPathTable, .handWritten, .swinject]

  /// A new injector, its registrations, and one injection of a fresh object of the type.
  public static func firstInjection(_ label: String) -> Scenario {
    Scenario(
      "First injection \(label)", .scan, [.injectable, .keyPathTable, .registrationsOnly, .mirror],
      objectsPerThread: 1)
  }

  /// ``firstInjection(_:)`` of `K=5` with ``largeRegistry`` other registrations in the new injector.
  public static let firstInjectionLargeRegistry = Scenario(
    "First injection K=5 with \(largeRegistry) other registrations", .scan,
    [.injectable, .keyPathTable, .registrationsOnly], objectsPerThread: 1)

  /// A new child of a parent holding Flat5's services and `count` other registrations, a fifth of them
  /// `includingAncestors`, then the child's first injection of a fresh `K=5` object (registrations only: the
  /// child alone).
  public static func firstInjectionInChild(_ count: Int) -> Scenario {
    Scenario(
      "First injection K=5 in a child, parent with \(count) registrations", .scan,
      [.injectable, .keyPathTable, .registrationsOnly], objectsPerThread: 1)
  }

  /// A server's request scope: a new child of an app injector holding two services, the request's two values
  /// registered in it, and a fresh handler of four properties injected from it (by hand: the handler filled
  /// from the same values).
  public static let requestScope = Scenario(
    "Request scope (child, 2 registrations, inject)", .injection, [.injectable, .keyPathTable, .handWritten],
    objectsPerThread: objectsPerIteration)

  /// A fresh object of the type filled by an injector that has injected the type before.
  public static func cached(_ label: String) -> Scenario {
    Scenario("Cached injection \(label)", .injection, injectionContenders, objectsPerThread: objectsPerIteration)
  }

  /// The hierarchy whose properties are `final var`: the key-path table and hand-written code.
  public static let cachedFinalVarHierarchy = Scenario(
    "Cached injection \(finalVarHierarchyLabel)", .injection, [.keyPathTable, .handWritten],
    objectsPerThread: objectsPerIteration)

  /// ``cached(_:)`` of `K=5` on two threads at once.
  public static let twoThreads = Scenario(
    "Cached injection K=5 on two threads", .injection, injectionContenders,
    objectsPerThread: objectsPerIteration, threads: 2)

  /// Cached injection of five properties of one type that one graph-scoped value fills, made anew for
  /// each object (Swinject: `.graph` scope; by hand, one made value shared by the five).
  public static let graphShared = Scenario(
    "Cached injection K=5 sharing one graph value", .injection, injectionContenders,
    objectsPerThread: objectsPerIteration)

  /// Cached injection of `K=5` whose five properties come from lazy singletons (Swinject:
  /// `.container` scope; by hand, shared instances) or transient factories (a new value for
  /// every property; Swinject: `.transient` scope; by hand, `Service()`).
  public static func lifecycle(_ lifecycle: Lifecycle) -> Scenario {
    Scenario(
      "Cached injection K=5 from \(lifecycle.rawValue)", .injection, injectionContenders,
      objectsPerThread: objectsPerIteration)
  }

  /// ``lifecycle(_:)`` with `count` other registrations (instances, some `includingAncestors`,
  /// factories and singletons, all of Flat5's service types) in the injector and the container.
  public static func registry(_ lifecycle: Lifecycle, _ count: Int) -> Scenario {
    Scenario(
      "Cached injection K=5 from \(lifecycle.rawValue) with \(count) other registrations", .registry,
      injectionContenders, objectsPerThread: objectsPerIteration)
  }

  /// `resolve` of a lazy singleton, already created (hand-written: a stored reference).
  public static let resolveSingleton = Scenario(
    "Resolve a singleton", .resolution, [.propertyInjector, .handWritten, .swinject],
    objectsPerThread: objectsPerIteration)

  /// `resolve` of a transient factory's type (hand-written: calling the initializer).
  public static let resolveFactory = Scenario(
    "Resolve from a factory", .resolution, [.propertyInjector, .handWritten, .swinject],
    objectsPerThread: objectsPerIteration)

  /// Every scenario, in report order.
  public static let scenarios: [Scenario] = {
    var scenarios: [Scenario] = scanLabels.map(firstInjection)
    scenarios.append(firstInjectionLargeRegistry)
    scenarios += ancestorRegistryCounts.map(firstInjectionInChild)
    scenarios += cachedLabels.map(cached)
    scenarios += [cachedFinalVarHierarchy, twoThreads, lifecycle(.singletons), lifecycle(.factories), graphShared]
    scenarios.append(requestScope)
    for lifecycle in Lifecycle.allCases {
      scenarios += registryCounts.map { registry(lifecycle, $0) }
    }
    scenarios += [resolveSingleton, resolveFactory]
    return scenarios
  }()
}
