/// A class whose properties an ``Injector`` can fill, because it says how to write them.
///
/// `Mirror` can read an object's properties but cannot write them. The injector finds the
/// candidates with `Mirror` (names that start with `injected`, and names registered with
/// ``Injector/register(_:named:)``) and writes them through the class's table:
///
/// - With the `@Injectable` macro (the `Macros` package trait), the compiler writes typed
///   accessors instead (``InjectableThroughAccessors``), and the table stays empty: the fast
///   path, and mistakes are compile errors.
/// - By hand, list the settable properties, by name, in ``injectableKeyPaths``:
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
/// ## Class hierarchies
/// The injector reads the table of every class in the object's hierarchy that has one, so a
/// subclass lists only its own properties. A non-final class declares the table as a
/// `class var`; a subclass that adds properties overrides it (merging its superclass's entries
/// is allowed and harmless):
///
/// ```swift
/// class BaseScreen: InjectableSettable {
///   var injectedLogger: (any Logger)?
///   class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedLogger": \BaseScreen.injectedLogger] }
/// }
///
/// final class SettingsScreen: BaseScreen {
///   var injectedStore: SettingsStore?
///   override class var injectableKeyPaths: [String: AnyKeyPath] {
///     ["injectedStore": \SettingsScreen.injectedStore]
///   }
/// }
/// ```
///
/// An entry reaches the property of its name declared by the key path's root class or the
/// nearest superclass that declares one. So a subclass property named like a superclass's
/// private (or other-module internal) property is written through the subclass's entry, and the
/// superclass's through the superclass's own table.
///
/// ## Main-actor classes
/// A `@MainActor` class forms key paths to its properties only on the main actor, so it
/// conforms with an isolated conformance (Swift 6.2 and later), and is injected on the main
/// actor:
///
/// ```swift
/// @MainActor final class Screen { var injectedLogger: (any Logger)? }
///
/// extension Screen: @MainActor InjectableSettable {
///   static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedLogger": \Screen.injectedLogger] }
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
/// - every key names a stored property its key path can reach (``InjectionError/Code/staleTableEntry``);
/// - every key path is a `ReferenceWritableKeyPath` that starts at the class (or a superclass)
///   and leads, in one step, to the property it names, whose declared type is its value type
///   (``InjectionError/Code/keyPathMismatch``, ``InjectionError/Code/keyPathNotWritable``);
/// - no key path is listed under two names (``InjectionError/Code/duplicateTableEntry``).
///
/// A hand-written table cannot show that a property is `weak` or `unowned`; the injector checks
/// instead, after writing a value that nothing else keeps, that the property kept it
/// (``InjectionError/Code/notRetained``). `@Injectable` sees the declaration and reports it
/// before anything is made.
public protocol InjectableSettable: AnyObject {
  /// The properties the injector may write, keyed by property name.
  ///
  /// Keys are property names exactly as declared; values are key paths to those properties.
  /// Listing a property here does not make it a candidate: only its name does (the `injected`
  /// prefix, or a name registration). An `@Injectable` class needs none: its typed accessors
  /// do this work, and the table defaults to empty.
  static var injectableKeyPaths: [String: AnyKeyPath] { get }

  /// Called once after an injection that set at least one property.
  ///
  /// Not called when `inject` throws, or when every candidate already held a value. The
  /// default implementation does nothing.
  ///
  /// With a hand-written table, in a non-final class whose subclasses override this method,
  /// declare it in the base class too: Swift dispatches a protocol requirement to the base
  /// class's implementation, and a subclass method that only shadows the protocol extension's
  /// default is never called. An `@Injectable` class needs no such care: the macro lists the
  /// method the class declares, and the injector calls the most derived one listed.
  func didInjectDependencies()
}

extension InjectableSettable {
  /// Does nothing.
  public func didInjectDependencies() {}
}

/// A class injectable through typed accessors: what `@Injectable` writes, one list per class.
///
/// The injector reads the accessors of every class in an object's hierarchy, each class's own
/// (a subclass's list does not repeat its superclass's). Typed accessors are the fast path:
/// a cached injection calls them directly, with values cast once per plan, on every platform.
///
/// A class that conforms to both this protocol and ``InjectableSettable`` needs no key-path
/// table: ``InjectableSettable/injectableKeyPaths`` defaults to an empty one, and the list does
/// its work. A subclass of such a class lists its own properties with `@Injectable` too.
///
/// You rarely write this by hand; `@Injectable` does:
///
/// ```swift
/// extension Screen: InjectableSettable, InjectableThroughAccessors {
///   static var injectableAccessors: [InjectableAccessor] {
///     [InjectableAccessor("injectedLogger", of: Screen.self, as: (any Logger).self,
///                         isNil: { $0.injectedLogger == nil }, write: { $0.injectedLogger = $1 },
///                         clear: { $0.injectedLogger = nil })]
///   }
/// }
/// ```
///
/// No key path appears: a key path literal to a property makes the compiler check exclusive
/// access to it dynamically, at every access in the module (about 75 instructions each, measured
/// with callgrind), where plain accessors let it prove exclusivity at compile time.
///
/// It is a protocol of its own, not a requirement of ``InjectableSettable``, so that an
/// `@Injectable` subclass of a hand-written injectable class can add it: the superclass's
/// conformance to ``InjectableSettable`` has no accessor list a subclass could override.
public protocol InjectableThroughAccessors: AnyObject {
  /// The typed accessors of the properties this class declares.
  static var injectableAccessors: [InjectableAccessor] { get }
}

