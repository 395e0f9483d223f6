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
  @exclusivity(unchecked) private var storedObjectsInCallback: [ObjectIdentifier] = []
  /// Room for the deepest nesting allowed. Frames are trivial, so need no deinitialization.
  private let storedFrames = UnsafeMutablePointer<Frame>.allocate(capacity: maximumDepth)

  deinit { unsafe storedFrames.deallocate() }

  var frames: [Frame] { unsafe Array(UnsafeBufferPointer(start: storedFrames, count: depth)) }
  /// Objects whose `didInjectDependencies()` is running on this thread, innermost last.
  var objectsInCallback: [ObjectIdentifier] { unsafe storedObjectsInCallback }
  /// Whether no creation is in progress: the call running is the user's own.
  var isOutermost: Bool { unsafe depth == 0 }
  private let stackBounds: Range<UInt>? = currentThreadStackBounds()

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

  var isInCallback: Bool { unsafe !storedObjectsInCallback.isEmpty }

  /// Runs `callback` marked as `object`'s, so injecting `object` again from inside it can be refused.
  func inCallback(of object: ObjectIdentifier, _ callback: () -> Void) {
    unsafe storedObjectsInCallback.append(object)
    defer { unsafe storedObjectsInCallback.removeLast() }
    callback()
  }
}

private let stacks = ThreadLocal { CreationStack() }
