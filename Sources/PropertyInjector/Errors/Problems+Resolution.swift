// Every problem with what is registered: unresolved requests, values of the wrong type, and
// registrations that can never match. Each text is built here and nowhere else.

extension InjectionError.Problem {
  /// Nothing eligible fills the request at `site`.
  /// `refused`: the codes of registrations of exactly `wanted` that were refused, each its own problem.
  static func unresolved(
    at site: Site, wanted: Any.Type, nearMisses: [NearMiss], refused: [InjectionError.Code] = []
  ) -> Self {
    let name = readableName(of: wanted)
    let misses =
      nearMisses.map { render($0, resolving: site.property == nil) }
      + refused.map { "\(aOrAn(name)) was registered and refused (\($0.name)): its own problem says why." }
    let register = Describe.registrationCalls(
      for: wanted, id: Describe.neededID(for: site.property, nearMisses: nearMisses),
      isMainActor: nearMisses.contains { $0.registration.isMainActor })
    if let unwrapped = (wanted as? any OptionalProtocol.Type)?.wrappedType {
      return Self(
        code: .unresolved, at: site,
        summary: "\(name) is optional, and optionals are never registered: nothing can fill it.",
        fix: site.property == nil || site.handle != nil
          ? "Ask for the unwrapped type: resolve(\(metatypeExpression(of: unwrapped)))."
          : "Declare it with one `?`, as `\(optionalName(of: unwrapped, marker: "?"))`: a property of the wanted type, "
            + "made optional once.")
    }
    // A property may also be set before injecting; a `resolve` has nothing to set, nor a handle's later read.
    let (summary, orSet) =
      if let handle = site.handle {
        (
          "\(handle) found nothing registered that fills \(aOrAn(name)) any more (something did when it was made).",
          "; or keep it registered while the handle may read it"
        )
      } else if site.resolvesOnRead {
        ("it is resolved on each read, and nothing registered fills it.", "")
      } else if site.property == nil {
        ("nothing registered fills \(aOrAn(name)) here.", "")
      } else {
        ("it is nil, and nothing registered fills it.", "; or set the property before injecting")
      }
    let fix =
      misses.isEmpty
      ? "Register \(register)\(orSet)."
      : "Change one of the registrations above so it is eligible, or register \(register)."
    return Self(code: .unresolved, at: site, summary: summary, nearMisses: misses, fix: fix)
  }

  /// Nothing is registered under the name a `resolve(_:named:)` asks for.
  /// `registeredWithID`: registrations whose id is the name, which `resolve(_:for:id:)` finds.
  static func unresolvedName(_ name: String, at site: Site, registeredNames: [String], registeredWithID: [String])
    -> Self
  {
    let byID =
      registeredWithID.isEmpty
      ? ""
      : " An id is not a name: resolve by id with the type registered, `try injector.resolve(T.self, id: \"\(name)\")`."
    return Self(
      code: .unresolved, typeName: site.typeName,
      summary: "nothing is registered under the name \"\(name)\".",
      nearMisses: registeredNames.map { "\"\($0)\" is registered." }
        + registeredWithID.map { "\($0) has the id \"\(name)\"." },
      fix: "Register a value with `injector.register(value, named: \"\(name)\")`; names are compared exactly, "
        + "including case.\(byID)")
  }

  /// `resolving`: for a `resolve`, whose label is the id it asked for, not a property's name.
  private static func render(_ miss: NearMiss, resolving: Bool) -> String {
    let registration = miss.registration
    let service = registration.service
    let reasons = miss.reasons.map { reason -> String in
      switch reason {
      case .notIncludingAncestors:
        return "registered as \(service) without includingAncestors, so it fills only \(service) properties"
      case .idDoesNotEndLabel(let label, let suggestion):
        let id = registration.id ?? ""
        let hint = suggestion.map { " (id \"\($0)\" would)" } ?? ""
        let asked = resolving ? "the id asked for, \"\(label)\"," : label
        return "has id \"\(id)\", and \(asked) does not end with it\(hint)"
      case .idWithoutLabel:
        return "has an id, and resolve without an id sees only registrations without one"
      case .otherTarget:
        return "registered only for \(registration.target ?? "another class") and its subclasses"
      case .targetWithoutObject:
        return "registered only for \(registration.target ?? "a class"), and resolve without a "
          + "target sees only registrations without one"
      case .metatype:
        // The service is the metatype (`Session.Type`): the factory is registered for its instance type.
        let instance = service.hasSuffix(".Type") ? String(service.dropLast(".Type".count)) : service
        let expression =
          instance.contains(" ") && !instance.hasPrefix("(") ? "(\(instance)).self" : "\(instance).self"
        return "registers the type \(instance) itself (as \(service)), not an instance: a factory was probably "
          + "forgotten (`injector.register(\(expression)) { _ in ... }`)"
      }
    }
    return "\(registration.summary): \(reasons.joined(separator: "; "))."
  }

