/// A value resolved on first use, then kept: a property type that breaks creation cycles.
///
/// `inject` fills a `Lazy<T>?` property only after checking that a `T` can be resolved for it, so a
/// wiring mistake still fails the injection. A `Lazy` made by an injector keeps it weakly; in tests,
/// make one directly: `Lazy { FakeDatabase() }`. See <doc:Lifecycles>.
public final class Lazy<Value> {
  private let resolution: @Sendable () throws(InjectionError) -> Value
  private let cell = SingletonCell<Value>(label: "Lazy<\(readableName(of: Value.self))>")
  private let waitLimit: Double

  /// A `Lazy` that calls `create` on first use.
  ///
  /// - Parameter create: Makes the value. An error it throws is reported as
  ///   ``InjectionError/Code/factoryFailed``, wrapping it.
  public init(_ create: @escaping @Sendable () throws -> Value) {
    resolution = { () throws(InjectionError) -> Value in
      try callingFactory(
        create, at: Site(named: "Lazy<\(readableName(of: Value.self))>", property: "value"),
        making: "the Lazy's closure")
    }
    waitLimit = defaultCreationWaitLimit
  }

  init(resolving request: Request, through link: InjectorLink) {
    resolution = link.resolution(of: request)
    waitLimit = link.injector?.waitLimitSeconds ?? defaultCreationWaitLimit
  }

  /// The value, created on first read, once even when several threads read at once.
  ///
  /// - Throws: ``InjectionError`` when it cannot be created: nothing eligible is registered
  ///   any more (``InjectionError/Code/unresolved``), its factory threw
  ///   (``InjectionError/Code/factoryFailed``), it needs itself (``InjectionError/Code/cycle``),
  ///   or the injector is gone (``InjectionError/Code/injectorReleased``).
  public var value: Value {
    get throws(InjectionError) {
      let site = Site(named: cell.label, property: "value", handle: true)
      return try CreationStack.current.within(ObjectIdentifier(self), for: site) { () throws(InjectionError) in
        try cell.value(for: site, waitLimit: waitLimit, create: resolution)
      }
    }
  }
}

extension Lazy: Sendable where Value: Sendable {}

extension Lazy: DeferredValue {
  static var deferral: Deferral {
    Deferral(inner: TypeProbe(Value.self), timing: "on first .value, then kept", read: "value")
  }
}
