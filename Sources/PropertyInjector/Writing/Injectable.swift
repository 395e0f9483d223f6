#if Macros
  /// Makes a class injectable: writes its ``InjectableSettable`` and ``InjectableThroughAccessors``
  /// conformances, and a typed accessor for every stored optional `var`. Needs the `Macros` trait.
  ///
  /// ```swift
  /// @Injectable final class ProfileScreen {
  ///   var injectedLogger: (any Logger)?
  ///   var analytics: Analytics?  // filled only by a name registration
  ///   var title = "Profile"  // never touched
  /// }
  /// ```
  ///
  /// An `injected…` property that can never be filled (a `let`, a `lazy var`, a non-optional type) is a
  /// compile error. A class that inherits its global actor without spelling it (a subclass of another
  /// module's `@MainActor` view controller) names it with `isolation:`. See <doc:TheRules>.
  ///
  /// - Parameter isolation: The global actor the class is isolated to, when the macro cannot see it on
  ///   the class; nil (the default) for none, or one the class spells itself.
  @attached(
    member, conformances: InjectableSettable, InjectableThroughAccessors,
    names: named(injectableAccessors), named(_$InjectableValues))
  @attached(extension, conformances: InjectableSettable, InjectableThroughAccessors)
  public macro Injectable(isolation: (any GlobalActor.Type)? = nil) =
    #externalMacro(module: "PropertyInjectorMacros", type: "InjectableMacro")
#endif
