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
