/// Where a value is needed (a property, a `resolve`, a handle's value), for messages; names are formatted on demand.
final class Site: Sendable {
  private let owner: Any.Type?
  private let ownerText: String?
  private let declared: Any.Type?
  let property: String?
  /// A ``Lazy``'s or ``Provider``'s read (`Lazy<Database>.value`), for one that resolves after it was made: its own
  /// site (named when asked), or its property's; nil for anything else.
  var handle: String? { readThrough ?? (isHandleRead ? label : nil) }
  private let readThrough: String?
  private let isHandleRead: Bool
  /// Whether the property resolves its value on each read (an ``Injected`` one), rather than being filled.
  let resolvesOnRead: Bool

  private init(
    owner: Any.Type?, ownerText: String?, property: String?, declared: Any.Type?, readThrough: String? = nil,
    isHandleRead: Bool = false, resolvesOnRead: Bool = false
  ) {
    self.owner = owner
    self.ownerText = ownerText
    self.property = property
    self.declared = declared
    self.readThrough = readThrough
    self.isHandleRead = isHandleRead
    self.resolvesOnRead = resolvesOnRead
  }

  convenience init(owner: Any.Type, property: String, declared: Any.Type?, resolvesOnRead: Bool = false) {
    self.init(owner: owner, ownerText: nil, property: property, declared: declared, resolvesOnRead: resolvesOnRead)
  }

  /// Something that is not a property of a type, such as `Lazy<Database>.value` (`handle`: a handle's read).
  convenience init(named name: String, property: String?, handle: Bool = false) {
    self.init(owner: nil, ownerText: name, property: property, declared: nil, isHandleRead: handle)
  }

  /// This site, for a handle made here that resolves later, through `handle` (`Provider<Database>.get()`).
  func read(through handle: String) -> Site {
    Site(owner: owner, ownerText: ownerText, property: property, declared: declared, readThrough: handle)
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
