/// This thread's creations in progress, innermost last: catches cycles and runaway nesting before the stack
/// overflows. Per-thread, so it also covers factories that capture an injector instead of their resolver.
final class CreationStack {
  /// One creation in progress.
  struct Frame {
    let key: ObjectIdentifier
    let site: Site
  }

  static let maximumDepth = 64

  /// Stack space a creation must leave free to build and throw ``InjectionError/Code/tooDeep`` and unwind.
  static let stackReserve: UInt = 128 * 1024

  /// What runs on this thread: one stored property, changed only through ``update(_:)``.
  private struct Running {
    /// The creations in progress, innermost last; room for the deepest nesting allowed is reserved at once.
    var frames: [Frame]
    /// Objects whose injection (writes, then `didInjectDependencies()`) is running, innermost last.
    var objectsInInjection: [ObjectIdentifier] = []

    /// Whether nothing runs: no creation, no injection.
    var isIdle: Bool { frames.isEmpty && objectsInInjection.isEmpty }

    /// Pushes `frame`; returns whether it is nested in another creation.
    mutating func enter(_ frame: Frame) -> Bool {
      frames.append(frame)
      return frames.count > 1
    }

    /// Pops the innermost frame; returns whether nothing runs any more.
    mutating func leave() -> Bool {
      frames.removeLast()
      return isIdle
    }

    /// Pops the innermost object in injection; returns whether nothing runs any more.
    mutating func leaveInjection() -> Bool {
      objectsInInjection.removeLast()
      return isIdle
    }
  }

  /// Nil only while ``update(_:)`` has it out.
  private var running: Running? = Running(frames: [])

  /// Changes what runs on this thread: moved out of its property for `change`, then back. No other code runs
  /// while it is out (`change` calls no user code), and each access to the property is then a plain move (nil
  /// left, nil dropped after), which the compiler checks for exclusivity statically: a change in place, which
  /// may release (and so, as far as the compiler knows, run any `deinit`), is checked at run time.
  @inline(__always)
  private func update<Result>(_ change: (inout Running) -> Result) -> Result {
    var taken = running.take() ?? Running(frames: [])
    let result = change(&taken)
    var back: Running? = consume taken
    swap(&back, &running)
    return result
  }

  /// The creations in progress, innermost last.
  var frames: [Frame] { running?.frames ?? [] }
  /// Objects whose injection (writes, then `didInjectDependencies()`) is running on this thread, innermost last.
  var objectsInInjection: [ObjectIdentifier] { running?.objectsInInjection ?? [] }
  private let stackBounds: Range<UInt>? = currentThreadStackBounds()
  /// The registries the calls running on this thread that make values started from, outermost first (see ``Pin``);
  /// nil only while ``updatePins(_:)`` has them out.
  private var pins: [Pin]? = []
  /// The running call's graph-scoped values, from the first made until the thread is idle (see `GraphValues`);
  /// one storage for every call on this thread.
  let graph = GraphValues()

  init() {
    update { $0.frames.reserveCapacity(Self.maximumDepth + 1) }
  }

  /// Whether a call runs on this thread: a creation or an injection, which ends the graph when it ends.
  var isRunning: Bool { !(running?.isIdle ?? true) }

  /// Whether no creation is in progress: the call running is the user's own.
  var isOutermost: Bool { running?.frames.isEmpty ?? true }

  static var current: CreationStack { stacks.value }

  var path: [String] { frames.map(\.site.label) }

  /// Runs `create` in a frame for `key`; throws on a cycle, past ``maximumDepth``, or near stack exhaustion.
  @inline(__always)
  func within<Result>(
    _ key: ObjectIdentifier,
    for site: Site,
    _ create: () throws(InjectionError) -> Result
  ) throws(InjectionError) -> Result {
    // Outermost creations close no cycle and use the caller's stack; `checkNesting` keeps depth in bounds.
    let isNested = update { $0.enter(Frame(key: key, site: site)) }
    defer { if update({ $0.leave() }) { endGraph() } }
    do {
      if isNested { try checkNesting(key, for: site) }
      return try create()
    } catch {
      // The innermost creation an error leaves tells where it happened.
      throw error.withPath(path)
    }
  }

  /// Checks the frame just entered for `key` at `site` against the ones it is nested in (the path ends with it).
  private func checkNesting(_ key: ObjectIdentifier, for site: Site) throws(InjectionError) {
    let frames = self.frames.dropLast()
    if let start = frames.firstIndex(where: { $0.key == key }) {
      throw .cycle(
        path: Array(path[start...]), closingAt: site, reading: handle(closing: site, after: start),
        links: self.frames.dropFirst(start + 1).map(\.site))
    }
    if frames.count >= Self.maximumDepth {
      throw .tooDeep(path: path, at: site, limit: Self.maximumDepth, stackExhausted: false)
    }
    if let stackBounds, let address = currentStackAddress(within: stackBounds),
      address < stackBounds.lowerBound + Self.stackReserve
    {
      throw .tooDeep(path: path, at: site, limit: Self.maximumDepth, stackExhausted: true)
    }
  }

