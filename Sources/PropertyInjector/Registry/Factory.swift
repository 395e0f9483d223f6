/// A registered factory, with its result type erased: what a registration holds.
///
/// A plan or a `resolve` that needs exactly the factory's result type downcasts it to
/// ``Factory`` once, when it is built, and then calls it without casting its result.
// @unchecked Sendable: immutable; the closure it holds is `@Sendable`.
class AnyFactory: @unchecked Sendable {
  /// Whether the factory is isolated to the main actor (registered `on: MainActor.self`): it runs
  /// only on the main actor, and its values are handed out only there.
  let isMainActorIsolated: Bool
  /// Whether a value of exactly the factory's declared type is known, from the registration, not
  /// to be injectable itself: such a value is handed over without asking the runtime's
  /// conformance cache again. A value of another type (a subclass) is always asked, and so is
  /// every value of a protocol type.
  let madeValuesNeedNoInjection: Bool

  init(isMainActorIsolated: Bool, madeValuesNeedNoInjection: Bool) {
    self.isMainActorIsolated = isMainActorIsolated
    self.madeValuesNeedNoInjection = madeValuesNeedNoInjection
  }

  /// Makes a value, as `Any`.
  func makeAny(_ resolver: Resolver) throws -> Any { () }
}

/// A factory of `Service` values.
final class Factory<Service>: AnyFactory, @unchecked Sendable {
  let make: @Sendable (Resolver) throws -> Service

  init(_ make: @escaping @Sendable (Resolver) throws -> Service, madeValuesNeedNoInjection: Bool) {
    self.make = make
    super.init(isMainActorIsolated: false, madeValuesNeedNoInjection: madeValuesNeedNoInjection)
  }

  /// A factory isolated to the main actor, called only on the main actor.
  init(
    mainActor make: @escaping @MainActor @Sendable (Resolver) throws -> Service,
    madeValuesNeedNoInjection: Bool
  ) {
    // unsafe: a global actor's function has the same representation as a nonisolated one; the
    // isolation is only a promise about where it is called. The wrapper keeps that promise: it
    // calls it only when `isOnMainActor()`: on the main thread or in a job of the main queue,
    // the main actor's executor (Execution checks first, to throw an error that names the
    // property; this check is the last line).
    let nonisolated = unsafe unsafeBitCast(make, to: (@Sendable (Resolver) throws -> Service).self)
    self.make = { resolver in
      guard isOnMainActor() else {
        let name = readableName(of: Service.self)
        throw InjectionError.internalInconsistency("a main-actor factory of \(name) was called off the main actor")
      }
      return try nonisolated(resolver)
    }
    super.init(isMainActorIsolated: true, madeValuesNeedNoInjection: madeValuesNeedNoInjection)
  }

  override func makeAny(_ resolver: Resolver) throws -> Any { try make(resolver) }
}
