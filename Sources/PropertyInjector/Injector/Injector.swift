/// Fills the properties of objects it did not create, from what was registered with it.
///
/// ```swift
/// let injector = Injector()
/// injector.register(ConsoleLogger(), as: (any Logger).self)
/// injector.register(Analytics(), named: "analytics")
///
/// let screen = ProfileScreen()
/// try injector.inject(screen)
/// ```
///
/// An injector is `Sendable`: register, inject and resolve from any thread. It reflects each type once,
/// and reuses its plan until a registration changes. See <doc:GettingStarted> and <doc:ThreadSafety>.
public final class Injector: Sendable {
  struct State: Sendable {
    var registry = Registry()
    /// ``registry`` as published, on first use after a change.
    var snapshot: RegistrySnapshot?
    /// Counts changes to this registry or an ancestor's: a plan or resolution is kept only if built in the current one.
    var epoch: UInt64 = 0
    /// The plan of each type injected since the last change anywhere in the chain.
    var plans: [ObjectIdentifier: TypePlan] = [:]
    /// The plan used last, checked before ``plans`` (a pointer comparison instead of hashing).
    var recentPlan: TypePlan?
    /// Plans its children built that their siblings of the same shape run too; at most ``Injector/siblingPlanLimit``.
    var siblingPlans: [SiblingPlanKey: TypePlan] = [:]
    /// The sibling plan found last, compared before ``siblingPlans`` is hashed: every request's child asks for it.
    var recentSiblingPlan: (key: SiblingPlanKey, plan: TypePlan)?
    /// What `resolve`, `Lazy` and `Provider` produced per request since the chain's last change (bounded).
    var resolutions: [ResolutionKey: Resolution] = [:]
    /// Its children that cache what depends on it (``joinAncestors()``); each removes itself when it goes.
    var children: [ObjectIdentifier: InjectorLink] = [:]
    /// Whether this injector is among its parent's ``children`` (and the parent among its own parent's).
    var hasJoinedAncestors = false
    /// What a running ``Injector/configure(_:)`` registered on its own thread: what a throwing body undoes.
    var journal: ConfigurationJournal?
  }

  let state = Locked(State())
  /// Whether ``configure(_:)`` has run, and who waits for it; made when first asked for, at once for ``shared``.
  var gate: ConfigurationGate { madeGate.value ?? madeGate.set(ConfigurationGate()) }
  /// See ``gate``: not set until configuration is asked for.
  let madeGate = OnceValue<ConfigurationGate>()
  /// The injector whose registrations this one falls back on.
  let parent: Injector?
  /// Whether injecting and resolving must wait for ``configure(_:)``: true for ``shared`` only.
  let requiresConfiguration: Bool
  /// The singletons first made, and cached values first made or reset, for this override injector
  /// (``withOverrides(_:operation:)``); nil otherwise.
  let overrideCells: OverrideCells?
  /// Registrations that reached ``shared`` while an override was in place, from code that does not see it.
  let changesDuringOverrides: Locked<UnscopedChanges>?
  /// ``creationWaitLimit`` in seconds.
  let waitLimitSeconds: Double
  /// The weak reference to this injector that resolvers and its parent hold, made when first asked for (a weak
  /// reference slows every retain of the injector, and a request's child, say, never asks); read without the lock.
  var link: InjectorLink { madeLink.value ?? madeLink.set(InjectorLink(to: self)) }
  /// See ``link``: not set until it is asked for.
  let madeLink = OnceValue<InjectorLink>()

  /// How long a thread waits for a singleton (or `Lazy` value) another thread is creating, before it
  /// throws ``InjectionError/Code/timedOut`` instead of hanging: the limit the injector was made with,
  /// or zero if that was negative. It holds for what this injector is asked, also for a value a parent
  /// registered: a child's limit, not its parent's, bounds the child's wait.
  public let creationWaitLimit: Duration

  /// Creates an empty injector, or a child of `parent`: it sees the parent's registrations, and its own win.
  ///
  /// Registering in the child never changes the parent; a change in the parent reaches the child at
  /// once. See <doc:Lifecycles>.
  ///
  /// - Parameters:
  ///   - parent: The injector to fall back on. The child keeps it alive.
  ///   - creationWaitLimit: How long a thread waits for a singleton another thread is creating
  ///     before it throws ``InjectionError/Code/timedOut``; 10 seconds by default.
  public convenience init(parent: Injector? = nil, creationWaitLimit: Duration = .seconds(10)) {
    self.init(parent: parent, requiresConfiguration: false, creationWaitLimit: creationWaitLimit)
  }

  init(
    parent: Injector?,
    requiresConfiguration: Bool,
    creationWaitLimit: Duration = .seconds(defaultCreationWaitLimit),
    overriding: Bool = false
  ) {
    self.parent = parent
    self.requiresConfiguration = requiresConfiguration
    overrideCells = overriding ? OverrideCells() : nil
    changesDuringOverrides = requiresConfiguration ? Locked(UnscopedChanges()) : nil
    if requiresConfiguration { madeGate.set(ConfigurationGate()) }
    self.creationWaitLimit = max(.zero, creationWaitLimit)
    let (seconds, attoseconds) = self.creationWaitLimit.components
    waitLimitSeconds = Double(seconds) + Double(attoseconds) / 1e18
  }

  /// Makes sure a change in any ancestor from now on reaches this injector and drops what it cached: asked before
  /// anything cached here depends on an ancestor (a child that caches nothing never joins).
  func joinAncestors() {
    guard let parent, !state.withLock({ $0.hasJoinedAncestors }) else { return }
    parent.joinAncestors()
    let link = link
    parent.state.withLock { $0.children[ObjectIdentifier(self)] = link }
    state.withLock { $0.hasJoinedAncestors = true }
  }

  deinit {
    guard let parent, state.withLock({ $0.hasJoinedAncestors }) else { return }
    parent.state.withLock { _ = $0.children.removeValue(forKey: ObjectIdentifier(self)) }
  }

  /// How many answers of `resolve`, `Lazy` and `Provider` an injector keeps; when full, it starts again.
  static let resolutionCacheLimit = 256

  /// How many plans an injector keeps for its children (see ``State/siblingPlans``); when full, it starts again.
  static let siblingPlanLimit = 256
}

/// A type, and the shape of the registrations of the child that injects it.
struct SiblingPlanKey: Hashable, Sendable {
  let type: ObjectIdentifier
  let shape: SiblingShape
}

/// What an injector caches for one request of `resolve`, `Lazy` or `Provider`: the ``Producer`` of its type, the
/// site of the `resolve` that built it (a request with a site of its own, a handle's, keeps it to itself), and the
/// snapshots it was built from.
/// A class, so that reading one under the lock is one retain, not a copy of each field through the tuple's witnesses.
final class Resolution: Sendable {
  let producer: any Sendable, site: Site?, builtFrom: SnapshotChain
  init(producer: any Sendable, site: Site?, builtFrom: SnapshotChain) {
    (self.producer, self.site, self.builtFrom) = (producer, site, builtFrom)
  }
}
