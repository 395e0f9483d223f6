#if Macros
  /// Makes a class injectable: writes its ``InjectableSettable`` conformance, its key-path
  /// table, and a typed accessor for every stored optional `var`. Needs the package's `Macros`
  /// trait.
  ///
  /// ```swift
  /// @Injectable final class ProfileScreen {
  ///   var injectedLogger: (any Logger)?
  ///   var injectedCache: Cache!
  ///   var analytics: Analytics?   // filled only by a name registration
  ///   var title = "Profile"       // never touched
  /// }
  /// ```
  ///
  /// It works for final and non-final classes, subclasses (of injectable classes or not),
  /// generic, `public` and `open` classes, `@MainActor` and other global-actor classes (with an
  /// isolated conformance: the class is injected on its actor), `@Observable` classes in either
  /// order, properties with `didSet` or `willSet`, `weak`, `unowned` and implicitly unwrapped
  /// optionals. Every write is a plain assignment through the property: observers, overrides
  /// and Observation all run.
  ///
  /// Every stored optional `var` gets an accessor, so a name registration can fill any of them.
  /// An `injected…` property that can never be filled is a compile error, with a fix where one
  /// is obvious: a `let`, a `lazy var`, a non-optional type, no written type. A wrapped or
  /// computed `injected…` property is a warning (it is never injected). On a struct, an enum, an
  /// actor or a protocol, the macro is an error.
  ///
  /// A class is global-actor isolated for the macro when it carries `@MainActor`, or an attribute
  /// whose name ends in `Actor`.
  @attached(
    member, conformances: InjectableSettable, InjectableAccessors,
    names: named(injectableKeyPaths), named(injectableAccessors), named(InjectableValues))
  @attached(extension, conformances: InjectableSettable, InjectableAccessors)
  public macro Injectable() = #externalMacro(module: "PropertyInjectorMacros", type: "InjectableMacro")
#endif
