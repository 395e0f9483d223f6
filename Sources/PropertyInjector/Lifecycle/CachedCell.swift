/// A cached registration's value: a ``SingletonCell`` per generation, which a reset replaces with an empty one.
/// A resolve that took the old generation before the reset finishes with it (the old value, or one made into
/// the old cell, dropped with it); every later one gets the new generation's.
final class CachedCell<Value>: Sendable {
  private let current: Locked<SingletonCell<Value>>

  init(label: String) { current = Locked(SingletonCell(label: label)) }

  /// The current generation.
  var generation: SingletonCell<Value> { current.withLock { $0 } }

  /// Starts a new, empty generation (the next use makes a new value), if `released` (when given) is still the
  /// current one. The old value is released outside the lock.
  func replace(_ released: SingletonCell<Value>? = nil) {
    let old = current.withLock { current -> SingletonCell<Value>? in
      guard released.map({ current === $0 }) ?? true else { return nil }
      defer { current = SingletonCell(label: current.label) }
      return current
    }
    withExtendedLifetime(old) {}
  }
}

/// What ``Injector``'s resets need of a cached registration, its value type erased.
protocol ResettableFactory: Sendable {
  /// Drops the value `registration`'s own injector keeps or, given `overrides`, the one that override injector
  /// keeps for it, so that it makes its own from now on.
  func reset(_ registration: Registration, in overrides: OverrideCells?)
}

/// A ``Scope/cached`` factory: a singleton that ``Injector/reset(_:for:id:)`` drops.
struct CachedFactory<Service>: AnyFactory, ResettableFactory {
  let factory: Factory<Service>
  let cell: CachedCell<Service>

  /// The value, made on first request after a reset, in the home cell, unless an override sits in between that
  /// has its own (made under it, or reset through it), or the home one is not made when it asks; then in the
  /// override's own, made with the override (as a singleton's would be). Never one the override made in the home
  /// cell, however the app resets it meanwhile.
  ///
  /// Within a call (an `inject`, or a top-level `resolve`'s factories), the first value read is kept for the call
  /// and every later read gets it: a reset on another thread in between never gives one object two generations.
  func make(_ execution: Execution, for registration: Registration, level: Int, at site: Site)
    throws(InjectionError) -> Service
  {
    let call = execution.stack
    if call.isRunning, let kept = call.graph.value(for: registration) {
      // Kept by this factory for this registration, so a `Service`; a `switch`, as in ``GraphFactory``.
      switch kept {
      case let value as Service: return value
      default: break
      }
    }
    let value = try current(execution, for: registration, level: level, at: site)
    if call.isRunning { call.graph.keep(value, for: registration) }
    return value
  }

  /// The current generation's value, made if it has none yet.
  private func current(_ execution: Execution, for registration: Registration, level: Int, at site: Site)
    throws(InjectionError) -> Service
  {
    let cell: SingletonCell<Service>
    switch execution.source(
      self.cell, of: registration, level: level, value: { $0.generation.madeValue },
      fresh: { CachedCell(label: registration.named.summary) })
    {
    case .value(let value): return value
    case .cell(let chosen): cell = chosen.generation
    }
    if let value = cell.madeValue { return value }
    return try execution.make(for: registration, level: level, at: site, in: cell, factory.make)
  }

  func reset(_ registration: Registration, in overrides: OverrideCells?) {
    guard let overrides else { return cell.replace() }
    overrides.cell(for: registration) { CachedCell<Service>(label: registration.named.summary) }
      .replace()
  }
}
