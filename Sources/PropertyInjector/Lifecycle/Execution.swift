/// What producing a value needs: the injector doing the work and the thread's creation stack.
struct Execution {
  /// The injector whose plan or resolution runs, not retained: an execution lives only as long
  /// as the call that made it (an `inject`, a `resolve`, a factory's run), which holds its
  /// injector, or a descendant that holds it, throughout. Each step then costs no retain.
  private unowned(unsafe) let unretainedInjector: Injector
  let stack: CreationStack

  init(injector: Injector, stack: CreationStack) {
    unsafe unretainedInjector = injector
    self.stack = stack
  }

  /// The injector whose plan or resolution runs.
  var injector: Injector { unsafe unretainedInjector }

  /// The injectors a registration `level` steps up the chain runs with: its home, which keeps
  /// its singleton, and the override injector (of `withOverrides` or `.injecting`) nearest to
  /// the requester between the two, if there is one. A factory resolves through the override
  /// when there is one, else through its home: a test's overrides reach what its ancestors'
  /// factories make, while a plain child never changes what its parent's factories see.
  func owners(atLevel level: Int) -> (home: Execution, override: Execution?) {
    // A registration of the requester's own: no walk, and no retain of an injector whose side
    // table (its link's weak reference) makes every retain the slow kind.
    guard level > 0 else { return (self, nil) }
    var injector = self.injector
    var override: Injector?
    for _ in 0..<level {
      if override == nil, injector.overrideCells != nil { override = injector }
      guard let parent = injector.parent else { break }
      injector = parent
    }
    return (Execution(injector: injector, stack: stack), override.map { Execution(injector: $0, stack: stack) })
  }

  /// The injector's link, read without retaining the injector.
  var link: InjectorLink { unsafe unretainedInjector.link }

  /// The cell a singleton of `level` lives in for this execution: `home` (the registration's
  /// own), unless an override sits between the requester and the registration's injector and
  /// the singleton was not made before it: then the override's own cell, so a singleton first
  /// made inside an override sees it and lives only as long as it.
  func cell<Value>(for registration: Registration, level: Int, home: SingletonCell<Value>) -> SingletonCell<Value> {
    guard !home.isMade, let cells = owners(atLevel: level).override?.injector.overrideCells else { return home }
    return cells.cell(for: registration, like: home)
  }

  /// Injects `value` if it is ``InjectableSettable``: what happens to every factory result and
  /// auto-created instance before it is handed over.
  ///
  /// - Parameters:
  ///   - value: A factory's result or an auto-created instance.
  ///   - type: Its dynamic type.
  ///   - site: Where it is needed, for errors.
  /// - Returns: Whether `type` is settable.
  /// - Throws: ``InjectionError/Code/isolatedConformance`` when the value's type conforms only on
  ///   a global actor this thread is not on, so it can be neither injected nor handed over uninjected.
  @discardableResult
  func injectIfSettable<Value>(_ value: Value, of type: Any.Type, at site: Site) throws(InjectionError) -> Bool {
    // The metatype check hits the runtime's conformance cache; it answers for isolated
    // conformances too, which the value cast then refuses off their actor.
    guard type is any InjectableSettable.Type else { return false }
    guard let settable = value as? any InjectableSettable else {
      throw InjectionError(operation: site.label, .isolatedConformance(of: type, at: site))
    }
    try injector.inject(settable)
    return true
  }
}

/// The identity of `value`'s type, read without copying the value.
private func typeID<Value>(of value: borrowing Value) -> ObjectIdentifier { ObjectIdentifier(type(of: value)) }

extension Execution {
  /// A new value from `factory`, a factory of the requester's own: as
  /// ``make(for:level:at:_:)`` makes it at level 0, where no override can sit between the two,
  /// so the factory resolves through the requester.
  @inline(__always)
  func make<Value>(_ factory: OwnFactory<Value>, at site: Site) throws(InjectionError) -> Value {
    try stack.within(ObjectIdentifier(factory.registration), for: site) { () throws(InjectionError) -> Value in
      try run(factory.make, of: factory.registration, owner: self, at: site)
    }
  }

  /// Runs a registration's factory inside a creation frame (outside every lock), with the
  /// resolver of the injector the registration belongs to, and injects the result if it is
  /// settable.
  ///
  /// - Throws: ``InjectionError/Code/cycle`` or ``InjectionError/Code/tooDeep`` from the frame,
  ///   ``InjectionError/Code/factoryFailed`` wrapping what the factory throws, or an
  ///   ``InjectionError`` from inside it unchanged.
  func make<Value>(
    for registration: Registration,
    level: Int,
    at site: Site,
    _ factory: (Resolver) throws -> Value
  ) throws(InjectionError) -> Value {
    try stack.within(ObjectIdentifier(registration), for: site) { () throws(InjectionError) -> Value in
      let (home, override) = owners(atLevel: level)
      return try run(factory, of: registration, owner: override ?? home, at: site)
    }
  }

