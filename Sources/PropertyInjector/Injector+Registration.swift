extension Injector {
  /// Registers an instance to fill nil properties of its type.
  ///
  /// ```swift
  /// injector.register(ConsoleLogger(), as: (any Logger).self)        // fills `(any Logger)?` properties
  /// injector.register(ImageCache(), includingAncestors: true)        // also `Cache?` properties
  /// injector.register(ImageCache(), for: ProfileScreen.self, id: "first")  // only `…First` on ProfileScreen
  /// ```
  ///
  /// A registration fills a candidate property (one whose name starts with `injected`) when:
  /// - its type fits: the property's declared type, unwrapped, is exactly `type`; or, with
  ///   `includingAncestors`, `instance` can be cast to it (any superclass, and any protocol it
  ///   conforms to, inherited protocols included);
  /// - `target`, if given, is the object's class or one of its superclasses;
  /// - `id`, if given, ends the property's name, ignoring case (`id: "first"` matches
  ///   `injectedCacheFirst`).
  ///
  /// When several registrations are eligible, the longer id wins, then the more derived
  /// target, then an exact type over an ancestor match, then the later registration.
  /// Registering again with the same type, target and id (ignoring its case) replaces the
  /// earlier registration.
  ///
  /// The instance is handed, as it is, to every object it fills, on whatever thread injects
  /// them: so it must be `Sendable`. For a type that is not, but that you know to be safe (or
  /// used from one thread only), use ``register(unchecked:as:includingAncestors:for:id:)``.
  ///
  /// An id that can never match a property name (empty, blank, or with whitespace) registers
  /// nothing: it is kept as a configuration problem (``InjectionError/Code/invalidID``) that
  /// ``validate(_:)`` and every `inject` and `resolve` report until it is unregistered.
  ///
  /// - Parameters:
  ///   - instance: The value to hand out. The same instance fills every property it fits.
  ///   - type: The type to register it as; by default, the static type of `instance`.
  ///   - includingAncestors: Whether to also fill properties of every type `instance` can be
  ///     cast to, not just `type`.
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
    add(instance: instance, as: type, includingAncestors: includingAncestors, for: target, id: id)
  }

  /// Registers an instance whose type is not `Sendable`, on your promise that sharing it is safe.
  ///
  /// Like ``register(_:as:includingAncestors:for:id:)``, without the compiler's check: for types
  /// written before Swift 6 that are thread-safe (or that you inject from one thread only).
  /// Prefer making the type `Sendable`.
  public func register<Service>(
    unchecked instance: Service,
    as type: Service.Type = Service.self,
    includingAncestors: Bool = false,
    for target: AnyClass? = nil,
    id: String? = nil
  ) {
    add(instance: instance, as: type, includingAncestors: includingAncestors, for: target, id: id)
  }

  /// Registers a value to fill the property with exactly this name, on any object.
  ///
  /// ```swift
  /// injector.register(Analytics(), named: "analytics")   // fills `var analytics: Analytics?`
  /// ```
  ///
  /// The property need not start with `injected`: a name registration makes the property with
  /// that name a candidate in every type that has one, so it must be optional and writable by
  /// the injector. A name registration comes before every type registration of the same
  /// injector. When the value does not fit the property's declared type, injecting a nil
  /// property of that name throws ``InjectionError/Code/typeMismatch``. Registering the same
  /// name again replaces the earlier value. A name that can never match a property (empty,
  /// blank, or with whitespace) is a configuration problem (``InjectionError/Code/invalidName``).
  ///
  /// - Parameters:
  ///   - value: The value to hand out; it fills the property when it can be cast to the
  ///     property's declared type, as a subclass or conforming type.
  ///   - name: The property's name, compared exactly (case-sensitive).
  public func register<Value: Sendable>(_ value: Value, named name: String) {
    add(TypeProbe(Value.self), .instance(value), named: name)
  }

  /// Registers a value whose type is not `Sendable` under a name, on your promise that sharing
  /// it is safe; like ``register(_:named:)``.
  public func register<Value>(unchecked value: Value, named name: String) {
    add(TypeProbe(Value.self), .instance(value), named: name)
  }

  /// Removes the registration of `type` with this target and id (or the configuration problem
  /// a registration with them left).
  ///
  /// - Parameters:
  ///   - type: The registered type: the `as:` type, the instance's static type, or the factory's.
  ///   - target: The target the registration was made for, if any.
  ///   - id: The id it was made with, if any; compared ignoring case.
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
}

