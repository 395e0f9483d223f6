/// How the injector makes a ``Lazy`` or ``Provider``: the type it eventually supplies, and when.
/// The rules check that the inner type resolves now; the handle resolves it later, with the
/// same request.
struct Deferral: Sendable {
  /// The type the handle eventually supplies: `Database` for `Lazy<Database>`.
  let inner: TypeProbe
  /// When the handle resolves, for explanations: "on first .value, then kept".
  let timing: String
}

/// Conformed by ``Lazy`` and ``Provider``, so the rules recognise them as property types and
/// plans make them.
protocol DeferredValue: SendableMetatype {
  static var deferral: Deferral { get }

  /// A handle that resolves `request` (a request for the inner type) when asked, through the
  /// injector `link` points at.
  init(resolving request: Request, through link: InjectorLink)
}

/// A resolution to run later: what a ``Lazy`` or ``Provider`` made by the injector calls.
///
/// It keeps its injector weakly, so an object graph that holds handles never keeps the
/// injector (and its singletons) alive; reading a handle after the injector is gone throws
/// ``InjectionError/Code/injectorReleased``.
struct DeferredResolution<Value>: Sendable {
  let link: InjectorLink
  let request: Request

  /// The injector's wait limit, for the handle's own creation.
  var waitLimit: Double { link.injector?.waitLimitSeconds ?? Injector.defaultCreationWaitLimit }

  func callAsFunction() throws(InjectionError) -> Value {
    guard let injector = link.injector else {
      throw .injectorReleased(operation: request.site.label, site: request.site)
    }
    return try injector.produce(request, as: Value.self)
  }
}
