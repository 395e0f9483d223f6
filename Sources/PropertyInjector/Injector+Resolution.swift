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
  /// instance is a `Service`.
  ///
  /// - Parameter type: The type to resolve.
  /// - Returns: The registered value.
  /// - Throws: ``InjectionError`` with ``InjectionError/Code/unresolved`` when nothing eligible
  ///   is registered, listing registrations that came close.
  public func resolve<Service>(_ type: Service.Type = Service.self) throws -> Service {
    let probe = Probe<Service>()
    let request = Request(label: nil, probe: probe, classChain: [])
    let chain = registryChain()
    if case .chosen(let registration)? = chain.choose(for: request), let value = registration.instance as? Service {
      return value
    }
    let name = probe.name
    let nearMisses = chain.nearMisses(for: request)
    throw InjectionError(
      operation: "resolve(\(name))",
      InjectionError.Problem(
        code: .unresolved, typeName: name,
        summary: "nothing registered without an id or target fills a \(name).",
        nearMisses: nearMisses,
        fix: "Register a \(name) without an id or target (`try injector.register(value, as: \(name).self)`)."
      ))
  }
}
