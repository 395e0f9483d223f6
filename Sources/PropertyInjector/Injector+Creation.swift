extension Injector {
  /// The value for `request` at `site`: chosen by precedence in this injector then its parents,
  /// made if it must be, checked against the type the site needs.
  ///
  /// What ``resolve(_:)``, ``Lazy`` and ``Provider`` call; ``inject(_:)`` does the same work
  /// through a cached plan.
  func supply(_ request: Request, for site: Site) throws -> Any {
    try supply(request, for: site, from: registryChain()).value
  }

  /// ``supply(_:for:)`` from `chain`, with the registration that supplied the value (nil when the
  /// value was auto-created), so the caller can cache what is constant.
  func supply(_ request: Request, for site: Site, from chain: RegistryChain) throws
    -> (value: Any, registration: Registration?)
  {
    switch chain.choose(for: request) {
    case (.chosen(let registration), let level)?:
      let value = try chain.levels[level].injector.value(of: registration, for: site)
      guard request.probe.accepts(value) else {
        throw InjectionError(
          operation: site.label,
          .mismatch(at: site, needing: request.probe, from: registration, value: value))
      }
      return (value, registration)
    case (.mismatch(let registration), _)?:
      throw InjectionError(
        operation: site.label,
        .mismatch(at: site, needing: request.probe, from: registration, value: registration.instance))
    case nil:
      if request.probe.isCreatable && !chain.hasRegistration(fitting: request) {
        return (try create(request.probe, for: site), nil)
      }
      throw InjectionError(
        operation: site.label,
        .unresolved(at: site, needing: request.probe, nearMisses: chain.nearMisses(for: request)))
    }
  }

  /// The value `registration`, one of this injector's, supplies for `site`: its instance, a
  /// new value from its factory, or its singleton.
  func value(of registration: Registration, for site: Site) throws -> Any {
    switch registration.source {
    case .instance(let value):
      return value
    case .factory(let factory):
      return try CreationStack.current.within(ObjectIdentifier(registration), for: site) {
        try make(with: factory, describing: registration, for: site)
      }
    case .singleton(let factory, let cell):
      return try CreationStack.current.within(ObjectIdentifier(registration), for: site) {
        try cell.value(for: site) { try make(with: factory, describing: registration, for: site) }
      }
    }
  }

  /// A new instance of an ``InjectorCreatable`` type, injected if it is settable.
  func create(_ type: TypeProbe, for site: Site) throws -> Any {
    try CreationStack.current.within(type.id, for: site) {
      let value: Any?
      do {
        value = try type.create(with: self)
      } catch let error as InjectionError {
        throw error
      } catch {
        throw InjectionError(
          operation: site.label, .factoryFailed(at: site, making: "\(type.name).init(injector:)", error: error),
          underlyingError: error)
      }
      guard let value else {
        throw InjectionError(operation: site.label, .unresolved(at: site, needing: type, nearMisses: []))
      }
      try injectIfSettable(value)
      return value
    }
  }

  /// Runs a factory (outside every lock) and injects its result if it is settable.
  private func make(with factory: Registration.Factory, describing registration: Registration, for site: Site)
    throws -> Any
  {
    let value: Any
    do {
      value = try factory(self)
    } catch let error as InjectionError {
      throw error
    } catch {
      throw InjectionError(
        operation: site.label, .factoryFailed(at: site, making: registration.summary, error: error),
        underlyingError: error)
    }
    if registration.isSettable(value), let settable = value as? any InjectableSettable {
      try inject(settable)
    }
    return value
  }

  /// Injects `value` if it is ``InjectableSettable``: what happens to every factory result and
  /// auto-created instance before it is handed over.
  func injectIfSettable(_ value: Any) throws {
    // The metatype check hits the runtime's conformance cache; casting every value would not.
    guard type(of: value) is any InjectableSettable.Type, let settable = value as? any InjectableSettable else {
      return
    }
    try inject(settable)
  }

  /// The injector `level` steps up the parent chain.
  func injector(atLevel level: Int) -> Injector {
    var injector = self
    for _ in 0..<level {
      guard let parent = injector.parent else { break }
      injector = parent
    }
    return injector
  }

  /// The value a plan's production puts into a nil property.
  func produce(_ production: InjectionPlan.Production) throws -> Any {
    switch production.supply {
    case .registration(let registration, let level):
      return try injector(atLevel: level).value(of: registration, for: production.site)
    case .creatable(let type):
      return try create(type, for: production.site)
    case .deferred(let deferral, let request):
      let resolution = DeferredResolution(injector: self, request: request, site: production.site)
      return deferral.make { try resolution() }
    }
  }
}
