extension InjectionError {
  /// A stable identifier for a kind of problem. Compare codes, not messages.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    /// The code's name, such as `unresolved`.
    public let name: String

    init(_ name: String) { self.name = name }

    /// The code's name.
    public var description: String { name }

    // MARK: Declarations: the object's type, whatever its properties hold.

    /// A candidate property is not optional, so it can never be nil for the injector to fill.
    public static let notOptional = Code("notOptional")
    /// A candidate property has no usable entry in its type's table.
    public static let missingFromTable = Code("missingFromTable")
    /// A table entry's key names no stored property the entry can reach.
    public static let staleTableEntry = Code("staleTableEntry")
    /// Two table entries, under different names, hold the same key path.
    public static let duplicateTableEntry = Code("duplicateTableEntry")
    /// A table entry's key path does not lead, in one step, to the property it names, of its type.
    public static let keyPathMismatch = Code("keyPathMismatch")
    /// A table entry's key path cannot write (a `let`, or a setter not visible where the table is), or a
    /// candidate is a `let` its `@Injectable` list names.
    public static let keyPathNotWritable = Code("keyPathNotWritable")
    /// A candidate is a `lazy var`, its class has a `customMirror`, or a subclass's getter answers for it other
    /// than it holds.
    public static let unsupportedProperty = Code("unsupportedProperty")
    /// A `weak` or `unowned` candidate would get a value nothing else keeps, released at once.
    public static let notRetained = Code("notRetained")
    /// ``Injector/validate(_:_:)`` was given a type only an instance can describe: a class of its
    /// hierarchy is not `@Injectable`, or lists key paths by hand.
    public static let needsInstance = Code("needsInstance")

    // MARK: Resolution: what is registered.

    /// A nil candidate (or a `resolve`) that nothing registered, eligible and of a fitting type, fills.
    public static let unresolved = Code("unresolved")
    /// A name registration's value, or a factory's result, does not fit the declared type.
    public static let typeMismatch = Code("typeMismatch")

    // MARK: Configuration: what was registered.

    /// A registration id that can never match a property name: empty, blank, or with whitespace.
    public static let invalidID = Code("invalidID")
    /// A name registration whose name can never match a property: empty, blank, or with whitespace.
    public static let invalidName = Code("invalidName")
    /// An optional type (or `nil`) was registered; register the unwrapped value instead.
    public static let optionalRegistration = Code("optionalRegistration")

    // MARK: Lifecycles.

    /// A creation needs itself; ``InjectionError/path`` shows the loop. Break it with ``Lazy`` or ``Provider``.
    public static let cycle = Code("cycle")
    /// Creations nested more than 64 levels deep, or deep enough to exhaust the thread's stack.
    public static let tooDeep = Code("tooDeep")
    /// A thread waited longer than ``Injector/creationWaitLimit`` for a singleton (or `Lazy`) that
    /// another thread is creating.
    public static let timedOut = Code("timedOut")
    /// A factory, or an `init(resolver:)`, threw; see ``InjectionError/underlyingError``.
    public static let factoryFailed = Code("factoryFailed")
    /// A value whose ``InjectableSettable`` conformance is isolated to a global actor was made off it.
    public static let isolatedConformance = Code("isolatedConformance")
    /// A main-actor factory (`register(_:scope:for:id:on:factory:)`) was asked for a value off the main actor.
    public static let mainActorRequired = Code("mainActorRequired")
    /// ``Injector/shared`` was used to inject or resolve before ``Injector/configure(_:)`` ran.
    public static let notConfigured = Code("notConfigured")
    /// An object was injected again while its injection ran: from its `didInjectDependencies()`, or a `didSet`.
    public static let reentrantInjection = Code("reentrantInjection")
    /// A ``Lazy``, ``Provider`` or ``Resolver`` was used after its injector was released.
    public static let injectorReleased = Code("injectorReleased")
    /// A ``Scope/weak`` registration made a value that is not a class instance, which nothing can hold weakly.
    public static let weakNotClass = Code("weakNotClass")
    /// ``Injector/reset(_:for:id:)`` named something that is not a ``Scope/cached`` registration.
    public static let notCached = Code("notCached")
  }
}