extension Injector {
  func add<Service>(
    instance: Service,
    as type: Service.Type,
    includingAncestors: Bool,
    for target: AnyClass?,
    id: String?
  ) {
    let match = Registration.TypeMatch(
      target: target.map(TargetClass.init), id: id.map(RegistrationID.init), includingAncestors: includingAncestors)
    add(TypeProbe(Service.self), .instance(instance), .type(match))
  }

  /// Adds a factory registration of `Service`.
  func add<Service>(
    factory: @escaping @Sendable (Resolver) throws -> Service,
    scope: Scope,
    match: Registration.Match
  ) {
    let probe = TypeProbe(Service.self)
    let made = Factory(factory, madeValuesNeedNoInjection: Self.madeValuesNeedNoInjection(Service.self))
    let source: Registration.Source =
      scope == .singleton
      ? .singleton(Singleton(factory: made, cell: SingletonCell(label: "\(probe.name) (singleton)"))) : .factory(made)
    add(probe, source, match)
  }

  /// Adds a main-actor factory registration of `Service`: its values are made, and its singleton
  /// is handed out, only on the main actor.
  func add<Service>(
    mainActorFactory factory: @escaping @MainActor @Sendable (Resolver) throws -> Service,
    scope: Scope,
    match: Registration.Match
  ) {
    let probe = TypeProbe(Service.self)
    let made = Factory(mainActor: factory, madeValuesNeedNoInjection: Self.madeValuesNeedNoInjection(Service.self))
    let source: Registration.Source =
      scope == .singleton
      ? .singleton(Singleton(factory: made, cell: SingletonCell(label: "\(probe.name) (main-actor singleton)")))
      : .factory(made)
    add(probe, source, match)
  }

  func add(_ service: TypeProbe, _ source: Registration.Source, named name: String, owner: RegistrationOwner? = nil) {
    add(service, source, .name(name), owner: owner)
  }

  /// Adds a registration, or records why it can never match; returns whether it was added.
  /// With an `owner` (a property wrapper), adds only where nothing is registered, or what is
  /// registered is the owner's own.
  @discardableResult
  func add(
    _ service: TypeProbe,
    _ source: Registration.Source,
    _ match: Registration.Match,
    owner: RegistrationOwner? = nil
  ) -> Bool {
    let key = Registration.key(of: service, match)
    let problem = Self.problem(registering: service, source, match)
    let (added, replaced) = changeRegistry(at: key) { registry -> (Bool, Registration?) in
      if let problem { return (false, registry.reject(key, problem)) }
      if let owner, let existing = registry[key], existing.owner !== owner { return (false, nil) }
      return (true, registry.add(service, source, match, owner: owner))
    }
    withExtendedLifetime(replaced) {}
    return added
  }

  /// Removes what is registered under `key`; with an `owner`, only if it is the owner's.
  @discardableResult
  func remove(_ key: RegistrationKey, ownedBy owner: RegistrationOwner? = nil) -> Bool {
    let (removed, registration) = changeRegistry(at: key) { registry -> (Bool, Registration?) in
      guard registry.contains(key) else { return (false, nil) }
      if let owner, registry[key]?.owner !== owner { return (false, nil) }
      return (true, registry.remove(key))
    }
    withExtendedLifetime(registration) {}
    return removed
  }

  /// Why a registration can never match, when only run time can tell: an optional type that
  /// reached `register` through generic code, an unusable id or name.
  private static func problem(
    registering service: TypeProbe,
    _ source: Registration.Source,
    _ match: Registration.Match
  ) -> InjectionError.Problem? {
    if service.isOptional { return .optionalRegistration(service.type) }
    if case .instance(let value) = source, value is any OptionalProtocol {
      return .optionalRegistration(type(of: value))
    }
    switch match {
    case .name(let name):
      return InjectionError.Problem.isUsableName(name) ? nil : .invalidName(name, registering: service.type)
    case .type(let match):
      guard let id = match.id?.original, !InjectionError.Problem.isUsableName(id) else { return nil }
      return .invalidID(id, registering: service.type)
    }
  }

  /// Whether a value of exactly `Service` is known not to be injectable: what a factory's
  /// results are checked against (a protocol type's values never are exactly it).
  static func madeValuesNeedNoInjection<Service>(_: Service.Type) -> Bool {
    !isExistential(Service.self) && !(Service.self is any InjectableSettable.Type)
  }
}
