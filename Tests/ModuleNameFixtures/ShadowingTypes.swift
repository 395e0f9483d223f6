// A module that declares types named like the modules `@Injectable`'s code names: in it,
// `PropertyInjector.InjectableAccessor` and `Swift.type(of:)` would find these types, not the
// modules. What the macro writes names the modules with module selectors (`PropertyInjector::`,
// Swift 6.3), which no type shadows.
#if Macros && compiler(>=6.3)
  public import PropertyInjector

  /// The app's own type named like the library's module: a wrapper of its wiring, say.
  public enum PropertyInjector {
    /// The app's injector.
    public static let app = Injector()
  }

  /// A type named like the standard library's module.
  public enum Swift {}

  /// What the screen logs with.
  public final class ShadowedLogger: Sendable {
    /// Creates a logger.
    public init() {}
  }

  /// An `@Injectable` class in the module whose types shadow both modules' names.
  @Injectable
  public final class ShadowedScreen {
    var injectedLogger: ShadowedLogger?
    weak var injectedDelegate: ShadowedLogger?

    /// What the candidate holds.
    public var logger: ShadowedLogger? { injectedLogger }
    /// What the weak candidate holds.
    public var delegate: ShadowedLogger? { injectedDelegate }

    /// Creates a screen with nothing injected.
    public init() {}
  }
#endif
