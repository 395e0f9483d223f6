extension Injector {
  /// Registers a factory that makes a new value of `type` for every property (or `resolve`) that needs one.
  ///
  /// ```swift
  /// injector.register(Reporter.self, for: FeedScreen.self) { resolver in
  ///   Reporter(logger: try resolver.resolve((any Logger).self))
  /// }
  /// ```
  ///
  /// It fills only properties declared exactly `type`, not ancestor types. A result that is
  /// ``InjectableSettable`` is injected before it is handed over; an error the factory throws fails the
  /// injection with ``InjectionError/Code/factoryFailed``. See <doc:Lifecycles>.
  ///
  /// - Parameters:
  ///   - type: The type the factory makes, matched exactly against declared property types.
  ///   - target: Fill only objects of this class or its subclasses.
  ///   - id: Fill only properties whose names end with this string, compared ignoring case.
  ///   - factory: Makes a value, given a resolver for this injector; runs outside every lock.
  public func register<Service>(
    _ type: Service.Type,
    for target: AnyClass? = nil,
    id: String? = nil,
    factory: @escaping @Sendable (Resolver) throws -> Service
  ) {
    add(factory: factory, scope: .transient, match: Self.match(for: target, id: id))
  }

  /// Registers a factory with a scope: ``Scope/singleton`` makes one value, on first use, and shares it.
  ///
  /// ```swift
  /// injector.register(Database.self, scope: .singleton) { resolver in
  ///   try Database(log: resolver.resolve((any Logger).self))
  /// }
  /// ```
  ///
  /// A singleton is shared by every object and thread, so its type must be `Sendable`. A creation that
  /// throws is not remembered: the next use tries again. ``Scope/graph`` shares one value within each
  /// `inject` or top-level `resolve`, ``Scope/weak`` while something outside the injector holds it,
  /// ``Scope/cached`` until ``reset(_:for:id:)``; every scope is safe to use from any thread (see
  /// <doc:Lifecycles>). Otherwise like ``register(_:for:id:factory:)``.
  public func register<Service: Sendable>(
    _ type: Service.Type,
    scope: Scope,
    for target: AnyClass? = nil,
    id: String? = nil,
    factory: @escaping @Sendable (Resolver) throws -> Service
  ) {
    add(factory: factory, scope: scope, match: Self.match(for: target, id: id))
  }

  /// Registers a factory with a scope for a type that is not `Sendable`, on your promise that sharing
  /// its value is safe.
  ///
  /// Like ``register(_:scope:for:id:factory:)``, without the compiler's `Sendable` check. A type used
  /// only on the main actor needs no promise: register it with ``register(_:scope:for:id:on:factory:)``.
  ///
  /// - Parameters:
  ///   - type: The type the factory makes, matched exactly against declared property types.
  ///   - scope: ``Scope/singleton`` to make one value on first use and share it, ``Scope/transient``,
  ///     ``Scope/graph``, ``Scope/weak`` or ``Scope/cached``.
  ///   - target: Fill only objects of this class or its subclasses.
  ///   - id: Fill only properties whose names end with this string, compared ignoring case.
  ///   - factory: Makes a value, given a resolver for this injector.
  public func register<Service>(
    unchecked type: Service.Type,
    scope: Scope,
    for target: AnyClass? = nil,
    id: String? = nil,
    factory: @escaping @Sendable (Resolver) throws -> Service
  ) {
    add(factory: factory, scope: scope, match: Self.match(for: target, id: id))
  }

  /// Registers a factory for the property with exactly this name, on any object.
  ///
  /// Like ``register(_:named:)``, but a value is made for each nil property of that name; one that does
  /// not fit the property's declared type fails the injection with ``InjectionError/Code/typeMismatch``.
  public func register<Value>(named name: String, factory: @escaping @Sendable (Resolver) throws -> Value) {
    add(factory: factory, scope: .transient, match: .name(name))
  }

  /// Registers a factory with a scope for the property with exactly this name; a
  /// ``Scope/singleton`` is shared, so its type must be `Sendable`.
  public func register<Value: Sendable>(
    named name: String,
    scope: Scope,
    factory: @escaping @Sendable (Resolver) throws -> Value
  ) {
    add(factory: factory, scope: scope, match: .name(name))
  }

  /// Registers a factory with a scope for the property with exactly this name, for a value that is not
  /// `Sendable`, on your promise that sharing it is safe; like ``register(named:scope:factory:)``.
  ///
  /// - Parameters:
  ///   - type: The type the factory makes; its value must fit the property's declared type.
  ///   - name: The property's name, compared exactly (case-sensitive).
  ///   - scope: ``Scope/singleton`` to make one value on first use and share it, or ``Scope/transient``.
  ///   - factory: Makes a value, given a resolver for this injector.
  public func register<Value>(
    unchecked type: Value.Type,
    named name: String,
    scope: Scope,
    factory: @escaping @Sendable (Resolver) throws -> Value
  ) {
    add(factory: factory, scope: scope, match: .name(name))
  }

  static func match(for target: AnyClass?, id: String?, _ ancestors: Bool = false) -> Registration.Match {
    .type(.init(target: target.map(TargetClass.init), id: id.map(RegistrationID.init), includingAncestors: ancestors))
  }
}
