// Every problem with a type's declarations: its candidates and its table. Each text is built
// here and nowhere else.

extension InjectionError.Problem {
  /// The problem of a candidate whose declaration is wrong; nil for a broken table entry,
  /// which the table's problems already report.
  static func candidate(
    _ property: TypeShape.Property,
    issue: TypeShape.Issue,
    reason: Candidate.Reason
  ) -> Self? {
    let (owner, name) = (readableName(of: property.owner), property.name)
    // Why it is a candidate, and the other way out: not being one.
    var why = "its name starts with \"\(TypeShape.candidatePrefix)\", so it is a candidate for injection"
    var notACandidate = "rename it so its name does not start with \"\(TypeShape.candidatePrefix)\""
    if reason == .nameRegistration {
      why = "a name registration targets \"\(name)\", so it is a candidate for injection"
      notACandidate = "register the value under another name"
    }
    var (code, declaredType) = (InjectionError.Code.missingFromTable, property.declaredTypeName)
    let summary: String
    var fix: String
    switch issue {
    case .brokenEntry:
      return nil
    case .notOptional(let table):
      let holds =
        property.declaredType == nil
        ? property.reflectedType.map { " (it holds \(aOrAn(readableName(of: $0))))" } ?? "" : ""
      let optional =
        property.declaredType.map { "`\(optionalName(of: $0, marker: "?"))` or `\(optionalName(of: $0, marker: "!"))`" }
        ?? "add `?` or `!` after its type"
      code = .notOptional
      summary = "it is not optional\(holds), so it can never be nil for the injector to fill."
      fix = "Declare it optional (\(optional)), or \(notACandidate)."
      // `Mirror` shows a noncopyable value, optional or not, as `()`: no declaration of it can be filled.
      if property.declaredType == nil, property.reflectedType == Void.self {
        fix += " If its type is noncopyable (`~Copyable`), which `Mirror` shows as `()`, it cannot be injected: "
        fix += "\(notACandidate)."
      }
      // A hand-written table needs its entry too, which the type cannot have before (its key path would not fit).
      if let table {
        let table = declaredName(readableName(of: table))
        fix +=
          " Once optional, it needs its table entry too: \"\(name)\": \\\(table).\(name) in \(table).injectableKeyPaths."
      }
    case .lazy:
      (code, declaredType) = (.unsupportedProperty, nil)
      summary =
        "it is a `lazy var`: the injector would have to read it to see whether it is nil, which runs its initializer."
      fix = "Declare it as a plain optional `var` without `lazy`, or \(notACandidate)."
    case .constant:
      code = .keyPathNotWritable
      summary = "it is a `let`, which can never be filled."
      fix = "Declare it with `var`, or \(notACandidate)."
    case .add(let table) where ObjectIdentifier(table) != ObjectIdentifier(property.owner):
      // Declared by a superclass without a table of its own: `@Injectable` on the object's class
      // lists that class's own properties only, and the property may be invisible from there.
      let table = readableName(of: table)
      summary =
        "it is declared by \(owner), a superclass of \(table) that is not injectable, and \(table)'s table does not "
        + "reach it (@Injectable lists a class's own properties only)."
      fix =
        "Make \(owner) injectable where it is declared: `@Injectable` on \(owner), or InjectableSettable with "
        + "\"\(name)\": \\\(declaredName(owner)).\(name) in its injectableKeyPaths. If \(owner) is not yours and the property is "
        + "visible here, list \"\(name)\": \\\(declaredName(table)).\(name) in \(table).injectableKeyPaths (with @Injectable, "
        + "declare that table in \(table) yourself: the macro writes none); if it is not visible (private, or "
        + "internal to another module), only \(owner)'s module can make it injectable."
    case .add(let table):
      let table = readableName(of: table)
      summary = "no table entry reaches it, so the injector cannot write it."
      fix =
        "Add `@Injectable` to \(declaredName(table)), or add \"\(name)\": \\\(declaredName(table)).\(name) to "
        + "\(declaredName(table)).injectableKeyPaths."
    case .override(let table, let inherited):
      let table = readableName(of: table)
      summary =
        "\(table) does not override injectableKeyPaths: it inherits \(readableName(of: inherited))'s table, which "
        + "cannot reach it."
      fix =
        "Add `@Injectable` to \(declaredName(table)), or add `override class var injectableKeyPaths: [String: AnyKeyPath] "
        + "{ [\"\(name)\": \\\(declaredName(table)).\(name)] }` to \(declaredName(table)) (if "
        + "\(readableName(of: inherited)) declares it `static var`, which no subclass can override, make it `class var` "
        + "there first)."
    case .accessors(let table, let injectable):
      let table = readableName(of: table)
      summary =
        "\(table) inherits its table from \(readableName(of: injectable)), which is injectable through typed "
        + "accessors (@Injectable): that table is the protocol's empty default, which a table declared in "
        + "\(table) does not override (an @Injectable class declares none to override), so no entry reaches it."
      fix =
        "Add `@Injectable` to \(declaredName(table)): a subclass of an @Injectable class lists its own properties with "
        + "@Injectable too."
    case .undescribed:
      summary =
        "\(owner)'s injectableAccessors says it names every stored property \(owner) declares, and not this one: "
        + "@Injectable did not see it (another macro added it, an attribute made it look wrapped, or it is not "
        + "written in the class body as @Injectable reads it), or a hand-written list missed it. Nothing can write it."
      fix =
        "Declare '\(name)' as a plain stored `var` (no attribute) in the body of \(owner), where @Injectable sees it; "
        + "if another macro adds it, declare `static var injectableKeyPaths: [String: AnyKeyPath] "
        + "{ [\"\(name)\": \\\(declaredName(owner)).\(name)] }` in \(owner) (`class var`, or `override class var` "
        + "in a subclass; @Injectable writes none, and uses yours), or rename it so it is not a candidate. "
        + "In a hand-written list, add its accessor, or remove .complete(\(owner).self)."
    case .shadowed(let subclass):
      let subclass = readableName(of: subclass)
      summary =
        "\(subclass) declares another property named \"\(name)\", so every entry written in \(subclass) reaches "
        + "that one; \(owner)'s is out of reach (private, or internal to another module)."
      fix =
        "Give \(owner) a table of its own where its property is visible (`@Injectable` on \(owner), or "
        + "InjectableSettable with \"\(name)\": \\\(declaredName(owner)).\(name)), or rename one of the two properties."
    }
    // A name registration fills the property of its name in every class: this one may be another class's.
    if reason == .nameRegistration { fix += " " + notMeantForThisClass(name, owner: owner) }
    // `Mirror` cannot tell the storage `@Observable` made from an `@ObservationIgnored var _name` of the class's own.
    if property.isObservationStorage {
      fix +=
        " (\(owner) is @Observable, and stores \"\(name)\" as \"_\(name)\". If \"_\(name)\" is a property of "
        + "\(owner)'s own, not that storage, rename it so its name does not start with \"_\": in an @Observable "
        + "class, the injector reads a stored \"_\(name)\" as the storage of \"\(name)\".)"
    }
    return Self(
      code: code, typeName: owner, property: name, declaredType: declaredType, summary: "\(why), but \(summary)",
      fix: fix)
  }

