extension InjectionError {
  /// The error as an ``InjectionError``, or nil when it is another kind of error: the one way to
  /// read a caught error that compiles in every context.
  ///
  /// ```swift
  /// Task {
  ///   do {
  ///     try injector.inject(screen)
  ///   } catch {
  ///     if let error = InjectionError(error), error.code == .unresolved {
  ///       print(error.problems.map(\.location))
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// In a function body, `error` in a `catch` after a call with typed throws is already an
  /// ``InjectionError``. In a closure (a `Task`, a callback, a `map`) it is `any Error`, even when
  /// every call in the `do` throws an ``InjectionError``, and so it is in a closure declared
  /// `throws(InjectionError)`. Each usual spelling fails in one of these places:
  /// - `error.code` does not compile in a closure (`any Error` has no `code`);
  /// - `catch let error as InjectionError` warns "'as' test is always true" in a function body (an
  ///   error with warnings as errors), and with a closure inside the clause, in a throwing
  ///   function, Swift 6.3.1 crashes while compiling it;
  /// - `error as? InjectionError` warns "always succeeds" in a function body.
  ///
  /// `InjectionError(error)` accepts either, so the same line compiles in a function body, an
  /// `async` function, a throwing or non-throwing closure and a `Task`, without a warning, and it
  /// can guard a clause of its own: `catch let error where InjectionError(error)?.code == .unresolved { }`.
  ///
  /// - Parameter error: A caught error, of any type.
  ///
  /// Thread safety: a pure function of its argument; call it anywhere.
  public init?(_ error: any Error) {
    guard let error = error as? InjectionError else { return nil }
    self = error
  }
}
