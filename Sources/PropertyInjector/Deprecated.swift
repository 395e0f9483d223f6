// Spellings of earlier versions that cost nothing to keep: each forwards to its new name, and
// the compiler's fix-it renames it.

extension InjectionError.Code {
  /// An id that is empty or blank: now any id that can never match.
  @_documentation(visibility: internal)
  @available(*, deprecated, renamed: "invalidID")
  public static var emptyID: Self { .invalidID }

  /// A name that is empty or blank: now any name that can never match.
  @_documentation(visibility: internal)
  @available(*, deprecated, renamed: "invalidName")
  public static var emptyName: Self { .invalidName }
}

extension InjectionReport {
  /// The type's table problems, now with the injector's configuration problems.
  @_documentation(visibility: internal)
  @available(*, deprecated, renamed: "problems")
  public var tableProblems: [InjectionError.Problem] { problems }
}

extension Injected {
  /// The value registered now.
  ///
  /// - Returns: The value.
  /// - Throws: ``InjectionError``.
  @_documentation(visibility: internal)
  @available(*, deprecated, renamed: "resolve()")
  public func resolved() throws(InjectionError) -> Value { try resolve() }
}
