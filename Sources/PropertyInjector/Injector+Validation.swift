extension Injector {
  /// Checks, without creating or changing anything, that injecting objects of these types
  /// would succeed, and reports every problem at once.
  ///
  /// ```swift
  /// @Test func appWiringIsComplete() throws {
  ///   let injector = try AppInjector.make()
  ///   try injector.validate(ProfileScreen(), FeedScreen(), SettingsScreen())
  /// }
  /// ```
  ///
  /// Call it in a unit test to catch a wiring mistake before the app runs. For each object's
  /// type it checks the declarations and the key-path table, and that every candidate would
  /// resolve, as if every candidate were nil: an instance, factory, singleton or auto-creatable
  /// type is eligible for it, a name registration fits it, and a `Lazy` or `Provider` could
  /// resolve. The objects serve only as samples of their types (`Mirror` reflects instances,
  /// not types); their values are neither read for the check nor changed, and no factory runs.
  ///
  /// What only running can reveal is not checked: a factory that throws, a cycle through
  /// factories, a named factory whose result has the wrong type. Validate the types factories
  /// return by passing instances of them too.
  ///
  /// - Parameter objects: One sample object of each type to check.
  /// - Throws: ``InjectionError`` listing every problem of every type, each with its type,
  ///   property, declared type and fix.
  public func validate(_ objects: any InjectableSettable...) throws {
    try validate(objects)
  }

  /// Checks, without creating or changing anything, that injecting objects of these types
  /// would succeed; see ``validate(_:)-(InjectableSettable...)``.
  ///
  /// - Parameter objects: One sample object of each type to check.
  /// - Throws: ``InjectionError`` listing every problem of every type.
  public func validate(_ objects: [any InjectableSettable]) throws {
    let names = objects.map { readableName(of: type(of: $0)) }
    let operation = "validate(\(names.joined(separator: ", ")))"
    try checkConfigured(operation: operation)
    var checked: Set<ObjectIdentifier> = []
    var problems: [InjectionError.Problem] = []
    for object in objects where checked.insert(ObjectIdentifier(type(of: object))).inserted {
      problems += validationProblems(of: object)
    }
    guard problems.isEmpty else {
      throw InjectionError(operation: operation, problems: problems)
    }
  }

  private func validationProblems<Target: InjectableSettable>(of object: Target) -> [InjectionError.Problem] {
    let plan = plan(for: object)
    return plan.problems + plan.pendingProblems.map(\.problem)
  }
}
