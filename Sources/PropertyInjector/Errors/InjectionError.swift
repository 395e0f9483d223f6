/// The one error PropertyInjector throws: what went wrong, where, what came close, and how to fix it.
///
/// It lists every problem found in one call, and when ``Injector/inject(_:)`` throws it, no property
/// has changed. Test ``code`` (or each ``Problem/code``) and the names in the message, not its
/// wording, which may improve between releases. See <doc:Errors>.
public struct InjectionError: Error, Sendable, CustomStringConvertible {
  /// Every problem found, never empty: configuration problems first, then declaration problems, then
  /// properties in declaration order, base classes first.
  public let problems: [Problem]

  /// The call that failed, such as `inject(ProfileScreen)` or `resolve(any Logger)`.
  public let operation: String

  /// The error thrown by a factory or initializer, when that is what made the call fail.
  public let underlyingError: (any Error)?

  /// The creations in progress, outermost first: the properties (or `resolve` calls) whose factories
  /// were running; for a ``Code/cycle``, the loop.
  public let path: [String]

  /// The code of the first problem; see ``problems`` for all of them.
  public var code: Code { problems[0].code }

  // Its memberwise initializer copies an error's fields: `problems` is never empty, as every error starts with one.

  /// This error as the failure of `operation` (so one from deep inside names the user's call), each problem transformed.
  func reported(as operation: String, replacing transform: (Problem) -> Problem = { $0 }) -> InjectionError {
    InjectionError(
      problems: problems.map(transform), operation: operation, underlyingError: underlyingError, path: path)
  }

  /// Throws `problems` as the failure of `operation`, if there are any.
  static func throwIfAny(_ problems: [Problem], as operation: @autoclosure () -> String) throws(InjectionError) {
    guard !problems.isEmpty else { return }
    throw InjectionError(problems: problems, operation: operation(), underlyingError: nil, path: [])
  }
  /// The same error, with `path` as the creations in progress, unless it has one already.
  func withPath(_ path: [String]) -> InjectionError {
    guard self.path.isEmpty, !path.isEmpty else { return self }
    return InjectionError(problems: problems, operation: operation, underlyingError: underlyingError, path: path)
  }

  /// A readable account of every problem, each with its fix.
  public var description: String {
    var lines = ["\(operation) failed with \(problems.count == 1 ? "1 problem" : "\(problems.count) problems"):"]
    lines += problems.map { "- " + $0.description.replacingNewlines(with: "\n  ") }
    if !path.isEmpty && code != .cycle { lines.append("  While creating: \(path.joined(separator: " → "))") }
    if let underlyingError { lines.append("  Underlying error: \(underlyingError)") }
    return lines.joined(separator: "\n")
  }
}

extension InjectionError {
  /// Makes an error of one problem; the creation it leaves adds its path when `path` is empty (``withPath(_:)``).
  init(operation: String, _ problem: Problem, underlyingError: (any Error)? = nil, path: [String] = []) {
    self.init(problems: [problem], operation: operation, underlyingError: underlyingError, path: path)
  }

  /// One thing that is wrong, with the type and property it concerns and how to fix it.
  public struct Problem: Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem this is.
    public let code: Code
    /// The type the problem is in: the type that declares the property, or the registered type.
    public let typeName: String
    /// The property concerned, when there is one.
    public let property: String?
    /// The property's declared type, written as in source (`(any Logger)?`), when it is known.
    public let declaredType: String?
    /// What happened, in one sentence.
    public let summary: String
    /// Registrations that came close but were not eligible, and why each was passed over.
    public let nearMisses: [String]
    /// What to change to make the problem go away.
    public let fix: String

    init(
      code: Code,
      typeName: String,
      property: String? = nil,
      declaredType: String? = nil,
      summary: String,
      nearMisses: [String] = [],
      fix: String = ""
    ) {
      self.code = code
      self.typeName = typeName
      self.property = property
      self.declaredType = declaredType
      self.summary = summary
      self.nearMisses = nearMisses
      self.fix = fix
    }

    /// A problem at `site`, the type, property and declared type it names.
    init(code: Code, at site: Site, summary: String, nearMisses: [String] = [], fix: String = "") {
      self.init(
        code: code, typeName: site.typeName, property: site.property, declaredType: site.declaredType,
        summary: summary, nearMisses: nearMisses, fix: fix)
    }

    /// Where the problem is: `ProfileScreen.injectedLogger: (any Logger)?`, or the type's name alone.
    public var location: String {
      guard let property else { return typeName }
      guard let declaredType else { return "\(typeName).\(property)" }
      return "\(typeName).\(property): \(declaredType)"
    }

    /// `location [code]: summary`, then the near misses and the fix on lines of their own.
    public var description: String {
      var text = "\(location) [\(code)]: \(summary)"
      for miss in nearMisses { text += "\n  Came close: \(miss)" }
      if !fix.isEmpty { text += "\n  Fix: \(fix)" }
      return text
    }
  }
}