  /// A type given to `validate` without an instance, whose properties only an instance tells.
  static func needsInstance(_ typeName: String) -> Self {
    Self(
      code: .needsInstance, typeName: typeName,
      summary: "\(typeName) cannot be checked without an instance: a class of its hierarchy is not @Injectable, or "
        + "lists key paths in injectableKeyPaths, and only Mirror reflecting an instance tells their properties.",
      fix: "Pass an instance instead: `try injector.validate(\(typeName)())`, or mark every class of the hierarchy "
        + "@Injectable (a class of another module, such as a framework's view controller, is checked only through "
        + "an instance).")
  }

  /// The class's `customMirror` replaces its stored properties, so the injector cannot see them.
  static func hiddenByCustomMirror(_ typeName: String) -> Self {
    Self(
      code: .unsupportedProperty, typeName: typeName,
      summary: "\(typeName) has a customMirror (it conforms to CustomReflectable, itself or through a superclass), "
        + "which replaces its stored properties in Mirror, so the injector cannot find its candidates.",
      fix: "Remove the CustomReflectable conformance (describe the object with CustomDebugStringConvertible instead), "
        + "or inject an object without one and pass it the values.")
  }

  /// An entry whose key names no stored property; `suggestion`, the property it may be meant for, may have an
  /// entry already (then a rename would repeat a dictionary key, which traps).
  static func staleTableEntry(_ key: String, in typeName: String, suggestion: String?, suggestionHasEntry: Bool)
    -> Self
  {
    let fix =
      switch suggestion {
      case let name? where suggestionHasEntry:
        "Remove the entry: \"\(name)\" has an entry already (a dictionary literal with a key twice traps)."
      case let name?: "Rename the entry to \"\(name)\", or remove it."
      case nil: "Remove the entry, or rename it to the property it is meant for."
      }
    return Self(
      code: .staleTableEntry, typeName: typeName, property: key,
      summary: "the table has an entry \"\(key)\", but \(typeName) has no stored property of that name.", fix: fix)
  }

