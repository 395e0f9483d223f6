/// Fills the properties of objects it did not create, from what was registered with it.
///
/// ```swift
/// let injector = Injector()
/// try injector.register(ConsoleLogger(), as: (any Logger).self)
/// try injector.register(ImageCache(), includingAncestors: true, for: ProfileScreen.self, id: "first")
/// try injector.register(Analytics(), named: "analytics")
///
/// let screen = ProfileScreen()
/// try injector.inject(screen)
/// ```
///
/// ``inject(_:)`` finds an object's candidate properties with `Mirror` (names that start with
/// `injected`, and names registered with ``register(_:named:)``), fills those that are nil,
/// and writes through the type's ``InjectableSettable/injectableKeyPaths`` table. It scans
/// each type once and caches a plan per type, so later injections of the same type only read
/// and write properties.
///
/// ## Thread safety
/// An injector is `Sendable`: register, unregister, inject and resolve from any number of
/// threads at once. Its state sits behind one lock, and no user code (factories, key-path
/// tables, callbacks) ever runs while it is held. The instances it hands out are shared by every
/// object they fill, on whatever thread `inject` runs; make them thread-safe if you inject from
/// several threads.
public final class Injector: Sendable {
  struct State {
    var registry = Registry()
    /// Incremented on every change to ``registry``; plans record it.
    var generation: UInt64 = 0
    /// The plan for each type injected since the last change to ``registry``.
    var plans: [ObjectIdentifier: InjectionPlan] = [:] {
      didSet { recentPlan = nil }
    }
    /// The plan used last, checked before ``plans`` (a pointer comparison instead of hashing):
    /// code that injects many objects of one type in a row finds it at once.
    var recentPlan: (type: ObjectIdentifier, plan: InjectionPlan)?
    /// What `resolve` returns for each type whose answer is a constant, since the last change
    /// to ``registry``.
    var resolutions: [ObjectIdentifier: ResolvedConstantBase] = [:]
    /// Whether ``Injector/configure(_:)`` has run (or is running).
    var configuration = Configuration.notConfigured

    /// Marks the registry changed: forgets every plan and cached resolution built from it.
    mutating func forgetPlans() {
      generation &+= 1
      plans.removeAll()
      resolutions.removeAll()
    }
  }

  enum Configuration {
    case notConfigured
    case configuring
    case configured
  }

  let state = Locked(State())
  let blueprints: BlueprintCache
  /// The injector whose registrations this one falls back on.
  let parent: Injector?
  /// Whether injecting and resolving must wait for ``configure(_:)``: true for ``shared`` only.
  let requiresConfiguration: Bool

  /// Creates an empty injector.
  public convenience init() {
    self.init(parent: nil, requiresConfiguration: false)
  }

  /// Creates a child injector: it sees `parent`'s registrations, and its own win.
  ///
  /// ```swift
  /// let tests = Injector(parent: appInjector)
  /// try tests.register(FakeDatabase(), as: Database.self)   // the app injector is untouched
  /// ```
  ///
  /// A property is resolved in the child first, with the full precedence rules; only when
  /// nothing in the child is eligible does the parent's precedence apply. Registering or
  /// unregistering in the child never changes the parent. A registration of the parent runs
  /// with the parent: its factory receives the parent, and a singleton registered in the parent
  /// is the same object for every child. Children share their parent's scan of each type.
  ///
  /// - Parameter parent: The injector to fall back on. The child keeps it alive.
  public convenience init(parent: Injector) {
    self.init(parent: parent, requiresConfiguration: false)
  }

  init(parent: Injector?, requiresConfiguration: Bool) {
    self.parent = parent
    self.requiresConfiguration = requiresConfiguration
    blueprints = parent?.blueprints ?? BlueprintCache()
  }

  /// Changes the registry, and forgets every plan built from the old one.
  @discardableResult
  func updateRegistry<Result>(_ change: (inout Registry) throws -> Result) rethrows -> Result {
    try state.withLock { state in
      let result = try change(&state.registry)
      state.forgetPlans()
      return result
    }
  }

  /// This injector's registry, then its parent's, up to the root, each with its generation.
  func registryChain() -> RegistryChain {
    var levels: [RegistryChain.Level] = []
    var current: Injector? = self
    while let injector = current {
      levels.append(
        injector.state.withLock {
          RegistryChain.Level(registry: $0.registry, generation: $0.generation, injector: injector)
        })
      current = injector.parent
    }
    return RegistryChain(levels: levels)
  }

  /// Whether every ancestor's registry is still at the generation recorded in `plan`.
  func ancestorsUnchanged(since plan: InjectionPlan) -> Bool {
    ancestorsUnchanged(since: plan.generations)
  }

  /// Whether every ancestor's registry is still at its generation in `generations` (the
  /// injector's own first).
  func ancestorsUnchanged(since generations: [UInt64]) -> Bool {
    var index = 1
    var current = parent
    while let ancestor = current {
      guard index < generations.count, ancestor.state.withLock({ $0.generation }) == generations[index]
      else { return false }
      index += 1
      current = ancestor.parent
    }
    return true
  }
}

/// The registries a resolution looks in, the injector's own first.
struct RegistryChain {
  struct Level {
    let registry: Registry
    let generation: UInt64
    /// The injector the registry belongs to: the one its factories run with.
    let injector: Injector
  }

  let levels: [Level]

  /// The name registration for `label` in the first registry that has one.
  func nameRegistration(for label: String) -> Registration? {
    for level in levels {
      if let registration = level.registry.byName[label] { return registration }
    }
    return nil
  }

  /// The first registry's choice, with the index of that registry: a registry is only
  /// consulted when none before it has an eligible registration.
  func choose(for request: Request) -> (choice: Choice, level: Int)? {
    for (index, level) in levels.enumerated() {
      if let choice = level.registry.choose(for: request) { return (choice, index) }
    }
    return nil
  }

  /// Whether anything in any registry is registered for the request's type (exactly, or with
  /// `includingAncestors` and a fitting instance), whatever its id and target.
  func hasRegistration(fitting request: Request) -> Bool {
    levels.contains { level in
      level.registry.byType[request.probe.id] != nil
        || level.registry.withAncestors.contains { $0.instance.map(request.probe.accepts) ?? false }
    }
  }

  /// Near misses across every registry.
  func nearMisses(for request: Request) -> [String] {
    levels.flatMap { $0.registry.nearMisses(for: request) }
  }
}

/// The blueprints of the types an injector tree has injected, built once per type.
final class BlueprintCache: Sendable {
  private let entries = Locked<[ObjectIdentifier: TypeBlueprint]>([:])

  /// The blueprint of `target`'s dynamic type, scanning it if this is the first time.
  /// The scan (user code) runs outside the lock; if two threads scan at once, the first stored wins.
  func blueprint<Target: InjectableSettable>(for target: Target) -> TypeBlueprint {
    let id = ObjectIdentifier(type(of: target))
    if let cached = entries.withLock({ $0[id] }) { return cached }
    let scanned = TypeBlueprint(scanning: target)
    return entries.withLock { entries in
      if let existing = entries[id] { return existing }
      entries[id] = scanned
      return scanned
    }
  }
}
