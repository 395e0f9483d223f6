extension Injector {
  /// Returns what a nil property of type `Service` would receive, with no id, on no
  /// particular object.
  ///
  /// ```swift
  /// let logger = try injector.resolve((any Logger).self)
  /// ```
  ///
  /// The same precedence as ``inject(_:)`` applies, to the registrations that have no id and
  /// no target: those of exactly `Service`, and those made with `includingAncestors` whose
  /// instance is a `Service`. A factory registration makes a new value, a singleton is made on
  /// first use, and an ``InjectorCreatable`` type nothing is registered for is created.
  ///
  /// Inside a factory, resolve what it needs from the injector it receives; a resolution that
  /// leads back to the value being made fails with ``InjectionError/Code/cycle``.
  ///
  /// - Parameter type: The type to resolve.
  /// - Returns: The value.
  /// - Throws: ``InjectionError`` with ``InjectionError/Code/unresolved`` when nothing eligible
  ///   is registered (listing registrations that came close), or the error of a factory.
  public func resolve<Service>(_ type: Service.Type = Service.self) throws -> Service {
    if requiresConfiguration { try checkConfigured(operation: "resolve(\(readableName(of: Service.self)))") }
    let id = ObjectIdentifier(Service.self)
    if let cached = state.withLock({ $0.resolutions[id] }),
      parent == nil || ancestorsUnchanged(since: cached.generations)
    {
      // Stored under `Service`'s identity, so it is a `ResolvedConstant<Service>`.
      return unsafeDowncast(cached, to: ResolvedConstant<Service>.self).value
    }
    let probe = Probe<Service>()
    let site = Site(resolving: probe)
    let chain = registryChain()
    return try reportingFailures(as: site.label, stack: .current) {
      let (value, registration) = try supply(Request(label: nil, probe: probe, classChain: []), for: site, from: chain)
      let typed = try cast(value, to: Service.self, at: site)
      if registration?.constantValue != nil {
        remember(ResolvedConstant(typed, generations: chain.levels.map(\.generation)), for: id)
      }
      return typed
    }
  }

  /// Caches what `resolve` returns for a type while the registries stay as they were.
  private func remember(_ resolution: ResolvedConstantBase, for id: ObjectIdentifier) {
    state.withLock { state in
      if state.generation == resolution.generations[0] { state.resolutions[id] = resolution }
    }
  }

  /// Returns what the name registration `name` supplies, as a `Value`.
  ///
  /// ```swift
  /// let numbers = try injector.resolve([Int].self, named: "luckyNumbers")
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type the value must have.
  ///   - name: The registered name, compared exactly.
  /// - Returns: The value.
  /// - Throws: ``InjectionError`` with ``InjectionError/Code/unresolved`` when nothing is
  ///   registered under `name`, ``InjectionError/Code/typeMismatch`` when it is not a `Value`.
  public func resolve<Value>(_ type: Value.Type = Value.self, named name: String) throws -> Value {
    let probe = Probe<Value>()
    let site = Site(resolving: probe)
    let operation = "resolve(\(probe.name), named: \"\(name)\")"
    try checkConfigured(operation: operation)
    let chain = registryChain()
    for level in chain.levels {
      guard let registration = level.registry.byName[name] else { continue }
      let value = try reportingFailures(as: operation, stack: .current) {
        try level.injector.value(of: registration, for: site)
      }
      guard let typed = value as? Value else {
        throw InjectionError(
          operation: operation, .mismatch(at: site, needing: probe, from: registration, value: value))
      }
      return typed
    }
    let names = chain.levels.flatMap { $0.registry.byName.keys }.sorted()
    throw InjectionError(
      operation: operation,
      InjectionError.Problem(
        code: .unresolved, typeName: probe.name,
        summary: "nothing is registered under the name \"\(name)\".",
        nearMisses: names.map { "\"\($0)\" is registered." },
        fix: "Register a value with register(_:named: \"\(name)\"); names are compared exactly, including case."
      ))
  }

  private func cast<Service>(_ value: Any, to _: Service.Type, at site: Site) throws -> Service {
    if let typed = value as? Service { return typed }
    throw InjectionError(
      operation: site.label,
      InjectionError.Problem(
        code: .typeMismatch, typeName: site.typeName,
        summary: "the value found is \(aOrAn(readableName(of: type(of: value)))), not \(aOrAn(site.typeName)).",
        fix: "Register \(aOrAn(site.typeName))."))
  }
}

/// What ``Injector/resolve(_:)`` returns for one type while the registries it came from do not
/// change: an instance, or a singleton once made.
class ResolvedConstantBase: @unchecked Sendable {
  /// The generation of each registry in the chain, the injector's own first.
  let generations: [UInt64]

  init(generations: [UInt64]) { self.generations = generations }
}

/// A ``ResolvedConstantBase`` holding a `Service`.
final class ResolvedConstant<Service>: ResolvedConstantBase, @unchecked Sendable {
  let value: Service

  init(_ value: Service, generations: [UInt64]) {
    self.value = value
    super.init(generations: generations)
  }
}
