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

  /// The creations in progress when the error occurred, outermost first: the properties (or
  /// `resolve` calls) whose factories were running. For a ``Code/cycle`` error it leads back to
  /// its own start: `["Feed.injectedDatabase", "Database.injectedCache", "Cache.injectedDatabase"]`.
  public let path: [String]

  /// The code of the first problem; see ``problems`` for all of them.
  public var code: Code { problems[0].code }

  /// The same error, reported as the failure of `operation`: what the outermost public call
  /// does, so an error from deep inside a creation names the call the user made.
  func reported(as operation: String) -> InjectionError {
    InjectionError(operation: operation, problems: problems, underlyingError: underlyingError, path: path)
  }

  /// Makes an error; `path` defaults to the creations in progress on this thread.
  init(
    operation: String,
    problems: [Problem],
    underlyingError: (any Error)? = nil,
    path: [String]? = nil
  ) {
    self.operation = operation
    self.problems = problems.isEmpty ? [Problem(code: .internalInconsistency, typeName: operation)] : problems
    self.underlyingError = underlyingError
    self.path = path ?? CreationStack.current.path
  }

  init(operation: String, _ problem: Problem, underlyingError: (any Error)? = nil, path: [String]? = nil) {
    self.init(operation: operation, problems: [problem], underlyingError: underlyingError, path: path)
  }

  /// A readable account of every problem, each with its fix.
  public var description: String {
    var lines = ["\(operation) failed with \(problems.count == 1 ? "1 problem" : "\(problems.count) problems"):"]
    for problem in problems {
      lines.append("- " + problem.description.replacingNewlines(with: "\n  "))
    }
    if !path.isEmpty && code != .cycle {
      lines.append("  While creating: \(path.joined(separator: " → "))")
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
    /// A creation needs itself, directly or through others; ``InjectionError/path`` shows the loop.
    /// Break it with ``Lazy`` or ``Provider``.
    public static let cycle = Code("cycle")
    /// Creations nested deeper than any real object graph (64 levels), usually a factory that
    /// keeps asking for new instances of other types; the path shows the chain.
    public static let tooDeep = Code("tooDeep")
    /// A factory, or an auto-created type's `init(injector:)`, threw; see
    /// ``InjectionError/underlyingError``.
    public static let factoryFailed = Code("factoryFailed")
    /// ``Injector/shared`` was used to inject or resolve before ``Injector/configure(_:)`` ran.
    public static let notConfigured = Code("notConfigured")
    /// An object was injected again from inside its own `didInjectDependencies()`.
    public static let reentrantInjection = Code("reentrantInjection")
    /// A ``Lazy`` or ``Provider`` was read after the injector that filled it was released.
    public static let injectorReleased = Code("injectorReleased")

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

extension InjectionError {
  /// A cycle along `path`, whose last element, `site`, repeats an earlier one.
  static func cycle(path: [String], closingAt site: Site) -> InjectionError {
    InjectionError(
      operation: site.label,
      Problem(
        code: .cycle, typeName: site.typeName, property: site.property, declaredType: site.declaredType,
        summary: "a creation needs itself: \(path.joined(separator: " → ")).",
        fix: "Break the cycle: declare one of these properties as Lazy<T>? (created on first use) or "
          + "Provider<T>? (resolved on each get()), or restructure so one side does not need the other to exist first."
      ),
      path: path
    )
  }

  /// Creations nested past ``CreationStack/maximumDepth``, the last at `site`.
  static func tooDeep(path: [String], at site: Site) -> InjectionError {
    InjectionError(
      operation: site.label,
      Problem(
        code: .tooDeep, typeName: site.typeName, property: site.property, declaredType: site.declaredType,
        summary: "creations are nested \(path.count) deep, past the limit of \(CreationStack.maximumDepth): "
          + path.suffix(6).joined(separator: " → ") + ".",
        fix:
          "Look for a factory that keeps creating new instances of new types; use Lazy<T>? or Provider<T>? to defer them."
      ),
      path: path
    )
  }
}

extension String {
  func replacingNewlines(with separator: String) -> String {
    split(separator: "\n", omittingEmptySubsequences: false).joined(separator: separator)
  }
}
