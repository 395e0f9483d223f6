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

  /// The creations in progress, innermost last; room for the deepest nesting allowed is reserved at once.
  private(set) var frames: [Frame]
  /// Objects whose injection (writes, then `didInjectDependencies()`) is running on this thread, innermost last.
  private(set) var objectsInInjection: [ObjectIdentifier] = []
  private let stackBounds: Range<UInt>? = currentThreadStackBounds()
  /// The running call's graph-scoped values, from the first made until the thread is idle (see `GraphValues`);
  /// one storage for every call on this thread.
  let graph = GraphValues()

  init() {
    frames = []
    frames.reserveCapacity(Self.maximumDepth)
  }

  /// Whether no creation is in progress: the call running is the user's own.
  var isOutermost: Bool { frames.isEmpty }

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
    if !frames.isEmpty { try checkNesting(key, for: site) }
    frames.append(Frame(key: key, site: site))
    defer { endGraphIfIdle() }  // After the next one.
    defer { frames.removeLast() }
    do {
      return try create()
    } catch {
      // The innermost creation an error leaves tells where it happened.
      throw error.withPath(path)
    }
  }

  private func checkNesting(_ key: ObjectIdentifier, for site: Site) throws(InjectionError) {
    if let start = frames.firstIndex(where: { $0.key == key }) {
      throw .cycle(path: frames[start...].map(\.site.label) + [site.label], closingAt: site)
    }
    if frames.count >= Self.maximumDepth {
      throw .tooDeep(path: path + [site.label], at: site, limit: Self.maximumDepth, stackExhausted: false)
    }
    if let stackBounds, let address = currentStackAddress(within: stackBounds),
      address < stackBounds.lowerBound + Self.stackReserve
    {
      throw .tooDeep(path: path + [site.label], at: site, limit: Self.maximumDepth, stackExhausted: true)
    }
  }

  var isInInjection: Bool { !objectsInInjection.isEmpty }

  /// Runs `injection` (its writes, and its callback) marked as `object`'s, so injecting `object` again from
  /// inside it (a `didSet`, the callback) can be refused.
  @inline(__always)
  func injecting(_ object: ObjectIdentifier, _ injection: () throws(InjectionError) -> Void) throws(InjectionError) {
    objectsInInjection.append(object)
    defer { endGraphIfIdle() }  // After the next one.
    defer { objectsInInjection.removeLast() }
    try injection()
  }
}

private let stacks = ThreadLocal { CreationStack() }
