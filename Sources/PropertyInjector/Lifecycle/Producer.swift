/// How a value is produced at execution time, for one answer: the executable half of an
/// ``Answer``. Built once per plan step or cached resolution, typed with the value it makes, so
/// producing never casts what it already knows the type of.
// @unchecked Sendable: immutable. The values producers hold were `Sendable` when registered.
class AnyProducer: @unchecked Sendable {
  /// Whether something besides the property keeps the produced value alive (the registry keeps
  /// an instance, a cell its singleton), so a `weak` or `unowned` property may hold it.
  var keepsItsValue: Bool { false }
}

class Producer<Value>: AnyProducer, @unchecked Sendable {
  /// The value, when it is the same for every use and already known: a registered instance.
  var constant: Value? { nil }

  /// Produces a value for `site`: made on the calling thread, outside every lock.
  func produce(_ execution: Execution, at site: Site) throws(InjectionError) -> Value {
    throw .internalInconsistency("\(type(of: self)) cannot produce")
  }
}

extension Answer {
  /// The producer of `Value`s for this answer; nil for a failure.
  func producer<Value>(of _: Value.Type) -> Producer<Value>? {
    switch self {
    case .failure:
      return nil
    case .registration(let registration, let level):
      return registrationProducer(registration, level: level)
    case .creation:
      return CreatingProducer<Value>()
    case .deferred(let deferral, _, let request):
      return deferral.producer(resolving: request) as? Producer<Value>
    }
  }

  private func registrationProducer<Value>(_ registration: Registration, level: Int) -> Producer<Value>? {
    switch registration.source {
    case .instance(let value):
      return (value as? Value).map(ConstantProducer.init)
    case .factory(let factory):
      if let typed = factory as? Factory<Value> {
        return FactoryProducer(registration: registration, factory: typed, level: level)
      }
      return CastingFactoryProducer(registration: registration, factory: factory, level: level)
    case .singleton(let factory, let cell):
      if let typed = factory as? Factory<Value>, let typedCell = cell as? SingletonCell<Value> {
        return SingletonProducer(registration: registration, factory: typed, cell: typedCell, level: level)
      }
      return CastingSingletonProducer(registration: registration, factory: factory, cell: cell, level: level)
    }
  }
}

/// A registered instance, cast to the property's type once.
final class ConstantProducer<Value>: Producer<Value>, @unchecked Sendable {
  let value: Value

  init(_ value: Value) { self.value = value }

  override var keepsItsValue: Bool { true }
  override var constant: Value? { value }
  override func produce(_ execution: Execution, at site: Site) throws(InjectionError) -> Value { value }
}

/// Runs a factory (of exactly the property's type) for every value.
final class FactoryProducer<Value>: Producer<Value>, @unchecked Sendable {
  let registration: Registration
  let factory: Factory<Value>
  let level: Int

  init(registration: Registration, factory: Factory<Value>, level: Int) {
    self.registration = registration
    self.factory = factory
    self.level = level
  }

  override func produce(_ execution: Execution, at site: Site) throws(InjectionError) -> Value {
    if registration.isMainActorIsolated { try execution.requireMainActor(for: registration, at: site) }
    return try execution.make(for: registration, level: level, at: site) { resolver in try factory.make(resolver) }
  }
}

/// Runs a factory whose result type is not the property's (a name registration's factory),
/// and checks each result.
final class CastingFactoryProducer<Value>: Producer<Value>, @unchecked Sendable {
  let registration: Registration
  let factory: AnyFactory
  let level: Int

  init(registration: Registration, factory: AnyFactory, level: Int) {
    self.registration = registration
    self.factory = factory
    self.level = level
  }

  override func produce(_ execution: Execution, at site: Site) throws(InjectionError) -> Value {
    if registration.isMainActorIsolated { try execution.requireMainActor(for: registration, at: site) }
    let made = try execution.make(for: registration, level: level, at: site) { resolver in try factory.makeAny(resolver)
    }
    return try execution.cast(made, to: Value.self, from: registration, at: site)
  }
}

/// A singleton of exactly the property's type: made once, then read from its cell.
final class SingletonProducer<Value>: Producer<Value>, @unchecked Sendable {
  let registration: Registration
  let factory: Factory<Value>
  let cell: SingletonCell<Value>
  let level: Int

  init(registration: Registration, factory: Factory<Value>, cell: SingletonCell<Value>, level: Int) {
    self.registration = registration
    self.factory = factory
    self.cell = cell
    self.level = level
  }

  override var keepsItsValue: Bool { true }

  override func produce(_ execution: Execution, at site: Site) throws(InjectionError) -> Value {
    if registration.isMainActorIsolated { try execution.requireMainActor(for: registration, at: site) }
    if cell.isMade { return cell.madeValue }
    let cell = execution.cell(for: registration, level: level, home: cell)
    return try execution.makeSingleton(for: registration, level: level, at: site) {
      owner, create throws(InjectionError) in
      try cell.value(for: site, waitLimit: owner.waitLimitSeconds) { () throws(InjectionError) -> Value in
        let made = try create { resolver in try factory.make(resolver) }
        guard let value = made as? Value else {
          throw .internalInconsistency("the factory of \(registration.service.name) made \(type(of: made))")
        }
        return value
      }
    }
  }
}

/// A singleton whose type is not the property's (a name registration's), checked on each use.
final class CastingSingletonProducer<Value>: Producer<Value>, @unchecked Sendable {
  let registration: Registration
  let factory: AnyFactory
  let cell: AnySingletonCell
  let level: Int

  init(registration: Registration, factory: AnyFactory, cell: AnySingletonCell, level: Int) {
    self.registration = registration
    self.factory = factory
    self.cell = cell
    self.level = level
  }

  override var keepsItsValue: Bool { true }

  override func produce(_ execution: Execution, at site: Site) throws(InjectionError) -> Value {
    if registration.isMainActorIsolated { try execution.requireMainActor(for: registration, at: site) }
    let made: Any
    let cell = execution.cell(for: registration, level: level, home: cell)
    if let value = cell.createdAny {
      made = value
    } else {
      made = try execution.makeSingleton(for: registration, level: level, at: site) {
        owner, create throws(InjectionError) in
        try cell.anyValue(for: site, waitLimit: owner.waitLimitSeconds) { () throws(InjectionError) in
          try create { resolver in try factory.makeAny(resolver) }
        }
      }
    }
    return try execution.cast(made, to: Value.self, from: registration, at: site)
  }
}

/// A new instance of an ``InjectorCreatable`` type for every value, injected if it is settable.
final class CreatingProducer<Value>: Producer<Value>, @unchecked Sendable {
  override func produce(_ execution: Execution, at site: Site) throws(InjectionError) -> Value {
    try execution.stack.within(ObjectIdentifier(Value.self), for: site) { () throws(InjectionError) -> Value in
      guard let creatable = Value.self as? any InjectorCreatable.Type else {
        throw .internalInconsistency("\(readableName(of: Value.self)) is not InjectorCreatable")
      }
      let made: any InjectorCreatable
      do {
        made = try creatable.init(resolver: Resolver(execution.injector))
      } catch let error as InjectionError {
        throw error
      } catch {
        throw InjectionError(
          operation: site.label,
          .factoryFailed(at: site, making: "\(readableName(of: Value.self)).init(resolver:)", error: error),
          underlyingError: error)
      }
      guard let value = made as? Value else {
        throw .internalInconsistency("\(type(of: made)).init(resolver:) made another type")
      }
      try execution.injectIfSettable(value, at: site)
      return value
    }
  }
}
