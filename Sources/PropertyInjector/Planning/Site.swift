/// Where a value is needed: a property of an object, or a `resolve` call. Names errors and
/// creation paths.
///
/// Names are formatted on demand, since only messages need them: a site is made for every
/// candidate of every plan, and pushed with every creation (a reference, so that is a retain).
final class Site: Sendable {
  private let owner: Any.Type?
  private let ownerText: String?
  private let declared: Any.Type?
  /// The property, or nil for `resolve`.
  let property: String?

  /// A property of an object.
  init(_ property: TypeBlueprint.Property) {
    owner = property.ownerType
    ownerText = nil
    self.property = property.label
    declared = property.declaredType
  }

  /// A member of something that is not a type, such as `Lazy<Database>.value`.
  init(named name: String, property: String?) {
    owner = nil
    ownerText = name
    self.property = property
    declared = nil
  }

  /// A `resolve` call for `type`.
  init(resolving type: TypeProbe) {
    owner = type.type
    ownerText = nil
    property = nil
    declared = nil
  }

  /// The type that declares the property, or the resolved type for `resolve`.
  var typeName: String { ownerText ?? owner.map { readableName(of: $0) } ?? "" }
  /// The property's declared type (`Logger?`), or nil for `resolve`.
  var declaredType: String? { declared.map { readableName(of: $0) } }

  /// `Feed.injectedDatabase`, or `resolve(Logger)`.
  var label: String { property.map { "\(typeName).\($0)" } ?? "resolve(\(typeName))" }
}

extension InjectionError.Problem {
  /// Nothing eligible fills `site`.
  static func unresolved(at site: Site, needing wrapped: TypeProbe, nearMisses: [String]) -> Self {
    let name = wrapped.name
    guard site.property != nil else {
      return Self(
        code: .unresolved, typeName: name,
        summary: "nothing registered without an id or target fills \(aOrAn(name)).",
        nearMisses: nearMisses,
        fix: "Register \(aOrAn(name)) without an id or target (`try injector.register(value, as: \(name).self)`)."
      )
    }
    return Self(
      code: .unresolved, typeName: site.typeName, property: site.property, declaredType: site.declaredType,
      summary: "it is nil, and nothing registered fills it.",
      nearMisses: nearMisses,
      fix: nearMisses.isEmpty
        ? "Register \(aOrAn(name)) (`try injector.register(value, as: \(name).self)`), or set the property before injecting."
        : "Change one of the registrations above so it is eligible, or register \(aOrAn(name)) "
          + "(`try injector.register(value, as: \(name).self)`)."
    )
  }

  /// `registration` was chosen for `site` (by name, or a factory's result) but its value is not
  /// a `wrapped`.
  static func mismatch(at site: Site, needing wrapped: TypeProbe, from registration: Registration, value: Any?)
    -> Self
  {
    let given = value.map { readableName(of: type(of: $0)) } ?? registration.summary
    let how: String
    if case .name(let name) = registration.match {
      how = "\(registration.summary) is registered under the name \"\(name)\""
    } else {
      how = "\(registration.summary) produced \(aOrAn(given))"
    }
    return Self(
      code: .typeMismatch, typeName: site.typeName, property: site.property, declaredType: site.declaredType,
      summary: "\(how), which is not \(aOrAn(wrapped.name)).",
      fix: site.property.map { "Register \(aOrAn(wrapped.name)) under the name \"\($0)\", or rename the property." }
        ?? "Register the factory with a result type of \(wrapped.name)."
    )
  }

  /// A factory, or an initializer, threw while making a value for `site`.
  static func factoryFailed(at site: Site, making what: String, error: any Error) -> Self {
    Self(
      code: .factoryFailed, typeName: site.typeName, property: site.property, declaredType: site.declaredType,
      summary: "\(what) threw \(error).",
      fix: "See the underlying error. Nothing was injected; a later injection calls the factory again."
    )
  }
}
