/// What producing a value needs: the working injector and the thread's creation stack.
struct Execution {
  let injector: any InjectorRuntime
  let stack: CreationStack
  /// The working injector's own registrations, in order, as of its plan: what a plan that binds them late
  /// reads by slot (see ``SiblingShape``); empty for any other plan.
  var ownRegistrations: [Registration] = []
  /// The working injector's link, read once for a plan that calls its own factories (see ``TypePlan``).
  var ownLink: InjectorLink? = nil

  /// The execution of the injector that owns a registration `level` steps up, with its own cells if it is an
  /// override: the nearest override in between, if any (factories resolve through it, so a test's overrides reach
  /// its ancestors' factories), else the registration's home injector, which keeps its singleton.
  func owner(atLevel level: Int) -> (execution: Execution, overrideCells: OverrideCells?) {
    // Own registration: no walk, and no retain (retaining an injector with a weak-ref side table is slow).
    guard level > 0 else { return (self, nil) }
    var injector = self.injector
    for _ in 0..<level {
      if let cells = injector.overrideCells { return (Execution(injector: injector, stack: stack), cells) }
      guard let parent = injector.parentRuntime else { break }
      injector = parent
    }
    return (Execution(injector: injector, stack: stack), nil)
  }

  /// The cells of the override injectors among this one and its ancestors below `level`, nearest first.
  func overrides(below level: Int) -> [OverrideCells] {
    var (injector, overrides): (any InjectorRuntime, [OverrideCells]) = (self.injector, [])
    for _ in 0..<level {
      if let cells = injector.overrideCells { overrides.append(cells) }
      guard let parent = injector.parentRuntime else { break }
      injector = parent
    }
    return overrides
  }

  var link: InjectorLink { ownLink ?? injector.link }

  /// Injects `value` if settable and returns whether it is; throws if it conforms only on another global actor.
  @discardableResult
  func injectIfSettable<Value>(_ value: Value, of type: Any.Type, at site: Site) throws(InjectionError) -> Bool {
    guard type is any InjectableSettable.Type else { return false }
    guard let settable = value as? any InjectableSettable else {
      throw InjectionError(operation: site.label, .isolatedConformance(of: type, at: site))
    }
    try injector.injectMade(settable)
    return true
  }
}

extension Registration {
  /// A made value's dynamic type, in generic code: `as Any` only when `Value` may be a protocol type, whose
  /// `type(of:)` here is the protocol's.
  func typeOf<Value>(_ value: Value) -> Any.Type {
    madeValuesNeedNoInjection ? type(of: value) : type(of: value as Any)
  }

  /// Whether a made value of `type` may need injecting: not one of exactly the declared type known not to, nor
  /// of the last plain type this factory made (so a protocol-typed factory asks the runtime once per type in a row).
  @inline(__always)
  func mayNeedInjection(ofMade type: Any.Type) -> Bool {
    !(madeValuesNeedNoInjection && ObjectIdentifier(type) == service.id)
      && !lastPlainType.holds(ObjectIdentifier(type))
  }
}

extension Execution {
  /// A new value from a factory of the requester's own (level 0, so no override applies); `typeOf` tells a
  /// made value's dynamic type (see ``Accessor/typeOf``).
  @inline(__always)
  func make<Value>(
    _ factory: OwnFactory<Value>,
    at site: Site,
    typeOf: (Value) -> Any.Type
  ) throws(InjectionError) -> Value {
    try stack.within(ObjectIdentifier(factory.registration), for: site) { () throws(InjectionError) -> Value in
      try run(factory.make, of: factory.registration, owner: self, at: site, typeOf: typeOf)
    }
  }

  /// Runs a registration's factory in a creation frame, outside every lock, and injects the result if settable;
  /// a singleton's is made in its `cell`, unless made already or by another thread meanwhile; a graph value
  /// (`keepsForTheCall`) is kept for the call inside the frame, the call still running (see ``GraphValues``), so a
  /// failure keeps nothing.
  func make<Value>(
    for registration: Registration,
    level: Int,
    at site: Site,
    in cell: SingletonCell<Value>? = nil,
    keepsForTheCall: Bool = false,
    _ factory: (Resolver) throws -> Value
  ) throws(InjectionError) -> Value {
    try stack.within(ObjectIdentifier(registration), for: site) { () throws(InjectionError) -> Value in
      try withOwner(atLevel: level) { owner throws(InjectionError) in
        guard let cell else {
          let value = try run(factory, of: registration, owner: owner, at: site, typeOf: { registration.typeOf($0) })
          if keepsForTheCall { stack.graph.keep(value, for: registration) }
          return value
        }
        // The limit of the injector asked, whichever owns the registration: a child's own limit holds for what it asks.
        return try cell.value(for: site, waitLimit: injector.waitLimitSeconds) { () throws(InjectionError) in
          try run(factory, of: registration, owner: owner, at: site, typeOf: { registration.typeOf($0) })
        }
      }
    }
  }

