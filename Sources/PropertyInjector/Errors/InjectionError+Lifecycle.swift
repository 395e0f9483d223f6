// The errors of creations: cycles, depth, waits, released injectors. Each text is built only here.

extension InjectionError {
  /// A cycle along `path`, whose last element, `site`, repeats an earlier one; `handle`, a ``Lazy`` or ``Provider``
  /// read in it (which a handle, already there, cannot break).
  static func cycle(path: [String], closingAt site: Site, reading handle: String?, links: [Site] = [])
    -> InjectionError
  {
    let fix =
      if let handle {
        "Break the cycle: \(handle) is read while its value is being made. Read it later, once the creation is over "
          + "(when the value is first needed), not in the factory or initializer that makes it."
      } else {
        "Break the cycle: " + cycleBreaks(links).joined(separator: "; or ")
          + "; or restructure so one side does not need the other to exist first."
      }
    return InjectionError(
      operation: site.label,
      Problem(code: .cycle, at: site, summary: "a creation needs itself: \(path.joined(separator: " → ")).", fix: fix),
      path: path)
  }

  /// Where a cycle can be broken: each of `links` (the requests made inside the loop, the one that closes it last)
  /// deferred, a property by its declaration, a factory's `resolve` by resolving a handle instead.
  private static func cycleBreaks(_ links: [Site]) -> [String] {
    var breaks: [String] = []
    let properties = links.filter { $0.property != nil }.map(\.label)
    if !properties.isEmpty || links.isEmpty {
      let which = properties.isEmpty ? "one of these properties" : properties.joined(separator: " or ")
      breaks.append("declare \(which) as Lazy<T>? (made on first use) or Provider<T>? (resolved on each get())")
    }
    if let resolve = links.first(where: { $0.property == nil }), let type = resolve.resolvedTypeName {
      breaks.append(
        "in the factory that calls \(resolve.label), resolve a handle instead, `try resolver.resolve(Lazy<\(type)>.self)`, "
          + "and read its value once the creation is over")
    }
    return breaks
  }

  /// Creations nested past `limit` levels, or past the thread's stack, the last at `site`.
  static func tooDeep(path: [String], at site: Site, limit: Int, stackExhausted: Bool) -> InjectionError {
    let why =
      stackExhausted
      ? "creations are nested \(path.count) deep, and this thread's stack is nearly used up"
      : "creations are nested \(path.count) deep, past the limit of \(limit)"
    return InjectionError(
      operation: site.label,
      Problem(
        code: .tooDeep, at: site, summary: "\(why): " + path.suffix(6).joined(separator: " → ") + ".",
        fix: "Look for a factory that keeps creating new instances of new types; use Lazy<T>? or Provider<T>? to "
          + "defer them\(stackExhausted ? ", or inject on a thread with a larger stack" : "")."),
      path: path)
  }

  /// A wait for another thread's creation of `label` that lasted longer than `seconds`.
  static func timedOut(waitingFor label: String, seconds: Double, at site: Site) -> InjectionError {
    InjectionError(
      operation: site.label,
      Problem(
        code: .timedOut, at: site,
        summary: "this thread waited \(seconds) s for \(label), which another thread is still creating: that "
          + "creation may be waiting for this thread in a way the injector cannot see (a semaphore, a blocking "
          + "call), or it is very slow.",
        fix: "Make sure no factory blocks on another thread that needs what it is creating; for slow factories, "
          + "raise the injector's creationWaitLimit."))
  }

  static func configurationTimedOut(seconds: Double) -> InjectionError {
    InjectionError(
      operation: "configure",
      Problem(
        code: .timedOut, typeName: "Injector",
        summary: "this thread waited \(seconds) s for configure(_:), which another thread is still running: that "
          + "configuration may be waiting for this thread (a semaphore, a synchronous dispatch), or it is very slow.",
        fix: "Never block inside configure on a thread that injects or resolves; register first, then start the "
          + "work that uses the injector."))
  }

  /// A handle, or a resolver, used after its injector was released.
  static func injectorReleased(operation: String, site: Site?) -> InjectionError {
    InjectionError(
      operation: operation,
      Problem(
        code: .injectorReleased, typeName: site?.typeName ?? "Resolver", property: site?.property,
        declaredType: site?.declaredType,
        summary: "the injector it resolves from was released before it was used.",
        fix: "Keep the injector alive as long as the objects it made use their Lazy, Provider and Resolver values."))
  }
}
