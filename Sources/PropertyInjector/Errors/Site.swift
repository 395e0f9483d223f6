/// Where a value is needed (a property, a `resolve`, a handle's value), for messages; names are formatted on demand.
final class Site: Sendable {
  private let owner: Any.Type?
  private let ownerText: String?
  private let declared: Any.Type?
  let property: String?

  private init(owner: Any.Type?, ownerText: String?, property: String?, declared: Any.Type?) {
    self.owner = owner
    self.ownerText = ownerText
    self.property = property
    self.declared = declared
  }

  convenience init(owner: Any.Type, property: String, declared: Any.Type?) {
    self.init(owner: owner, ownerText: nil, property: property, declared: declared)
  }

  /// Something that is not a property of a type, such as `Lazy<Database>.value`.
  convenience init(named name: String, property: String?) {
    self.init(owner: nil, ownerText: name, property: property, declared: nil)
  }

  convenience init(resolving type: Any.Type, detail: String? = nil) {
    self.init(owner: type, ownerText: detail.map { "\(readableName(of: type))\($0)" }, property: nil, declared: nil)
  }

  /// The type that declares the property, or the resolved type for `resolve`.
  var typeName: String { ownerText ?? owner.map { readableName(of: $0) } ?? "" }
  /// The property's declared type (`(any Logger)?`), or nil for `resolve`.
  var declaredType: String? { declared.map { readableName(of: $0) } }

  /// `Feed.injectedDatabase`, or `resolve(any Logger)`.
  var label: String { property.map { "\(typeName).\($0)" } ?? "resolve(\(typeName))" }
}
