/// The creations in progress on the current thread, innermost last: how the library detects a
/// cycle, or runaway nesting, before it overflows the stack, and reports the whole path.
///
/// Factories, callbacks and initializers are synchronous, so everything a creation needs is
/// created on the same thread, inside it. A frame is pushed for each creation (a factory, a
/// singleton, an auto-created type, a `Lazy` read) and popped when it ends; entering a
/// creation that is already on the stack is a cycle. Because the stack belongs to the thread,
/// not to a resolver passed around, a factory that captures an injector instead of using its
/// argument is still covered.
// `@safe`: its frames live in memory it allocates with room for the deepest nesting allowed,
// and `within`, the one place that pushes, checks the depth first.
@safe final class CreationStack {
  /// One creation in progress.
  struct Frame {
    /// What is being created: a registration, a type, a `Lazy`.
    let key: ObjectIdentifier
    /// Where, for messages: `Feed.injectedDatabase`, `resolve(any Logger)`. Unretained: a frame
    /// lives only while the creation it stands for runs, and the caller of that creation holds
    /// the site throughout, so pushing a frame costs no retain and popping it no release.
    unowned(unsafe) let site: Site
  }

  /// The deepest chain of nested creations allowed, far beyond any real object graph.
  static let maximumDepth = 64

  /// The stack space a creation must leave free: enough to build and throw the error, and to
  /// unwind, with room to spare. Nesting that would leave less fails with ``InjectionError/Code/tooDeep``.
  static let stackReserve: UInt = 128 * 1024

  // Only the thread that owns the stack ever touches it (it is thread-local), so Swift's dynamic
  // exclusivity checks (a `swift_beginAccess` per access of a class's property, on every
  // injection) can never fire here: they are turned off, and every access is marked `unsafe`.

  @exclusivity(unchecked) private var depth = 0
  @exclusivity(unchecked) private var storedObjectsInCallback: [ObjectIdentifier] = []
  /// Room for the deepest nesting allowed: pushing a frame is two stores, popping it one.
  /// Frames are trivial values, so the memory needs no deinitialization.
  private let storedFrames = UnsafeMutablePointer<Frame>.allocate(capacity: maximumDepth)

  deinit { unsafe storedFrames.deallocate() }

  /// The creations in progress, outermost first.
  var frames: [Frame] { unsafe Array(UnsafeBufferPointer(start: storedFrames, count: depth)) }
  /// Objects whose `didInjectDependencies()` is running on this thread, innermost last.
  var objectsInCallback: [ObjectIdentifier] { unsafe storedObjectsInCallback }
  /// Whether no creation is in progress: the call running is the user's own.
  var isOutermost: Bool { unsafe depth == 0 }
  /// This thread's stack, when the platform tells it.
  private let stackBounds: Range<UInt>? = currentThreadStackBounds()

  /// The current thread's stack.
  static var current: CreationStack { stacks.value }

  /// The labels of the creations in progress, outermost first.
  var path: [String] { frames.map { unsafe $0.site.label } }

  /// Runs `create` inside a frame for `key`, made for `site`; throws ``InjectionError/Code/cycle``
  /// when `key` is already being created on this thread, and ``InjectionError/Code/tooDeep``
  /// when nesting is past ``maximumDepth`` or the thread's stack is nearly used up.
  @inline(__always)
  func within<Result>(
    _ key: ObjectIdentifier,
    for site: Site,
    _ create: () throws(InjectionError) -> Result
  ) throws(InjectionError) -> Result {
    // An outermost creation nests in nothing: it can close no cycle, and the stack it runs on
    // is the caller's. Only nesting is checked, and it is rare: most factories need nothing made.
    // `checkNesting` keeps the depth within the room `storedFrames` has.
    if unsafe depth > 0 { try checkNesting(key, for: site) }
    unsafe (storedFrames + depth).initialize(to: Frame(key: key, site: site))
    unsafe depth += 1
    defer { unsafe depth -= 1 }
    do {
      return try create()
    } catch {
      // The innermost creation an error leaves tells where it happened.
      throw error.withPath(path)
    }
  }

  /// Throws when a creation of `key`, nested in the ones in progress, would close a cycle, nest
  /// past ``maximumDepth`` or leave the thread's stack nearly used up.
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

  /// Whether a callback is running on this thread.
  var isInCallback: Bool { unsafe !storedObjectsInCallback.isEmpty }

  /// Runs `callback` marked as the callback of `object`, so that injecting `object` again
  /// from inside it can be refused.
  func inCallback(of object: ObjectIdentifier, _ callback: () -> Void) {
    unsafe storedObjectsInCallback.append(object)
    defer { unsafe storedObjectsInCallback.removeLast() }
    callback()
  }
}

/// Each thread's ``CreationStack``.
private let stacks = ThreadLocal { CreationStack() }