  /// Calls `body` with the execution of the injector that owns a registration at `level` (its override's, if
  /// any); for this injector's own, this execution itself, not a copy (which retains the injector: slowly, as it
  /// is weakly referenced).
  @inline(__always)
  private func withOwner<Value>(atLevel level: Int, _ body: (Execution) throws(InjectionError) -> Value)
    throws(InjectionError) -> Value
  {
    guard level > 0 else { return try body(self) }
    return try body(owner(atLevel: level).execution)
  }

  /// Runs `factory`, then injects the value if settable; `typeOf` tells its dynamic type.
  @inline(__always)
  private func run<Value>(
    _ factory: (Resolver) throws -> Value,
    of registration: Registration,
    owner: Execution,
    at site: Site,
    typeOf: (Value) -> Any.Type
  ) throws(InjectionError) -> Value {
    let value = try callingFactory(
      { try factory(Resolver(link: owner.link)) }, at: site, making: registration.named.summary)
    let type = typeOf(value)
    guard registration.mayNeedInjection(ofMade: type) else { return value }
    try owner.injectMade(value, of: type, for: registration, at: site)
    return value
  }

  /// Injects a made value of `type` if settable; otherwise remembers `type` as the registration's last plain one.
  private func injectMade<Value>(_ value: Value, of type: Any.Type, for registration: Registration, at site: Site)
    throws(InjectionError)
  {
    // A protocol's own type, which no value has, is what a `typeOf` written in generic code answers (a generic
    // class's type parameter): box the value to find its type.
    let isProtocolType = ObjectIdentifier(type) == registration.service.id && !registration.madeValuesNeedNoInjection
    let type = isProtocolType ? Swift.type(of: value as Any) : type
    if try !injectIfSettable(value, of: type, at: site) { registration.lastPlainType.store(ObjectIdentifier(type)) }
  }

  /// A new, injected instance of an ``InjectorCreatable`` `Value`; errors are wrapped as in `make`.
  func create<Value>(_: Value.Type, at site: Site) throws(InjectionError) -> Value {
    try stack.within(ObjectIdentifier(Value.self), for: site) { () throws(InjectionError) -> Value in
      guard let creatable = Value.self as? any InjectorCreatable.Type else {
        throw InjectionError(
          operation: site.label,
          .answerMismatch(at: site, wanted: Value.self, answer: .creation(typeName: readableName(of: Value.self))))
      }
      let made = try callingFactory(
        { try creatable.init(resolver: Resolver(link: link)) }, at: site,
        making: "\(readableName(of: Value.self)).init(resolver:)")
      guard let value = fitted(made, as: Value.self) else {
        throw InjectionError(
          operation: site.label,
          .madeMismatch(
            at: site, wanted: Value.self, answer: .creation(typeName: readableName(of: Value.self)), made: made))
      }
      try injectIfSettable(value, of: Swift.type(of: value as Any), at: site)
      return value
    }
  }

  func cast<Value>(_ made: Any, to _: Value.Type, from registration: Registration, at site: Site)
    throws(InjectionError) -> Value
  {
    if let value = fitted(made, as: Value.self) { return value }
    throw InjectionError(
      operation: site.label,
      .madeMismatch(at: site, wanted: Value.self, answer: .registration(registration.named), made: made))
  }
}

/// What `make` returns; an error that is not an ``InjectionError`` becomes `factoryFailed` at `site`, of what `name`
/// names.
@inline(__always)
func callingFactory<Value>(
  _ make: () throws -> Value,
  at site: @autoclosure () -> Site,
  making name: @autoclosure () -> String
) throws(InjectionError) -> Value {
  do {
    return try make()
  } catch let error as InjectionError {
    throw error
  } catch {
    let site = site()
    throw InjectionError(
      operation: site.label, .factoryFailed(at: site, making: name(), error: error), underlyingError: error)
  }
}
