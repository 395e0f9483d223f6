/// How the injector makes a ``Lazy`` or ``Provider`` for a property: resolvability is checked
/// when injecting, the value is made later.
struct Deferral: Sendable {
  /// The type the handle eventually supplies: `Database` for `Lazy<Database>`.
  let inner: TypeProbe
  /// When the handle resolves, for explanations: "on first .value, then kept".
  let timing: String
  /// Wraps a resolution into a new handle.
  let make: @Sendable (@escaping @Sendable () throws -> Any) -> Any
}

/// Conformed by ``Lazy`` and ``Provider``, so the injector can recognise them as property types.
protocol DeferredValue {
  static var deferral: Deferral { get }
}

/// A resolution to run later: what a ``Lazy`` or ``Provider`` made by the injector calls.
///
/// It keeps its injector weakly, so an object graph that holds handles never keeps the
/// injector (and its singletons) alive; reading a handle after the injector is gone throws
/// ``InjectionError/Code/injectorReleased``.
struct DeferredResolution: Sendable {
  weak var injector: Injector?
  let request: Request
  let site: Site

  func callAsFunction() throws -> Any {
    guard let injector else {
      throw InjectionError(
        operation: "\(site.label)",
        InjectionError.Problem(
          code: .injectorReleased, typeName: site.typeName, property: site.property, declaredType: site.declaredType,
          summary: "the injector that filled it was released before the value was first needed.",
          fix: "Keep the injector alive as long as the objects it injects use their Lazy and Provider properties."
        ))
    }
    return try injector.supply(request, for: site)
  }
}