  /// An entry that names the storage `@Observable` made, not the observed property.
  static func observationStorageEntry(_ key: String, observed: String, owner: AnyClass) -> Self {
    let owner = readableName(of: owner)
    return Self(
      code: .staleTableEntry, typeName: owner, property: key,
      summary: "the table has an entry \"\(key)\", the storage @Observable made for \"\(observed)\": writing it "
        + "would bypass Observation.",
      fix:
        "List the observed property instead: \"\(observed)\": \\\(declaredName(owner)).\(observed). If \"\(key)\" is "
        + "a property of \(owner)'s own (`@ObservationIgnored`), not that storage, rename it so its name does not start "
        + "with \"_\": in an @Observable class, the injector reads a stored \"\(key)\" as the storage of \"\(observed)\"."
    )
  }

  /// The same key path under several names.
  static func duplicateTableEntries(_ names: [String], keyPath: AnyKeyPath?, in typeName: String) -> Self {
    let quoted = names.map { "\"\($0)\"" }.joined(separator: " and ")
    return Self(
      code: .duplicateTableEntry, typeName: typeName, property: names.first,
      summary: "the entries \(quoted) hold the same key path, \(Describe.keyPath(keyPath)): it reaches one property, "
        + "so at most one of them is right.",
      fix:
        "Point each entry at the property it names: \(names.map { "\"\($0)\": \\\(declaredName(typeName)).\($0)" }.joined(separator: ", "))."
    )
  }

  /// An entry whose key path starts somewhere the object is not.
  static func keyPathRoot(_ name: String, startsAt root: Any.Type, notIn typeName: String) -> Self {
    let rootName = readableName(of: root)
    let summary =
      if isExistential(root) {
        "starts at the protocol \(rootName): the injector writes through key paths that start at the class."
      } else if !(root is AnyClass) {
        "starts at \(rootName), a value type: a key path from a struct or enum writes a copy, never the object."
      } else {
        "starts at \(rootName), which \(typeName) is not."
      }
    return Self(
      code: .keyPathMismatch, typeName: typeName, property: name, summary: "the entry for \"\(name)\" \(summary)",
      fix: "Start the key path at the class that declares the property: \\\(declaredName(typeName)).\(name).")
  }

  /// An entry for `owner`'s property `name` that reaches something else, as `summary` says; the fix points it
  /// at the property, then says `more`.
  private static func misdirected(
    _ name: String, of owner: String, declared: Any.Type? = nil, _ summary: String, more: String = ""
  ) -> Self {
    Self(
      code: .keyPathMismatch, typeName: owner, property: name, declaredType: declared.map { readableName(of: $0) },
      summary: "the entry for \"\(name)\" \(summary)",
      fix: "Point the entry at the property it names: \"\(name)\": \\\(declaredName(owner)).\(name)\(more).")
  }

  /// An entry whose key path starts at a superclass of the class that declares the property.
  static func keyPathCannotReach(_ name: String, keyPath: AnyKeyPath?, root: AnyClass, declaredIn owner: AnyClass)
    -> Self
  {
    let (owner, root) = (readableName(of: owner), readableName(of: root))
    return misdirected(
      name, of: owner,
      "is \(Describe.keyPath(keyPath)), which starts at \(root): a key path from \(root) cannot reach \(owner).\(name), "
        + "declared in its subclass.")
  }

  /// An entry whose key path goes through another value.
  static func keyPathGoesThrough(_ name: String, description: String, owner: AnyClass) -> Self {
    misdirected(
      name, of: readableName(of: owner),
      "is \(description), which goes through another value instead of reaching the property itself: the injector "
        + "would write there and leave \(name) nil.")
  }

  /// An entry whose key path names another property.
  static func keyPathNamesAnother(
    _ name: String, keyPath: AnyKeyPath?, component: String, declared: Any.Type, owner: AnyClass
  ) -> Self {
    misdirected(
      name, of: readableName(of: owner), declared: declared,
      "is \(Describe.keyPath(keyPath)), which leads to \"\(component)\".")
  }

  /// An entry whose key path read a value where the property holds nil, or nil where it holds one.
  static func keyPathReadsAnother(_ name: String, keyPath: AnyKeyPath?, declared: Any.Type, owner: AnyClass) -> Self {
    misdirected(
      name, of: readableName(of: owner), declared: declared,
      "is \(Describe.keyPath(keyPath)), which reads or writes a value other than the property's own (one nil and the "
        + "other not, or another object or value): it reaches another property, or a getter that answers for it.",
      more: "; if it does, an override's getter answers other than the property holds (a default for nil), which "
        + "the injector cannot fill through: drop the default from the getter, or rename the property so it is not "
        + "a candidate")
  }

  /// An entry that still read nil after the injector wrote through it: it writes elsewhere, or a setter drops the value.
  static func keyPathLeavesNil(_ name: String, keyPath: AnyKeyPath?, declared: Any.Type, owner: AnyClass) -> Self {
    misdirected(
      name, of: readableName(of: owner), declared: declared,
      "is \(Describe.keyPath(keyPath)), which still reads nil after the injector wrote through it: it writes "
        + "elsewhere (a computed property, another object), or a setter drops the value, and \(name) would stay nil.",
      more: "; a setter it reaches must keep the value it is given")
  }

  /// A property a subclass's getter answers for other than the property holds: nil-ness, seen through `Mirror`.
  static func overridingGetter(_ name: String, declared: Any.Type, owner: AnyClass, in type: AnyClass) -> Self {
    let (owner, type) = (readableName(of: owner), readableName(of: type))
    return Self(
      code: .unsupportedProperty, typeName: type, property: name, declaredType: readableName(of: declared),
      summary: "\(owner).\(name) is read through a getter of \(type)'s hierarchy that overrides it and answers "
        + "other than the property holds (a default for nil, say), so the injector cannot tell whether it is nil.",
      fix: "Drop the default from the override's getter (to observe writes, override with `didSet` alone), and "
        + "write `\(name) ?? default` where the default is needed; or rename the property so it is not a candidate.")
  }

  /// An entry whose key path's value type is not the property's declared type.
  static func keyPathValueMismatch(_ name: String, leadsTo valueType: Any.Type, declared: Any.Type?, owner: AnyClass)
    -> Self
  {
    let property = declared.map { "the property is \(readableName(of: $0))" } ?? "the property is not optional"
    return misdirected(
      name, of: readableName(of: owner), declared: declared,
      "leads to \(aOrAn(readableName(of: valueType))), but \(property): the entry points at another property.")
  }

  /// An entry whose key path cannot write.
  static func keyPathNotWritable(_ name: String, owner: AnyClass, declared: Any.Type?) -> Self {
    let owner = readableName(of: owner)
    return Self(
      code: .keyPathNotWritable, typeName: owner, property: name, declaredType: declared.map { readableName(of: $0) },
      summary: "the entry for \"\(name)\" is a read-only key path: the property is a `let`, or its setter is not "
        + "visible where the table is written.",
      fix: "Declare the property with `var`, and write the table inside the type (or where its setter is visible).")
  }

  /// A `weak` or `unowned` property (known from its declaration) that a value nothing keeps would fill.
  static func notRetained(at site: Site, weak: Bool, answer: AnswerName) -> Self {
    Self(
      code: .notRetained, at: site,
      summary: "it is \(weak ? "weak" : "unowned"), and what fills it (\(answer.summary)) is kept by nothing else: "
        + "the value would be released as soon as it was written\(weak ? ", leaving it nil" : ", leaving it dangling").",
      fix: "Declare it strong, or register an instance or a singleton for it: the injector keeps those alive.")
  }

  /// A property that did not keep the value a factory made for it (found after writing).
  static func notKept(at site: Site, answer: AnswerName?) -> Self {
    Self(
      code: .notRetained, at: site,
      summary: "it did not keep the value made for it (\(answer?.summary ?? "a new value")): "
        + "it is weak or unowned, and nothing else holds the value, so it would be nil or dangling at once. "
        + "It was set back to nil, and nothing else was written.",
      fix: "Declare it strong, or register an instance or a singleton for it: the injector keeps those alive.")
  }
}
