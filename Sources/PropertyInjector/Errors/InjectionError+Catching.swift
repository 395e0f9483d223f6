extension InjectionError {
  /// The error as an ``InjectionError``, or nil for another kind of error: the way to read a caught
  /// error that compiles in every context.
  ///
  /// In a closure or a `Task`, a caught `error` is `any Error` even when every call throws
  /// ``InjectionError``; `if let error = InjectionError(error) { ... }` reads it there and in a
  /// function body alike. See <doc:Errors>.
  ///
  /// - Parameter error: A caught error, of any type.
  public init?(_ error: any Error) {
    guard let error = error as? InjectionError else { return nil }
    self = error
  }
}
