extension Injector {
  /// Changes the registry under `key`, then drops every plan and resolution built from the old one, here and in every
  /// descendant. `change` runs under the lock (no user code), and returns whether it changed something and the
  /// registration it took out: released after the lock with what is dropped, so no `deinit` runs under it.
  @discardableResult
  func changeRegistry(at key: RegistrationKey, _ change: (inout Registry) -> (Bool, Registration?)) -> Bool {
    let thread = currentThreadID()
    typealias Outcome = (
      Bool, Registration?, dropped: (RegistrySnapshot?, (any Sendable)?), [InjectorLink], (before: Slot, after: Slot)?
    )
    let (changed, released, dropped, children, escaped) = state.withLock { state -> Outcome in
      // `configure`'s own changes are journaled; others to the shared injector may escape an override.
      let journaled = state.journal?.thread == thread
      defer { state.snapshot = nil }
      guard journaled || requiresConfiguration else {
        let (changed, released) = change(&state.registry)
        return (changed, released, (state.snapshot, state.startEpoch()), Array(state.children.values), nil)
      }
      let before = state.registry.slot(key)
      let (changed, released) = change(&state.registry)
      let after = state.registry.slot(key)
      var escaped: (before: Slot, after: Slot)?
      if journaled {
        state.journal?.changes.append((key, before, after))
      } else if !after.isSame(as: before) {
        escaped = (before, after)
      }
      return (changed, released, (state.snapshot, state.startEpoch()), Array(state.children.values), escaped)
    }
    if let escaped, Injector.overridesInPlace.withLock({ $0 > 0 }) {
      changesDuringOverrides?.withLock { $0.record(before: escaped.before, after: escaped.after) }
    }
    withExtendedLifetime(dropped) {}
    withExtendedLifetime(released) {}
    for child in children { child.owner?.ancestorDidChange() }
    return changed
  }

  /// Drops what was built from an ancestor's old registry, here and in every descendant.
  private func ancestorDidChange() {
    let (dropped, children) = state.withLock { state in
      (state.startEpoch(), Array(state.children.values))
    }
    withExtendedLifetime(dropped) {}
    for child in children { child.owner?.ancestorDidChange() }
  }

  /// This injector's snapshot, then its ancestors'. Waits while one is configured on another
  /// thread (a half-built registry is never seen), at most ``creationWaitLimit``.
  func snapshotChain() throws(InjectionError) -> SnapshotChain {
    var levels: [RegistrySnapshot] = []
    var overrideLevel: Int?
    var current: Injector? = self
    while let injector = current {
      if overrideLevel == nil, injector.overrideCells != nil { overrideLevel = levels.count }
      if let gate = injector.madeGate.value,
        gate.isConfiguredOrConfiguringHere(limit: injector.waitLimitSeconds) == nil
      {
        throw .configurationTimedOut(seconds: injector.waitLimitSeconds)
      }
      levels.append(injector.publishedSnapshot())
      current = injector.parent
    }
    return SnapshotChain(levels: levels, overrideLevel: overrideLevel)
  }

  /// This injector's registry as published: the current snapshot, made if a change dropped it.
  private func publishedSnapshot() -> RegistrySnapshot {
    state.withLock { state in
      if let snapshot = state.snapshot { return snapshot }
      let snapshot = RegistrySnapshot(registry: state.registry, owner: ObjectIdentifier(self))
      state.snapshot = snapshot
      return snapshot
    }
  }

  /// The chain the call that pinned `pinned` started from, from this injector up; a plan shared with siblings pinned
  /// its own registrations apart, made a snapshot here.
  func chain(pinnedAt pinned: PinnedLevel) -> SnapshotChain {
    var levels = Array(pinned.pin.chain.levels[pinned.level...])
    if pinned.sharesOwnLevel {
      levels[0] = RegistrySnapshot(registry: Registry(holding: pinned.ownRegistrations), owner: ObjectIdentifier(self))
    }
    let overrideLevel = sequence(first: self, next: \.parent).prefix(levels.count).enumerated()
      .first { $1.overrideCells != nil }?.offset
    return SnapshotChain(levels: levels, overrideLevel: overrideLevel)
  }

  /// Caches `plan`, unless the chain changed since `epoch` (checked under the changes' lock).
  func keep(_ plan: TypePlan, for type: ObjectIdentifier, builtIn epoch: UInt64) {
    let replaced = state.withLock { state -> TypePlan? in
      guard state.epoch == epoch else { return nil }
      state.recentPlan = plan
      return state.plans.updateValue(plan, forKey: type)
    }
    withExtendedLifetime(replaced) {}
  }

  /// Caches `plan`, a child's, for its siblings, unless this chain changed since `epoch`; a full cache starts again.
  func keep(siblingPlan plan: TypePlan, for key: SiblingPlanKey, builtIn epoch: UInt64) {
    let dropped = state.withLock { state in
      state.epoch == epoch ? state.siblingPlans.set(plan, for: key, emptyingAt: Self.siblingPlanLimit) : [:]
    }
    withExtendedLifetime(dropped) {}
  }

  /// The plan a child of this injector built that a child of `key`'s shape may run, if any.
  func siblingPlan(for key: SiblingPlanKey) -> TypePlan? {
    let previous = state.withLock { state -> (found: TypePlan?, previous: (key: SiblingPlanKey, plan: TypePlan)?) in
      if let recent = state.recentSiblingPlan, recent.key == key { return (recent.plan, nil) }
      guard let plan = state.siblingPlans[key] else { return (nil, nil) }
      defer { state.recentSiblingPlan = (SiblingPlanKey(type: key.type, shape: key.shape.kept), plan) }
      return (plan, state.recentSiblingPlan)
    }
    return previous.found
  }

  /// Caches `resolution` for `key`, as ``keep(_:for:builtIn:)`` does; a full cache starts again.
  func keep(_ resolution: Resolution, for key: ResolutionKey, builtIn epoch: UInt64) {
    let dropped = state.withLock { state in
      state.epoch == epoch ? state.resolutions.set(resolution, for: key, emptyingAt: Self.resolutionCacheLimit) : [:]
    }
    withExtendedLifetime(dropped) {}
  }

  /// For the tests of the cache's bound.
  var cachedResolutionCount: Int { state.withLock { $0.resolutions.count } }

  /// For the tests of the plans kept for children.
  var siblingPlanCount: Int { state.withLock { $0.siblingPlans.count } }
}

extension Injector.State {
  /// Starts a new epoch: empties the caches, returning what they held to release after the lock.
  mutating func startEpoch() -> (any Sendable)? {
    epoch &+= 1
    // Nothing to drop (a new child registering its values, say): nothing to box.
    if plans.isEmpty, recentPlan == nil, resolutions.isEmpty, siblingPlans.isEmpty { return nil }
    let dropped = (plans, recentPlan, resolutions, siblingPlans)
    plans = [:]
    recentPlan = nil
    resolutions = [:]
    siblingPlans = [:]
    recentSiblingPlan = nil
    return dropped
  }
}

extension Dictionary {
  /// Sets `value` for `key`, first emptying a dictionary holding `limit` other keys; returns what it held, to release.
  fileprivate mutating func set(_ value: Value, for key: Key, emptyingAt limit: Int) -> Self {
    var dropped: Self = [:]
    if count >= limit, self[key] == nil { swap(&dropped, &self) }
    self[key] = value
    return dropped
  }
}
