#if Macros
  import SwiftDiagnostics
  import SwiftSyntax

  /// Everything `@Injectable` reports: what is wrong, in words that say what to change.
  struct InjectableDiagnostic: DiagnosticMessage {
    let message: String
    let diagnosticID: MessageID
    let severity: DiagnosticSeverity

    private init(_ id: String, _ severity: DiagnosticSeverity, _ message: String) {
      self.message = message
      diagnosticID = MessageID(domain: "PropertyInjector", id: id)
      self.severity = severity
    }

    static func notAClass(_ kind: String) -> Self {
      Self(
        "notAClass", .error,
        "@Injectable applies to classes: the injector fills objects it did not create, in place, through a reference; "
          + "\(kind.first.map { "aeiou".contains($0) } == true ? "an" : "a") \(kind) is not one")
    }

    static func otherCallback(_ differences: [String]) -> Self {
      let listed =
        differences.count > 1
        ? differences.dropLast().joined(separator: ", ") + " and " + differences[differences.count - 1]
        : differences[0]
      return Self(
        "otherCallback", .error,
        "this 'didInjectDependencies' \(listed), so it is not the callback the injector calls after an injection, "
          + "'func didInjectDependencies()', and would never run; give it that signature (handle errors inside it, "
          + "start asynchronous work with 'Task { }'), or rename it")
    }

    static func isolatedCallback(actor: String) -> Self {
      Self(
        "isolatedCallback", .error,
        "this 'didInjectDependencies' is isolated to '@\(actor)' and the class is not, so its conformance, which calls "
          + "it from whichever thread injects, cannot use it; isolate the class too ('@\(actor)' on the class, or "
          + "'@Injectable(isolation: \(actor).self)'), or remove '@\(actor)' and reach the actor inside "
          + "('Task { @\(actor) in ... }')")
    }

    static func constant(_ name: String) -> Self {
      Self(
        "constantCandidate", .error,
        "'\(name)' is a candidate for injection (its name starts with 'injected'), but a 'let' can never be filled; "
          + "declare it with 'var', or rename it")
    }

    static func lazy(_ name: String) -> Self {
      Self(
        "lazyCandidate", .error,
        "'\(name)' is a candidate for injection, but it is 'lazy': the injector would have to read it to see whether "
          + "it is nil, which runs its initializer; remove 'lazy', or rename it")
    }

    static func notOptional(_ name: String, _ type: TypeSyntax) -> Self {
      Self(
        "notOptionalCandidate", .error,
        "'\(name)' is a candidate for injection, but '\(type.trimmedDescription)' is not optional, so it can never be "
          + "nil for the injector to fill; declare it optional, or rename it")
    }

    static func notVisiblyOptional(_ name: String, _ type: TypeSyntax) -> Self {
      let type = type.trimmedDescription
      return Self(
        "notOptionalCandidate", .error,
        "'\(name)' is a candidate for injection, but '\(type)' is not written as an optional, so it may never be nil "
          + "for the injector to fill; declare it '\(type)?', or rename it. If '\(type)' is a typealias of an "
          + "optional, write the optional type itself (such as 'Store?' for 'typealias \(type) = Store?'): "
          + "@Injectable reads the declaration, and cannot see through a typealias")
    }

    static func opaque(_ name: String, _ type: TypeSyntax) -> Self {
      let existential = type.trimmed.tokens(viewMode: .sourceAccurate).map { token in
        token.tokenKind == .keyword(.some) ? token.with(\.tokenKind, .keyword(.any)).description : token.description
      }
      return Self(
        "opaqueCandidate", .error,
        "'\(name)' is a candidate for injection, but '\(type.trimmedDescription)' is an opaque type, which the "
          + "injector's accessor cannot name; declare it '\(existential.joined())', or rename it")
    }

    static func untypedTuple(_ name: String) -> Self {
      Self(
        "untypedCandidate", .error,
        "'\(name)' is a candidate for injection, bound by a tuple pattern without a type: write the tuple's type, "
          + "with an optional for each candidate (such as 'var (\(name), other): (Logger?, Int)')")
    }

    static func nearMiss(_ name: String, _ suggestion: String) -> Self {
      Self(
        "nearMissCandidate", .warning,
        "'\(name)' is not a candidate for injection: only a name that starts with 'injected' (exactly, lowercase) "
          + "is, so the injector leaves it nil unless a name registration targets '\(name)'; rename it "
          + "'\(suggestion)' to inject it")
    }

    static var invalidIsolation: Self {
      Self(
        "invalidIsolation", .error,
        "isolation: name the global actor the class is isolated to by its type, such as "
          + "'@Injectable(isolation: MainActor.self)'")
    }

    static func isolated(_ name: String, actor: String, classActor: String?) -> Self {
      let classIsolation =
        classActor.map { "the class is isolated to '\($0)'" } ?? "the class is not (that @Injectable can see)"
      let isolate =
        classActor == nil
        ? "mark the class '@\(actor)' (a subclass of a class isolated to it: '@Injectable(isolation: \(actor).self)')"
        : "isolate the property and the class to the same actor"
      return Self(
        "isolatedCandidate", .error,
        "'\(name)' is a candidate for injection isolated to '\(actor)', and \(classIsolation): the injector writes it "
          + "through the class's accessors, which run where the class is injected and cannot reach another actor's "
          + "property; "
          + "\(isolate), or remove '@\(actor)' from the property (or rename it, if it is not to be injected)")
    }

    static func untyped(_ name: String, example type: String) -> Self {
      Self(
        "untypedCandidate", .error,
        "'\(name)' is a candidate for injection: write its type (an optional, such as 'var \(name): \(type)?'), "
          + "so the injector's accessor can be typed")
    }

    static func computed(_ name: String) -> Self {
      Self(
        "computedCandidate", .warning,
        "'\(name)' starts with 'injected' but is computed: only stored properties are injected; rename it, or make it "
          + "a stored optional 'var'")
    }

    static func overridingGetter(_ name: String) -> Self {
      Self(
        "overridingGetter", .warning,
        "'\(name)' overrides a candidate with a getter, which the injector reads to see whether it is nil: a getter "
          + "that answers a default for nil makes every injection fail; observe writes with 'didSet' alone, and "
          + "write '\(name) ?? default' where the default is needed")
    }

    static func typeLevel(_ name: String) -> Self {
      Self(
        "typeLevelCandidate", .warning,
        "'\(name)' starts with 'injected' but is a type property: only an object's own stored properties are "
          + "injected; rename it, or make it an instance property")
    }

    static func wrapped(_ name: String, _ attribute: String) -> Self {
      Self(
        "wrappedCandidate", .warning,
        "'\(name)' starts with 'injected' but is wrapped by '@\(attribute)': a wrapped property's storage is "
          + "'_\(name)', which is never a candidate, so it will not be injected (if '@\(attribute)' is not a property "
          + "wrapper, the macro cannot list the property, and inject reports it missing from the table); remove the "
          + "attribute, or rename it")
    }
  }

  /// A fix-it's description.
  struct InjectableFixIt: FixItMessage {
    let message: String
    let fixItID: MessageID

    init(_ id: String, _ message: String) {
      self.message = message
      fixItID = MessageID(domain: "PropertyInjector", id: id)
    }
  }
#endif