extension InjectableSettable where Self: InjectableThroughAccessors {
  /// An empty table: the class's typed accessors (``InjectableThroughAccessors/injectableAccessors``)
  /// do its work.
  ///
  /// A class that declares its own table (for a property another macro adds, which
  /// `@Injectable` cannot see) uses that one instead.
  public static var injectableKeyPaths: [String: AnyKeyPath] { [:] }
}

/// The typed accessor of one optional stored property: how to tell whether it is nil, write a
/// value into it, and set it back to nil.
public struct InjectableAccessor {
  /// How a property holds its value.
  public enum Ownership: Sendable {
    /// A strong reference, or a value.
    case strong
    /// A `weak` reference: it keeps nothing alive.
    case weak
    /// An `unowned` (or `unowned(unsafe)`) reference: it keeps nothing alive, and reading it
    /// after its value is gone traps.
    case unowned
  }

  /// What an entry of a class's list says.
  enum Entry {
    /// An optional stored `var`, with its accessor.
    case property(AnyAccessor)
    /// A stored property the injector cannot fill, listed so that the list is complete: a
    /// name registration that targets it is then reported, as `Mirror` would show it.
    case fixed(name: String, root: AnyClass, type: Any.Type?, isLazy: Bool)
    /// The list names every stored property `root` declares: the injector need not reflect it.
    case complete(root: AnyClass)
    /// `root` declares `didInjectDependencies()`: the injector calls it through this closure,
    /// which dispatches as a call written in `root` does, whatever `root`'s superclasses declare.
    case didInject(root: AnyClass, call: (AnyObject) -> Void)
  }

  let entry: Entry

  /// The accessor, for a property entry.
  var accessor: AnyAccessor? {
    if case .property(let accessor) = entry { return accessor }
    return nil
  }

  /// A stored property of `Root` that the injector cannot fill: not optional, a `let`, or `lazy`.
  ///
  /// - Parameters:
  ///   - name: The property's name, as declared.
  ///   - root: The class that declares it.
  ///   - type: Its declared type, when it is written.
  ///   - isLazy: Whether it is a `lazy var`.
  /// - Returns: The entry.
  public static func fixed<Root: AnyObject>(
    _ name: String,
    of root: Root.Type,
    type: Any.Type? = nil,
    isLazy: Bool = false
  ) -> Self {
    _$fixed(name, of: root, type: type, isLazy: isLazy)
  }

  /// Marks a list as naming every stored property `Root` declares (what `@Injectable` writes):
  /// the injector then takes the class's properties, and how to write them, from the list. It
  /// still reflects the class once, in every build configuration, and reports a candidate the
  /// list lacks (``InjectionError/Code/missingFromTable``); a stored property the list lacks that
  /// is not a candidate is ignored.
  ///
  /// - Parameter root: The class.
  /// - Returns: The entry.
  public static func complete<Root: AnyObject>(_ root: Root.Type) -> Self { _$complete(root) }

  init(entry: Entry) { self.entry = entry }

  /// An accessor for the property `name` of `Root`, declared `Wrapped?` (or `Wrapped!`).
  ///
  /// - Parameters:
  ///   - name: The property's name, as declared.
  ///   - root: The class that declares the property.
  ///   - type: The property's declared type, unwrapped.
  ///   - ownership: How the property holds its value; `weak` and `unowned` properties are
  ///     only filled with values something else keeps (instances and singletons).
  ///   - isNil: Whether the property is nil.
  ///   - write: Writes a value: a plain assignment, so observers, overrides and Observation run.
  ///   - clear: Sets the property to nil, to undo a write when an injection fails after it.
  ///   - fill: Writes a value if the property is nil, and returns whether it did: what a cached
  ///     injection calls (by default, `isNil` then `write`).
  ///   - filler: What fills every property of `Root` in one call, shared by its accessors.
  public init<Root: AnyObject, Wrapped>(
    _ name: String,
    of root: Root.Type,
    as type: Wrapped.Type,
    ownership: Ownership = .strong,
    isNil: @escaping (Root) -> Bool,
    write: @escaping (Root, Wrapped) -> Void,
    clear: @escaping (Root) -> Void,
    fill: ((Root, Wrapped) -> Bool)? = nil,
    filler: InjectableFiller? = nil
  ) {
    let fillIfNil: (Root, Wrapped) -> Bool =
      fill ?? { root, value in
        guard isNil(root) else { return false }
        write(root, value)
        return true
      }
    entry = unsafe .property(
      Accessor(
        name: name, keyPath: nil, ownership: ownership, isNil: isNil, write: write, clear: clear,
        fillIfNil: fillIfNil, filler: filler?.filler))
  }
}
