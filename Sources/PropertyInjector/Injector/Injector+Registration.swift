extension Injector {
  /// Registers an instance to fill nil properties of its type.
  ///
  /// ```swift
  /// injector.register(ConsoleLogger(), as: (any Logger).self)  // fills `(any Logger)?` properties
  /// injector.register(ImageCache(), includingAncestors: true, for: ProfileScreen.self, id: "first")
  /// ```
  ///
  /// A property is filled only when its declared type is exactly `type` (unless `includingAncestors`),
  /// and its name ends with `id`, if given. Registering the same type, target and id again replaces the
  /// earlier registration; an unusable id is reported by the next `inject`. See <doc:TheRules>.
  ///
  /// - Parameters:
  ///   - instance: The value to hand out, as it is, to every property it fits, on any thread.
  ///   - type: The type to register it as; by default, the static type of `instance`.
  ///   - includingAncestors: Whether it also fills properties of every type `instance` can be cast to.
  ///   - target: Fill only objects of this class or its subclasses.
  ///   - id: Fill only properties whose names end with this string, compared ignoring case.
  /// - Complexity: O(1) amortized, plus dropping the cached plans.
  public func register<Service: Sendable>(
    _ instance: Service,
    as type: Service.Type = Service.self,
    includingAncestors: Bool = false,
    for target: AnyClass? = nil,
    id: String? = nil
  ) {
    add(TypeProbe(Service.self), .instance(instance), Self.match(for: target, id: id, includingAncestors))
  }

  /// Registers an instance whose type is not `Sendable`, on your promise that sharing it is safe.
  ///
  /// Like ``register(_:as:includingAncestors:for:id:)``, without the compiler's check. Prefer making
  /// the type `Sendable`.
  public func register<Service>(
    unchecked instance: Service,
    as type: Service.Type = Service.self,
    includingAncestors: Bool = false,
    for target: AnyClass? = nil,
    id: String? = nil
  ) {
    add(TypeProbe(Service.self), .instance(instance), Self.match(for: target, id: id, includingAncestors))
  }

  /// Registers a value to fill the property with exactly this name, on any object, prefix or not.
  ///
  /// ```swift
  /// injector.register(Analytics(), named: "analytics")  // fills `var analytics: Analytics?`
  /// ```
  ///
  /// A name registration wins over every type registration of the same injector. A value that does not
  /// fit the property's declared type makes `inject` throw ``InjectionError/Code/typeMismatch``.
  ///
  /// - Parameters:
  ///   - value: The value to hand out; it fills the property when it can be cast to its declared type.
  ///   - name: The property's name, compared exactly (case-sensitive).
  public func register<Value: Sendable>(_ value: Value, named name: String) {
    add(TypeProbe(Value.self), .instance(value), .name(name))
  }

  /// Registers a value whose type is not `Sendable` under a name, on your promise that sharing
  /// it is safe; like ``register(_:named:)``.
  public func register<Value>(unchecked value: Value, named name: String) {
    add(TypeProbe(Value.self), .instance(value), .name(name))
  }

  /// Removes the registration of `type` with this target and id, or the configuration problem it left.
  ///
  /// - Parameters:
  ///   - type: The registered type: the `as:` type, the instance's static type, or the factory's.
  ///   - target: The target it was registered for, if any.
  ///   - id: The id it was registered with, if any; compared ignoring case.
  /// - Returns: Whether something was registered under exactly that type, target and id.
  @discardableResult
  public func unregister<Service>(_ type: Service.Type, for target: AnyClass? = nil, id: String? = nil) -> Bool {
    remove(.type(ObjectIdentifier(Service.self), target: target.map(ObjectIdentifier.init), id: id?.caseFolded))
  }

  /// Removes the name registration for `name`.
  ///
  /// - Returns: Whether something was registered under that name.
  @discardableResult
  public func unregister(named name: String) -> Bool {
    remove(.name(name))
  }

  /// Adds a factory registration of `Service`.
  func add<Service>(
    factory: @escaping @Sendable (Resolver) throws -> Service,
    scope: Scope,
    match: Registration.Match
  ) {
    add(Factory(factory, madeValuesNeedNoInjection: Self.madeValuesNeedNoInjection(Service.self)), scope, match)
  }

  /// Adds `factory`'s registration; a main-actor one's values are made, and its singleton handed out, only there.
  func add<Service>(_ factory: Factory<Service>, _ scope: Scope, _ match: Registration.Match) {
    let probe = TypeProbe(Service.self)
    let label = "\(probe.name) (\(factory.isMainActorIsolated ? "main-actor " : "")\(scope))"
    let source: Registration.Source =
      switch scope {
      case .singleton: .singleton(Singleton(factory: factory, cell: SingletonCell(label: label)))
      case .graph: .scoped(GraphFactory(factory: factory), scope)
      case .weak: .scoped(WeakFactory(factory: factory, cell: CachedCell<WeakBox>(label: label)), scope)
      case .cached: .scoped(CachedFactory(factory: factory, cell: CachedCell(label: label)), scope)
      default: .factory(factory)
      }
    add(probe, source, match)
  }

  /// Adds a registration, or records why it can never match; returns whether it was added. With an
  /// `owner` (a property wrapper), adds only where nothing else, or the owner's own, is registered.
  @discardableResult
  func add(
    _ service: TypeProbe,
    _ source: Registration.Source,
    _ match: Registration.Match,
    owner: RegistrationOwner? = nil
  ) -> Bool {
    let key = Registration.key(of: service, match)
    let problem = Self.problem(registering: service, source, match)
    return changeRegistry(at: key) { registry in
      if let problem { return (false, registry.restore(Slot(registration: nil, problem: problem), at: key)) }
      if let owner, let existing = registry[key], existing.owner !== owner { return (false, nil) }
      return (true, registry.add(service, source, match, owner: owner))
    }
  }

  /// Whether what is registered under `key` now is `owner`'s.
  func holds(_ key: RegistrationKey, ownedBy owner: RegistrationOwner) -> Bool {
    state.withLock { $0.registry[key]?.owner === owner }
  }

  /// Removes what is registered under `key`; with an `owner`, only if it is the owner's.
  @discardableResult
  func remove(_ key: RegistrationKey, ownedBy owner: RegistrationOwner? = nil) -> Bool {
    changeRegistry(at: key) { registry in
      guard registry.contains(key) else { return (false, nil) }
      if let owner, registry[key]?.owner !== owner { return (false, nil) }
      return (true, registry.remove(key))
    }
  }

  /// Why a registration can never match, when only run time tells: an optional through generic code, a bad id or name.
  private static func problem(
    registering service: TypeProbe,
    _ source: Registration.Source,
    _ match: Registration.Match
  ) -> InjectionError.Problem? {
    let (name, typeMatch): (String?, Registration.TypeMatch?) =
      switch match {
      case .name(let name): (name, nil)
      case .type(let typeMatch): (nil, typeMatch)
      }
    let (target, id): (AnyClass?, String?) = (typeMatch?.target?.type, typeMatch?.id?.original)
    if service.isOptional {
      let isFactory = if case .instance = source { false } else { true }
      return .optionalRegistration(
        service.type, as: service.type, named: name, target: target, id: id, isFactory: isFactory)
    }
    if case .scoped(_, .weak) = source, !(service.type is AnyClass || isExistential(service.type)) {
      return .weakOfValueType(service.type, named: name, target: target, id: id)
    }
    // An instance of exactly the registered type, most of the time: nothing more to ask then.
    if case .instance(let value) = source, ObjectIdentifier(type(of: value)) != service.id,
      value is any OptionalProtocol
    {
      return .optionalRegistration(
        type(of: value), as: service.type, named: name, target: target, id: id, isFactory: false)
    }
    if let name { return .invalidName(name, registering: service.type) }
    return id.flatMap { .invalidID($0, registering: service.type, for: target) }
  }

  /// Whether a value of exactly `Service` is known not injectable (a protocol type's values never are exactly it).
  static func madeValuesNeedNoInjection<Service>(_: Service.Type) -> Bool {
    !isExistential(Service.self) && !(Service.self is any InjectableSettable.Type)
  }
}
