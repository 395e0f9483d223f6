import PropertyInjector

// Base classes whose candidates are private to this file, for `ShadowedPropertyTests`.

/// An injectable base class with a private candidate: its own table, written here, reaches it.
class PrivateInjectableBase: InjectableSettable {
  private var injectedLogger: (any Logger)?

  /// What the private candidate holds.
  var baseLogger: (any Logger)? { injectedLogger }

  class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedLogger": \PrivateInjectableBase.injectedLogger] }
}

/// A base class that is not injectable, with a private candidate.
class PrivatePlainBase {
  private var injectedLogger: (any Logger)?
}
