/// How registrations and candidates read in messages and explanations: built here only.
enum Describe {
  /// `ImageCache (as Cache, for ProfileScreen, id "first", including ancestors)`, `a factory of
  /// RequestID`, `a singleton Database`.
  static func registration(_ registration: Registration) -> String {
    var conditions: [String] = []
    if case .instance(let instance) = registration.source,
      readableName(of: type(of: instance)) != registration.service.name
    {
      conditions.append("as \(registration.service.name)")
    }
    if let match = registration.typeMatch {
      if let target = match.target { conditions.append("for \(target.name)") }
      if let id = match.id { conditions.append("id \"\(id.original)\"") }
      if match.includingAncestors { conditions.append("including ancestors") }
    }
    let subject =
      switch registration.source {
      case .instance(let value): readableName(of: type(of: value))
      case .factory(let factory) where factory.isMainActorIsolated:
        "a main-actor factory of \(registration.service.name)"
      case .singleton(let factory, _) where factory.isMainActorIsolated:
        "a main-actor singleton \(registration.service.name)"
      case .factory: "a factory of \(registration.service.name)"
      case .singleton: "a singleton \(registration.service.name)"
      }
    return conditions.isEmpty ? subject : "\(subject) (\(conditions.joined(separator: ", ")))"
  }

  /// Why a candidate is one, as the start of a sentence.
  static func reason(_ reason: Candidate.Reason, _ name: String) -> String {
    switch reason {
    case .prefix: "its name starts with \"\(TypeShape.candidatePrefix)\", so it is a candidate for injection"
    case .nameRegistration: "a name registration targets \"\(name)\", so it is a candidate for injection"
    }
  }

  /// How to register a `type` in source: `injector.register(value, as: (any Logger).self)`.
  static func registrationCall(for type: Any.Type) -> String {
    "`injector.register(value, as: \(metatypeExpression(of: type)))`"
  }

  /// A key path as written in source, when the runtime says: `\Screen.config.inner`.
  static func keyPath(_ keyPath: AnyKeyPath?) -> String {
    guard let keyPath else { return "its @Injectable accessor" }
    if #available(macOS 13.3, iOS 16.4, watchOS 9.4, tvOS 16.4, *) { return keyPath.debugDescription }
    return "a key path from \(readableName(of: type(of: keyPath).rootType))"
  }
}
