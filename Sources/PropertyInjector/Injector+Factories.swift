extension Injector {
  /// Registers a factory that makes a new value of `type` whenever a property (or `resolve`)
  /// needs one.
  ///
  /// ```swift
  /// injector.register(RequestID.self) { _ in RequestID() }          // a new value every time
  /// injector.register(Reporter.self, for: FeedScreen.self) { resolver in
  ///   Reporter(logger: try resolver.resolve((any Logger).self))
  /// }
  /// ```
  ///
  /// The factory receives a ``Resolver`` for this injector, to resolve what it needs, and runs
  /// outside every lock, on the thread that needs the value. A result that is
  /// ``InjectableSettable`` is injected before it is handed over. A factory that throws makes the
  /// injection fail with ``InjectionError/Code/factoryFailed`` (naming the property and wrapping
  /// the error), and the object being injected is unchanged; a factory that needs its own value,
  /// directly or through others, fails with ``InjectionError/Code/cycle``.
  ///
  /// A factory matches properties of exactly `type`, with the same `for:` and `id:` rules and
  /// precedence as an instance; it does not fill ancestor types. Registering again with the same
  /// type, target and id replaces it, whatever kind of registration it was. Each value goes to
  /// one property, so the type need not be `Sendable`.
  ///
  /// - Parameters:
  ///   - type: The type the factory makes, matched exactly against declared property types.
  ///   - target: Fill only objects of this class or its subclasses.
  ///   - id: Fill only properties whose names end with this string, compared ignoring case.
  ///   - factory: Makes a value, given a resolver for this injector.
  public func register<Service>(
    _ type: Service.Type,
    for target: AnyClass? = nil,
    id: String? = nil,
    factory: @escaping @Sendable (Resolver) throws -> Service
  ) {
    add(factory: factory, scope: .transient, match: .type(Self.match(for: target, id: id)))
  }

  /// Registers a factory with a scope: ``Scope/singleton`` makes one value, on first use, and
  /// shares it.
  ///
  /// ```swift
  /// injector.register(Database.self, scope: .singleton) { resolver in
  ///   try Database(log: resolver.resolve((any Logger).self))            // made once, on first use
  /// }
  /// ```
  ///
  /// A singleton is made exactly once, even when many threads ask at the same moment, and is
  /// then handed to every object and thread: so the type must be `Sendable`. A creation that
  /// throws is not remembered: the next use tries again. A thread that waits longer than
  /// ``creationWaitLimit`` for another thread's creation throws ``InjectionError/Code/timedOut``
  /// instead of hanging. Otherwise like ``register(_:for:id:factory:)``.
  public func register<Service: Sendable>(
    _ type: Service.Type,
    scope: Scope,
    for target: AnyClass? = nil,
    id: String? = nil,
    factory: @escaping @Sendable (Resolver) throws -> Service
  ) {
    add(factory: factory, scope: scope, match: .type(Self.match(for: target, id: id)))
  }

  /// Registers a factory with a scope for a type that is not `Sendable`, on your promise that
  /// sharing its value is safe.
  ///
  /// ```swift
  /// injector.register(unchecked: Database.self, scope: .singleton) { resolver in
  ///   try Database(log: resolver.resolve((any Logger).self))   // made once, shared with every thread
  /// }
  /// ```
  ///
  /// Like ``register(_:scope:for:id:factory:)``, without the compiler's `Sendable` check: a
  /// ``Scope/singleton`` is handed to every object and thread that asks, so the type must be safe
  /// to share. Use it for types written before Swift 6 that are thread-safe (they lock inside), or
  /// that your app uses from one thread only, instead of writing `@unchecked Sendable` on the type.
  /// Whether sharing is safe is your promise: the library cannot check it. A service used only on
  /// the main actor needs no promise: register it with
  /// ``register(_:scope:for:id:on:factory:)`` (`on: MainActor.self`), which hands it out only there.
  ///
  /// - Parameters:
  ///   - type: The type the factory makes, matched exactly against declared property types.
  ///   - scope: ``Scope/singleton`` to make one value on first use and share it, or
  ///     ``Scope/transient`` for a new value every time.
  ///   - target: Fill only objects of this class or its subclasses.
  ///   - id: Fill only properties whose names end with this string, compared ignoring case.
  ///   - factory: Makes a value, given a resolver for this injector.
  ///
  /// Thread safety: register from any thread. The factory runs on the thread that first needs the
  /// value, outside every lock, and exactly once for a singleton; the value is then read from any
  /// thread, which is safe only as far as your promise holds.
  public func register<Service>(
    unchecked type: Service.Type,
    scope: Scope,
    for target: AnyClass? = nil,
    id: String? = nil,
    factory: @escaping @Sendable (Resolver) throws -> Service
  ) {
    add(factory: factory, scope: scope, match: .type(Self.match(for: target, id: id)))
  }

  /// Registers a factory for the property with exactly this name, on any object.
  ///
  /// ```swift
  /// injector.register(named: "now") { _ in Clock.now }   // every nil `now` gets a fresh value
  /// ```
  ///
  /// Like ``register(_:named:)``, but the value is made when a nil property of that name is
  /// injected. Its result must fit the property's declared type; one that does not fails the
  /// injection with ``InjectionError/Code/typeMismatch``.
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

  /// Registers a factory with a scope for the property with exactly this name, for a value that
  /// is not `Sendable`, on your promise that sharing it is safe.
  ///
  /// ```swift
  /// injector.register(unchecked: Database.self, named: "database", scope: .singleton) { _ in Database() }
  /// ```
  ///
  /// Like ``register(named:scope:factory:)``, without the compiler's `Sendable` check; see
  /// ``register(unchecked:scope:for:id:factory:)`` for what the promise means.
  ///
  /// - Parameters:
  ///   - type: The type the factory makes; the value fills the property when it can be cast to the
  ///     property's declared type.
  ///   - name: The property's name, compared exactly (case-sensitive).
  ///   - scope: ``Scope/singleton`` to make one value on first use and share it, or
  ///     ``Scope/transient`` for a new value every time.
  ///   - factory: Makes a value, given a resolver for this injector.
  ///
  /// Thread safety: as ``register(unchecked:scope:for:id:factory:)``.
  public func register<Value>(
    unchecked type: Value.Type,
    named name: String,
    scope: Scope,
    factory: @escaping @Sendable (Resolver) throws -> Value
  ) {
    add(factory: factory, scope: scope, match: .name(name))
  }

  private static func match(for target: AnyClass?, id: String?) -> Registration.TypeMatch {
    Registration.TypeMatch(
      target: target.map(TargetClass.init), id: id.map(RegistrationID.init), includingAncestors: false)
  }
}
