#if Macros
  public import PropertyInjector

  /// An open `@Injectable` class from another module, with an internal candidate.
  @Injectable
  open class ForeignScreen {
    var injectedLogger: ForeignLogger?
    /// A candidate visible to subclasses in other modules.
    public var injectedTitle: String?

    /// Creates a screen with nothing injected.
    public init() {}

    /// What the internal candidate holds.
    public var logger: ForeignLogger? { injectedLogger }
  }
#endif