  /// A name registration targets the property, but its value is not of the property's type.
  static func nameMismatch(at site: Site, wanted: Any.Type, name: String, registration: RegistrationName) -> Self {
    let wanted = readableName(of: wanted)
    return Self(
      code: .typeMismatch, at: site,
      summary: "\(registration.summary) is registered under the name \"\(name)\", which is not \(aOrAn(wanted)).",
      fix: "Register \(aOrAn(wanted)) under the name \"\(name)\", or "
        + (site.property == nil
          ? "resolve the type registered under it."
          : "rename the property. " + notMeantForThisClass(name, owner: site.typeName)))
  }

  /// The way out when a name registration reaches a property it was not meant for: names are not per type or class.
  static func notMeantForThisClass(_ name: String, owner: String) -> String {
    "If the name \"\(name)\" was not meant for \(owner) (a name registration fills the property of that name in "
      + "every class, whatever its type), unregister it (`injector.unregister(named: \"\(name)\")`) and register "
      + "the value by its type instead, with `id: \"\(name)\"` if several of that type are registered."
  }

  /// What an answer made (a name registration's factory's result) is not of the property's type.
  static func madeMismatch(at site: Site, wanted: Any.Type, answer: AnswerName, made: Any) -> Self {
    let wanted = readableName(of: wanted)
    let fix =
      if case .registration = answer {
        "Make the factory return \(aOrAn(wanted)), or register it for another name."
      } else {
        "Register \(aOrAn(wanted)) for it, or change the property's type."
      }
    return Self(
      code: .typeMismatch, at: site,
      summary: "\(answer.summary) made \(aOrAn(readableName(of: type(of: made)))), which is not \(aOrAn(wanted)).",
      fix: fix)
  }

  /// An answer cannot supply a value of the property's type at all.
  static func answerMismatch(at site: Site, wanted: Any.Type, answer: AnswerName) -> Self {
    let wanted = readableName(of: wanted)
    return Self(
      code: .typeMismatch, at: site, summary: "\(answer.summary) does not supply \(aOrAn(wanted)).",
      fix: "Register \(aOrAn(wanted)) for it, or change the property's type.")
  }

  /// A value's conformance to `InjectableSettable` is isolated to an actor this thread is not on.
  static func isolatedConformance(of type: Any.Type, at site: Site) -> Self {
    let name = readableName(of: type)
    return Self(
      code: .isolatedConformance, at: site,
      summary: "the \(name) made for it conforms to InjectableSettable only on its global actor (such as the main "
        + "actor), and it was made off that actor, so it can neither be injected nor handed over uninjected.",
      fix: "Inject or resolve on \(name)'s actor (for example inside `MainActor.run`), or make the factory's result "
        + "injectable off the actor.")
  }

  /// A main-actor registration was asked for a value off the main actor.
  static func mainActorRequired(at site: Site, registration: RegistrationName) -> Self {
    Self(
      code: .mainActorRequired, at: site,
      summary:
        "\(registration.summary) is registered `on: MainActor.self`, and \(site.label) asked for it "
        + "off the main actor, so the factory was not run and nothing was handed over.",
      fix: "Inject or resolve it on the main actor (in a @MainActor function, or inside "
        + "`await MainActor.run { ... }`); or, if what the factory makes needs no main actor (it is not a main-actor "
        + "class, nor injectable only there), register a factory that is not main-actor isolated: "
        + "`injector.register(\(metatypeExpression(ofNamed: registration.service))) { resolver in ... }`.")
  }

  /// A weak-scoped registration's value for `site` is not a class instance (`made` names its type).
  static func weakNotClass(at site: Site, registration: RegistrationName, made: String) -> Self {
    Self(
      code: .weakNotClass, at: site,
      summary: "\(registration.summary) made \(aOrAn(made)), which is not a class instance: the weak scope "
        + "holds its values weakly, and only a class instance can be held weakly, so nothing was handed over.",
      fix: "Register \(registration.service) with `scope: .cached` (one value until reset) or `scope: .transient`, "
        + "or make \(made) a class.")
  }

