#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#else
  #error("PropertyInjector supports Linux and Apple platforms: no pthread library was found.")
#endif
#if !canImport(Darwin)
  import Dispatch
  import Synchronization
#endif

// The library's only pthread calls. A failed call is a broken invariant of this file, never a caller's, so it traps.

@inline(__always)
private func check(_ result: Int32, _ call: StaticString) {
  precondition(result == 0, "\(call) failed with error \(result)")
}

/// Initializes the memory at `mutex`, then the mutex there: an error-checking one in debug builds.
private func initialize(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
  unsafe mutex.initialize(to: pthread_mutex_t())
  #if DEBUG
    var attributes = pthread_mutexattr_t()
    check(unsafe pthread_mutexattr_init(&attributes), "pthread_mutexattr_init")
    check(
      unsafe pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK)), "pthread_mutexattr_settype")
    check(unsafe pthread_mutex_init(mutex, &attributes), "pthread_mutex_init")
    check(unsafe pthread_mutexattr_destroy(&attributes), "pthread_mutexattr_destroy")
  #else
    check(unsafe pthread_mutex_init(mutex, nil), "pthread_mutex_init")
  #endif
}

/// A value behind a `pthread_mutex_t` (not `Mutex`, for the deployment targets). Deadlock rule: `withLock`'s
/// body never calls user code, releases a value user code may own, or takes another `Locked`.
struct Locked<State> {
  // Safe: the mutex is initialized before the buffer is shared, and destroyed with it.
  @safe private final class Storage: ManagedBuffer<State, pthread_mutex_t> {
    deinit {
      unsafe withUnsafeMutablePointerToElements { mutex in
        check(unsafe pthread_mutex_destroy(mutex), "pthread_mutex_destroy")
      }
    }
  }

  private let storage: Storage

  init(_ state: sending State) {
    let buffer = unsafe Storage.create(minimumCapacity: 1) { _ in state }
    unsafe buffer.withUnsafeMutablePointerToElements(initialize)
    // `create` returns an instance of the class it is called on.
    storage = unsafe unsafeDowncast(buffer, to: Storage.self)
  }

  @inline(__always)
  func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
    try unsafe storage.withUnsafeMutablePointers { (state, mutex) throws(Failure) -> Result in
      check(unsafe pthread_mutex_lock(mutex), "pthread_mutex_lock")
      defer { check(unsafe pthread_mutex_unlock(mutex), "pthread_mutex_unlock") }
      return try unsafe body(&state.pointee)
    }
  }
}

// Safe to share when the state is: every access to it holds the mutex.
extension Locked: @unchecked Sendable where State: Sendable {}

/// A flag set once, then read from any thread; a read that sees it set sees every write before `set()`
/// (acquire/release `Atomic` on Linux; a ``Locked`` `Bool` on Apple platforms, where `Atomic` needs macOS 15). A
/// class, so that one can be held apart from what it guards, and many checked in a loop.
final class OnceFlag: Sendable {
  #if canImport(Darwin)
    private let locked = Locked(false)
    var isSet: Bool { locked.withLock { $0 } }
    func set() { locked.withLock { $0 = true } }
  #else
    private let atomic = Atomic(false)
    var isSet: Bool { atomic.load(ordering: .acquiring) }
    func set() { atomic.store(true, ordering: .releasing) }
  #endif
}

/// A value shared between threads on a promise the type system cannot check: one its registrant declared safe
/// to share (`register(unchecked:)`), a main-actor factory's value handed back on the main thread that made it,
/// or an immutable object whose type does not declare `Sendable` (a key path). Each use says which.
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
}

/// A value set once, then read from any thread without waiting; a read that sees it sees every write before
/// ``set(_:)``. `Value` need not be `Sendable`: a singleton registered `unchecked:` is its registrant's promise.
// @unchecked Sendable: `box` is written once, under `lock`, before `flag` is set with release ordering; it is
// read only after `flag` was seen with acquire ordering, and never written again. (Not an `AtomicLazyReference`:
// its generic code, not specialized across the module boundary, looks up its metadata on every load.)
final class OnceValue<Value>: @unchecked Sendable {
  /// A class, so that unspecialized code reads the value through a reference, without looking up the metadata
  /// of a `Value?`.
  private final class Box {
    let value: Value
    init(_ value: Value) { self.value = value }
  }

  let flag = OnceFlag()
  /// Whether the value is set, as the lock sees it. (A lock of `()` trips the thread sanitizer: it sees the access to
  /// an empty value at the lock object's own address, whose type another thread reads.)
  private let lock = Locked(false)
  private var box: Box?

