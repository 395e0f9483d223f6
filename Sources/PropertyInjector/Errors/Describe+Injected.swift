// The errors of reading an `@Injected` property, told from its point of view; each text is built only here.

extension InjectionError {
  /// This error, reported as a failed read of the `@Injected` property at `site` (naming an unconfigured `shared`).
  func readingInjected(at site: Site, fromShared: Bool) -> InjectionError {
    let location = site.property == nil ? site.typeName : "\(site.label): \(site.declaredType ?? site.typeName)"
    return reported(as: "@Injected \(location)") { problem in
      // A problem of the read itself (not of a value it made) is the property's.
      if problem.property == nil, site.property != nil, problem.typeName == site.declaredType,
        problem.code != .notConfigured
      {
        return Problem(
          code: problem.code, at: site, summary: problem.summary, nearMisses: problem.nearMisses, fix: problem.fix)
      }
      guard fromShared, problem.code == .notConfigured else { return problem }
      // Read from `Injector.shared` before `configure` ran.
      return Problem(
        code: .notConfigured, at: site,
        summary: "Injector.shared was never configured, and this @Injected property reads from it (it names no "
          + "injector of its own), so there is nothing to read.",
        fix: "Configure Injector.shared at launch, before anything reads it: "
          + "`Injector.shared.configure { injector in injector.register(...) }`; or give the property an injector "
          + "of its own: `@Injected(in: injector)`.")
    }
  }
}
