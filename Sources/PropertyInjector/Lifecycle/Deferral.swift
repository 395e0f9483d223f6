/// How the injector makes a ``Lazy`` or ``Provider``: the type it eventually supplies, and the
/// producer of the handle. The rules check that the inner type resolves now; the handle
/// resolves it later, with the same request.
// @unchecked Sendable: immutable.
class Deferral: @unchecked Sendable {
  /// The type the handle eventually supplies: `Database` for `Lazy<Database>`.
  let inner: TypeProbe
  /// When the handle resolves, for explanations: "on first .value, then kept".
  let timing: String

  init(inner: TypeProbe, timing: String) {
    self.inner = inner
    self.timing = timing
  }

  /// A producer of new handles that resolve `request` (a request for ``inner``) when asked.
  func producer(resolving request: Request) -> AnyProducer { AnyProducer() }
}

/// Conformed by ``Lazy`` and ``Provider``, so the rules recognise them as property types.
protocol DeferredValue {
  static var deferral: Deferral { get }
}

/// A resolution to run later: what a ``Lazy`` or ``Provider`` made by the injector calls.
///
/// It keeps its injector weakly, so an object graph that holds handles never keeps the
/// injector (and its singletons) alive; reading a handle after the injector is gone throws
/// ``InjectionError/Code/injectorReleased``.
struct DeferredResolution<Value>: Sendable {
  weak var injector: Injector?
  let request: Request

  /// The injector's wait limit, for the handle's own creation.
  var waitLimit: Double { injector?.waitLimitSeconds ?? Injector.defaultCreationWaitLimit }

  func callAsFunction() throws(InjectionError) -> Value {
    guard let injector else {
      throw .injectorReleased(operation: request.site.label, site: request.site)
    }
    return try injector.produce(request, as: Value.self)
  }
}
