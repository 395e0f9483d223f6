// Entry points for `@Injectable`'s expansion only: underscored and hidden, so its output can change freely.

extension InjectableAccessor {
  /// For `@Injectable`'s expansion only: the list names every stored property `root` declares.
  ///
  /// - Parameter root: The class.
  /// - Returns: The entry.
  @_documentation(visibility: internal)
  public static func _$complete<Root: AnyObject>(_ root: Root.Type) -> Self { Self(entry: .complete(root: root)) }

  /// For `@Injectable`'s expansion only: a stored property of `root` the injector cannot fill.
  ///
  /// - Parameters:
  ///   - name: The property's name, as declared.
  ///   - root: The class that declares it.
  ///   - type: Its declared type, when it is written.
  ///   - isLazy: Whether it is a `lazy var`.
  ///   - isConstant: Whether it is a `let`.
  /// - Returns: The entry.
  @_documentation(visibility: internal)
  public static func _$fixed<Root: AnyObject>(
    _ name: String,
    of root: Root.Type,
    type: Any.Type? = nil,
    isLazy: Bool = false,
    isConstant: Bool = false
  ) -> Self {
    Self(entry: .fixed(name: name, root: root, type: type, isLazy: isLazy, isConstant: isConstant))
  }

  /// For `@Injectable`'s expansion only: the typed accessor of a stored optional `var`.
  ///
  /// - Parameters:
  ///   - name: The property's name, as declared.
  ///   - root: The class that declares it.
  ///   - type: Its declared type, unwrapped.
  ///   - ownership: How it holds its value.
  ///   - isNil: Whether it is nil.
  ///   - write: Writes a value.
  ///   - clear: Sets it to nil.
  ///   - fill: Writes a value if it is nil, and returns whether it did.
  ///   - typeOf: `{ Swift.type(of: $0) }`, written where `Wrapped` is spelled, so it tells a
  ///     protocol-typed value's dynamic type (in generic code, it would be the protocol's, and the
  ///     injector then boxes the value to find it).
  ///   - filler: What fills every property of `root` outside `#if` in one call.
  /// - Returns: The entry.
  ///
  /// `typeOf` is compiled into the class's module, where `Wrapped` is known: it tells a made
  /// value's type without boxing it.
  @_documentation(visibility: internal)
  public static func _$property<Root: AnyObject, Wrapped>(
    _ name: String,
    of root: Root.Type,
    as type: Wrapped.Type,
    ownership: Ownership,
    isNil: @escaping (Root) -> Bool,
    write: @escaping (Root, Wrapped) -> Void,
    clear: @escaping (Root) -> Void,
    fill: @escaping (Root, Wrapped) -> Bool,
    typeOf: @escaping (Wrapped) -> Any.Type,
    filler: InjectableFiller? = nil
  ) -> Self {
    Self(
      entry: .property(
        Accessor(
          name: name, keyPath: nil, ownership: ownership, isNil: isNil, write: write, clear: clear, fillIfNil: fill,
          typeOf: typeOf, filler: filler?.filler)))
  }

  /// For `@Injectable`'s expansion only: how `root` calls `didInjectDependencies()`. The
  /// injector calls `call` after an injection that wrote something, for the most derived class
  /// whose list has such an entry, instead of the protocol requirement, whose witness is the
  /// root class's (a subclass method, in its body or an extension, that only shadows the
  /// protocol extension's default would never run).
  ///
  /// - Parameters:
  ///   - root: The class whose list this is.
  ///   - call: Calls it: `{ $0.didInjectDependencies() }`.
  /// - Returns: The entry.
  @_documentation(visibility: internal)
  public static func _$didInject<Root: AnyObject>(_ root: Root.Type, _ call: @escaping (Root) -> Void) -> Self {
    Self(entry: .didInject(root: root, call: { call(downcast($0, to: Root.self)) }))
  }
}

extension InjectableFiller {
  /// For `@Injectable`'s expansion only: what fills, in one call, every property of `root`
  /// that registered instances fill.
  ///
  /// - Parameters:
  ///   - root: The class whose own properties it fills.
  ///   - values: The values, none bound.
  ///   - set: Binds a value to the property of a name; false when it does not fit.
  ///   - fill: Writes every bound value into its property where the property is nil.
  /// - Returns: The filler.
  @_documentation(visibility: internal)
  public static func _$filler<Root: AnyObject, Values>(
    of root: Root.Type,
    values: Values,
    set: @escaping (inout Values, String, Any) -> Bool,
    fill: @escaping (Root, Values) -> Bool
  ) -> Self {
    Self(of: root, values: values, set: set, fill: fill)
  }
}
