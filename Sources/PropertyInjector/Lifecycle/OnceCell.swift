/// A value created at most once, on first use, even when many threads ask at the same moment:
/// the storage behind lazy singletons and ``Lazy``.
///
/// One thread creates; the others wait for it, without holding any lock while the creation
/// (user code) runs. A creation that fails leaves the cell empty, so the next request tries
/// again. A wait that would close a loop (this thread waits for a value another thread is
/// creating, and that thread waits, directly or through others, for something this thread is
/// creating) is refused with a cycle error instead of deadlocking.
final class OnceCell: @unchecked Sendable {
  private enum State {
    case empty
    case creating(thread: UInt)
    case created(Any)
  }

  /// Guarded by ``CreationCoordinator``'s mutex.
  private var state = State.empty

  /// What the cell creates, for messages: `Database (singleton)`.
  let label: String

  init(label: String) { self.label = label }

  /// The value, created by `create` if this is the first request (or every earlier one failed).
  ///
  /// - Parameters:
  ///   - site: Where the value is needed, for a cycle error.
  ///   - create: Runs on the calling thread, outside every lock.
  /// - Returns: The value, made by this call or an earlier one.
  /// - Throws: What `create` throws, or ``InjectionError/Code/cycle`` when waiting would deadlock.
  func value(for site: Site, create: () throws -> Any) throws -> Any {
    let coordinator = CreationCoordinator.shared
    let me = currentThreadID()
    coordinator.lock()
    while true {
      switch state {
      case .created(let value):
        coordinator.unlock()
        return value
      case .empty:
        state = .creating(thread: me)
        coordinator.unlock()
        let value: Any
        do {
          value = try create()
        } catch {
          coordinator.lock()
          state = .empty
          coordinator.broadcast()
          coordinator.unlock()
          throw error
        }
        coordinator.lock()
        state = .created(value)
        coordinator.broadcast()
        coordinator.unlock()
        return value
      case .creating(let owner):
        if owner == me || coordinator.waitWouldDeadlock(me, waitingFor: owner) {
          coordinator.unlock()
          throw InjectionError.cycle(
            path: CreationStack.current.path + [
              "\(label), which another thread is creating while it waits for this one"
            ],
            closingAt: site
          )
        }
        coordinator.wait(me, for: self)
      }
    }
  }

  /// The value, if it has been created; nil otherwise. Never waits.
  var createdValue: Any? {
    let coordinator = CreationCoordinator.shared
    coordinator.lock()
    defer { coordinator.unlock() }
    if case .created(let value) = state { return value }
    return nil
  }

  /// The thread creating the value, if one is. Call with the coordinator's mutex held.
  fileprivate var creatingThread: UInt? {
    if case .creating(let thread) = state { return thread }
    return nil
  }
}

/// The one mutex and condition behind every ``OnceCell``, and who is waiting for what.
///
/// Cells are created rarely (a singleton once, a `Lazy` once), so one coordinator for all of
/// them costs nothing measurable, and it lets a waiting thread see the whole wait-for graph.
final class CreationCoordinator: @unchecked Sendable {
  static let shared = CreationCoordinator()

  private let condition = ConditionLock()
  /// The cell each waiting thread waits for. Guarded by `condition`.
  private var waiting: [UInt: OnceCell] = [:]

  private init() {}

  func lock() { condition.lock() }
  func unlock() { condition.unlock() }
  func broadcast() { condition.broadcast() }

  /// Blocks `thread` until some cell changes state. Call with the mutex held.
  func wait(_ thread: UInt, for cell: OnceCell) {
    waiting[thread] = cell
    condition.wait()
    waiting[thread] = nil
  }

  /// Whether `thread` waiting for a value `owner` is creating would close a loop: `owner` waits
  /// for a cell whose creator waits for ... a cell `thread` is creating. Call with the mutex held.
  func waitWouldDeadlock(_ thread: UInt, waitingFor owner: UInt) -> Bool {
    var current = owner
    var visited: Set<UInt> = []
    while let cell = waiting[current], let next = cell.creatingThread, visited.insert(current).inserted {
      if next == thread { return true }
      current = next
    }
    return false
  }
}
