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
  /// Drops the value the registration's own injector keeps.
  func reset()
  /// Drops the value an override injector keeps for `registration`, so that it makes its own from now on.
  func reset(_ registration: Registration, in overrides: OverrideCells)
}

/// A ``Scope/cached`` factory: a singleton that ``Injector/reset(_:for:id:)`` drops.
struct CachedFactory<Service>: AnyFactory, ResettableFactory {
  let factory: Factory<Service>
  let cell: CachedCell<Service>

  /// The value, made on first request after a reset (in an override's own cell, as a singleton's would be).
  func make(_ execution: Execution, for registration: Registration, level: Int, at site: Site)
    throws(InjectionError) -> Service
  {
    let cell = generation(execution, for: registration, level: level)
    if let value = cell.madeValue { return value }
    return try execution.make(for: registration, level: level, at: site, in: cell, factory.make)
  }

  /// The cell to use: the home one, unless an override sits in between that has its own (made under it, or
  /// reset through it), or the home one is not made yet; then the override's own, made with the override.
  private func generation(_ execution: Execution, for registration: Registration, level: Int) -> SingletonCell<Service>
  {
    let home = cell.generation
    guard let overrides = execution.owner(atLevel: level).overrideCells else { return home }
    let make: (() -> CachedCell<Service>)? = home.isMade ? nil : { CachedCell(label: registration.named.summary) }
    return overrides.cell(for: registration, making: make)?.generation ?? home
  }

  func reset() { cell.replace() }

  func reset(_ registration: Registration, in overrides: OverrideCells) {
    overrides.cell(for: registration) { CachedCell<Service>(label: registration.named.summary) }?.replace()
  }
}
