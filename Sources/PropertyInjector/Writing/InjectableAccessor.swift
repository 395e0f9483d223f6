/// A class injectable through typed accessors, one list per class: what `@Injectable` writes.
///
/// The injector reads the list of every class in an object's hierarchy; each lists only its own
/// properties. You rarely write one by hand.
public protocol InjectableThroughAccessors: AnyObject {
  /// The typed accessors of the properties this class declares.
  static var injectableAccessors: [InjectableAccessor] { get }
}

extension InjectableSettable where Self: InjectableThroughAccessors {
  /// An empty table: the class's typed accessors do its work. A class may still declare its own table,
  /// for a property another macro adds.
  public static var injectableKeyPaths: [String: AnyKeyPath] { [:] }

  /// The class's ``InjectableThroughAccessors/injectableAccessors``: this conformance was declared with that one.
  @_documentation(visibility: internal)
  public static var _$injectableAccessors: Any? { injectableAccessors }
}

/// The typed accessor of one optional stored property: whether it is nil, and how to write and clear it.
public struct InjectableAccessor {
  /// How a property holds its value.
  public enum Ownership: Sendable {
    /// A strong reference, or a value.
    case strong
    /// A `weak` reference: it keeps nothing alive.
    case weak
    /// An `unowned` (or `unowned(unsafe)`) reference: it keeps nothing alive.
    case unowned
  }

  /// What an entry of a class's list says.
  enum Entry {
    /// An optional stored `var`, with its accessor.
    case property(AnyAccessor)
    /// A stored property the injector cannot fill, listed so that a name registration targeting it is reported.
    case fixed(name: String, root: AnyClass, type: Any.Type?, isLazy: Bool, isConstant: Bool)
    /// The list names every stored property `root` declares: the injector need not reflect it.
    case complete(root: AnyClass)
    /// Calls `didInjectDependencies()` as a call written in `root` does (its own, in an extension too, or inherited).
    case didInject(root: AnyClass, call: (AnyObject) -> Void)
  }

  let entry: Entry

  /// The accessor, for a property entry.
  var accessor: AnyAccessor? { if case .property(let accessor) = entry { accessor } else { nil } }

  /// A stored property of `Root` that the injector cannot fill: not optional, a `let`, or `lazy`.
  ///
  /// - Parameters:
  ///   - name: The property's name, as declared.
  ///   - root: The class that declares it.
  ///   - type: Its declared type, when it is written.
  ///   - isLazy: Whether it is a `lazy var`.
  ///   - isConstant: Whether it is a `let`.
  /// - Returns: The entry.
  public static func fixed<Root: AnyObject>(
    _ name: String,
    of root: Root.Type,
    type: Any.Type? = nil,
    isLazy: Bool = false,
    isConstant: Bool = false
  ) -> Self {
    _$fixed(name, of: root, type: type, isLazy: isLazy, isConstant: isConstant)
  }

  /// Marks a list as naming every stored property `Root` declares, so the injector takes them from it.
  ///
  /// The injector still checks the class once with `Mirror`, and reports a candidate the list lacks
  /// (``InjectionError/Code/missingFromTable``).
  ///
  /// - Parameter root: The class.
  /// - Returns: The entry.
  public static func complete<Root: AnyObject>(_ root: Root.Type) -> Self { _$complete(root) }

  init(entry: Entry) { self.entry = entry }

  /// An accessor for the property `name` of `Root`, declared `Wrapped?` (or `Wrapped!`).
  ///
  /// - Parameters:
  ///   - name: The property's name, as declared.
  ///   - root: The class that declares it.
  ///   - type: Its declared type, unwrapped.
  ///   - ownership: How it holds its value; a `weak` or `unowned` one gets only values kept elsewhere.
  ///   - isNil: Whether it is nil.
  ///   - write: Assigns a value, so observers, overrides and Observation run.
  ///   - clear: Sets it back to nil, to undo a write when the injection fails.
  ///   - fill: Writes a value if it is nil, and returns whether it did; by default `isNil`, then `write`.
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
    entry = .property(
      Accessor(
        name: name, keyPath: nil, ownership: ownership, isNil: isNil, write: write, clear: clear,
        fillIfNil: fillIfNil, typeOf: genericTypeOf(Wrapped.self), filler: filler?.filler))
  }
}