  init() {}

  /// Whether the value is set.
  var isSet: Bool { flag.isSet }

  /// The value, once set.
  var value: Value? {
    guard flag.isSet, let box else { return nil }
    return box.value
  }

  /// What `body` answers for the value, lent to it, if the value is set; else what `orElse` answers. Unlike
  /// ``value``, no `Value?` for unspecialized code to look up the metadata of.
  @inline(__always)
  func ifSet<Result, Failure: Error>(
    _ body: (Value) throws(Failure) -> Result,
    orElse: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    guard flag.isSet, let box else { return try orElse() }
    return try body(box.value)
  }

  /// Sets the value, unless it is set already; returns the value set.
  @discardableResult
  func set(_ value: Value) -> Value {
    lock.withLock { isSet in
      if isSet, let box { return box.value }
      (box, isSet) = (Box(value), true)
      flag.set()
      return value
    }
  }
}

/// A protocol factory's last non-injectable type, shared between threads; publishes nothing, so relaxed.
struct TypeSlot: ~Copyable {
  #if canImport(Darwin)
    private let locked = Locked<ObjectIdentifier?>(nil)
    func holds(_ type: ObjectIdentifier) -> Bool { locked.withLock { $0 == type } }
    func store(_ type: ObjectIdentifier) { locked.withLock { $0 = type } }
  #else
    private let atomic = Atomic<UInt>(0)
    func holds(_ type: ObjectIdentifier) -> Bool { atomic.load(ordering: .relaxed) == UInt(bitPattern: type) }
    func store(_ type: ObjectIdentifier) { atomic.store(UInt(bitPattern: type), ordering: .relaxed) }
  #endif
}

/// A value behind a mutex with a condition, for threads that wait on another's work. State is reached via
/// ``Held``, one short access at a time: an `inout` access across a wait could keep a stale copy.
// Safe: mutex and condition live exactly as long as the object; every access to `state` holds the mutex.
@safe final class ConditionLocked<State>: @unchecked Sendable {
  /// The closure's handle on the state and the condition.
  struct Held {
    fileprivate let owner: ConditionLocked<State>

    /// Reads or changes the state. Never wait inside `change`.
    func callAsFunction<Result>(_ change: (inout State) -> Result) -> Result { change(&owner.state) }

    /// Releases the mutex until a broadcast or `seconds` pass. Wake-ups may be spurious: re-check.
    func wait(seconds: Double) {
      var deadline = timespec()
      check(unsafe clock_gettime(CLOCK_REALTIME, &deadline), "clock_gettime")
      let nanoseconds = Int(deadline.tv_nsec) + Int(seconds * 1e9)
      deadline.tv_sec += .init(nanoseconds / 1_000_000_000)
      deadline.tv_nsec = .init(nanoseconds % 1_000_000_000)
      let result = unsafe pthread_cond_timedwait(owner.condition, owner.mutex, &deadline)
      if result != ETIMEDOUT { check(result, "pthread_cond_timedwait") }
    }

    func broadcast() { check(unsafe pthread_cond_broadcast(owner.condition), "pthread_cond_broadcast") }
  }

  private var state: State
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  init(_ state: State) {
    self.state = state
    unsafe condition.initialize(to: pthread_cond_t())
    unsafe initialize(mutex)
    check(unsafe pthread_cond_init(condition, nil), "pthread_cond_init")
  }

  deinit {
    check(unsafe pthread_cond_destroy(condition), "pthread_cond_destroy")
    check(unsafe pthread_mutex_destroy(mutex), "pthread_mutex_destroy")
    unsafe condition.deallocate()
    unsafe mutex.deallocate()
  }

  func withLock<Result>(_ body: (Held) -> Result) -> Result {
    check(unsafe pthread_mutex_lock(mutex), "pthread_mutex_lock")
    defer { check(unsafe pthread_mutex_unlock(mutex), "pthread_mutex_unlock") }
    return body(Held(owner: self))
  }
}

/// An identifier for the current thread, unique among live threads.
func currentThreadID() -> UInt {
  #if canImport(Darwin)
    UInt(bitPattern: unsafe pthread_self())
  #else
    UInt(pthread_self())
  #endif
}

/// Whether the caller runs on the main actor, without trapping. On Linux a worker may drain the main queue
/// (after `async main`), so a mark on the main queue is checked instead of the thread.
func isOnMainActor() -> Bool {
  #if canImport(Darwin)
    return pthread_main_np() != 0
  #else
    return DispatchQueue.getSpecific(key: mainQueueMark) == true
  #endif
}

