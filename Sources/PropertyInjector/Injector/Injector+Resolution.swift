extension Injector {
  /// Returns what a nil property of type `Service` would receive: on an object of class
  /// `target` (or on no object), whose name ends with `id` (or without one).
  ///
  /// ```swift
  /// let logger = try injector.resolve((any Logger).self)
  /// let cache = try injector.resolve(Cache.self, for: ProfileScreen.self, id: "first")
  /// ```
  ///
  /// The rules of ``inject(_:)`` decide: `resolve(Cache.self, for: ProfileScreen.self, id:
  /// "injectedCacheFirst")` gets what a `ProfileScreen`'s `injectedCacheFirst` would. Without
  /// `target` or `id`, only registrations without one are eligible; names are not consulted (see
  /// ``resolve(_:named:)``). Inside a factory, resolve through the ``Resolver`` it receives.
  ///
  /// - Parameters:
  ///   - type: The type to resolve.
  ///   - target: Resolve as for an object of this class.
  ///   - id: Resolve as for a property whose name ends with this string.
  /// - Returns: The value.
  /// - Throws: ``InjectionError`` with ``InjectionError/Code/unresolved`` when nothing eligible
  ///   is registered (listing registrations that came close), the injector's configuration
  ///   problems, or the failure of a factory.
  /// - Complexity: O(1) once the answer is cached, plus what a factory costs.
  public func resolve<Service>(
    _ type: Service.Type = Service.self,
    for target: AnyClass? = nil,
    id: String? = nil
  ) throws(InjectionError) -> Service {
    try value(of: Service.self, for: target, id: id)
  }

  /// What ``resolve(_:for:id:)`` returns.
  func value<Service>(of _: Service.Type, for target: AnyClass?, id: String?) throws(InjectionError) -> Service {
    let key = ResolutionKey(
      wanted: ObjectIdentifier(Service.self), target: target.map(ObjectIdentifier.init), label: id, names: .ignored)
    return try produce(key, as: Service.self) {
      // `target` and its superclasses, most derived first.
      let chain = target.map { sequence(first: $0, next: { _getSuperclass($0) }).map(ObjectIdentifier.init) } ?? []
      return Request(
        wanted: TypeProbe(Service.self), classChain: chain, label: id, names: .ignored,
        site: Site(resolving: Service.self))
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
  public func resolve<Value>(_ type: Value.Type = Value.self, named name: String) throws(InjectionError) -> Value {
    let key = ResolutionKey(wanted: ObjectIdentifier(Value.self), target: nil, label: name, names: .only)
    return try produce(key, as: Value.self) {
      Request(
        wanted: TypeProbe(Value.self), classChain: [], label: name, names: .only,
        site: Site(resolving: Value.self, detail: " named \"\(name)\""))
    }
  }

  /// What `request` produces now: how `resolve`, `Lazy`, `Provider` and the wrappers get values.
  func produce<Value>(_ request: Request, as _: Value.Type) throws(InjectionError) -> Value {
    try produce(ResolutionKey(request), as: Value.self, at: request.site) { request }
  }

  /// The value for the request `key` stands for: from the cached producer, or from the rules (then cached). A
  /// request's own `site` (a handle's read, a wrapper's property) is used, never cached for a `resolve`.
  private func produce<Value>(
    _ key: ResolutionKey,
    as _: Value.Type,
    at given: Site? = nil,
    request makeRequest: () -> Request
  ) throws(InjectionError) -> Value {
    let stack = CreationStack.current
    try checkConfigured(operation: makeRequest().site.label)
    let pinned = stack.isRunning ? stack.pinnedLevel(of: ObjectIdentifier(self)) : nil
    let (cached, epoch) = state.withLock { ($0.resolutions[key], $0.epoch) }
    let producer: Producer<Value>
    let site: Site
    let builtFrom: SnapshotChain
    // A cached resolution is for the key's type, so the cast finds it; were it ever another,
    // this would only build it again.
    // One that a request with its own site built has none for a `resolve`, which builds it again, once, for its own.
    if let cached, let typed = cached.producer as? Producer<Value>, let found = given ?? cached.site,
      pinned.map({ cached.builtFrom.isPinned(by: $0) }) ?? true
    {
      (producer, site, builtFrom) = (typed, found, cached.builtFrom)
    } else {
      let request = makeRequest()
      joinAncestors()
      let current = try snapshotChain()
      // Nested in a call that started before a change: answered as the call started, and not cached.
      let stale = pinned.flatMap { current.isPinned(by: $0) ? nil : $0 }
      let chain = stale.map(chain(pinnedAt:)) ?? current
      try InjectionError.throwIfAny(chain.configurationProblems, as: request.site.label)
      let answer = Rules.answer(request, in: chain)
      if case .failure(var problem) = answer {
        // A parent's factory, in a call a child started: the child may hold what the parent lacks.
        // (A plan shared with siblings reads the first level's registrations from the pin.)
        if problem.code == .unresolved, let pinned, pinned.level > 0,
          let below = (0..<pinned.level).last(where: { level in
            guard level == 0, let own = pinned.pin.ownRegistrations else {
              return pinned.pin.chain.levels[level].registers(request.wanted)
            }
            return own.contains { $0.typeMatch != nil && $0.service.id == request.wanted.id }
          })
        {
          problem = problem.unresolved(registeredBelow: below == 0 ? nil : pinned.level - below)
        }
        throw InjectionError(operation: request.site.label, problem)
      }
      guard let made = answer.producer(of: Value.self, in: chain) else {
        throw InjectionError(
          operation: request.site.label,
          .answerMismatch(at: request.site, wanted: Value.self, answer: answer.named))
      }
      (producer, site, builtFrom) = (made, request.site, chain)
      let resolution = Resolution(producer: made, site: given == nil ? site : nil, builtFrom: chain)
      if stale == nil { keep(resolution, for: key, builtIn: epoch) }
    }
    do {
      let execution = Execution(injector: self, stack: stack)
      // Nothing made, nothing that could resolve again: no registry to pin.
      guard producer.makesValues else { return try producer.produce(execution, site) }
      let pin = Pin(injector: ObjectIdentifier(self), chain: builtFrom)
      return try stack.pinning(pin) { () throws(InjectionError) in try producer.produce(execution, site) }
    } catch  where stack.isOutermost && error.operation != site.label {
      throw error.reported(as: site.label)
    }
  }
}
