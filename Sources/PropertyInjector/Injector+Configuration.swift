extension Injector {
  /// The app-wide injector, for code that cannot be handed one (OBInjector's controller).
  ///
  /// ```swift
  /// // At launch, once:
  /// Injector.shared.configure { injector in
  ///   injector.register(ConsoleLogger(), as: (any Logger).self)
  /// }
  /// // Anywhere after:
  /// try Injector.shared.inject(viewController)
  /// ```
  ///
  /// Injecting or resolving through it before ``configure(_:)`` has run throws
  /// ``InjectionError/Code/notConfigured``, so a launch-order mistake surfaces at once.
  /// Inside ``withOverrides(_:operation:)`` (and tests using the `.injecting` trait), it is the
  /// override injector of the current task, whose registrations fall back to the real one.
  public static var shared: Injector { overriding ?? root }

  /// The app-wide injector itself, whatever the current task overrides.
  static let root = Injector(parent: nil, requiresConfiguration: true)

  /// Runs `body` to register this injector's contents, the first time only.
  ///
  /// The first call runs `body` and returns `true`; every later call ignores its body and
  /// returns `false`, so configuration code can run from several places without registering
  /// twice. A call made while another thread's `configure` is running waits for it to finish
  /// (then returns `false`, or runs its own body if the first one threw), and so does every
  /// `inject` and `resolve` through this injector or its children: no thread ever sees a
  /// half-built registry. A nested call from inside `body` returns `false` at once.
  ///
  /// If `body` throws, the registrations it made are undone, the injector stays unconfigured
  /// (so a later `configure` runs), and the error is rethrown.
  ///
  /// - Parameter body: Registers what the injector supplies; receives this injector.
  /// - Returns: Whether `body` ran.
  /// - Throws: What `body` throws.
  @discardableResult
  public func configure(_ body: (Injector) throws -> Void) rethrows -> Bool {
    guard gate.beginConfiguring() else { return false }
    let saved = state.withLock { $0.registry }
    do {
      try body(self)
    } catch {
      let discarded = changeRegistry { registry in
        defer { registry = saved }
        return registry
      }
      withExtendedLifetime(discarded) {}
      gate.endConfiguring(succeeded: false)
      throw error
    }
    gate.endConfiguring(succeeded: true)
    return true
  }

  /// Throws ``InjectionError/Code/notConfigured`` when this injector requires configuration and
  /// ``configure(_:)`` has not run; waits while it runs on another thread.
  func checkConfigured(operation: @autoclosure () -> String) throws(InjectionError) {
    guard requiresConfiguration, !gate.isConfiguredOrConfiguringHere() else { return }
    throw InjectionError(operation: operation(), .notConfigured)
  }
}

/// Whether an injector's ``Injector/configure(_:)`` has run, is running (on which thread), or
/// has not; threads that must not see a half-built registry wait on it.
final class ConfigurationGate: Sendable {
  private enum Phase: Sendable {
    case notConfigured
    case configuring(thread: UInt)
    case configured
  }

  private let phase = ConditionLocked(Phase.notConfigured)

  /// Starts configuring on this thread, and returns true; or returns false when it is done, or
  /// being done on this thread. Waits while another thread configures.
  func beginConfiguring() -> Bool {
    let me = currentThreadID()
    return phase.withLock { held in
      while true {
        switch held({ $0 }) {
        case .configured:
          return false
        case .configuring(let thread) where thread == me:
          return false
        case .configuring:
          held.wait(seconds: 1)
        case .notConfigured:
          held { $0 = .configuring(thread: me) }
          return true
        }
      }
    }
  }

  /// Ends this thread's configuration.
  func endConfiguring(succeeded: Bool) {
    phase.withLock { held in
      held { $0 = succeeded ? .configured : .notConfigured }
      held.broadcast()
    }
  }

  /// Returns once no other thread is configuring.
  func waitWhileConfiguredElsewhere() {
    let me = currentThreadID()
    phase.withLock { held in
      while case .configuring(let thread) = held({ $0 }), thread != me {
        held.wait(seconds: 1)
      }
    }
  }

  /// Whether configuration is done, or running on this thread (whose body may use the
  /// injector); waits while another thread configures.
  func isConfiguredOrConfiguringHere() -> Bool {
    let me = currentThreadID()
    return phase.withLock { held in
      while true {
        switch held({ $0 }) {
        case .notConfigured: return false
        case .configured: return true
        case .configuring(let thread) where thread == me: return true
        case .configuring: held.wait(seconds: 1)
        }
      }
    }
  }
}
