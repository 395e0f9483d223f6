/// The creations in progress on the current thread, innermost last: how the library detects a
/// cycle before it overflows the stack, and reports the whole path.
///
/// Factories, callbacks and initializers are synchronous, so everything a creation needs is
/// created on the same thread, inside it. A frame is pushed for each creation (a factory, a
/// singleton, an auto-created type, a `Lazy` read) and popped when it ends; entering a
/// creation that is already on the stack is a cycle. Because the stack belongs to the thread,
/// not to a resolver object passed around, a factory that captures an injector instead of
/// using its argument is still covered.
final class CreationStack {
  /// One creation in progress.
  struct Frame {
    /// What is being created: a registration, a type, a `Lazy`.
    let key: ObjectIdentifier
    /// Where, for messages: `Feed.injectedDatabase`, `resolve(Logger)`.
    let site: Site
  }

  /// The deepest chain of nested creations allowed, far beyond any real object graph; past
  /// it, a creation fails instead of risking the thread's stack.
  static let maximumDepth = 64

  // Only the thread that owns the stack ever touches it, so Swift's dynamic exclusivity checks
  // (a `swift_beginAccess` per mutation of a class's property) can never fire here.
  @exclusivity(unchecked) private(set) var frames: [Frame] = []
  /// Objects whose `didInjectDependencies()` is running on this thread, innermost last.
  @exclusivity(unchecked) private(set) var objectsInCallback: [ObjectIdentifier] = []

  /// The current thread's stack.
  static var current: CreationStack { stacks.value }

  /// The labels of the creations in progress, outermost first.
  var path: [String] { frames.map(\.site.label) }

  /// Runs `create` inside a frame for `key`, made for `site`, or throws
  /// ``InjectionError/Code/cycle`` when `key` is already being created on this thread.
  func within<Result>(_ key: ObjectIdentifier, for site: Site, _ create: () throws -> Result) throws -> Result {
    if let start = frames.firstIndex(where: { $0.key == key }) {
      throw InjectionError.cycle(path: frames[start...].map(\.site.label) + [site.label], closingAt: site)
    }
    guard frames.count < Self.maximumDepth else {
      throw InjectionError.tooDeep(path: path + [site.label], at: site)
    }
    frames.append(Frame(key: key, site: site))
    defer { frames.removeLast() }
    return try create()
  }

  /// Runs `callback` marked as the callback of `object`, so that injecting `object` again
  /// from inside it can be refused.
  func inCallback(of object: ObjectIdentifier, _ callback: () -> Void) {
    objectsInCallback.append(object)
    defer { objectsInCallback.removeLast() }
    callback()
  }
}

/// Each thread's ``CreationStack``.
private let stacks = ThreadLocal { CreationStack() }
