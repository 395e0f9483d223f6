// A module built with the upcoming feature InferIsolatedConformances: a conformance of a
// main-actor class is isolated without being spelled so, and `@Injectable` on a subclass of
// another module's `@MainActor open class` needs nothing else.
#if Macros
  public import OtherModuleFixtures
  public import PropertyInjector

  /// A subclass of a framework's main-actor class: its isolation is inherited, never written.
  @Injectable
  public final class ProfileViewController: FrameworkViewController {
    var injectedLogger: ForeignLogger?

    /// Whether the injector called the callback.
    public private(set) var isReady = false

    /// What the candidate holds.
    public var logger: ForeignLogger? { injectedLogger }

    /// Creates a controller with nothing injected.
    override public init() { super.init() }

    /// Marks the controller ready.
    public func didInjectDependencies() { isReady = true }
  }
#endif
