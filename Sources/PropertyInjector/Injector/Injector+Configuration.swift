extension Injector {
  /// The app-wide injector, for code that cannot be handed one.
  ///
  /// ```swift
  /// Injector.shared.configure { $0.register(ConsoleLogger(), as: (any Logger).self) }  // at launch, once
  /// try Injector.shared.inject(viewController)
  /// ```
  ///
  /// Injecting or resolving through it before ``configure(_:)`` has run throws
  /// ``InjectionError/Code/notConfigured``. Inside ``withOverrides(_:operation:)`` it is the current
  /// task's override injector. See <doc:Testing>.
  public static var shared: Injector { overriding ?? root }

  /// The app-wide injector itself, whatever the current task overrides.
  package static let root = Injector(parent: nil, requiresConfiguration: true)

  /// Runs `body` to register this injector's contents, the first time only.
  ///
  /// Later calls, and calls from inside `body`, return `false` without running their body. A call on
  /// another thread meanwhile waits for the first, and so do `inject` and `resolve` through this
  /// injector. If `body` throws, what it registered is undone, and a later call runs. See <doc:ThreadSafety>.
  ///
  /// Inside ``withOverrides(_:operation:)``, where ``shared`` is the override, it configures the override, once:
  /// app launch code that a test runs wires the test's own injector, not the process-wide one. What the override
  /// held before (the test's fakes) wins over what `body` registers under the same type, id or name. See
  /// <doc:Testing>.
  ///
  /// - Parameter body: Registers what the injector supplies; receives this injector.
  /// - Returns: Whether `body` ran.
  /// - Throws: What `body` throws.
  @discardableResult
  public func configure(_ body: (Injector) throws -> Void) rethrows -> Bool {
    guard gate.beginConfiguring(limit: waitLimitSeconds) else { return false }
    state.withLock { $0.journal = ConfigurationJournal(thread: currentThreadID()) }
    do {
      try body(self)
    } catch {
      putBack(state.withLock { $0.journal.take() }?.changes ?? [])
      gate.endConfiguring(succeeded: false)
      throw error
    }
    let changes = state.withLock { $0.journal.take() }?.changes ?? []
    if overrideCells != nil {
      // The override's own registrations from before, a test's fakes, win over the configuration's.
      var heldBefore: [RegistrationKey: Bool] = [:]
      for change in changes where heldBefore[change.key] == nil {
        heldBefore[change.key] = change.before.registration != nil
      }
      putBack(changes.filter { heldBefore[$0.key] == true })
    }
    gate.endConfiguring(succeeded: true)
    return true
  }

  /// Puts back, latest first, what each of `changes` replaced, wherever nothing changed it since.
  private func putBack(_ changes: [(key: RegistrationKey, before: Slot, after: Slot)]) {
    for change in changes.reversed() {
      changeRegistry(at: change.key) { registry in
        guard registry.slot(change.key).isSame(as: change.after) else { return (false, nil) }
        return (true, registry.restore(change.before, at: change.key))
      }
    }
  }

  /// Throws ``InjectionError/Code/notConfigured`` unless ``configure(_:)`` ran, or runs here; waits while it runs elsewhere.
  func checkConfigured(operation: @autoclosure () -> String) throws(InjectionError) {
    guard requiresConfiguration else { return }
    switch gate.isConfiguredOrConfiguringHere(limit: waitLimitSeconds) {
    case true?: return
    case false?: throw InjectionError(operation: operation(), .notConfigured)
    case nil: throw .configurationTimedOut(seconds: waitLimitSeconds)
    }
  }
}

/// The registry changes a running ``Injector/configure(_:)`` made on its own thread.
struct ConfigurationJournal: Sendable {
  /// The thread running the configuration.
  let thread: UInt
  /// Each change: what was under `key` before, and what the change left there.
  var changes: [(key: RegistrationKey, before: Slot, after: Slot)] = []
}

/// Whether an injector's ``Injector/configure(_:)`` has run, is running (on which thread), or
/// has not; threads that must not see a half-built registry wait on it, for a limited time.
final class ConfigurationGate: Sendable {
  private enum Phase: Sendable {
    case notConfigured
    case configuring(thread: UInt)
    case configured
  }

  private let phase = ConditionLocked(Phase.notConfigured)

  /// Starts configuring on this thread and returns true; false when done, running here, or elsewhere after `limit` seconds.
  func beginConfiguring(limit: Double) -> Bool {
    let me = currentThreadID()
    return whenNotConfiguringElsewhere(within: limit) { phase in
      guard case .notConfigured = phase else { return false }
      phase = .configuring(thread: me)
      return true
    } ?? false
  }

  /// Ends this thread's configuration.
  func endConfiguring(succeeded: Bool) {
    phase.withLock { held in
      held { $0 = succeeded ? .configured : .notConfigured }
      held.broadcast()
    }
  }

  /// Whether configuration is done, or running here, once no other thread configures; nil after `limit` seconds
  /// (so nil also says whether another thread still configures after waiting that long).
  func isConfiguredOrConfiguringHere(limit: Double) -> Bool? {
    whenNotConfiguringElsewhere(within: limit) { phase in
      if case .notConfigured = phase { false } else { true }
    }
  }

  /// `answer` about the phase once no other thread is configuring; nil if one still is after `limit` seconds.
  private func whenNotConfiguringElsewhere(within limit: Double, _ answer: (inout Phase) -> Bool) -> Bool? {
    let me = currentThreadID()
    return phase.withLock { held in
      let start = monotonicSeconds()
      while case .configuring(let thread) = held({ $0 }), thread != me {
        let remaining = limit - (monotonicSeconds() - start)
        guard remaining > 0 else { return nil }
        held.wait(seconds: min(remaining, 1))
      }
      return held(answer)
    }
  }
}
