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
  // The main queue, to tell the main actor's jobs from others (see `isOnMainActor`).
  import Dispatch
  // `Atomic`, for `OnceFlag`: on Linux it needs no newer deployment target.
  import Synchronization
#endif

// The only file that calls the platform's thread library: a mutex, a condition with timed
// waits, the current thread's identity and stack, and a per-thread slot. Everything else
// uses these. Every call's result is checked, as swift-log's locks check theirs: a failure is
// a broken invariant of this file (a mutex used after it was destroyed, unlocked by another
// thread), never something a caller can cause, so it stops the program with the call's name
// and error number instead of going on with a lock that does not lock. Debug builds make
// error-checking mutexes, which report a relock or a foreign unlock instead of deadlocking.

/// Stops the program when a pthread call failed: `result` is its return value.
@inline(__always)
private func check(_ result: Int32, _ call: StaticString) {
  precondition(result == 0, "\(call) failed with error \(result)")
}

/// Initializes `mutex`: error-checking in debug builds, the platform's default in release.
private func initialize(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
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

/// A value behind a mutex: the one way state is shared between threads in this library.
///
/// `pthread_mutex_t` is used on every platform, rather than `Synchronization.Mutex`, so the
/// library keeps the deployment targets its manifest declares (macOS 13, iOS 16). The state
/// and the mutex share one allocation.
///
/// The rule that keeps it deadlock-free: the closure passed to ``withLock(_:)`` never calls
/// user code (factories, callbacks, key-path tables, `Mirror`), never releases a value that
/// user code may own (whose `deinit` could run anything), and never takes another `Locked`.
/// Code copies what it needs out, unlocks, then calls out or lets go.
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
    unsafe buffer.withUnsafeMutablePointerToElements { mutex in
      unsafe mutex.initialize(to: pthread_mutex_t())
      unsafe initialize(mutex)
    }
    // `create` returns an instance of the class it is called on.
    storage = unsafe unsafeDowncast(buffer, to: Storage.self)
  }

  /// Runs `body` with exclusive access to the state.
  ///
  /// - Complexity: O(1) plus `body`; an uncontended lock costs about 20 ns.
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

/// A flag set once, then read many times from any thread: whether a singleton is made.
///
/// A read that sees it set also sees everything written before it was set (acquire and
/// release). On Linux it is an atomic load, a few instructions; on Apple platforms, where
/// `Atomic` needs macOS 15 and iOS 18, it is a ``Locked`` `Bool`.
struct OnceFlag: ~Copyable {
  #if canImport(Darwin)
    private let locked = Locked(false)
    /// Whether the flag is set.
    var isSet: Bool { locked.withLock { $0 } }
    /// Sets the flag, after the writes it publishes.
    func set() { locked.withLock { $0 = true } }
  #else
    private let atomic = Atomic(false)
    /// Whether the flag is set.
    var isSet: Bool { atomic.load(ordering: .acquiring) }
    /// Sets the flag, after the writes it publishes.
    func set() { atomic.store(true, ordering: .releasing) }
  #endif
}

/// One type's identity, shared between threads: a cache of one entry, read on every call of a
/// factory of a protocol type (the last type it made that is not injectable).
///
/// Nothing else is published through it, so its reads and writes need no ordering. On Linux it
/// is an atomic word; on Apple platforms, where `Atomic` needs macOS 15 and iOS 18, a ``Locked``
/// value.
struct TypeSlot: ~Copyable {
  #if canImport(Darwin)
    private let locked = Locked<ObjectIdentifier?>(nil)
    /// Whether the slot holds `type`.
    func holds(_ type: ObjectIdentifier) -> Bool { locked.withLock { $0 == type } }
    /// Puts `type` in the slot, in place of what it held.
    func store(_ type: ObjectIdentifier) { locked.withLock { $0 = type } }
  #else
    private let atomic = Atomic<UInt>(0)
    /// Whether the slot holds `type`.
    func holds(_ type: ObjectIdentifier) -> Bool { atomic.load(ordering: .relaxed) == UInt(bitPattern: type) }
    /// Puts `type` in the slot, in place of what it held.
    func store(_ type: ObjectIdentifier) { atomic.store(UInt(bitPattern: type), ordering: .relaxed) }
  #endif
}

/// A value behind a mutex with a condition, for threads that must wait for another thread's
/// work (see ``CreationCoordinator`` and ``ConfigurationGate``).
///
/// The closure given to ``withLock(_:)`` receives a ``Held``: it reads and changes the state
/// through it, one short access at a time, and may wait, which releases the mutex meanwhile.
/// There is no `inout` access spanning a wait: another thread changes the state while this one
/// waits, and an access held across the wait would let the optimizer keep a stale copy.
// Safe: the mutex and condition are initialized before the object is shared and destroyed with
// it, and every access to `state` holds the mutex.
@safe final class ConditionLocked<State>: @unchecked Sendable {
  /// What the closure of ``ConditionLocked/withLock(_:)`` holds: the state, and the condition.
  struct Held {
    fileprivate let owner: ConditionLocked<State>

