/// A value created at most once, on first use, even when many threads ask at the same moment:
/// the storage behind lazy singletons and ``Lazy``.
///
/// One thread creates; the others wait for it, without holding any lock while the creation
/// (user code) runs. A creation that fails leaves the cell empty, so the next request tries
/// again. A wait that would close a loop (this thread waits for a value another thread is
/// creating, and that thread waits, directly or through others, for something this thread is
/// creating) is refused with a cycle error instead of deadlocking; a wait that lasts longer
/// than the limit (the creator may be blocked on this thread in a way the library cannot
/// see) fails with ``InjectionError/Code/timedOut`` instead of hanging.
// @unchecked Sendable: the value is behind the cell's lock, and it is `Sendable` when shared
// (singleton registrations and `Lazy` require it). `SingletonTests` and `LazyTests` create one
// cell from many threads under TSan.
@safe final class SingletonCell<Value>: @unchecked Sendable {
  /// What the cell creates, for messages: `Database (singleton)`.
  let label: String

  /// The value, once made: written once, before ``isMade`` is set, and never again. A hot read
  /// loads the flag, then reads the value: nothing in it names
  /// `Value?` or another generic type, whose metadata an unspecialized caller would look up in
  /// the runtime's cache on every read (about 800 instructions, most of a cached injection).
  private let storage = UnsafeMutablePointer<Value>.allocate(capacity: 1)
  private let made = OnceFlag()

  init(label: String) { self.label = label }

  deinit {
    if made.isSet { unsafe storage.deinitialize(count: 1) }
    unsafe storage.deallocate()
  }

  /// Whether the value has been created. Never waits.
  var isMade: Bool { made.isSet }

  /// The value; only after ``isMade`` returned true.
  var madeValue: Value {
    // Sound: written once before `made` was set, which the caller saw.
    unsafe storage.pointee
  }

  /// Where the value is, to read it in place; only after ``isMade`` returned true, and while
  /// the cell is alive. Sound to read then: written once before `made` was set, never changed.
  var madeValueAddress: UnsafePointer<Value> { unsafe UnsafePointer(storage) }

  /// The value, created by `create` if this is the first request (or every earlier one failed).
  ///
  /// - Parameters:
  ///   - site: Where the value is needed, for errors.
  ///   - waitLimit: How long to wait for another thread's creation, in seconds.
  ///   - create: Runs on the calling thread, outside every lock.
  /// - Returns: The value, made by this call or an earlier one.
  /// - Throws: What `create` throws; ``InjectionError/Code/cycle`` when waiting would close a loop
  ///   of threads, ``InjectionError/Code/timedOut`` when another thread's creation lasts too long.
  func value(
    for site: Site,
    waitLimit: Double,
    create: () throws(InjectionError) -> Value
  ) throws(InjectionError) -> Value {
    if isMade { return madeValue }
    switch CreationCoordinator.shared.claim(self, waitLimit: waitLimit) {
    case .created:
      // `claim` answers `.created` only once `isMade` is true, and a made value never goes.
      return madeValue
    case .cycle:
      throw .cycle(
        path: CreationStack.current.path + ["\(label), which another thread is creating while it waits for this one"],
        closingAt: site)
    case .timedOut:
      throw .timedOut(waitingFor: label, seconds: waitLimit, at: site)
    case .claimed:
      do {
        let value = try create()
        unsafe storage.initialize(to: value)
        made.set()
        CreationCoordinator.shared.release(self)
        return value
      } catch {
        CreationCoordinator.shared.release(self)
        throw error
      }
    }
  }
}

/// Who is creating which cell and who waits for which, for every ``SingletonCell``: one mutex
/// and condition for all of them.
///
/// Cells change state rarely (a singleton once, a `Lazy` once), so one coordinator for all of
/// them costs nothing measurable, and it lets a waiting thread see the whole wait-for graph.
/// Reading a value already made takes only the cell's own lock.
final class CreationCoordinator: Sendable {
  private struct State: Sendable {
    /// The thread creating each cell being created.
    var creators: [ObjectIdentifier: UInt] = [:]
    /// The cell each waiting thread waits for.
    var waiting: [UInt: ObjectIdentifier] = [:]
  }

  /// What ``claim(_:waitLimit:)`` found.
  enum Claim {
    /// The caller is to create the value, then ``release(_:)`` the cell.
    case claimed
    /// Another thread created it meanwhile.
    case created
    /// Waiting would close a loop of threads waiting for each other.
    case cycle
    /// Another thread's creation lasted longer than the wait limit.
    case timedOut
  }

  static let shared = CreationCoordinator()

  private let state = ConditionLocked(State())

  private init() {}

  /// Claims `cell` for this thread to create, or waits for the thread creating it.
  func claim<Value>(_ cell: SingletonCell<Value>, waitLimit: Double) -> Claim {
    let me = currentThreadID()
    let id = ObjectIdentifier(cell)
    let start = monotonicSeconds()
    return state.withLock { held in
      while true {
        if cell.isMade { return .created }
        let outcome = held { state -> Claim? in
          guard let owner = state.creators[id] else {
            state.creators[id] = me
            return .claimed
          }
          if owner == me || Self.waitWouldDeadlock(me, waitingFor: owner, in: state) { return .cycle }
          state.waiting[me] = id
          return nil
        }
        if let outcome { return outcome }
        let remaining = waitLimit - (monotonicSeconds() - start)
        guard remaining > 0 else {
          held { $0.waiting[me] = nil }
          return .timedOut
        }
        held.wait(seconds: min(remaining, 0.25))
        held { $0.waiting[me] = nil }
      }
    }
  }

  /// Ends this thread's creation of `cell`, made or failed, and wakes the threads waiting.
  func release(_ cell: AnyObject) {
    state.withLock { held in
      held { $0.creators[ObjectIdentifier(cell)] = nil }
      held.broadcast()
    }
  }

  /// Whether `thread` waiting for a value `owner` is creating would close a loop: `owner` waits
  /// for a cell whose creator waits for ... a cell `thread` is creating.
  private static func waitWouldDeadlock(_ thread: UInt, waitingFor owner: UInt, in state: State) -> Bool {
    var current = owner
    var visited: Set<UInt> = []
    while let cell = state.waiting[current], let next = state.creators[cell], visited.insert(current).inserted {
      if next == thread { return true }
      current = next
    }
    return false
  }
}

/// The singleton cells of an override injector: one for each ancestor's singleton first made
/// while the override is in place, so that it sees the override and is never shared with
/// another override (another test).
final class OverrideCells: Sendable {
  private let cells = Locked<[ObjectIdentifier: (registration: Registration, cell: any AnyObject & Sendable)]>([:])

  /// The override's cell for `registration`, made like `home` on first use.
  func cell<Value>(for registration: Registration, like home: SingletonCell<Value>) -> SingletonCell<Value> {
    let id = ObjectIdentifier(registration)
    return cells.withLock { cells in
      // The entry keeps its registration alive, so its identity is never reused meanwhile, and
      // a registration's singleton has one value type: the cast finds the cell made here before.
      if let existing = cells[id]?.cell as? SingletonCell<Value> { return existing }
      let made = SingletonCell<Value>(label: home.label)
      cells[id] = (registration, made)
      return made
    }
  }
}