  /// A ``Scope/weak`` registration of `type`, which is not a class (nor a protocol a class may conform to), under
  /// the key `name` (a name registration's), or `target` and `id`.
  static func weakOfValueType(_ type: Any.Type, named name: String?, target: Any.Type?, id: String?) -> Self {
    let typeName = readableName(of: type)
    let call =
      name.map { "injector.register(named: \"\($0)\", scope: .cached)" }
      ?? "injector.register(\(metatypeExpression(of: type)), scope: .cached\(keyArguments(target: target, id: id)))"
    return Self(
      code: .weakNotClass, typeName: typeName,
      summary: "\(name.map { "the factory named \"\($0)\", of \(typeName)," } ?? typeName) was registered with "
        + "scope: .weak, but \(typeName) is not a class: only a class instance can be held weakly. It was kept only as "
        + "this problem, which fails every injection until replaced.",
      fix: "Register it again under the same key with `scope: .cached` (one value until reset) or `scope: .transient`, "
        + "which replaces this one: `\(call) { resolver in ... }`.")
  }

  /// `reset` named a registration that is not cached, or nothing; `cachedElsewhere`, the cached registrations of
  /// the type under other keys, and `cachedNames`, the names of cached name registrations of it.
  static func notCached(
    _ service: String, found registration: RegistrationName?, cachedElsewhere: [RegistrationName],
    cachedNames: [String]
  ) -> Self {
    let what = registration.map { "\($0.summary) is registered, not a cached one" } ?? "nothing is registered"
    let misses =
      cachedElsewhere.map { registration in
        let arguments = keyArguments(target: registration.target.map(metatypeExpression(ofNamed:)), id: registration.id)
        return
          "\(registration.summary): `injector.reset(\(metatypeExpression(ofNamed: service))\(arguments))` resets it"
      }
      + cachedNames.map {
        "the cached factory named \"\($0)\": `resetCached()` of the injector that holds it resets it"
      }
    return Self(
      code: .notCached, typeName: service, property: nil, declaredType: service,
      summary: "\(what) under that type, target and id, so there is no cached value to reset.", nearMisses: misses,
      fix: misses.isEmpty
        ? "Register it with `scope: .cached` to reset it, or reset the type, target and id it was registered with."
        : "Reset it under the key it was registered with, as written above.")
  }

  /// A factory, or an initializer, threw while making a value for `site`.
  static func factoryFailed(at site: Site, making what: String, error: any Error) -> Self {
    let again =
      if let handle = site.handle {
        "Nothing was kept: the next \(handle) calls the factory again."
      } else if site.resolvesOnRead {
        "Nothing was kept: the next read calls the factory again."
      } else if site.property == nil {
        "Nothing was kept: the next \(site.label) calls the factory again."
      } else {
        "Nothing was injected; a later injection calls the factory again."
      }
    return Self(
      code: .factoryFailed, at: site, summary: "\(what) threw \(error).", fix: "See the underlying error. \(again)")
  }

  /// The problem of a registration id that can never match a property name; nil for one that can. `target` is the
  /// registration's `for:` class.
  static func invalidID(_ id: String, registering type: Any.Type, for target: Any.Type?) -> Self? {
    guard let unusability = unusability(of: id) else { return nil }
    return Self(
      code: .invalidID, typeName: readableName(of: type),
      summary: "the id \"\(id)\" is \(unusability): an id is matched against the end of property names and holds "
        + "no whitespace (a raw identifier's, such as `injected main cache`, is its last word: \"cache\"), so this "
        + "registration can never fill anything. It was not registered.",
      fix: "Pass `id: nil` to register without an id, or an id such as \"first\" (then unregister this one, from the "
        + "injector it was registered with: `injector.unregister(\(metatypeExpression(of: type))"
        + "\(keyArguments(target: target, id: id)))`).")
  }

  /// The problem of a name registration whose name can never match a property; nil for one that can.
  static func invalidName(_ name: String, registering type: Any.Type) -> Self? {
    guard let unusability = unusability(of: name) else { return nil }
    return Self(
      code: .invalidName, typeName: readableName(of: type),
      summary: "the name \"\(name)\" is \(unusability): a name registration names a property without whitespace "
        + "(a raw identifier with spaces, such as `injected main cache`, is filled by its type), so this "
        + "registration can never fill anything. It was not registered.",
      fix: "Pass the exact name of the property to fill, such as \"analytics\" "
        + "(then unregister this one: `injector.unregister(named: \"\(name)\")`).")
  }

  /// Why `text` can never be an id or a registered name: empty, blank, or with whitespace; nil when it can.
  private static func unusability(of text: String) -> String? {
    if text.isEmpty { return "empty" }
    if text.allSatisfy(\.isWhitespace) { return "blank" }
    return text.contains(where: \.isWhitespace) ? "not usable (it contains whitespace)" : nil
  }

  /// An optional type registered through generic code (the compiler rejects it elsewhere), as `service`, under the
  /// key `name` (a name registration's), or `target` and `id`.
  /// `isFactory`: registered with a factory (of the optional type), not as an instance.
  static func optionalRegistration(
    _ type: Any.Type, as service: Any.Type, named name: String?, target: Any.Type?, id: String?, isFactory: Bool
  ) -> Self {
    let typeName = readableName(of: type)
    let wrapped = (type as? any OptionalProtocol.Type)?.wrappedType
    let unwrapped = wrapped.map { readableName(of: $0) } ?? typeName
    let key = name.map { ", named: \"\($0)\"" } ?? keyArguments(target: target, id: id)
    let unregister =
      name.map { "injector.unregister(named: \"\($0)\")" }
      ?? "injector.unregister(\(metatypeExpression(of: service))\(keyArguments(target: target, id: id)))"
    let register =
      if !isFactory {
        "Unwrap it first and register it as \(unwrapped): `if let value { injector.register(value\(key)) }`"
      } else if let name {
        "Have the factory return \(aOrAn(unwrapped)), never nil: `injector.register(named: \"\(name)\") { resolver in ... }`"
      } else {
        "Register the unwrapped type with a factory that returns a value: "
          + "`injector.register(\(metatypeExpression(of: wrapped ?? type))\(key)) { resolver in ... }`"
      }
    return Self(
      code: .optionalRegistration, typeName: typeName,
      summary: "an optional (\(typeName)) was registered: a property is filled only when nil, so an optional value "
        + "could fill it with nothing. It was kept only as this problem, which fails every injection until removed.",
      fix: "\(register); and remove this one: `\(unregister)`.")
  }

  /// This unresolved problem of a factory registered in an ancestor, when an injector below it registers the wanted
  /// type: the one the call started from (`levels` nil), or one `levels` below the factory's on the way there. A
  /// factory resolves from the injector that holds it.
  func unresolved(registeredBelow levels: Int?) -> Self {
    let holder =
      levels.map {
        "a child injector \($0) level\($0 == 1 ? "" : "s") below it, on the way to the one this call started from"
      }
      ?? "the child injector this call started from"
    return Self(
      code: code, typeName: typeName, property: property, declaredType: declaredType,
      summary: summary + " A factory registered in a parent resolves from that parent, which cannot see \(holder).",
      nearMisses: nearMisses + ["\(typeName) is registered in \(holder)."],
      fix: "Register \(typeName) in the injector that holds the factory (or one of its parents), or register the "
        + "factory itself in \(holder), so that it resolves there.")
  }

  /// This registration problem as a child injector reports it, the registration `levels` injectors up the chain.
  func registered(levelsUp levels: Int) -> Self {
    guard levels > 0 else { return self }
    let holder = levels == 1 ? "this injector's parent" : "an ancestor of this injector, \(levels) parents up"
    return Self(
      code: code, typeName: typeName, property: property, declaredType: declaredType,
      summary: summary + " It is registered in \(holder).", nearMisses: nearMisses,
      fix: fix + " Make the change in that injector.")
  }

  /// The arguments after the type in a call that names a registration's key: `, for: Screen.self, id: "first"`, or
  /// nothing for a registration without `for:` and `id:`.
  private static func keyArguments(target: Any.Type?, id: String?) -> String {
    keyArguments(target: target.map(metatypeExpression(of:)), id: id)
  }

  /// ``keyArguments(target:id:)`` with the target's metatype as source writes it (`Screen.self`).
  private static func keyArguments(target: String?, id: String?) -> String {
    (target.map { ", for: \($0)" } ?? "") + (id.map { ", id: \"\($0)\"" } ?? "")
  }

  /// `Injector.shared` was used before `configure` ran.
  static var notConfigured: Self {
    Self(
      code: .notConfigured, typeName: "Injector.shared",
      summary: "Injector.shared was used before configure(_:) ran.",
      fix: "Call Injector.shared.configure { ... } at launch, before anything is injected; in tests, use an "
        + "injector of your own or the .injecting trait.")
  }

  /// An object was injected again from its own callback.
  static func reentrantInjection(_ typeName: String) -> Self {
    Self(
      code: .reentrantInjection, typeName: typeName,
      summary: "inject was called on this \(typeName) while its own injection was still running: from its "
        + "didInjectDependencies(), or from a didSet of a property the injection was writing.",
      fix: "Do not inject the object from its callback or its observers: every candidate is filled once the "
        + "injection that calls them returns.")
  }
}
