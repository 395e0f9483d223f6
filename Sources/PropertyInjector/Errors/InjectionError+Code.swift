extension InjectionError {
  /// A stable identifier for a kind of problem. Compare codes, not messages.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    /// The code's name, such as `unresolved`.
    public let name: String

    init(_ name: String) { self.name = name }

    /// The code's name.
    public var description: String { name }

    // MARK: Declarations: the object's type, whatever its properties hold.

    /// A candidate property (its name starts with `injected`, or a name registration targets it)
    /// is not optional, so it can never be left nil for the injector to fill.
    public static let notOptional = Code("notOptional")
    /// A candidate property has no usable entry in its type's table.
    public static let missingFromTable = Code("missingFromTable")
    /// A table entry's key names no stored property the entry can reach.
    public static let staleTableEntry = Code("staleTableEntry")
    /// Two table entries, under different names, hold the same key path: at most one of them
    /// reaches the property it names.
    public static let duplicateTableEntry = Code("duplicateTableEntry")
    /// A table entry's key path does not lead to the property it names: its root is not the
    /// class (or a superclass), its value type is not the property's declared type, it names
    /// another property, or it goes through another value (`\Screen.config.inner`).
    public static let keyPathMismatch = Code("keyPathMismatch")
    /// A table entry's key path cannot write: the property is a `let`, or its setter is not
    /// visible where the table is written.
    public static let keyPathNotWritable = Code("keyPathNotWritable")
    /// A candidate property is of a kind the injector cannot fill: a `lazy var`, or a class whose
    /// `customMirror` hides its stored properties.
    public static let unsupportedProperty = Code("unsupportedProperty")
    /// A `weak` or `unowned` candidate would be given a value that nothing else keeps (from a
    /// transient factory, an auto-created type, a `Lazy`): it would be released at once.
    public static let notRetained = Code("notRetained")
    /// ``Injector/validate(_:_:)`` was given a type whose
    /// properties only an instance tells: a class of its hierarchy is not `@Injectable`, or
    /// lists key paths by hand.
    public static let needsInstance = Code("needsInstance")

    // MARK: Resolution: what is registered.

    /// A nil candidate property (or a `resolve`) that nothing registered, eligible and of a
    /// fitting type, fills.
    public static let unresolved = Code("unresolved")
    /// A registration that targets the property (by name) or a factory's result does not fit the
    /// declared type.
    public static let typeMismatch = Code("typeMismatch")

    // MARK: Configuration: what was registered.

    /// A registration id that can never match a property name: empty, blank, or with whitespace.
    public static let invalidID = Code("invalidID")
    /// A name registration whose name can never match a property: empty, blank, or with whitespace.
    public static let invalidName = Code("invalidName")
    /// An optional type (or `nil`) was registered; register the unwrapped value instead.
    public static let optionalRegistration = Code("optionalRegistration")

    // MARK: Lifecycles.

    /// A creation needs itself, directly or through others; ``InjectionError/path`` shows the loop.
    /// Break it with ``Lazy`` or ``Provider``.
    public static let cycle = Code("cycle")
    /// Creations nested deeper than any real object graph (64 levels), or deep enough to
    /// exhaust the thread's stack; the path shows the chain.
    public static let tooDeep = Code("tooDeep")
    /// A thread waited longer than its injector's ``Injector/creationWaitLimit`` for a
    /// singleton (or `Lazy`) that another thread is creating: that creation may be waiting for
    /// this thread in a way the injector cannot see (a semaphore, a blocking call).
    public static let timedOut = Code("timedOut")
    /// A factory, or an auto-created type's `init(resolver:)`, threw; see
    /// ``InjectionError/underlyingError``.
    public static let factoryFailed = Code("factoryFailed")
    /// A value's conformance to ``InjectableSettable`` is isolated to a global actor (such as
    /// `@MainActor`), and it was made off that actor, so it could not be injected.
    public static let isolatedConformance = Code("isolatedConformance")
    /// A factory registered on the main actor (`register(_:scope:for:id:on:factory:)`) was asked for
    /// a value off the main actor: its factory was not run, and no value was handed over. Inject
    /// or resolve on the main actor, or register a factory that is not main-actor isolated.
    public static let mainActorRequired = Code("mainActorRequired")
    /// ``Injector/shared`` was used to inject or resolve before ``Injector/configure(_:)`` ran.
    public static let notConfigured = Code("notConfigured")
    /// An object was injected again from inside its own `didInjectDependencies()`.
    public static let reentrantInjection = Code("reentrantInjection")
    /// A ``Lazy``, ``Provider`` or ``Resolver`` was used after its injector was released.
    public static let injectorReleased = Code("injectorReleased")
  }
}
