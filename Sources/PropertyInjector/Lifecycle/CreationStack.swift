/// This thread's creations in progress, innermost last: catches cycles and runaway nesting before the stack
/// overflows. Per-thread, so it also covers factories that capture an injector instead of their resolver.
// `@safe`: frames fit the memory allocated for `maximumDepth`; `within`, the only pusher, checks depth first.
@safe final class CreationStack {
  /// One creation in progress.
  struct Frame {
    let key: ObjectIdentifier
    /// Unretained: a frame lives only while its creation runs, whose caller holds the site throughout.
    unowned(unsafe) let site: Site
  }

  static let maximumDepth = 64

  /// Stack space a creation must leave free to build and throw ``InjectionError/Code/tooDeep`` and unwind.
  static let stackReserve: UInt = 128 * 1024

  // Thread-local, so exclusivity checks can never fire: they are off, and every access is marked `unsafe`.

  @exclusivity(unchecked) private var depth = 0
  @exclusivity(unchecked) private var storedObjectsInInjection: [ObjectIdentifier] = []
  /// Room for the deepest nesting allowed. Frames are trivial, so need no deinitialization.
  private let storedFrames = UnsafeMutablePointer<Frame>.allocate(capacity: maximumDepth)

  deinit { unsafe storedFrames.deallocate() }

  var frames: [Frame] { unsafe Array(UnsafeBufferPointer(start: storedFrames, count: depth)) }
  /// Objects whose injection (writes, then `didInjectDependencies()`) is running on this thread, innermost last.
  var objectsInInjection: [ObjectIdentifier] { unsafe storedObjectsInInjection }
  /// Whether no creation is in progress: the call running is the user's own.
  var isOutermost: Bool { unsafe depth == 0 }
  private let stackBounds: Range<UInt>? = currentThreadStackBounds()
  /// The running call's graph-scoped values, from the first made until the thread is idle (see `GraphValues`).
  var graph: GraphValues?

  static var current: CreationStack { stacks.value }

  var path: [String] { frames.map { unsafe $0.site.label } }

  /// Runs `create` in a frame for `key`; throws on a cycle, past ``maximumDepth``, or near stack exhaustion.
  @inline(__always)
  func within<Result>(
    _ key: ObjectIdentifier,
    for site: Site,
    _ create: () throws(InjectionError) -> Result
  ) throws(InjectionError) -> Result {
    // Outermost creations close no cycle and use the caller's stack; `checkNesting` keeps depth in bounds.
    if unsafe depth > 0 { try checkNesting(key, for: site) }
    unsafe (storedFrames + depth).initialize(to: Frame(key: key, site: site))
    // Wrapping: `checkNesting` keeps depth within ``maximumDepth``.
    unsafe depth &+= 1
    defer { endGraphIfIdle() }  // After the next one.
    defer { unsafe depth &-= 1 }
    do {
      return try create()
    } catch {
      // The innermost creation an error leaves tells where it happened.
      throw error.withPath(path)
    }
  }

  private func checkNesting(_ key: ObjectIdentifier, for site: Site) throws(InjectionError) {
    let frames = self.frames
    if let start = frames.firstIndex(where: { $0.key == key }) {
      throw .cycle(path: frames[start...].map { unsafe $0.site.label } + [site.label], closingAt: site)
    }
    if frames.count >= Self.maximumDepth {
      throw .tooDeep(path: path + [site.label], at: site, stackExhausted: false)
    }
    if let stackBounds, let address = currentStackAddress(within: stackBounds),
      address < stackBounds.lowerBound + Self.stackReserve
    {
      throw .tooDeep(path: path + [site.label], at: site, stackExhausted: true)
    }
  }

  var isInInjection: Bool { unsafe !storedObjectsInInjection.isEmpty }

  /// Runs `injection` (its writes, and its callback) marked as `object`'s, so injecting `object` again from
  /// inside it (a `didSet`, the callback) can be refused.
  @inline(__always)
  func injecting(_ object: ObjectIdentifier, _ injection: () throws(InjectionError) -> Void) throws(InjectionError) {
    unsafe storedObjectsInInjection.append(object)
    defer { endGraphIfIdle() }  // After the next one.
    defer { unsafe storedObjectsInInjection.removeLast() }
    try injection()
  }
}

private let stacks = ThreadLocal { CreationStack() }
