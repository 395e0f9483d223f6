/// The injector is what the runtime (`Lifecycle/`) makes and hands out values through.
extension Injector: InjectorRuntime {
  var parentRuntime: (any InjectorRuntime)? { parent }

  /// A ``Resolver`` for this injector: a handle that resolves from it without keeping it alive,
  /// for objects that resolve later (and for making ``InjectorCreatable`` values by hand in tests).
  public var resolver: Resolver { Resolver(link: link) }
}

extension InjectorLink {
  /// The injector, while it is alive.
  var owner: Injector? { injector as? Injector }
}

extension Resolver {
  /// The injector, while it is alive.
  public var injector: Injector? { link.owner }
}
