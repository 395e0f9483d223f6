/// How the injector makes a ``Lazy`` or ``Provider``: `inner` must resolve now; the handle resolves it later.
struct Deferral: Sendable {
  /// `Database` for `Lazy<Database>`.
  let inner: TypeProbe
  /// For explanations: "on first .value, then kept".
  let timing: String
}

/// Adopted by ``Lazy`` and ``Provider`` so the rules recognise them as property types.
protocol DeferredValue: SendableMetatype {
  static var deferral: Deferral { get }

  /// A handle that resolves `request` (for the inner type) when asked, through `link`'s injector.
  init(resolving request: Request, through link: InjectorLink)
}

/// The deferred resolution behind a ``Lazy`` or ``Provider``; holds its injector weakly, throwing once it is gone.
struct DeferredResolution<Value>: Sendable {
  let link: InjectorLink
  let request: Request

  var waitLimit: Double { link.injector?.waitLimitSeconds ?? Injector.defaultCreationWaitLimit }

  func callAsFunction() throws(InjectionError) -> Value {
    guard let injector = link.injector else {
      throw .injectorReleased(operation: request.site.label, site: request.site)
    }
    return try injector.produce(request, as: Value.self)
  }
}
