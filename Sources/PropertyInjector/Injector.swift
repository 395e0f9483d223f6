/// Fills the properties of objects it did not create, from what was registered with it.
///
/// ```swift
/// let injector = Injector()
/// injector.register(ConsoleLogger(), as: (any Logger).self)
/// injector.register(ImageCache(), includingAncestors: true, for: ProfileScreen.self, id: "first")
/// injector.register(Analytics(), named: "analytics")
///
/// let screen = ProfileScreen()
/// try injector.inject(screen)
/// ```
///
/// ``inject(_:)`` finds an object's candidate properties with `Mirror` (names that start with
/// `injected`, and names registered with ``register(_:named:)``), fills those that are nil,
/// and writes through the class's table (written by `@Injectable`, or by hand in
/// ``InjectableSettable/injectableKeyPaths``). It scans each type once and caches a plan per
/// type and registry version, so later injections of the same type only read and write
/// properties.
///
/// ## Data flow
/// Registration changes the registry; each change publishes a new immutable snapshot and
/// drops the plans and cached resolutions built from the old one, in this injector and every
/// child. A plan is built from a snapshot chain (this injector's, then its parent's, up to the
/// root) and never changes afterwards.
///
/// ## Thread safety
/// An injector is `Sendable`: register, unregister, inject and resolve from any number of
/// threads at once. Its state sits behind one lock, and no user code (factories, tables,
/// callbacks, the `deinit` of a value it lets go) ever runs while it is held. The instances it
/// hands out are shared by every object they fill, on whatever thread `inject` runs, which is
/// why instance registrations require `Sendable` values.
public final class Injector: Sendable {
  struct State: Sendable {
    var registry = Registry()
    /// ``registry`` as published, on first use after a change.
    var snapshot: RegistrySnapshot?
    /// Grows with every change to this injector's registry or to an ancestor's. A plan or a
    /// resolution is cached only if the epoch it was built in is still current, under the same
    /// lock that changes it, so nothing built from an older snapshot is kept once a change has
    /// returned.
    var epoch: UInt64 = 0
    /// The plan of each type injected since the last change anywhere in the chain.
    var plans: [ObjectIdentifier: TypePlan] = [:]
    /// The plan used last, checked before ``plans`` (a pointer comparison instead of hashing).
    var recentPlan: TypePlan?
    /// What `resolve`, `Lazy` and `Provider` produce for each request, since the last change
    /// anywhere in the chain; at most ``Injector/resolutionCacheLimit`` entries.
    var resolutions: [ResolutionKey: Resolution] = [:]
    /// The injectors made with this one as their parent; each removes itself when it goes.
    var children: [ObjectIdentifier: InjectorLink] = [:]
    /// The registrations ``Injector/configure(_:)`` made on its own thread, while it runs: what
    /// a body that throws undoes, and nothing another thread registered meanwhile.
    var journal: ConfigurationJournal?
  }

  let state = Locked(State())
  /// The shapes of the types this injector tree has injected, built once per type.
  let shapes: ShapeCache
  /// Whether ``configure(_:)`` has run, and who waits for it.
  let gate = ConfigurationGate()
  /// The injector whose registrations this one falls back on.
  let parent: Injector?
  /// Whether injecting and resolving must wait for ``configure(_:)``: true for ``shared`` only.
  let requiresConfiguration: Bool
  /// The singletons first made while this injector overrides its ancestors, when it is an
  /// override injector (``withOverrides(_:operation:)``, the `.injecting` trait); nil otherwise.
  let overrideCells: OverrideCells?
  /// The registrations made on this injector, when it requires configuration (``shared``),
  /// while an override was in place: they come from a thread or task that does not see it.
  let changesDuringOverrides = Locked(UnscopedChanges())
  /// How long a thread waits for a singleton (or `Lazy`) that another thread is creating, in seconds.
  let waitLimitSeconds: Double
  /// The weak reference to this injector that resolvers hold.
  let link = InjectorLink()

