/// A value made at most once, on first use, for singletons and ``Lazy``: one thread creates (outside every lock)
/// while others wait; deadlocking waits fail as cycles, overlong ones time out; a failure leaves it empty.
final class SingletonCell<Value>: Sendable {
  let label: String
  private let made = OnceValue<Value>()

  init(label: String) { self.label = label }

  /// Set once the value is made: what a plan checks, with its other singletons' flags, before writing them.
  var madeFlag: OnceFlag { made.flag }

  /// The value, once made; nil before. Never waits, and a made value never changes.
  var madeValue: Value? { made.value }

  /// What `made` answers for the made value, lent to it; what `orElse` answers if there is none yet. Never waits.
  @inline(__always)
  func ifMade<Result, Failure: Error>(
    _ made: (Value) throws(Failure) -> Result,
    orElse: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try self.made.ifSet(made, orElse: orElse)
  }

  /// The value, made by `create` on this thread (outside every lock) unless made already or by another
  /// thread meanwhile; throws `create`'s error, a cycle, or a timeout after `waitLimit` seconds.
  func value(
    for site: Site,
    waitLimit: Double,
    create: () throws(InjectionError) -> Value
  ) throws(InjectionError) -> Value {
    if let value = made.value { return value }
    // Made by another thread, or claimed (nil) for this one.
    if let value = try claim(for: site, waitLimit: waitLimit).get() { return value }
    // Made or failed, the cell is released: a made value is set first, so a woken waiter finds it.
    defer { release() }
    let value = try create()
    made.set(value)
    return value
  }

  /// Claims the cell for this thread to create (nil; the caller then creates the value and ``release()``s the
  /// cell), or waits (the lock released) for the thread creating it: its value, or a cycle or a timeout.
  private func claim(for site: Site, waitLimit: Double) -> Result<Value?, InjectionError> {
    let me = currentThreadID()
    let id = ObjectIdentifier(self)
    let start = monotonicSeconds()
    return creations.withLock { held in
      while true {
        if let value = made.value { return .success(value) }
        let outcome = held { creations -> Result<Value?, InjectionError>? in
          guard let owner = creations.creators[id] else {
            creations.creators[id] = me
            return .success(nil)
          }
          // The errors are built under the lock: no user code, no other lock.
          if owner == me {
            // This thread's own creation of it, which has not entered its creation frame yet (a weak value's).
            let stack = CreationStack.current
            return .failure(
              .cycle(
                path: stack.path + [site.label], closingAt: site, reading: stack.handle(closing: site),
                links: stack.frames.dropFirst().map(\.site) + [site]))
          }
          if creations.waitWouldDeadlock(me, waitingFor: owner) {
            let waiting = "\(label), which another thread is creating while it waits for this one"
            let stack = CreationStack.current
            return .failure(.cycle(path: stack.path + [waiting], closingAt: site, reading: stack.handle(closing: site)))
          }
          creations.waiting[me] = id
          return nil
        }
        if let outcome { return outcome }
        let remaining = waitLimit - (monotonicSeconds() - start)
        if remaining > 0 { held.wait(seconds: min(remaining, 0.25)) }
        held { $0.waiting[me] = nil }
        if remaining <= 0 { return .failure(.timedOut(waitingFor: label, seconds: waitLimit, at: site)) }
      }
    }
  }

  /// Ends this thread's creation of the cell, made or failed, and wakes the waiting threads.
  private func release() {
    creations.withLock { held in
      held { $0.creators[ObjectIdentifier(self)] = nil }
      held.broadcast()
    }
  }
}

/// Who creates and who waits for each ``SingletonCell``: under one lock for all, to see the wait-for graph.
private struct Creations: Sendable {
  var creators: [ObjectIdentifier: UInt] = [:]
  var waiting: [UInt: ObjectIdentifier] = [:]

  /// Whether `thread` waiting on `owner` closes a loop: following waits and their creators leads back to it.
  func waitWouldDeadlock(_ thread: UInt, waitingFor owner: UInt) -> Bool {
    var current = owner
    var visited: Set<UInt> = []
    while let cell = waiting[current], let next = creators[cell], visited.insert(current).inserted {
      if next == thread { return true }
      current = next
    }
    return false
  }
}

private let creations = ConditionLocked(Creations())

/// An override injector's own cells for its ancestors' registrations: singletons first made under it, and cached
/// values first made, or reset, through it. They die with the override (a test's, with the test).
final class OverrideCells: Sendable {
  private let cells = Locked<[ObjectIdentifier: (registration: Registration, cell: any AnyObject & Sendable)]>([:])

  /// The override's own cell for `registration`, if it has one.
  func existingCell<Cell: AnyObject & Sendable>(for registration: Registration, of _: Cell.Type) -> Cell? {
    cells.withLock { $0[ObjectIdentifier(registration)]?.cell as? Cell }
  }

  /// The override's own cell for `registration`; if there is none, the one `make` makes.
  func cell<Cell: AnyObject & Sendable>(for registration: Registration, _ make: () -> Cell) -> Cell {
    let id = ObjectIdentifier(registration)
    return cells.withLock { cells in
      if let existing = cells[id]?.cell as? Cell { return existing }
      let made = make()
      // The entry keeps the registration alive (its id is not reused); a registration has one value type.
      cells[id] = (registration, made)
      return made
    }
  }
}

/// Where a scoped value comes from (see ``Execution/source(_:of:level:value:fresh:)``): a value to hand over as
/// it is, or the cell to read or make it in.
enum ValueSource<Value, Cell> {
  case value(Value)
  case cell(Cell)
}

extension Execution {
  /// Where a value of `registration`, `level` steps up, comes from: its `home` cell, unless an override sits in
  /// between; then the nearest override's own cell if it has one, else a value alive now in an outer override's own
  /// cell or in the home one (`value(in:)`, each read once, so that a reset or a release after it can never have the
  /// override make a value into a cell not its own), else a new cell of the nearest override's own, which sees it
  /// and dies with it. So an inner override falls back on the outer one.
  func source<Value, Cell: AnyObject & Sendable>(
    _ home: Cell, of registration: Registration, level: Int, value: (Cell) -> Value?, fresh: () -> Cell
  ) -> ValueSource<Value, Cell> {
    guard level > 0 else { return .cell(home) }
    let overrides = self.overrides(below: level)
    guard let nearest = overrides.first else { return .cell(home) }
    if let own = nearest.existingCell(for: registration, of: Cell.self) { return .cell(own) }
    for outer in overrides.dropFirst() {
      if let cell = outer.existingCell(for: registration, of: Cell.self), let made = value(cell) { return .value(made) }
    }
    if let made = value(home) { return .value(made) }
    return .cell(nearest.cell(for: registration, fresh))
  }
}
