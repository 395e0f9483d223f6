// Classes from "another module", for tests of what a subclass in the test module can and cannot
// see: their `injected` properties are internal here, invisible there.
public import PropertyInjector

/// A logger the bases hold.
public final class ForeignLogger: Sendable {
  /// Creates an instance with nothing injected.
  public init() {}
}

/// An injectable base class whose candidate is internal to this module: its own table reaches it.
open class ForeignInjectableBase: InjectableSettable {
  var injectedLogger: ForeignLogger?

  /// Creates an instance with nothing injected.
  public init() {}

  /// What the internal candidate holds.
  public var baseLogger: ForeignLogger? { injectedLogger }

  open class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedLogger": \ForeignInjectableBase.injectedLogger] }
}

/// A base class that is not injectable, whose candidate is internal to this module: nothing
/// outside this module can write it.
open class ForeignPlainBase {
  var injectedLogger: ForeignLogger?

  /// Creates an instance with nothing injected.
  public init() {}

  /// What the internal candidate holds.
  public var baseLogger: ForeignLogger? { injectedLogger }
}

/// A framework's main-actor base class, like `UIViewController`: a subclass in another module
/// inherits its isolation without spelling it.
@MainActor
open class FrameworkViewController {
  /// What the base class's own code set up.
  public private(set) var title = "framework"

  /// Creates a controller with nothing injected.
  public init() {}
}
