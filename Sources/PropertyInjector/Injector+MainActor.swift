extension Injector {
  /// Registers a factory isolated to the main actor: for `@MainActor` types such as view models,
  /// views and controllers, which can be made only there.
  ///
  /// ```swift
  /// injector.register(FeedViewModel.self, on: MainActor.self) { resolver in
  ///   FeedViewModel(api: try resolver.resolve())                      // a new one for every property
  /// }
  /// injector.register(FeedStore.self, scope: .singleton, on: MainActor.self) { _ in FeedStore() }
  ///
  /// @MainActor func showFeed() throws {
  ///   try injector.inject(feedScreen)                                 // on the main actor: filled
  /// }
  /// ```
  ///
  /// The factory is `@MainActor`, so it may call main-actor initializers directly, without
  /// `MainActor.assumeIsolated` (which stops the program when something asks off the main
  /// thread). Injecting, ``resolve(_:for:id:)``, ``Lazy``, ``Provider`` and ``Injected`` work on
  /// the main actor as for any factory. Asked from anywhere else (another thread, a detached task,
  /// a nonisolated async function), the request fails with
  /// ``InjectionError/Code/mainActorRequired``, naming the property (or the `resolve` call), the
  /// type and the fix: the factory is never run, and no value is handed over, off the main actor.
  ///
  /// "On the main actor" is checked at run time, without trapping: on Apple platforms, on the main
  /// thread; on Linux, on the main thread or in a job of the main dispatch queue, which is where the
  /// main actor runs there (once an `async main` starts, that is a worker thread, not the main
  /// thread).
  ///
  /// With ``Scope/singleton`` the value is made once, on the main actor, and then shared, but
  /// only with requests on the main actor: the type need not be `Sendable`, because it never
  /// leaves the main actor. A first request off the main actor is the same error, and makes
  /// nothing.
  ///
  /// Otherwise like ``register(_:for:id:factory:)``: the same `for:` and `id:` rules and
  /// precedence, and registering again with the same type, target and id replaces it.
  ///
  /// ``validate(_:)`` checks that a main-actor registration would fill the property, as for any
  /// factory, and runs no factory. Run off the main actor (a plain `@Test` is), it also reports
  /// every property a main-actor registration fills as ``InjectionError/Code/mainActorRequired``:
  /// a type that reaches `validate` there does not conform on the main actor only, so it may be
  /// injected where the registration refuses to make a value. A main-actor class (whose
  /// conformance is isolated) is validated on the main actor, where nothing is reported.
  ///
  /// - Parameters:
  ///   - type: The type the factory makes, matched exactly against declared property types.
  ///   - scope: ``Scope/transient`` (the default) for a new value every time, or
  ///     ``Scope/singleton`` for one value, made on first use on the main actor.
  ///   - target: Fill only objects of this class or its subclasses.
  ///   - id: Fill only properties whose names end with this string, compared ignoring case.
  ///   - actor: `MainActor.self`: the actor the factory, and every use of its values, is isolated to.
  ///   - factory: Makes a value on the main actor, given a resolver for this injector.
  ///
  /// Thread safety: register from any thread. The factory runs only on the main actor, outside
  /// every lock; requests from other threads throw ``InjectionError/Code/mainActorRequired``.
  public func register<Service>(
    _ type: Service.Type,
    scope: Scope = .transient,
    for target: AnyClass? = nil,
    id: String? = nil,
    on actor: MainActor.Type,
    factory: @escaping @MainActor @Sendable (Resolver) throws -> Service
  ) {
    add(
      mainActorFactory: factory, scope: scope,
      match: .type(
        Registration.TypeMatch(
          target: target.map(TargetClass.init), id: id.map(RegistrationID.init), includingAncestors: false)))
  }
}
