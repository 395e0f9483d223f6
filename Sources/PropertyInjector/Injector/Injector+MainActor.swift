extension Injector {
  /// Registers a factory isolated to the main actor, for `@MainActor` types such as view models and
  /// view controllers.
  ///
  /// ```swift
  /// injector.register(FeedViewModel.self, on: MainActor.self) { resolver in
  ///   FeedViewModel(api: try resolver.resolve())
  /// }
  /// ```
  ///
  /// Asked for off the main actor, it throws ``InjectionError/Code/mainActorRequired`` and runs nothing.
  /// A ``Scope/singleton`` is made once, on the main actor, and handed out only there, so its type need
  /// not be `Sendable`. Otherwise like ``register(_:for:id:factory:)``. See <doc:Lifecycles>.
  ///
  /// - Parameters:
  ///   - type: The type the factory makes, matched exactly against declared property types.
  ///   - scope: ``Scope/transient`` (the default), ``Scope/singleton`` for one value made on first use, or
  ///     ``Scope/graph``, ``Scope/weak``, ``Scope/cached``; a shared value is handed out only on the main actor.
  ///   - target: Fill only objects of this class or its subclasses.
  ///   - id: Fill only properties whose names end with this string, compared ignoring case.
  ///   - actor: `MainActor.self`: the actor the factory, and every use of its values, is isolated to.
  ///   - factory: Makes a value on the main actor, given a resolver for this injector.
  public func register<Service>(
    _ type: Service.Type,
    scope: Scope = .transient,
    for target: AnyClass? = nil,
    id: String? = nil,
    on actor: MainActor.Type,
    factory: @escaping @MainActor @Sendable (Resolver) throws -> Service
  ) {
    let made = Factory(mainActor: factory, madeValuesNeedNoInjection: Self.madeValuesNeedNoInjection(Service.self))
    add(made, scope, Self.match(for: target, id: id))
  }
}
