/// The one error PropertyInjector throws: what went wrong, where, what came close, and how to fix it.
///
/// An `InjectionError` carries every problem found in one call, not just the first. When
/// ``Injector/inject(_:)`` throws it, no property of the object has changed.
///
/// ```swift
/// do {
///   try injector.inject(screen)
/// } catch let error as InjectionError {
///   print(error)  // every unresolved property, with near misses and a fix for each
///   if error.problems.contains(where: { $0.code == .unresolved }) { ... }
/// }
/// ```
///
/// Test errors by ``code`` (or each problem's ``Problem/code``) and by the names in the
/// message; the wording of the message may improve between releases, the codes do not change.
public struct InjectionError: Error, Sendable, CustomStringConvertible {
  /// Every problem found, in a stable order: the object's declaration problems first, then
  /// its properties in declaration order (base classes first). Never empty.
  public let problems: [Problem]

  /// The call that failed, such as `inject(ProfileScreen)` or `register(ImageCache)`.
  public let operation: String

  /// The error thrown by a factory or initializer, when that is what made the call fail.
  public let underlyingError: (any Error)?

  /// The chain of creations that led back to its own start, for a ``Code/cycle`` error:
  /// `["Feed.injectedDatabase", "Database.injectedCache", "Cache.injectedDatabase"]`.
  public let cyclePath: [String]

  /// The code of the first problem; see ``problems`` for all of them.
  public var code: Code { problems[0].code }

  init(
    operation: String,
    problems: [Problem],
    underlyingError: (any Error)? = nil,
    cyclePath: [String] = []
  ) {
    self.operation = operation
    self.problems = problems.isEmpty ? [Problem(code: .internalInconsistency, typeName: operation)] : problems
    self.underlyingError = underlyingError
    self.cyclePath = cyclePath
  }

  init(operation: String, _ problem: Problem, underlyingError: (any Error)? = nil, cyclePath: [String] = []) {
    self.init(operation: operation, problems: [problem], underlyingError: underlyingError, cyclePath: cyclePath)
  }

  /// A readable account of every problem, each with its fix.
  public var description: String {
    var lines = ["\(operation) failed with \(problems.count == 1 ? "1 problem" : "\(problems.count) problems"):"]
    for problem in problems {
      lines.append("- " + problem.description.replacingNewlines(with: "\n  "))
    }
    if let underlyingError {
      lines.append("  Underlying error: \(underlyingError)")
    }
    return lines.joined(separator: "\n")
  }
}

extension InjectionError {
  /// One thing that is wrong, with the type and property it concerns and how to fix it.
  public struct Problem: Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem this is.
    public let code: Code
    /// The type the problem is in: the type that declares the property, or the registered type.
    public let typeName: String
    /// The property concerned, when there is one.
    public let property: String?
    /// The property's declared type, written as in source (`Logger?`), when there is a property.
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
      summary: String = "",
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

    /// Where the problem is: `ProfileScreen.injectedLogger: Logger?`, or the type's name alone.
    public var location: String {
      guard let property else { return typeName }
      guard let declaredType else { return "\(typeName).\(property)" }
      return "\(typeName).\(property): \(declaredType)"
    }

    /// `location [code]: summary`, then the near misses and the fix on lines of their own.
    public var description: String {
      var text = "\(location) [\(code)]: \(summary)"
      for miss in nearMisses {
        text += "\n  Came close: \(miss)"
      }
      if !fix.isEmpty {
        text += "\n  Fix: \(fix)"
      }
      return text
    }
  }
}

extension InjectionError {
  /// A stable identifier for a kind of problem. Compare codes, not messages.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    /// The code's name, such as `unresolved`.
    public let name: String

    init(_ name: String) { self.name = name }

    /// The code's name.
    public var description: String { name }

    // Declarations: the object's type, whatever its properties hold.

    /// A candidate property (its name starts with `injected`, or a name registration targets it)
    /// is not optional, so it can never be left nil for the injector to fill.
    public static let notOptional = Code("notOptional")
    /// A candidate property has no entry in its type's `injectableKeyPaths` table.
    public static let missingFromTable = Code("missingFromTable")
    /// A table entry's key names no stored property of the type.
    public static let staleTableEntry = Code("staleTableEntry")
    /// A table entry's key path has a root the object is not, or a value type other than the
    /// property's declared type.
    public static let keyPathMismatch = Code("keyPathMismatch")
    /// A table entry's key path cannot write: the property is a `let`, or its setter is not
    /// visible where the table is written.
    public static let keyPathNotWritable = Code("keyPathNotWritable")

    /// A candidate property is of a kind the injector cannot fill: a `lazy var`.
    public static let unsupportedProperty = Code("unsupportedProperty")

    // Resolution: what is registered.

    /// A nil candidate property that nothing registered, eligible and of a fitting type, fills.
    public static let unresolved = Code("unresolved")
    /// A registration that targets the property (by name) or a factory's result does not fit the
    /// property's declared type.
    public static let typeMismatch = Code("typeMismatch")

    // Registrations.

    /// An id that is empty, or only whitespace.
    public static let emptyID = Code("emptyID")
    /// A name registration with an empty name.
    public static let emptyName = Code("emptyName")
    /// An optional value (or `nil`) was registered; register the unwrapped value instead.
    public static let optionalRegistration = Code("optionalRegistration")
    /// `unregister` named something that is not registered.
    public static let notRegistered = Code("notRegistered")

    /// Something the library itself got wrong; please report it.
    public static let internalInconsistency = Code("internalInconsistency")
  }
}

extension String {
  func replacingNewlines(with separator: String) -> String {
    split(separator: "\n", omittingEmptySubsequences: false).joined(separator: separator)
  }
}