  /// How long a thread waits for a singleton (or `Lazy` value) that another thread is
  /// creating, before it gives up with ``InjectionError/Code/timedOut`` instead of hanging.
  public var creationWaitLimit: Duration { .milliseconds(Int64(waitLimitSeconds * 1000)) }

  /// The wait limit of injectors that are not given one: 10 seconds.
  static let defaultCreationWaitLimit = 10.0

  /// Creates an empty injector, or a child of `parent`.
  ///
  /// A child sees its parent's registrations, and its own win:
  ///
  /// ```swift
  /// let tests = Injector(parent: appInjector)
  /// tests.register(FakeDatabase(), as: (any Database).self)   // the app injector is untouched
  /// ```
  ///
  /// A property is resolved in the child first, with the full precedence rules; only when
  /// nothing in the child is eligible does the parent's precedence apply. Registering or
  /// unregistering in the child never changes the parent; a change in the parent reaches the
  /// child at once. A registration of the parent runs with the parent: its factory resolves from
  /// the parent, and a singleton registered in the parent is the same object for every child.
  /// Children share their parent's scan of each type.
  ///
  /// - Parameters:
  ///   - parent: The injector to fall back on. The child keeps it alive.
  ///   - creationWaitLimit: How long a thread waits for a singleton another thread is creating
  ///     before it throws ``InjectionError/Code/timedOut``; 10 seconds by default.
  public convenience init(parent: Injector? = nil, creationWaitLimit: Duration = .seconds(10)) {
    let (seconds, attoseconds) = creationWaitLimit.components
    self.init(
      parent: parent, requiresConfiguration: false,
      waitLimitSeconds: max(0, Double(seconds) + Double(attoseconds) / 1e18))
  }

  init(
    parent: Injector?,
    requiresConfiguration: Bool,
    waitLimitSeconds: Double = Injector.defaultCreationWaitLimit,
    overriding: Bool = false
  ) {
    self.parent = parent
    self.requiresConfiguration = requiresConfiguration
    overrideCells = overriding ? OverrideCells() : nil
    self.waitLimitSeconds = waitLimitSeconds
    shapes = parent?.shapes ?? ShapeCache()
    link.attach(self)
    parent?.adopt(self)
  }

  /// Keeps a weak reference to a new child, so a registry change reaches it.
  ///
  /// - Complexity: O(1) amortized, whatever else is alive: a child removes itself when it goes.
  private func adopt(_ child: Injector) {
    state.withLock { $0.children[ObjectIdentifier(child)] = child.link }
  }

  deinit {
    parent?.state.withLock { _ = $0.children.removeValue(forKey: ObjectIdentifier(self)) }
  }

  /// How many answers of `resolve`, `Lazy` and `Provider` an injector keeps: a bound set by the
  /// program's shape, not by the ids and names passed in. When full, the cache starts again.
  static let resolutionCacheLimit = 256
}

/// What an injector caches for one request of `resolve`, `Lazy` or `Provider`.
struct Resolution: Sendable {
  /// The ``Producer`` of the type the request asks for.
  let producer: any Sendable
  let site: Site
}

/// The shapes of the types an injector tree has injected, built once per type.
final class ShapeCache: Sendable {
  private let entries = Locked<[ObjectIdentifier: TypeShape]>([:])

  /// The shape of `object`'s dynamic type, scanning it if this is the first time. The scan
  /// (user code) runs outside the lock; if two threads scan at once, the first stored wins.
  func shape(for object: AnyObject) -> TypeShape {
    let id = ObjectIdentifier(type(of: object))
    if let cached = entries.withLock({ $0[id] }) { return cached }
    let scanned = TypeShape(scanning: object)
    return entries.withLock { entries in
      if let existing = entries[id] { return existing }
      entries[id] = scanned
      return scanned
    }
  }
}
