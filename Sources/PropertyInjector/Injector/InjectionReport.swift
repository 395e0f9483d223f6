/// How an injector would fill an object: each candidate, what fills it and why, or why nothing can.
///
/// Made by ``Injector/explain(_:)``; print it, or inspect its ``entries``.
public struct InjectionReport: Sendable, CustomStringConvertible {
  /// One candidate property and what happens to it.
  public struct Entry: Sendable, CustomStringConvertible {
    /// The type that declares the property.
    public let typeName: String
    /// The property's name.
    public let property: String
    /// The property's declared type, as written in source.
    public let declaredType: String
    /// What happens to the property.
    public let status: Status
    /// What fills it, for ``Status/filled``: `ConsoleLogger (as any Logger)`, `a singleton Database`.
    public let source: String?
    /// Why that registration fills it, in order of precedence (name, id, target, type), and other notes.
    public let reasons: [String]
    /// Why it cannot be filled, for ``Status/unresolved`` and ``Status/invalid``.
    public let problem: InjectionError.Problem?

    /// One line (two for long reasons), as in the report.
    public var description: String {
      let location = "\(typeName).\(property): \(declaredType)"
      switch status {
      case .alreadySet:
        return "\(location) — already set, left alone"
      case .filled:
        let why = reasons.isEmpty ? "" : ": " + reasons.joined(separator: "; ")
        return "\(location) ← \(source ?? "?")\(why)"
      default:
        var text = "\(location) — \(status): \(problem?.summary ?? "")"
        for miss in problem?.nearMisses ?? [] { text += "\n    came close: \(miss)" }
        if let fix = problem?.fix, !fix.isEmpty { text += "\n    fix: \(fix)" }
        return text
      }
    }
  }

  /// What happens to a candidate.
  public struct Status: Hashable, Sendable, CustomStringConvertible {
    private let name: String

    /// It already holds a value, so injection leaves it alone.
    public static let alreadySet = Status(name: "already set")
    /// A registration fills it (or makes the value that does).
    public static let filled = Status(name: "filled")
    /// Nothing fills it, or nothing can from this thread (a main-actor registration, off the main actor):
    /// injecting the object now would throw.
    public static let unresolved = Status(name: "unresolved")
    /// Its declaration is wrong (not optional, missing from the table): injecting any object of the type
    /// would throw.
    public static let invalid = Status(name: "invalid")

    /// The status's name.
    public var description: String { name }
  }

  /// The object's type.
  public let typeName: String
  /// Every candidate, in declaration order, base classes first.
  public let entries: [Entry]
  /// Problems that concern no single candidate (configuration and table problems); each fails every injection.
  public let problems: [InjectionError.Problem]

  /// Whether injecting the object now would succeed (factories permitting).
  public var wouldSucceed: Bool {
    problems.isEmpty && entries.allSatisfy { $0.status == .filled || $0.status == .alreadySet }
  }

  /// The whole account, one entry per line.
  public var description: String {
    var lines = ["How the injector fills \(typeName) (\(entries.count) candidate\(entries.count == 1 ? "" : "s")):"]
    lines += entries.map { "- " + $0.description }
    lines += problems.map { "- problem: " + $0.description.replacingNewlines(with: "\n    ") }
    if entries.isEmpty && problems.isEmpty {
      lines.append("- nothing: no property starts with \"injected\" or has a name registration")
    }
    return lines.joined(separator: "\n")
  }
}
