extension Injector {
  /// Changes what the registry holds under `key`, then drops every plan and resolution built
  /// from the old registry, here and in every descendant, before it returns. `change` runs
  /// under the lock, so it must not call user code; whatever it returns (replaced
  /// registrations, say) and everything dropped is released after the lock, so no `deinit`
  /// runs under it. While ``configure(_:)`` runs, a change its thread makes is journaled.
  @discardableResult
  func changeRegistry<Result>(at key: RegistrationKey, _ change: (inout Registry) -> Result) -> Result {
    let thread = currentThreadID()
    let (result, dropped, children, escaped) = state.withLock { state in
      let before = state.registry.slot(key)
      let result = change(&state.registry)
      let after = state.registry.slot(key)
      // A change `configure` makes on its own thread is journaled; any other change of the
      // process-wide injector may have escaped an override (reported after the lock).
      var escaped: (before: Slot, after: Slot)?
      if state.journal?.thread == thread {
        state.journal?.record(key, before: before, after: after)
      } else if requiresConfiguration, !after.isSame(as: before) {
        escaped = (before, after)
      }
      let published = state.snapshot
      state.snapshot = nil
      return (result, (published, state.startEpoch()), Array(state.children.values), escaped)
    }
    if let escaped, Injector.overridesInPlace.withLock({ $0 > 0 }) {
      changesDuringOverrides.withLock { $0.record(before: escaped.before, after: escaped.after) }
    }
    withExtendedLifetime(dropped) {}
    for child in children { child.injector?.ancestorDidChange() }
    return result
  }

  /// Drops what was built from an ancestor's old registry, here and in every descendant.
  private func ancestorDidChange() {
    let (dropped, children) = state.withLock { state in
      (state.startEpoch(), Array(state.children.values))
    }
    withExtendedLifetime(dropped) {}
    for child in children { child.injector?.ancestorDidChange() }
  }

  /// The snapshots a request is answered from: this injector's, then its ancestors', each
  /// published if it was not yet. Waits while an injector of the chain is being configured on
  /// another thread, so a half-built registry is never seen.
  ///
  /// - Throws: ``InjectionError/Code/timedOut`` when a configuration on another thread lasts
  ///   longer than the injector's ``creationWaitLimit``.
  func snapshotChain() throws(InjectionError) -> SnapshotChain {
    var levels: [RegistrySnapshot] = []
    var current: Injector? = self
    while let injector = current {
      if injector.gate.waitWhileConfiguredElsewhere(limit: injector.waitLimitSeconds) {
        throw .configurationTimedOut(seconds: injector.waitLimitSeconds)
      }
      levels.append(
        injector.state.withLock { state in
          if let snapshot = state.snapshot { return snapshot }
          let snapshot = RegistrySnapshot(registry: state.registry)
          state.snapshot = snapshot
          return snapshot
        })
      current = injector.parent
    }
    return SnapshotChain(levels: levels)
  }

  /// Caches `plan` for `type`, unless a change anywhere in the chain happened since `epoch`
  /// was read (the check and the store hold the lock that changes take).
  func keep(_ plan: TypePlan, for type: ObjectIdentifier, builtIn epoch: UInt64) {
    let replaced = state.withLock { state -> TypePlan? in
      guard state.epoch == epoch else { return nil }
      defer {
        state.plans[type] = plan
        state.recentPlan = plan
      }
      return state.plans[type]
    }
    withExtendedLifetime(replaced) {}
  }

  /// Caches `resolution` for `key`, as ``keep(_:for:builtIn:)`` does; a full cache starts again.
  func keep(_ resolution: Resolution, for key: ResolutionKey, builtIn epoch: UInt64) {
    let dropped = state.withLock { state -> [ResolutionKey: Resolution] in
      guard state.epoch == epoch else { return [:] }
      var dropped: [ResolutionKey: Resolution] = [:]
      if state.resolutions.count >= Self.resolutionCacheLimit, state.resolutions[key] == nil {
        swap(&dropped, &state.resolutions)
      }
      state.resolutions[key] = resolution
      return dropped
    }
    withExtendedLifetime(dropped) {}
  }

  /// How many answers this injector caches now: for the tests of the cache's bound.
  var cachedResolutionCount: Int { state.withLock { $0.resolutions.count } }
}

extension Injector.State {
  /// Starts a new epoch: empties the caches and returns what they held, to be released
  /// outside the lock.
  mutating func startEpoch() -> (any Sendable)? {
    epoch &+= 1
    let dropped: ([ObjectIdentifier: TypePlan], TypePlan?, [ResolutionKey: Resolution]) = (
      plans, recentPlan, resolutions
    )
    plans = [:]
    recentPlan = nil
    resolutions = [:]
    return dropped
  }
}
