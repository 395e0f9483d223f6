#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Android)
  @preconcurrency import Android
#else
  #error("PropertyInjector supports Linux and Apple platforms: no pthread library was found.")
#endif

// The only file that calls the platform's thread library: mutexes, a condition, the current
// thread's identity, and a per-thread slot. Everything else uses these.

/// A value behind a mutex: the one way state is shared between threads in this library.
///
/// `pthread_mutex_t` is used on every platform, rather than `Synchronization.Mutex`, so the
/// library keeps the deployment targets its manifest declares (macOS 13, iOS 16). The state
/// and the mutex share one allocation.
///
/// The rule that keeps it deadlock-free: the closure passed to ``withLock(_:)`` never calls
/// user code (factories, callbacks, key-path tables, `Mirror`), and never takes another
/// `Locked`. Code copies what it needs out, unlocks, then calls out.
struct Locked<State>: @unchecked Sendable {
  private final class Storage: ManagedBuffer<State, pthread_mutex_t> {
    deinit {
      withUnsafeMutablePointerToElements { mutex in
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
      }
    }
  }

  private let storage: Storage

  init(_ state: State) {
    let buffer = Storage.create(minimumCapacity: 1) { _ in state }
    buffer.withUnsafeMutablePointerToElements { mutex in
      mutex.initialize(to: pthread_mutex_t())
      pthread_mutex_init(mutex, nil)
    }
    // `create` returns the dynamic type it was called on.
    storage = unsafeDowncast(buffer, to: Storage.self)
  }

  /// Runs `body` with exclusive access to the state.
  ///
  /// - Complexity: O(1) plus `body`; one uncontended lock costs about 20 ns.
  @inline(__always)
  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try storage.withUnsafeMutablePointers { state, mutex in
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
      return try body(&state.pointee)
    }
  }
}

/// A mutex with a condition, for threads that must wait for another thread's work (see
/// ``CreationCoordinator``). Unlike ``Locked``, the caller locks and unlocks explicitly, because
/// waiting releases the mutex.
final class ConditionLock: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  init() {
    mutex.initialize(to: pthread_mutex_t())
    condition.initialize(to: pthread_cond_t())
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  func lock() { pthread_mutex_lock(mutex) }
  func unlock() { pthread_mutex_unlock(mutex) }
  /// Wakes every waiting thread. Call with the mutex held.
  func broadcast() { pthread_cond_broadcast(condition) }
  /// Releases the mutex until some thread broadcasts, then takes it again. Call with it held.
  func wait() { pthread_cond_wait(condition, mutex) }
}

/// An identifier for the current thread, unique among live threads.
func currentThreadID() -> UInt {
  #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}

/// A per-thread reference to a `Value`, made on a thread's first use and released when the
/// thread ends.
final class ThreadLocal<Value: AnyObject>: @unchecked Sendable {
  private let key: pthread_key_t
  private let make: () -> Value

  init(_ make: @escaping () -> Value) {
    var key = pthread_key_t()
    pthread_key_create(&key) { raw in
      #if canImport(Darwin)
        Unmanaged<AnyObject>.fromOpaque(raw).release()
      #else
        if let raw { Unmanaged<AnyObject>.fromOpaque(raw).release() }
      #endif
    }
    self.key = key
    self.make = make
  }

  /// The current thread's value.
  var value: Value {
    if let raw = pthread_getspecific(key) {
      return Unmanaged<Value>.fromOpaque(raw).takeUnretainedValue()
    }
    let value = make()
    pthread_setspecific(key, Unmanaged.passRetained(value).toOpaque())
    return value
  }
}
