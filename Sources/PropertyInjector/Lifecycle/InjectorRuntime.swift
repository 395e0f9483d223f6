/// What the runtime needs of an injector: to inject a made value, its link, parent, override cells and wait
/// limit, and to resolve through a link. The ``Injector`` conforms: this layer makes and hands out values
/// without naming it, so the injector, above, may use plans and producers.
protocol InjectorRuntime: AnyObject, Sendable {
  /// The injector whose registrations this one falls back on.
  var parentRuntime: (any InjectorRuntime)? { get }
  /// The singletons first made, and cached values first made or reset, for an override injector; nil otherwise.
  var overrideCells: OverrideCells? { get }
  /// How long a thread waits for a value another thread is creating, in seconds.
  var waitLimitSeconds: Double { get }
  /// The weak reference to this injector that resolvers hold.
  var link: InjectorLink { get }

  /// Injects `target` as ``Injector/inject(_:)`` does.
  func inject<Target: InjectableSettable>(_ target: Target) throws(InjectionError)
  /// Injects a value a factory made, as part of the call that made it.
  func injectMade<Target: InjectableSettable>(_ target: Target) throws(InjectionError)
  /// Resolves as ``Injector/resolve(_:for:id:)`` does.
  func resolve<Service>(_ type: Service.Type, for target: AnyClass?, id: String?) throws(InjectionError) -> Service
  /// Resolves a name registration as ``Injector/resolve(_:named:)`` does.
  func resolve<Value>(_ type: Value.Type, named name: String) throws(InjectionError) -> Value
  /// The value `request` resolves to, as `resolve` makes it (for ``Lazy`` and ``Provider``).
  func produce<Value>(_ request: Request, as _: Value.Type) throws(InjectionError) -> Value
}

/// The wait limit of injectors that are not given one, and of a ``Lazy`` made by hand: 10 seconds.
let defaultCreationWaitLimit = 10.0

/// A weak reference to an injector, shared by its ``Resolver``s: cheaper than a new weak reference per factory call.
final class InjectorLink: Sendable {
  weak let injector: (any InjectorRuntime)?

  init(to injector: any InjectorRuntime) { self.injector = injector }
}