    /// Reads or changes the state. Never wait inside `change`.
    func callAsFunction<Result>(_ change: (inout State) -> Result) -> Result { change(&owner.state) }

    /// Releases the mutex until some thread broadcasts or `seconds` pass, then takes it again.
    /// Spurious wake-ups happen: callers re-check their condition.
    func wait(seconds: Double) { owner.wait(seconds: seconds) }

    /// Wakes every waiting thread.
    func broadcast() { check(unsafe pthread_cond_broadcast(owner.condition), "pthread_cond_broadcast") }
  }

  private var state: State
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  init(_ state: State) {
    self.state = state
    unsafe mutex.initialize(to: pthread_mutex_t())
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

  /// Runs `body` with the mutex held; `body` reads and changes the state through what it
  /// receives, and may wait and broadcast.
  func withLock<Result>(_ body: (Held) -> Result) -> Result {
    check(unsafe pthread_mutex_lock(mutex), "pthread_mutex_lock")
    defer { check(unsafe pthread_mutex_unlock(mutex), "pthread_mutex_unlock") }
    return body(Held(owner: self))
  }

  private func wait(seconds: Double) {
    var now = timespec()
    check(unsafe clock_gettime(CLOCK_REALTIME, &now), "clock_gettime")
    let whole = Int(seconds)
    let nanoseconds = Int(now.tv_nsec) + Int((seconds - Double(whole)) * 1e9)
    var deadline = now
    deadline.tv_sec += .init(whole + nanoseconds / 1_000_000_000)
    deadline.tv_nsec = .init(nanoseconds % 1_000_000_000)
    let result = unsafe pthread_cond_timedwait(condition, mutex, &deadline)
    if result != ETIMEDOUT { check(result, "pthread_cond_timedwait") }
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

/// Whether the caller runs on the main actor: on the main thread, or in a job of the main
/// dispatch queue (the main actor's executor).
///
/// Never traps, unlike `MainActor.assumeIsolated`, so that a main-actor factory asked for off the
/// main actor is an error the caller can catch. On Apple platforms the main queue always runs on
/// the main thread, and `pthread_main_np` answers. On Linux it does not: once an `async main`
/// (or `dispatchMain()`) parks the main thread, a worker thread drains the main queue, so the main
/// actor runs on a thread whose id is not the process id. There the main queue is marked, once,
/// with a queue-specific value, and the caller is on the main actor when it sees that value: the
/// main thread itself does, and so does every job the main queue runs.
func isOnMainActor() -> Bool {
  #if canImport(Darwin)
    return pthread_main_np() != 0
  #else
    return DispatchQueue.getSpecific(key: mainQueueMark) == true
  #endif
}

#if !canImport(Darwin)
  /// The mark set on the main queue, and only there: made and set once, on first use (a global's
  /// initializer runs once, whatever the threads).
  private let mainQueueMark: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()
#endif

/// Seconds on a monotonic clock, for measuring waits.
func monotonicSeconds() -> Double {
  var now = timespec()
  check(unsafe clock_gettime(CLOCK_MONOTONIC, &now), "clock_gettime")
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// The addresses of the current thread's stack, lowest first (stacks grow down on every
/// platform the library supports, so the lowest is where it runs out), or nil when the platform
/// does not say.
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

/// An address inside the caller's stack frame on the thread's stack: how deep the stack is.
///
/// Under the address sanitizer, a local whose address is taken may live in the sanitizer's
/// "fake stack" on the heap; its frame on the real stack is then asked of the sanitizer. Nil
/// when neither tells.
@inline(never)
func currentStackAddress(within bounds: Range<UInt>) -> UInt? {
  var marker: UInt8 = 0
  let address = unsafe withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
  if bounds.contains(address) { return address }
  return AddressSanitizer.realFrame(of: address).flatMap { bounds.contains($0) ? $0 : nil }
}

/// The address sanitizer's fake-stack API, when the process runs under it: found at run time,
/// so that the library links no sanitizer.
private enum AddressSanitizer {
  typealias CurrentFakeStack = @convention(c) () -> UnsafeMutableRawPointer?
  typealias AddressIsInFakeStack =
    @convention(c) (
      UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
      UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) -> UnsafeMutableRawPointer?

  /// `__asan_get_current_fake_stack` and `__asan_addr_is_in_fake_stack`, looked up once.
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

/// A per-thread reference to a `Value`, made on a thread's first use and released when the
/// thread ends.
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

  /// The current thread's value.
  var value: Value {
    if let raw = unsafe pthread_getspecific(key) {
      return unsafe Unmanaged<Value>.fromOpaque(raw).takeUnretainedValue()
    }
    let value = make()
    check(unsafe pthread_setspecific(key, Unmanaged.passRetained(value).toOpaque()), "pthread_setspecific")
    return value
  }
}
