#if Macros
  /// Makes a class injectable: writes its ``InjectableSettable`` and
  /// ``InjectableThroughAccessors`` conformances, and a typed accessor for every stored optional
  /// `var` (no key-path table: it defaults to an empty one). Needs the package's `Macros` trait.
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
  /// A `didInjectDependencies()` the class declares runs after an injection that wrote
  /// something, whatever its superclasses declare: the macro lists it, and the injector calls
  /// the most derived one.
  ///
  /// A stored optional `var` whose name is one slip away from a candidate's (`injectLogger`,
  /// `injectdLogger`, `InjectedLogger`) is a warning, with a fix-it that renames it.
  ///
  /// ## Global actors
  /// A class is global-actor isolated for the macro when `isolation` names its actor, when it
  /// carries `@MainActor`, or an attribute whose name ends in `Actor`; it then conforms with
  /// isolated conformances (`extension Screen: @MainActor InjectableSettable, @MainActor
  /// InjectableThroughAccessors`), and is injected
  /// on that actor.
  ///
  /// A class that inherits its isolation, such as a subclass of another module's
  /// `@MainActor open class` (a framework's view controller), shows the macro nothing. Either
  /// turn on the upcoming feature `InferIsolatedConformances` (or
  /// `.defaultIsolation(MainActor.self)`) in the target's Swift settings, and write nothing, or
  /// name the actor:
  ///
  /// ```swift
  /// @Injectable(isolation: MainActor.self)
  /// final class ProfileViewController: FrameworkViewController {
  ///   var injectedLogger: (any Logger)?
  /// }
  /// ```
  ///
  /// Any global actor works, whatever its name: `@Injectable(isolation: DatabaseActor.self)`.
  /// Do not mark the conformance `@preconcurrency`: the injector would then call the class's
  /// accessors off its actor.
  ///
  /// - Parameter isolation: The global actor the class is isolated to, when the macro cannot see
  ///   it on the class; nil (the default) for none, or one the class spells itself.
  @attached(
    member, conformances: InjectableSettable, InjectableThroughAccessors,
    names: named(injectableAccessors), named(InjectableValues))
  @attached(extension, conformances: InjectableSettable, InjectableThroughAccessors)
  public macro Injectable(isolation: (any GlobalActor.Type)? = nil) =
    #externalMacro(module: "PropertyInjectorMacros", type: "InjectableMacro")
#endif
