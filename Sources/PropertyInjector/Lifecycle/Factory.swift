/// A registration's type-erased factory, ``Factory`` or one that wraps it (isolated and its values injected where
/// its factory's are). Plans for exactly its value type cast to the concrete kind once; others call
/// ``make(_:for:level:at:)`` on the existential, which answers an `Any`, and cast each value.
protocol AnyFactory<Service>: RegisteredFactory {
  associatedtype Service

  /// The factory that makes its values: itself, or the one a scope wraps.
  var factory: Factory<Service> { get }

  /// A value for `registration`, made on the calling thread outside every lock.
  func make(_ execution: Execution, for registration: Registration, level: Int, at site: Site)
    throws(InjectionError) -> Service
}

extension AnyFactory {
  var isMainActorIsolated: Bool { factory.isMainActorIsolated }
  var madeValuesNeedNoInjection: Bool { factory.madeValuesNeedNoInjection }
}

/// A factory of `Service` values: a new one for every property it fills.
struct Factory<Service>: AnyFactory {
  let make: @Sendable (Resolver) throws -> Service
  let isMainActorIsolated: Bool
  let madeValuesNeedNoInjection: Bool
  var factory: Self { self }

  init(_ make: @escaping @Sendable (Resolver) throws -> Service, madeValuesNeedNoInjection: Bool) {
    self.make = make
    isMainActorIsolated = false
    self.madeValuesNeedNoInjection = madeValuesNeedNoInjection
  }

  init(
    mainActor make: @escaping @MainActor @Sendable (Resolver) throws -> Service,
    madeValuesNeedNoInjection: Bool
  ) {
    // Run only through its registration's producer, which checks `isOnMainActor()` first: on the main thread,
    // where the main actor's isolation check passes.
    // The value crosses no thread: it is made on the main thread and handed back there.
    self.make = { resolver in try MainActor.assumeIsolated { UncheckedSendable(value: try make(resolver)) }.value }
    isMainActorIsolated = true
    self.madeValuesNeedNoInjection = madeValuesNeedNoInjection
  }

  /// A new value for `registration`, made on the calling thread outside every lock.
  func make(_ execution: Execution, for registration: Registration, level: Int, at site: Site)
    throws(InjectionError) -> Service
  { try execution.make(for: registration, level: level, at: site, make) }
}

/// A singleton of `Service`: made by its factory on first use, once, then shared.
struct Singleton<Service>: AnyFactory {
  let factory: Factory<Service>
  let cell: SingletonCell<Service>

  /// The value, made on first request. If an override sits in between: the override's own, made in a cell of its
  /// own if the home one was not made when the override first asked, so that it sees the override and lives only
  /// as long as it (and stays its own once the home one is made); else the home one.
  func make(_ execution: Execution, for registration: Registration, level: Int, at site: Site)
    throws(InjectionError) -> Service
  {
    let cell: SingletonCell<Service>
    switch execution.source(
      self.cell, of: registration, level: level, value: { $0.madeValue },
      fresh: { SingletonCell(label: self.cell.label) })
    {
    case .value(let value): return value
    case .cell(let chosen): cell = chosen
    }
    if let value = cell.madeValue { return value }
    return try execution.make(for: registration, level: level, at: site, in: cell, factory.make)
  }
}

/// A non-isolated factory of the requester's own injector: no override applies, so plans call it directly.
struct OwnFactory<Value>: Sendable {
  let registration: Registration
  let make: @Sendable (Resolver) throws -> Value
}

extension Registration {
  /// This factory as an ``OwnFactory``, if a requester `level` steps down may call it directly.
  func ownFactory<Value>(of _: Value.Type, level: Int) -> OwnFactory<Value>? {
    guard level == 0, case .factory(let factory) = source, let typed = factory as? Factory<Value>,
      !typed.isMainActorIsolated
    else { return nil }
    return OwnFactory(registration: self, make: typed.make)
  }
}
