// The errors of reading an `@Injected` property, told from its point of view; each text is built only here.

extension InjectionError {
  /// This error, reported as a failed read of the `@Injected` property at `site` (naming an unconfigured `shared`).
  func readingInjected(at site: Site, fromShared: Bool) -> InjectionError {
    reported(as: "@Injected \(InjectedStop.location(of: site))") { problem in
      guard fromShared, problem.code == .notConfigured else { return problem }
      return Problem.injectedNotConfigured(at: site)
    }
  }
}

extension InjectionError.Problem {
  /// An `@Injected` property read from `Injector.shared` before `configure` ran.
  static func injectedNotConfigured(at site: Site) -> Self {
    Self(
      code: .notConfigured, typeName: site.typeName, property: site.property, declaredType: site.declaredType,
      summary: "Injector.shared was never configured, and this @Injected property reads from it (it names no "
        + "injector of its own), so there is nothing to read.",
      fix: "Configure Injector.shared at launch, before anything reads it: "
        + "`Injector.shared.configure { injector in injector.register(...) }`; or give the property an injector "
        + "of its own: `@Injected(in: injector)`.")
  }
}

/// The message with which reading an `@Injected` property that cannot be resolved stops the program.
enum InjectedStop {
  /// `ReportView.logger: any Logger`, or `any Logger` when the property is not known.
  static func location(of site: Site) -> String {
    guard site.property != nil else { return site.typeName }
    return "\(site.label): \(site.declaredType ?? site.typeName)"
  }

  /// The multi-line stop message for `error`, and how to handle (`try $property.resolve()`) or find it instead.
  static func message(for error: InjectionError, property: String?) -> String {
    let projection = property.map { "$\($0)" } ?? "$property"
    return """
      \(error.operation) cannot be read. A property's getter cannot throw, so the program stops here.
      \(error)
      To handle it instead of stopping, read it with `try \(projection).resolve()`, which throws this error; to find \
      it before the app runs, check the object in a test with `try injector.validate(object)`.
      """
  }
}
