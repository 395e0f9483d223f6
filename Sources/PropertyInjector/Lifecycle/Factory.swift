/// A registration's factory, its value type erased: what a ``Registration`` holds. ``Factory``
/// (a new value each time) and ``Singleton`` (one value, made on first use) are the two kinds.
///
/// A plan whose property has exactly the factory's value type casts to the concrete kind once,
/// when it is built, and then makes values without casting them; any other property (a name
/// registration's, an ancestor's) goes through ``makeAny(_:for:level:at:)`` and casts each value.
protocol AnyFactory: Sendable {
  /// Whether the factory is isolated to the main actor (registered `on: MainActor.self`): it runs
  /// only on the main actor, and its values are handed out only there.
  var isMainActorIsolated: Bool { get }
  /// Whether a value of exactly the factory's declared type is known, from the registration, not
  /// to be injectable itself: such a value is handed over without asking the runtime's
  /// conformance cache again. A value of another type (a subclass) is always asked, and so is
  /// every value of a protocol type.
  var madeValuesNeedNoInjection: Bool { get }

  /// A value for `registration` (which holds this factory), as `Any`.
  func makeAny(
    _ execution: Execution,
    for registration: Registration,
    level: Int,
    at site: Site
  ) throws(InjectionError) -> Any
}

/// A factory of `Service` values: a new one for every property it fills.
struct Factory<Service>: AnyFactory {
  let make: @Sendable (Resolver) throws -> Service
  let isMainActorIsolated: Bool
  let madeValuesNeedNoInjection: Bool

  init(_ make: @escaping @Sendable (Resolver) throws -> Service, madeValuesNeedNoInjection: Bool) {
    self.make = make
    isMainActorIsolated = false
    self.madeValuesNeedNoInjection = madeValuesNeedNoInjection
  }

  /// A factory isolated to the main actor: ``make(_:for:level:at:)`` calls it only there.
  init(
    mainActor make: @escaping @MainActor @Sendable (Resolver) throws -> Service,
    madeValuesNeedNoInjection: Bool
  ) {
    // unsafe: a global actor's function has the same representation as a nonisolated one; the
    // isolation is only a promise about where it is called. `make(_:for:level:at:)`, the one
    // caller, keeps it: it refuses to run the factory unless `isOnMainActor()`, on the main
    // thread or in a job of the main queue, the main actor's executor.
    self.make = unsafe unsafeBitCast(make, to: (@Sendable (Resolver) throws -> Service).self)
    isMainActorIsolated = true
    self.madeValuesNeedNoInjection = madeValuesNeedNoInjection
  }

  /// A new value for `registration`, made on the calling thread outside every lock.
  func make(
    _ execution: Execution,
    for registration: Registration,
    level: Int,
    at site: Site
  ) throws(InjectionError) -> Service {
    if isMainActorIsolated { try execution.requireMainActor(for: registration, at: site) }
    return try execution.make(for: registration, level: level, at: site, make)
  }

  func makeAny(
    _ execution: Execution,
    for registration: Registration,
    level: Int,
    at site: Site
  ) throws(InjectionError) -> Any {
    try make(execution, for: registration, level: level, at: site)
  }
}

/// A singleton of `Service`: made by its factory on first use, once, then shared.
struct Singleton<Service>: AnyFactory {
  let factory: Factory<Service>
  let cell: SingletonCell<Service>

  var isMainActorIsolated: Bool { factory.isMainActorIsolated }
  var madeValuesNeedNoInjection: Bool { factory.madeValuesNeedNoInjection }

  /// The value, made now if this is the first request (in the override the request comes
  /// through, if the singleton was not made before it).
  func make(
    _ execution: Execution,
    for registration: Registration,
    level: Int,
    at site: Site
  ) throws(InjectionError) -> Service {
    if factory.isMainActorIsolated { try execution.requireMainActor(for: registration, at: site) }
    if cell.isMade { return cell.madeValue }
    let cell = execution.cell(for: registration, level: level, home: cell)
    return try execution.makeSingleton(for: registration, level: level, at: site) {
      owner, run throws(InjectionError) -> Service in
      try cell.value(for: site, waitLimit: owner.waitLimitSeconds) { () throws(InjectionError) -> Service in
        try run(factory.make)
      }
    }
  }

  func makeAny(
    _ execution: Execution,
    for registration: Registration,
    level: Int,
    at site: Site
  ) throws(InjectionError) -> Any {
    try make(execution, for: registration, level: level, at: site)
  }
}

/// A factory of the requester's own injector that is not isolated: no override can sit between
/// an injector and its own registrations, and nothing needs refusing, so it is called directly.
struct OwnFactory<Value>: Sendable {
  let registration: Registration
  let make: @Sendable (Resolver) throws -> Value
}

extension Registration {
  /// This registration's factory, when a requester `level` steps down the chain may call it
  /// directly (see ``OwnFactory``).
  func ownFactory<Value>(of _: Value.Type, level: Int) -> OwnFactory<Value>? {
    guard level == 0, case .factory(let factory) = source, let typed = factory as? Factory<Value>,
      !typed.isMainActorIsolated
    else { return nil }
    return OwnFactory(registration: self, make: typed.make)
  }
}
