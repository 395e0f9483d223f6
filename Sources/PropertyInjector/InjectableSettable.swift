/// A class whose properties an ``Injector`` can fill, because it lists them in a key-path table.
///
/// `Mirror` can read an object's properties but cannot write them, so a type that wants
/// injection lists its settable properties, by name, in ``injectableKeyPaths``. The injector
/// finds candidates with `Mirror` (names that start with `injected`, and names registered
/// with ``Injector/register(_:named:)``) and writes through the table.
///
/// ```swift
/// final class ProfileScreen: InjectableSettable {
///   var injectedLogger: (any Logger)?
///   var injectedCache: Cache!
///   var analytics: Analytics?   // filled only by a name registration
///   var title = "Profile"       // never touched
///
///   static var injectableKeyPaths: [String: AnyKeyPath] {
///     ["injectedLogger": \ProfileScreen.injectedLogger,
///      "injectedCache": \ProfileScreen.injectedCache,
///      "analytics": \ProfileScreen.analytics]
///   }
///
///   func didInjectDependencies() { title = "Profile (ready)" }
/// }
/// ```
///
/// ## Non-final classes
/// Declare the table as a `class var`, and let each subclass add its own entries to its
/// superclass's. The injector reads the table of the object's dynamic type, so a subclass
/// instance gets its base class's properties injected too:
///
/// ```swift
/// class BaseScreen: InjectableSettable {
///   var injectedLogger: (any Logger)?
///   class var injectableKeyPaths: [String: AnyKeyPath] {
///     ["injectedLogger": \BaseScreen.injectedLogger]
///   }
/// }
///
/// final class SettingsScreen: BaseScreen {
///   var injectedStore: SettingsStore?
///   override class var injectableKeyPaths: [String: AnyKeyPath] {
///     super.injectableKeyPaths.merging(["injectedStore": \SettingsScreen.injectedStore]) { $1 }
///   }
/// }
/// ```
///
/// ## Main-actor classes
/// A `@MainActor` class can only form key paths to its properties on the main actor, so it
/// conforms with an isolated conformance (Swift 6.2 and later), and is injected on the main
/// actor:
///
/// ```swift
/// @MainActor final class Screen { var injectedLogger: (any Logger)? }
///
/// extension Screen: @MainActor InjectableSettable {
///   static var injectableKeyPaths: [String: AnyKeyPath] {
///     ["injectedLogger": \Screen.injectedLogger]
///   }
/// }
/// ```
///
/// Write the table as a computed `static var` (or `class var`): Swift 6 rejects a stored
/// `static let` of `[String: AnyKeyPath]` as not concurrency-safe. The injector reads it once
/// per type and caches what it learns.
///
/// ## What the table must satisfy
/// Each problem below makes ``Injector/inject(_:)`` throw an ``InjectionError`` that names
/// the type, the property and the fix, whatever the property currently holds:
/// - every candidate is optional (`T?` or `T!`) and has an entry (``InjectionError/Code/notOptional``,
///   ``InjectionError/Code/missingFromTable``);
/// - every key names a stored property (``InjectionError/Code/staleTableEntry``);
/// - every key path is a `ReferenceWritableKeyPath` whose root is the class (or a superclass)
///   and whose value type is the property's declared type
///   (``InjectionError/Code/keyPathMismatch``, ``InjectionError/Code/keyPathNotWritable``).
///
/// Two entries with the same declared type swapped (`"injectedA": \.injectedB`) cannot be
/// told apart from the types, because the key paths of a non-final class's properties do not
/// reveal which property they reach.
public protocol InjectableSettable: AnyObject {
  /// The properties the injector may write, keyed by property name.
  ///
  /// Keys are property names exactly as declared; values are key paths to those properties.
  /// Listing a property here does not make it a candidate: only its name does (the `injected`
  /// prefix, or a name registration).
  static var injectableKeyPaths: [String: AnyKeyPath] { get }

  /// Called once after an injection that set at least one property.
  ///
  /// Not called when `inject` throws, or when every candidate already held a value. The
  /// default implementation does nothing.
  ///
  /// In a non-final class whose subclasses override this method, declare it in the base
  /// class too: Swift dispatches a protocol requirement to the base class's implementation,
  /// and a subclass method that only shadows the protocol extension's default is never called.
  func didInjectDependencies()
}

extension InjectableSettable {
  /// Does nothing.
  public func didInjectDependencies() {}
}
