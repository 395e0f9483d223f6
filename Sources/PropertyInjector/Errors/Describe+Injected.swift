// What reading an `@Injected` property says when it fails: the error told from the property's
// point of view, and the message that stops the program. Each text is built here and nowhere else.

extension InjectionError {
  /// This error (from resolving the value of an `@Injected` property at `site`), reported as the
  /// failure of reading that property: `@Injected ReportView.logger: any Logger failed ...`.
  /// When the property reads from ``Injector/shared`` and it was never configured, the problem
  /// says exactly that, with the call to add.
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

  /// The whole message: what was read, why it stops, the error with every problem and its fix,
  /// and how to handle or find it instead.
  ///
  /// - Parameters:
  ///   - error: The error, already told from the property's point of view
  ///     (``InjectionError/readingInjected(at:fromShared:)``).
  ///   - property: The property's name, for the `$name` to write; nil when it is not known.
  /// - Returns: The message, several lines long.
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
