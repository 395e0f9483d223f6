/// How candidates, key paths and registration calls read in messages and explanations.
enum Describe {
  /// Why a candidate is one, as the start of a sentence.
  static func reason(_ reason: Candidate.Reason, _ name: String) -> String {
    switch reason {
    case .prefix: "its name starts with \"\(TypeShape.candidatePrefix)\", so it is a candidate for injection"
    case .nameRegistration: "a name registration targets \"\(name)\", so it is a candidate for injection"
    }
  }

  /// How to register `type` in source: `injector.register(value, as: (any Logger).self)`.
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
