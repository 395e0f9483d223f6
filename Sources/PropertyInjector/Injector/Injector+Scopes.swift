extension Injector {
  /// Drops the value of a ``Scope/cached`` registration: the next use makes a new one.
  ///
  /// ```swift
  /// injector.register(Session.self, scope: .cached) { _ in Session() }
  /// try injector.reset(Session.self)  // after logout
  /// ```
  ///
  /// The registration is looked up as ``unregister(_:for:id:)`` does (same type, target and id), here
  /// or in an ancestor, whose value is then dropped for every injector that shares it. Through an override
  /// injector (``withOverrides(_:operation:)``, the `.injecting` test trait), only the override's view is
  /// reset: it makes a value of its own from then on, which dies with it, and the app's stays as it was.
  ///
  /// Safe while other threads resolve: a resolve racing the reset gets the old value or a new one, never a
  /// half-made one, and the old value is released outside every lock once nothing uses it.
  ///
  /// - Parameters:
  ///   - type: The registered type.
  ///   - target: The target it was registered for, if any.
  ///   - id: The id it was registered with, if any; compared ignoring case.
  /// - Throws: ``InjectionError/Code/notCached`` when nothing, or something other than a cached factory, is
  ///   registered under that type, target and id.
  public func reset<Service>(_ type: Service.Type, for target: AnyClass? = nil, id: String? = nil)
    throws(InjectionError)
  {
    let key = RegistrationKey.type(
      ObjectIdentifier(Service.self), target: target.map(ObjectIdentifier.init), id: id?.caseFolded)
    let levels = try snapshotChain().levels
    let level = levels.firstIndex { $0.registry[key] != nil }
    let registration = level.flatMap { levels[$0].registry[key] }
    guard let level, let registration, reset(registration, level: level) else {
      let name = readableName(of: Service.self)
      // What came close: the type's cached registrations under other keys, and its cached name registrations.
      let cached = levels.flatMap(\.registry.ordered.all).filter {
        guard case .scoped(_, .cached) = $0.source else { return false }
        return $0.service.id == ObjectIdentifier(Service.self) && $0 !== registration
      }
      let names = cached.compactMap { registration -> String? in
        guard case .name(let name) = registration.match else { return nil }
        return name
      }
      let elsewhere = cached.filter { if case .type = $0.match { true } else { false } }.map(\.named)
      throw InjectionError(
        operation: "reset(\(name))",
        .notCached(name, found: registration?.named, cachedElsewhere: elsewhere, cachedNames: names))
    }
  }

  /// Drops the values of this injector's ``Scope/cached`` registrations; through an override injector, also
  /// the override's view of its ancestors' (see ``reset(_:for:id:)``). An ancestor's own are kept.
  ///
  /// ```swift
  /// injector.resetCached()  // after logout: every cached service is made anew
  /// ```
  ///
  /// Safe while other threads resolve, as ``reset(_:for:id:)`` is.
  ///
  /// - Throws: ``InjectionError/Code/timedOut`` only when a configuration on another thread lasts too long.
  public func resetCached() throws(InjectionError) {
    let levels = try snapshotChain().levels
    for (level, snapshot) in levels.enumerated() where level == 0 || overrideCells != nil {
      for registration in snapshot.registry.ordered.all { reset(registration, level: level) }
    }
  }

  /// Resets `registration`, found `level` steps up, if it is a cached one: in the nearest override on the way, if
  /// any, else at home. Returns whether it is.
  @discardableResult
  private func reset(_ registration: Registration, level: Int) -> Bool {
    guard case .scoped(let factory, .cached) = registration.source, let cached = factory as? any ResettableFactory
    else { return false }
    // The nearest override among this injector and its ancestors below the registration's, if any.
    let overrides = sequence(first: self, next: \.parent).prefix(level).lazy.compactMap(\.overrideCells).first
    cached.reset(registration, in: overrides)
    return true
  }
}
