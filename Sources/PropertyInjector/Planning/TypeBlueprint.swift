/// What the injector learns about a class once, by reflection: its stored properties, its
/// key-path table opened into accessors, and what is wrong with its declarations.
///
/// A blueprint depends only on the type, never on registrations, so it is built once per type
/// (per injector tree) and never invalidated. It is built from the first instance injected,
/// because `Mirror` reflects instances, not types; stored properties are the same for every
/// instance of a class.
final class TypeBlueprint: @unchecked Sendable {
  /// What is wrong with a property if it turns out to be a candidate.
  enum CandidateIssue: Sendable {
    /// The property is not optional, so it can never be nil.
    case notOptional
    /// The property has no table entry (or it is not optional: the plan tells them apart, only
    /// for candidates, so that no property pays for the check).
    case missingFromTable
    /// The property's table entry is unusable; that is reported as a table problem already.
    case brokenEntry
    /// The property is a `lazy var`: reading it to see whether it is nil would run its
    /// initializer.
    case lazy
  }

  /// One stored property.
  struct Property: Sendable {
    /// The property's name.
    let label: String
    /// The class that declares it.
    let ownerType: Any.Type
    /// The declared type (`Optional<Logger>`).
    let declaredType: Any.Type
    /// Whether the name starts with `injected`, which makes the property a candidate.
    let hasInjectedPrefix: Bool
    /// How to read and write the property, when its table entry is usable.
    let accessor: PropertyAccessor?
    /// What prevents filling the property, when something does.
    let issue: CandidateIssue?

    /// The name of the class that declares it. Formatted on demand: only messages need it.
    var ownerName: String { readableName(of: ownerType) }
    /// The declared type, as written in messages (`Logger?`).
    var declaredTypeName: String { readableName(of: declaredType) }
  }

  /// The prefix that makes a stored property a candidate, compared case-sensitively.
  static let candidatePrefix = "injected"

  /// The class.
  let targetType: Any.Type
  /// The class's name, as written in messages.
  var typeName: String { readableName(of: targetType) }
  /// The class and its superclasses, most derived first.
  let classChain: [ObjectIdentifier]
  /// Every stored property, base classes first.
  let properties: [Property]
  /// Problems with the table itself (stale keys, unusable key paths), reported on every
  /// injection of the type whatever its properties hold.
  let tableProblems: [InjectionError.Problem]

  /// Reflects `target` and opens its type's table. Calls user code (`Mirror`, the table's
  /// getter), so never call it under a lock.
  ///
  /// - Complexity: O(p + t) for p stored properties and t table entries, plus one `Mirror` walk.
  init<Target: InjectableSettable>(scanning target: Target) {
    let reflected = StoredProperties(of: target)
    let table = type(of: target).injectableKeyPaths
    targetType = type(of: target)
    classChain = reflected.classChain.map(ObjectIdentifier.init)

    var indexByLabel = [String: Int](minimumCapacity: reflected.properties.count)
    for (index, property) in reflected.properties.enumerated() {
      indexByLabel[property.label] = index
    }

    // Indexed like `reflected.properties`: no dictionary lookups per property.
    var accessors = [PropertyAccessor?](repeating: nil, count: reflected.properties.count)
    var broken = [Bool](repeating: false, count: reflected.properties.count)
    var problems: [InjectionError.Problem] = []
    let layout = ClassLayout(of: type(of: target))
    for (key, keyPath) in table {
      guard let index = indexByLabel[key] else {
        problems.append(Self.staleEntry(key, in: readableName(of: type(of: target)), properties: reflected.properties))
        continue
      }
      let property = reflected.properties[index]
      guard !property.isLazy else { continue }  // reported as a lazy candidate, if it is one
      switch Self.open(keyPath, for: property, of: target, layout: layout) {
      case .success(let accessor):
        accessors[index] = accessor
      case .failure(let problem):
        if let problem = problem.problem { problems.append(problem) }
        broken[index] = true
      }
    }
    // Problems in a stable order, whatever the table dictionary's order.
    problems.sort { ($0.property ?? "") < ($1.property ?? "") }

    properties = reflected.properties.indices.map { index in
      let property = reflected.properties[index]
      let hasInjectedPrefix = property.label.hasPrefix(Self.candidatePrefix)
      let issue: CandidateIssue?
      if property.isLazy {
        issue = .lazy
      } else if broken[index] {
        issue = .brokenEntry
      } else if accessors[index] == nil {
        issue = .missingFromTable
      } else {
        issue = nil
      }
      return Property(
        label: property.label,
        ownerType: property.declaringType,
        declaredType: property.declaredType,
        hasInjectedPrefix: hasInjectedPrefix,
        accessor: accessors[index],
        issue: issue
      )
    }
    tableProblems = problems
  }
}

