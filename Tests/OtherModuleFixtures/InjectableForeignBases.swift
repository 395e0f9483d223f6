#if Macros
  public import PropertyInjector

  /// An open `@Injectable` class from another module, with an internal candidate.
  @Injectable
  open class ForeignScreen {
    var injectedLogger: ForeignLogger?
    public var injectedTitle: String?

    public init() {}

    /// What the internal candidate holds.
    public var logger: ForeignLogger? { injectedLogger }
  }
#endif
