extension Injector {
  /// Changes the registry, then drops every plan and resolution built from the old one, here
  /// and in every descendant. `change` runs under the lock, so it must not call user code;
  /// whatever it returns (replaced registrations, say) and everything dropped is released
  /// after the lock, so no `deinit` runs under it.
  @discardableResult
  func changeRegistry<Result>(_ change: (inout Registry) -> Result) -> Result {
    let (result, dropped, children) = state.withLock { state in
      let result = change(&state.registry)
      state.version &+= 1
      return (result, state.dropCaches(includingSnapshot: true), state.children)
    }
    withExtendedLifetime(dropped) {}
    for child in children { child.injector?.ancestorDidChange() }
    return result
  }

  /// Drops what was built from an ancestor's old registry, here and in every descendant.
  private func ancestorDidChange() {
    let (dropped, children) = state.withLock { state in
      (state.dropCaches(includingSnapshot: false), state.children)
    }
    withExtendedLifetime(dropped) {}
    for child in children { child.injector?.ancestorDidChange() }
  }

  /// The snapshots a request is answered from: this injector's, then its ancestors', each
  /// published if it was not yet. Waits while an injector of the chain is being configured on
  /// another thread, so a half-built registry is never seen.
  func snapshotChain() -> SnapshotChain {
    var levels: [RegistrySnapshot] = []
    var current: Injector? = self
    while let injector = current {
      injector.gate.waitWhileConfiguredElsewhere()
      levels.append(
        injector.state.withLock { state in
          if let snapshot = state.snapshot { return snapshot }
          let snapshot = RegistrySnapshot(registry: state.registry, version: state.version)
          state.snapshot = snapshot
          return snapshot
        })
      current = injector.parent
    }
    return SnapshotChain(levels: levels)
  }

  /// Whether every injector of the chain is still at the version in `versions`.
  func isCurrent(_ versions: [UInt64]) -> Bool {
    var index = 0
    var current: Injector? = self
    while let injector = current {
      guard index < versions.count, injector.state.withLock({ $0.version }) == versions[index] else { return false }
      index += 1
      current = injector.parent
    }
    return index == versions.count
  }

  /// Caches `plan` for `type`, unless the chain changed while it was built. A change that
  /// lands after the store drops it as it drops every cache; one that landed before is caught
  /// by the check that follows the store.
  func keep(_ plan: TypePlan, for type: ObjectIdentifier) {
    let replaced = state.withLock { state -> TypePlan? in
      guard state.version == plan.versions.first else { return nil }
      defer { state.plans[type] = plan }
      return state.plans[type]
    }
    withExtendedLifetime(replaced) {}
    guard parent != nil, !isCurrent(plan.versions) else { return }
    let removed = state.withLock { state -> TypePlan? in
      state.plans[type] === plan ? state.plans.removeValue(forKey: type) : nil
    }
    withExtendedLifetime(removed) {}
  }

  /// Caches `resolution` for `key`, unless the chain changed while it was made; as ``keep(_:for:)``.
  func keep(_ resolution: Resolution, for key: ResolutionKey, builtFrom versions: [UInt64]) {
    let replaced = state.withLock { state -> Resolution? in
      guard state.version == versions.first else { return nil }
      defer { state.resolutions[key] = resolution }
      return state.resolutions[key]
    }
    withExtendedLifetime(replaced) {}
    guard parent != nil, !isCurrent(versions) else { return }
    let removed = state.withLock { state -> Resolution? in
      state.resolutions[key]?.producer === resolution.producer ? state.resolutions.removeValue(forKey: key) : nil
    }
    withExtendedLifetime(removed) {}
  }
}

extension Injector.State {
  /// Empties the caches and returns what they held, to be released outside the lock.
  mutating func dropCaches(includingSnapshot: Bool) -> (any Sendable)? {
    let dropped: (RegistrySnapshot?, [ObjectIdentifier: TypePlan], TypePlan?, [ResolutionKey: Resolution]) = (
      includingSnapshot ? snapshot : nil, plans, recentPlan, resolutions
    )
    if includingSnapshot { snapshot = nil }
    plans = [:]
    recentPlan = nil
    resolutions = [:]
    children.removeAll { $0.injector == nil }
    return dropped
  }
}
