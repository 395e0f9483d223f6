/// A class whose properties an ``Injector`` can fill, because it says how to write them.
///
/// `Mirror` can read properties but not write them. `@Injectable` (the `Macros` trait) writes typed
/// accessors for the class (``InjectableThroughAccessors``); without it, list the properties the
/// injector may write in ``injectableKeyPaths``:
///
/// ```swift
/// final class ProfileScreen: InjectableSettable {
///   var injectedLogger: (any Logger)?
///   var analytics: Analytics?  // filled only by a name registration
///
///   static var injectableKeyPaths: [String: AnyKeyPath] {
///     ["injectedLogger": \ProfileScreen.injectedLogger, "analytics": \ProfileScreen.analytics]
///   }
/// }
/// ```
///
/// Each class of a hierarchy lists only its own properties. A mistake in a table is reported when the
/// type is first injected or validated. See <doc:TheRules>.
public protocol InjectableSettable: AnyObject {
  /// The properties the injector may write, keyed by their declared names.
  ///
  /// Listing a property does not make it a candidate; only its name does (the `injected` prefix, or a
  /// name registration). Write it as a computed `static var` (`class var` in a non-final class).
  static var injectableKeyPaths: [String: AnyKeyPath] { get }

  /// Called once after an injection that set at least one property; the default does nothing.
  ///
  /// With a hand-written table, declare it in a non-final base class whose subclasses override it: a
  /// subclass method that only shadows the protocol extension's default is never called. Its
  /// signature must be exactly this one: a `didInjectDependencies() throws` (or `async`) is another
  /// method, which the injector never calls (Swift then uses the default). `@Injectable` reports
  /// such a method; a hand-written conformance cannot.
  func didInjectDependencies()

  /// For the injector only: the class's `@Injectable` list, `injectableAccessors` (an
  /// `[InjectableAccessor]`, boxed in `Any`: that type is declared above this layer), when this
  /// conformance itself says the class has one; nil when it cannot tell (the injector then asks the
  /// runtime whether the class is `InjectableThroughAccessors`).
  ///
  /// `@Injectable` declares both conformances together, so this answers for its classes without the
  /// runtime's conformance look-up, which scans every conformance record the first time a type is
  /// asked about.
  @_documentation(visibility: internal)
  static var _$injectableAccessors: Any? { get }
}

extension InjectableSettable {
  /// Does nothing.
  public func didInjectDependencies() {}

  /// Nil: the conformance cannot tell whether the class has typed accessors.
  @_documentation(visibility: internal)
  public static var _$injectableAccessors: Any? { nil }
}