  /// Makes a singleton inside a creation frame: `body` receives the owning injector and a
  /// function that runs the factory (as ``make(for:level:at:_:)`` does), to call from its cell.
  func makeSingleton<Value>(
    for registration: Registration,
    level: Int,
    at site: Site,
    _ body: (Injector, ((Resolver) throws -> Value) throws(InjectionError) -> Value) throws(InjectionError) -> Value
  ) throws(InjectionError) -> Value {
    let (home, override) = owners(atLevel: level)
    let owner = override ?? home
    return try stack.within(ObjectIdentifier(registration), for: site) { () throws(InjectionError) -> Value in
      try body(owner.injector) { factory throws(InjectionError) -> Value in
        try run(factory, of: registration, owner: owner, at: site)
      }
    }
  }

  private func run<Value>(
    _ factory: (Resolver) throws -> Value,
    of registration: Registration,
    owner: Execution,
    at site: Site
  ) throws(InjectionError) -> Value {
    let value: Value
    do {
      value = try factory(Resolver(link: owner.link))
    } catch let error as InjectionError {
      throw error
    } catch {
      throw InjectionError(
        operation: site.label, .factoryFailed(at: site, making: registration.named.summary, error: error),
        underlyingError: error)
    }
    if registration.madeValuesNeedNoInjection, typeID(of: value) == registration.service.id {
      return value
    }
    // `as Any`: in generic code, `type(of:)` of a protocol-typed value is the protocol's type.
    let type = Swift.type(of: value as Any)
    // A factory of a protocol type asks the runtime once per type it makes in a row, not per value.
    guard !registration.lastPlainType.holds(ObjectIdentifier(type)) else { return value }
    if try !owner.injectIfSettable(value, of: type, at: site) {
      registration.lastPlainType.store(ObjectIdentifier(type))
    }
    return value
  }

  /// Refuses a main-actor registration off the main actor, before its factory runs or its
  /// singleton is handed over. Producers call it only for registrations that are
  /// ``Registration/isMainActorIsolated``, so the others pay one stored `Bool`.
  ///
  /// - Throws: ``InjectionError/Code/mainActorRequired`` naming the property (or `resolve`), the
  ///   registration and the fix.
  func requireMainActor(for registration: Registration, at site: Site) throws(InjectionError) {
    guard !isOnMainActor() else { return }
    throw InjectionError(operation: site.label, .mainActorRequired(at: site, registration: registration.named))
  }

  /// A new instance of `Value`, an ``InjectorCreatable`` type, injected if it is settable.
  ///
  /// - Throws: What its `init(resolver:)` throws, wrapped in ``InjectionError/Code/factoryFailed``
  ///   unless it is an ``InjectionError``; ``InjectionError/Code/cycle`` when it needs itself.
  func create<Value>(_: Value.Type, at site: Site) throws(InjectionError) -> Value {
    try stack.within(ObjectIdentifier(Value.self), for: site) { () throws(InjectionError) -> Value in
      let made: any InjectorCreatable
      do {
        guard let creatable = Value.self as? any InjectorCreatable.Type else {
          throw InjectionError(
            operation: site.label,
            .answerMismatch(at: site, wanted: Value.self, answer: .creation(typeName: readableName(of: Value.self))))
        }
        made = try creatable.init(resolver: Resolver(injector))
      } catch let error as InjectionError {
        throw error
      } catch {
        throw InjectionError(
          operation: site.label,
          .factoryFailed(at: site, making: "\(readableName(of: Value.self)).init(resolver:)", error: error),
          underlyingError: error)
      }
      guard let value = made as? Value else {
        throw InjectionError(
          operation: site.label,
          .madeMismatch(
            at: site, wanted: Value.self, answer: .creation(typeName: readableName(of: Value.self)), made: made))
      }
      try injectIfSettable(value, of: Swift.type(of: value as Any), at: site)
      return value
    }
  }

  /// `made` as a `Value`, or a ``InjectionError/Code/typeMismatch`` naming `registration`.
  func cast<Value>(_ made: Any, to _: Value.Type, from registration: Registration, at site: Site)
    throws(InjectionError) -> Value
  {
    if let value = made as? Value { return value }
    throw InjectionError(
      operation: site.label,
      .madeMismatch(at: site, wanted: Value.self, answer: .registration(registration.named), made: made))
  }
}