extension TypeBlueprint {
  /// Opens one table entry, or says why it cannot be used. A failure without a problem means
  /// the entry is unusable because the property is not optional, which is reported only if
  /// the property is a candidate.
  private static func open(
    _ keyPath: AnyKeyPath,
    for property: StoredProperties.Property,
    of target: AnyObject,
    layout: ClassLayout
  ) -> Result<PropertyAccessor, OptionalProblem> {
    // Names are formatted only if something is wrong: this runs for every entry of every table.
    var owner: String { readableName(of: property.declaringType) }
    var declared: String { readableName(of: property.declaredType) }
    let keyPathType = type(of: keyPath)
    let problem = { (code: InjectionError.Code, summary: String, fix: String) in
      OptionalProblem(
        InjectionError.Problem(
          code: code, typeName: owner, property: property.label, declaredType: declared,
          summary: summary, fix: fix))
    }
    guard let openable = type(of: keyPath) as? any OpenableKeyPath.Type else {
      if !(property.declaredType is any OptionalProtocol.Type) {
        return .failure(OptionalProblem(nil))
      }
      if !(keyPath is any WritableThroughReference) {
        return .failure(
          problem(
            .keyPathNotWritable,
            "the table's key path for \"\(property.label)\" is read-only (\(keyPathType)), so the injector cannot write through it.",
            "Declare the property with `var`, and write the table inside the type (or where its setter is visible)."
          ))
      }
      return .failure(
        problem(
          .keyPathMismatch,
          "the table's key path for \"\(property.label)\" leads to \(aOrAn(readableName(of: keyPathType.valueType))), but the property is \(declared).",
          "Point the entry at the property it names: \"\(property.label)\": \\\(owner).\(property.label)."
        ))
    }
    let accessor = openable.makeAccessor(keyPath, layout: layout)
    guard accessor.rootIsClass, accessor.applies(to: target) else {
      return .failure(
        problem(
          .keyPathMismatch,
          "the table's key path for \"\(property.label)\" starts at \(readableName(of: accessor.rootType)), which \(readableName(of: type(of: target))) is not.",
          "Start the key path at the class that declares the property: \\\(owner).\(property.label)."
        ))
    }
    guard accessor.valueType == property.declaredType else {
      return .failure(
        problem(
          .keyPathMismatch,
          "the table's key path for \"\(property.label)\" leads to \(aOrAn(readableName(of: accessor.valueType))), but the property is \(declared); the entry probably points at another property.",
          "Point the entry at the property it names: \"\(property.label)\": \\\(owner).\(property.label)."
        ))
    }
    return .success(accessor)
  }

  private static func staleEntry(
    _ key: String,
    in typeName: String,
    properties: [StoredProperties.Property]
  ) -> InjectionError.Problem {
    let suggestion = closestLabel(to: key, among: properties.map(\.label))
    return InjectionError.Problem(
      code: .staleTableEntry,
      typeName: typeName,
      property: key,
      summary: "injectableKeyPaths has an entry \"\(key)\", but \(typeName) has no stored property of that name.",
      fix: suggestion.map { "Rename the entry to \"\($0)\", or remove it." }
        ?? "Remove the entry, or rename it to the property it is meant for."
    )
  }

  /// The label nearest to `key` by edit distance, if it is near enough to be a likely typo.
  private static func closestLabel(to key: String, among labels: [String]) -> String? {
    let scored = labels.map { ($0, editDistance(key, $0)) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, key.count / 4) else {
      return nil
    }
    return best.0
  }
}

/// A problem, or the absence of one, usable as a `Result` failure.
struct OptionalProblem: Error {
  let problem: InjectionError.Problem?
  init(_ problem: InjectionError.Problem?) { self.problem = problem }
}

/// Levenshtein distance, for "did you mean" suggestions.
func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a)
  let b = Array(b)
  guard !a.isEmpty else { return b.count }
  guard !b.isEmpty else { return a.count }
  var previous = Array(0...b.count)
  for i in 1...a.count {
    var current = [i] + Array(repeating: 0, count: b.count)
    for j in 1...b.count {
      current[j] = Swift.min(
        previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
    }
    previous = current
  }
  return previous[b.count]
}
