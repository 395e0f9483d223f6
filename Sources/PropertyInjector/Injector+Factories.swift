extension Injector {
  /// Registers a factory that makes values of `type` when a property (or `resolve`) needs one.
  ///
  /// ```swift
  /// try injector.register(RequestID.self) { _ in RequestID() }          // a new value every time
  /// try injector.register(Database.self, scope: .singleton) { injector in
  ///   try Database(log: injector.resolve((any Logger).self))            // made once, on first use
  /// }
  /// ```
  ///
  /// The factory receives this injector, to resolve what it needs, and runs outside every
  /// lock, on the thread that needs the value. A result that is ``InjectableSettable`` is
  /// injected before it is handed over. A factory that throws makes the injection fail with
  /// ``InjectionError/Code/factoryFailed`` (naming the property and wrapping the error), and
  /// the object being injected is unchanged; a factory that needs its own value, directly or
  /// through others, fails with ``InjectionError/Code/cycle``.
  ///
  /// Resolve through the injector the factory receives rather than one it captures: a factory
  /// that captures its own injector strongly keeps it alive for ever (the injector holds the
  /// factory), and the argument is the right injector for a parent's registration used by a child.
  ///
  /// A factory matches properties of exactly `type`, with the same `for:` and `id:` rules and
  /// precedence as an instance; it does not fill ancestor types. Registering again with the same
  /// type, target and id replaces it, whatever kind of registration it was.
  ///
  /// - Parameters:
  ///   - type: The type the factory makes, matched exactly against declared property types.
  ///   - scope: ``Scope/transient`` (a new value each time, the default) or ``Scope/singleton``.
  ///   - target: Fill only objects of this class or its subclasses.
  ///   - id: Fill only properties whose names end with this string, compared ignoring case.
  ///   - factory: Makes a value, given this injector.
  /// - Throws: ``InjectionError`` with ``InjectionError/Code/optionalRegistration`` if `Service`
  ///   is optional, or ``InjectionError/Code/emptyID`` for an empty or blank id.
  public func register<Service>(
    _ type: Service.Type,
    scope: Scope = .transient,
    for target: AnyClass? = nil,
    id: String? = nil,
    factory: @escaping @Sendable (Injector) throws -> Service
  ) throws {
    let probe = Probe<Service>()
    var operation: String { "register(\(probe.name).self, scope: .\(scope))" }
    try Self.rejectOptional(Service.self, operation: operation)
    let match = Registration.TypeMatch(
      target: target.map(TargetClass.init),
      id: try id.map { try Self.validated(id: $0, for: Service.self, operation: operation) },
      includingAncestors: false
    )
    updateRegistry { $0.add(probe, Self.source(scope, probe, factory), .type(match)) }
  }

  /// Registers a factory for the property with exactly this name, on any object.
  ///
  /// ```swift
  /// try injector.register(named: "now") { _ in Date() }   // every `var now: Date?` gets a fresh Date
  /// ```
  ///
  /// Like ``register(_:named:)``, but the value is made when a nil property of that name is
  /// injected. Its result must fit the property's declared type; one that does not fails the
  /// injection with ``InjectionError/Code/typeMismatch``.
  ///
  /// - Parameters:
  ///   - name: The property's name, compared exactly.
  ///   - scope: ``Scope/transient`` (the default) or ``Scope/singleton``.
  ///   - factory: Makes a value, given this injector.
  /// - Throws: ``InjectionError`` with ``InjectionError/Code/emptyName`` or
  ///   ``InjectionError/Code/optionalRegistration``.
  public func register<Value>(
    named name: String,
    scope: Scope = .transient,
    factory: @escaping @Sendable (Injector) throws -> Value
  ) throws {
    let probe = Probe<Value>()
    var operation: String { "register(named: \"\(name)\", scope: .\(scope))" }
    try Self.rejectOptional(Value.self, operation: operation)
    try Self.validate(name: name, for: Value.self, operation: operation)
    updateRegistry { $0.add(probe, Self.source(scope, probe, factory), .name(name)) }
  }

  private static func source<Value>(
    _ scope: Scope,
    _ probe: TypeProbe,
    _ factory: @escaping @Sendable (Injector) throws -> Value
  ) -> Registration.Source {
    let erased: Registration.Factory = { try factory($0) }
    return scope == .singleton
      ? .singleton(erased, OnceCell(label: "\(probe.name) (singleton)")) : .factory(erased)
  }

  /// Rejects an optional registered type.
  static func rejectOptional<Value>(_: Value.Type, operation: @autoclosure () -> String) throws {
    guard Value.self is any OptionalProtocol.Type else { return }
    throw optionalRegistration(Value.self, operation: operation())
  }
}
