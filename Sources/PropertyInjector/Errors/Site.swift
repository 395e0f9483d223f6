/// Where a value is needed: a property of an object, a `resolve` call, or a handle's value.
/// Names errors and creation paths.
///
/// Names are formatted on demand, since only messages need them.
final class Site: Sendable {
  private let owner: Any.Type?
  private let ownerText: String?
  private let declared: Any.Type?
  /// The property, or nil for `resolve`.
  let property: String?

  /// A property of an object, declared with type `declared`.
  init(owner: Any.Type, property: String, declared: Any.Type?) {
    self.owner = owner
    ownerText = nil
    self.property = property
    self.declared = declared
  }

  /// Something that is not a property of a type, such as `Lazy<Database>.value`.
  init(named name: String, property: String?) {
    owner = nil
    ownerText = name
    self.property = property
    declared = nil
  }

  /// A `resolve` call for `type`.
  init(resolving type: Any.Type, detail: String? = nil) {
    owner = type
    ownerText = detail.map { "\(readableName(of: type))\($0)" }
    property = nil
    declared = nil
  }

  /// The type that declares the property, or the resolved type for `resolve`.
  var typeName: String { ownerText ?? owner.map { readableName(of: $0) } ?? "" }
  /// The property's declared type (`(any Logger)?`), or nil for `resolve`.
  var declaredType: String? { declared.map { readableName(of: $0) } }

  /// `Feed.injectedDatabase`, or `resolve(any Logger)`.
  var label: String { property.map { "\(typeName).\($0)" } ?? "resolve(\(typeName))" }
}
