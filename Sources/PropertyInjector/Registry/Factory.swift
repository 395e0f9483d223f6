/// A registered factory, with its result type erased: what a registration holds.
///
/// A plan or a `resolve` that needs exactly the factory's result type downcasts it to
/// ``Factory`` once, when it is built, and then calls it without casting its result.
// @unchecked Sendable: immutable; the closure it holds is `@Sendable`.
class AnyFactory: @unchecked Sendable {
  /// Makes a value, as `Any`.
  func makeAny(_ resolver: Resolver) throws -> Any { () }
}

/// A factory of `Service` values.
final class Factory<Service>: AnyFactory, @unchecked Sendable {
  let make: @Sendable (Resolver) throws -> Service

  init(_ make: @escaping @Sendable (Resolver) throws -> Service) { self.make = make }

  override func makeAny(_ resolver: Resolver) throws -> Any { try make(resolver) }
}