#if !canImport(Darwin)
  /// Set on the main queue only, once (a global's initializer runs once).
  private let mainQueueMark: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()
#endif

func monotonicSeconds() -> Double {
  var now = timespec()
  check(unsafe clock_gettime(CLOCK_MONOTONIC, &now), "clock_gettime")
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// The current thread's stack addresses, or nil when unknown. Stacks grow down: the lower bound is the limit.
func currentThreadStackBounds() -> Range<UInt>? {
  #if canImport(Darwin)
    let top = UInt(bitPattern: unsafe pthread_get_stackaddr_np(pthread_self()))
    return (top - UInt(pthread_get_stacksize_np(pthread_self())))..<top
  #elseif os(Linux)
    // `pthread_getattr_np` is a GNU extension the Glibc module does not export; look it up.
    typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
    guard let symbol = unsafe dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else { return nil }
    let getAttributes = unsafe unsafeBitCast(symbol, to: GetAttributes.self)
    var attributes = pthread_attr_t()
    guard unsafe getAttributes(pthread_self(), &attributes) == 0 else { return nil }
    defer { check(unsafe pthread_attr_destroy(&attributes), "pthread_attr_destroy") }
    var address: UnsafeMutableRawPointer?
    var size = 0
    guard unsafe pthread_attr_getstack(&attributes, &address, &size) == 0, let address = unsafe address else {
      return nil
    }
    let low = UInt(bitPattern: address)
    return low..<(low + UInt(size))
  #else
    return nil
  #endif
}

/// An address in the caller's frame on the real stack: how deep the stack is.
/// Under ASan a local may live on the heap "fake stack"; its real frame is then asked of ASan. Nil if neither tells.
@inline(never)
func currentStackAddress(within bounds: Range<UInt>) -> UInt? {
  var marker: UInt8 = 0
  let address = unsafe withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
  if bounds.contains(address) { return address }
  return AddressSanitizer.realFrame(of: address).flatMap { bounds.contains($0) ? $0 : nil }
}

/// ASan's fake-stack API, looked up at run time so the library links no sanitizer.
private enum AddressSanitizer {
  typealias CurrentFakeStack = @convention(c) () -> UnsafeMutableRawPointer?
  typealias AddressIsInFakeStack =
    @convention(c) (
      UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
      UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) -> UnsafeMutableRawPointer?

  static let functions: (CurrentFakeStack, AddressIsInFakeStack)? = {
    #if canImport(Darwin)
      let everywhere = unsafe UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
      let everywhere = unsafe UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
    #endif
    guard let current = unsafe dlsym(everywhere, "__asan_get_current_fake_stack"),
      let lookup = unsafe dlsym(everywhere, "__asan_addr_is_in_fake_stack")
    else { return nil }
    return unsafe (
      unsafeBitCast(current, to: CurrentFakeStack.self), unsafeBitCast(lookup, to: AddressIsInFakeStack.self)
    )
  }()

  /// The address on the real stack of the fake frame that holds `address`, if one does.
  static func realFrame(of address: UInt) -> UInt? {
    guard let (current, lookup) = unsafe functions, let fakeStack = unsafe current() else { return nil }
    let frame = unsafe lookup(fakeStack, UnsafeMutableRawPointer(bitPattern: address), nil, nil)
    return unsafe frame.map { UInt(bitPattern: $0) }
  }
}

/// A per-thread `Value`, made on first use and released when the thread ends.
final class ThreadLocal<Value: AnyObject>: Sendable {
  private let key: pthread_key_t
  private let make: @Sendable () -> Value

  init(_ make: @escaping @Sendable () -> Value) {
    var key = pthread_key_t()
    let created = unsafe pthread_key_create(&key) { raw in
      #if canImport(Darwin)
        unsafe Unmanaged<AnyObject>.fromOpaque(raw).release()
      #else
        if let raw = unsafe raw { unsafe Unmanaged<AnyObject>.fromOpaque(raw).release() }
      #endif
    }
    check(created, "pthread_key_create")
    self.key = key
    self.make = make
  }

  var value: Value {
    if let raw = unsafe pthread_getspecific(key) {
      return unsafe Unmanaged<Value>.fromOpaque(raw).takeUnretainedValue()
    }
    let value = make()
    check(unsafe pthread_setspecific(key, Unmanaged.passRetained(value).toOpaque()), "pthread_setspecific")
    return value
  }
}
