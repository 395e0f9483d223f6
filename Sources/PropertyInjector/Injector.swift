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
/// threads at once. Its state sits behind one lock, and no user code (key-path tables,
/// callbacks) ever runs while it is held. The instances it hands out are shared by every object
/// they fill, on whatever thread `inject` runs; make them thread-safe if you inject from
/// several threads.
public final class Injector: Sendable {
  struct State {
    var registry = Registry()
    /// Incremented on every change to ``registry``; plans record it.
    var generation: UInt64 = 0
    /// The plan for each type injected since the last change to ``registry``.
    var plans: [ObjectIdentifier: InjectionPlan] = [:]
  }

  let state = Locked(State())
  let blueprints = BlueprintCache()

  /// Creates an empty injector.
  public init() {}

  /// Changes the registry, and forgets every plan built from the old one.
  @discardableResult
  func updateRegistry<Result>(_ change: (inout Registry) throws -> Result) rethrows -> Result {
    try state.withLock { state in
      let result = try change(&state.registry)
      state.generation &+= 1
      state.plans.removeAll()
      return result
    }
  }

  /// The registries to resolve against, with their generations.
  func registryChain() -> RegistryChain {
    RegistryChain(levels: [state.withLock { RegistryChain.Level(registry: $0.registry, generation: $0.generation) }])
  }
}

/// The registries a resolution looks in, the injector's own first.
struct RegistryChain {
  struct Level {
    let registry: Registry
    let generation: UInt64
  }

  let levels: [Level]

  /// The name registration for `label` in the first registry that has one.
  func nameRegistration(for label: String) -> Registration? {
    for level in levels {
      if let registration = level.registry.byName[label] { return registration }
    }
    return nil
  }

  /// The first registry's choice: a registry is only consulted when none before it has an
  /// eligible registration.
  func choose(for request: Request) -> Choice? {
    for level in levels {
      if let choice = level.registry.choose(for: request) { return choice }
    }
    return nil
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