  /// The ``Lazy`` or ``Provider`` read (``Site/handle``) inside a cycle closing at `site`, entered at frame `start`
  /// (by default, the outermost: where a loop is entered reads nothing inside it).
  func handle(closing site: Site, after start: Int = 0) -> String? {
    site.handle ?? frames.dropFirst(start + 1).lazy.compactMap(\.site.handle).first
  }

  var isInInjection: Bool { !(running?.objectsInInjection.isEmpty ?? true) }

  /// Runs `injection` (its writes, and its callback) marked as `object`'s, so injecting `object` again from
  /// inside it (a `didSet`, the callback) can be refused.
  @inline(__always)
  func injecting(_ object: ObjectIdentifier, _ injection: () throws(InjectionError) -> Void) throws(InjectionError) {
    update { $0.objectsInInjection.append(object) }
    defer { if update({ $0.leaveInjection() }) { endGraph() } }
    try injection()
  }

  /// Runs `call`, which makes values, with the registry it started from pinned (see ``Pin``).
  @inline(__always)
  func pinning<Result>(_ pin: Pin, _ call: () throws(InjectionError) -> Result) throws(InjectionError) -> Result {
    updatePins { $0.append(pin) }
    // Released after the change: the last pin of a chain may release registrations, and their values' `deinit`s.
    defer { withExtendedLifetime(updatePins { $0.popLast() }) {} }
    return try call()
  }

  /// Changes the pins as ``update(_:)`` changes what runs: moved out and back, so each access is checked statically.
  @inline(__always)
  private func updatePins<Result>(_ change: (inout [Pin]) -> Result) -> Result {
    var taken = pins.take() ?? []
    let result = change(&taken)
    var back: [Pin]? = consume taken
    swap(&back, &pins)
    return result
  }

  /// Where the call running on this thread pinned the registry of the injector `injector` identifies: the innermost
  /// pin that holds it, and its level there; nil outside a call that makes values, or in one that pinned none. The
  /// innermost: a call nested in another that pinned a chain of its own (one on an injector outside the other's chain,
  /// a call of its own) answers from its own chain throughout, its ancestors' factories included.
  func pinnedLevel(of injector: ObjectIdentifier) -> PinnedLevel? {
    for pin in (pins ?? []).reversed() {
      if pin.injector == injector { return PinnedLevel(pin: pin, level: 0) }
      if let level = pin.chain.levels.dropFirst().firstIndex(where: { $0.owner == injector }) {
        return PinnedLevel(pin: pin, level: level)
      }
    }
    return nil
  }
}

private let stacks = ThreadLocal { CreationStack() }

/// The registry snapshots one call that makes values started from on one injector, pinned while it runs: a resolve or
/// injection nested in it (a factory's resolver, a made value's injection) answers from them, so the call sees each
/// registration as it started, even if another thread replaces it meanwhile. The snapshots' injectors are alive while
/// the call runs (it holds its injector, which holds its ancestors), so their identifiers name them.
struct Pin {
  /// The injector the call runs on.
  let injector: ObjectIdentifier
  /// The snapshots the call's plan or resolution was built from, the injector's own first.
  let chain: SnapshotChain
  /// For a plan shared with siblings, whose chain's first level is empty: the injector's own registrations as the call
  /// started, whose instances the plan's steps read by slot.
  var ownRegistrations: [Registration]? = nil
  /// Whether the chain's first level is a sibling's (a plan shared with siblings): ``ownRegistrations`` stand for it.
  var sharesFirstLevel: Bool { ownRegistrations != nil }
}

/// One injector's place in a ``Pin``'s chain: the levels from `level` on are the ones it started from.
struct PinnedLevel {
  let pin: Pin
  let level: Int
  /// Whether the injector's own level is a sibling's in the pin (a shared plan's): ``Pin/ownRegistrations`` stand for it.
  var sharesOwnLevel: Bool { level == 0 && pin.sharesFirstLevel }
  /// The injector's own registrations as the call started.
  var ownRegistrations: [Registration] {
    (sharesOwnLevel ? pin.ownRegistrations : nil) ?? pin.chain.levels[level].registry.ordered.all
  }
}

extension SnapshotChain {
  /// Whether this chain, a plan's or a resolution's, is the one `pinned` started from; a plan `sharingFirstLevel`
  /// with siblings is compared from the level above its builder's.
  func isPinned(by pinned: PinnedLevel, sharingFirstLevel: Bool = false) -> Bool {
    // A pinned first level that is a sibling's: this chain's own must hold the registrations the call started with.
    if pinned.sharesOwnLevel, !sharingFirstLevel,
      !levels[0].registry.ordered.all.elementsEqual(pinned.ownRegistrations, by: ===)
    {
      return false
    }
    return isSame(
      as: pinned.pin.chain, from: pinned.level, skipping: sharingFirstLevel || pinned.sharesOwnLevel ? 1 : 0)
  }
}
