// Spellings that are always a mistake, each caught by the compiler with a message saying what to
// write instead. They are overloads more specific than the real ones, so the compiler picks them
// exactly for the mistake they describe, and warns with their message; the registration is then
// kept as a configuration problem (or a near miss), never silently.
//
// Deprecated, not unavailable: Swift's overload resolution never picks an unavailable overload
// while an available one fits, and the general `register<Service>(_:)` fits an optional or a
// metatype too. Build with warnings as errors to make these errors.

extension Injector {
  /// Registering an optional is a mistake: a property is filled only when nil, so an optional
  /// value could fill it with nothing. Kept as a configuration problem
  /// (``InjectionError/Code/optionalRegistration``).
  @_documentation(visibility: internal)
  @available(
    *, deprecated,
    message: "An optional can never fill a property: unwrap it first, `if let value { injector.register(value) }`"
  )
  public func register<Wrapped: Sendable>(
    _ instance: Wrapped?,
    as type: Wrapped?.Type = Wrapped?.self,
    includingAncestors: Bool = false,
    for target: AnyClass? = nil,
    id: String? = nil
  ) {
    add(TypeProbe(Wrapped?.self), .instance(instance as Any), Self.match(for: target, id: id, includingAncestors))
  }

  /// Registering an optional is a mistake, unchecked or not.
  @_documentation(visibility: internal)
  @available(
    *, deprecated,
    message:
      "An optional can never fill a property: unwrap it first, `if let value { injector.register(unchecked: value) }`"
  )
  public func register<Wrapped>(
    unchecked instance: Wrapped?,
    as type: Wrapped?.Type = Wrapped?.self,
    includingAncestors: Bool = false,
    for target: AnyClass? = nil,
    id: String? = nil
  ) {
    add(TypeProbe(Wrapped?.self), .instance(instance as Any), Self.match(for: target, id: id, includingAncestors))
  }

  /// Registering an optional under a name is a mistake.
  @_documentation(visibility: internal)
  @available(
    *, deprecated,
    message:
      "An optional can never fill a property: unwrap it first, `if let value { injector.register(value, named: name) }`"
  )
  public func register<Wrapped: Sendable>(_ value: Wrapped?, named name: String) {
    add(TypeProbe(Wrapped?.self), .instance(value as Any), .name(name))
  }

  /// Registering a type without a factory registers the metatype: a factory was forgotten. To
  /// register a metatype on purpose, say so: `register(Cache.self, as: Cache.Type.self)`.
  @_documentation(visibility: internal)
  @available(
    *, deprecated,
    message:
      "This registers the type itself, not an instance: pass a factory that makes one, as in `injector.register(Cache.self) { _ in MemoryCache() }`, or an instance, as in `injector.register(MemoryCache(), as: Cache.self)`"
  )
  public func register<Service>(
    _ type: Service.Type,
    includingAncestors: Bool = false,
    for target: AnyClass? = nil,
    id: String? = nil
  ) {
    add(TypeProbe(Service.Type.self), .instance(type), Self.match(for: target, id: id, includingAncestors))
  }

  /// A factory of an optional type is a mistake: it could fill a property with nothing. Kept as
  /// a configuration problem.
  @_documentation(visibility: internal)
  @available(
    *, deprecated,
    message:
      "A factory of an optional type could fill a property with nothing: register the unwrapped type, and return a value"
  )
  public func register<Wrapped>(
    _ type: Wrapped?.Type,
    for target: AnyClass? = nil,
    id: String? = nil,
    factory: @escaping @Sendable (Resolver) throws -> Wrapped?
  ) {
    add(factory: factory, scope: .transient, match: Self.match(for: target, id: id))
  }

  /// A scoped value of a type that is not `Sendable` (a singleton, a cached or weak value, shared between threads; a
  /// graph value, kept for its call) would be kept unchecked: the compiler says where `unchecked:` goes (it cannot
  /// name the type). Less specific than
  /// ``register(_:scope:for:id:factory:)`` (no `Sendable` requirement), so it is picked only for a
  /// type that is not `Sendable`; ignored, it registers as ``register(unchecked:scope:for:id:factory:)``.
  /// A warning, not an error: `scope` is a value, and a transient factory's type need not be `Sendable`.
  @_documentation(visibility: internal)
  @available(
    *, deprecated,
    message:
      "This type is not Sendable, and a scope keeps its values (a singleton, a cached or weak value, shared between threads; a graph value, for its call), unchecked: write `unchecked:` before the type, `register(unchecked: ...)`, on your promise that sharing it is safe; or add `on: MainActor.self` as the last argument for a main-actor service, which needs no `unchecked:`; or, for a new value each time, remove `scope:`"
  )
  public func register<Service>(
    _ type: Service.Type,
    scope: Scope,
    for target: AnyClass? = nil,
    id: String? = nil,
    factory: @escaping @Sendable (Resolver) throws -> Service
  ) {
    add(factory: factory, scope: scope, match: Self.match(for: target, id: id))
  }

  /// A named singleton of a type that is not `Sendable`: the compiler names the unchecked spelling.
  @_documentation(visibility: internal)
  @available(
    *, deprecated,
    message:
      "The factory's value is not Sendable, and a scope keeps its values (a singleton, a cached or weak value, shared between threads; a graph value, for its call), unchecked: write `unchecked:` and the factory's result type before `named:` (such as `register(unchecked: Database.self, named: ...)`) on your promise that sharing it is safe; or, for a new value each time, remove `scope:`"
  )
  public func register<Value>(
    named name: String,
    scope: Scope,
    factory: @escaping @Sendable (Resolver) throws -> Value
  ) {
    add(factory: factory, scope: scope, match: .name(name))
  }

  /// Resolving an optional type never succeeds: optionals are never registered.
  @_documentation(visibility: internal)
  @available(
    *, deprecated,
    message: "Optionals are never registered: resolve the unwrapped type, `try injector.resolve(Cache.self)`"
  )
  public func resolve<Wrapped>(
    _ type: Wrapped?.Type,
    for target: AnyClass? = nil,
    id: String? = nil
  ) throws(InjectionError) -> Wrapped? {
    try value(of: Wrapped?.self, for: target, id: id)
  }
}
