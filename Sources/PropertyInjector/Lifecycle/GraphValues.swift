/// The graph-scoped values of the call running on one thread: one `inject`, one top-level `resolve`, or
/// one `Lazy`/`Provider` read outside any call. Held by the thread's ``CreationStack`` from the first graph
/// value made until the thread is idle again (no creation, no injection in progress); never seen by
/// another thread, so never locked, and never shared by two calls.
final class GraphValues {
  /// Each value with its registration, which the entry keeps alive so that its identifier is not reused.
  private var values: [ObjectIdentifier: (registration: Registration, value: Any)] = [:]

  func value<Value>(for registration: Registration, as _: Value.Type) -> Value? {
    values[ObjectIdentifier(registration)]?.value as? Value
  }

  func keep<Value>(_ value: Value, for registration: Registration) {
    values[ObjectIdentifier(registration)] = (registration, value)
  }
}

extension CreationStack {
  /// The current call's graph value of `registration`, if it made one.
  @inline(__always)
  func graphValue<Value>(for registration: Registration, as _: Value.Type) -> Value? {
    graph?.value(for: registration, as: Value.self)
  }

  /// Keeps `value` as the current call's value of `registration`; only inside the creation's frame, so the
  /// call is still running.
  func keepGraphValue<Value>(_ value: Value, for registration: Registration) {
    if let graph {
      graph.keep(value, for: registration)
    } else {
      let graph = GraphValues()
      graph.keep(value, for: registration)
      self.graph = graph
    }
  }

  /// Ends the call's graph when nothing runs on this thread any more; its values are released after it is
  /// gone, so a deinit that asks the injector again starts a call of its own.
  @inline(__always)
  func endGraphIfIdle() {
    guard graph != nil, isOutermost, !isInInjection else { return }
    let ended = graph
    graph = nil
    withExtendedLifetime(ended) {}
  }
}

/// A ``Scope/graph`` factory: one value per call, kept in the thread's ``GraphValues``.
struct GraphFactory<Service>: AnyFactory {
  let factory: Factory<Service>

  var isMainActorIsolated: Bool { factory.isMainActorIsolated }
  var madeValuesNeedNoInjection: Bool { factory.madeValuesNeedNoInjection }

  /// The call's value, made (and injected) on first request within the call.
  func make(
    _ execution: Execution,
    for registration: Registration,
    level: Int,
    at site: Site
  ) throws(InjectionError) -> Service {
    if factory.isMainActorIsolated { try execution.requireMainActor(for: registration, at: site) }
    let stack = execution.stack
    if let value = stack.graphValue(for: registration, as: Service.self) { return value }
    // Kept only once made and injected, inside its frame (the call still running): a failure keeps nothing.
    return try execution.makeSingleton(for: registration, level: level, at: site) {
      _, run throws(InjectionError) -> Service in
      let value = try run(factory.make)
      stack.keepGraphValue(value, for: registration)
      return value
    }
  }
}
