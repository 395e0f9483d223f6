/// Where a value is needed (a property, a `resolve`, a handle's value), for messages; names are formatted on demand.
final class Site: Sendable {
  private let owner: Any.Type?
  private let ownerText: String?
  private let declared: Any.Type?
  let property: String?

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
