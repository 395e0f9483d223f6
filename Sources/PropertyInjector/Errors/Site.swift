/// Where a value is needed (a property, a `resolve`, a handle's value), for messages; names are formatted on demand.
final class Site: Sendable {
  private let owner: Any.Type?
  private let ownerText: String?
  private let declared: Any.Type?
  let property: String?
  /// How the value is read, when not by `inject` filling a property or by a `resolve`.
  private enum Reading {
    /// A ``Lazy``'s or ``Provider``'s read, once it was made: through the one named (`Provider<Database>.get()`),
    /// or, nil, the site itself (`Lazy<Database>.value`, named only when asked).
    case handle(String?)
    /// An ``Injected`` property's: resolved on each read, never filled.
    case onEachRead
  }
  private let reading: Reading?

  private init(owner: Any.Type?, ownerText: String?, property: String?, declared: Any.Type?, reading: Reading? = nil) {
    self.owner = owner
    self.ownerText = ownerText
    self.property = property
    self.declared = declared
    self.reading = reading
  }

  convenience init(owner: Any.Type, property: String, declared: Any.Type?, resolvesOnRead: Bool = false) {
    self.init(
      owner: owner, ownerText: nil, property: property, declared: declared, reading: resolvesOnRead ? .onEachRead : nil)
  }

  /// Something that is not a property of a type, such as `Lazy<Database>.value` (`handle`: a handle's read).
  convenience init(named name: String, property: String?, handle: Bool = false) {
    self.init(owner: nil, ownerText: name, property: property, declared: nil, reading: handle ? .handle(nil) : nil)
  }

  /// This site, for a handle made here that resolves later, through `handle` (`Provider<Database>.get()`).
  func read(through handle: String) -> Site {
    Site(owner: owner, ownerText: ownerText, property: property, declared: declared, reading: .handle(handle))
  }

  /// The ``Lazy`` or ``Provider`` read that resolves here, once it was made (`Provider<Database>.get()`); nil for
  /// anything else.
  var handle: String? {
    guard case .handle(let name) = reading else { return nil }
    return name ?? label
  }

  /// Whether the property resolves its value on each read (an ``Injected`` one), rather than being filled.
  var resolvesOnRead: Bool { if case .onEachRead = reading { true } else { false } }

  convenience init(resolving type: Any.Type, detail: String? = nil) {
    self.init(owner: type, ownerText: detail.map { "\(readableName(of: type))\($0)" }, property: nil, declared: nil)
  }

  /// The type a `resolve` asked for, as source writes it; nil for a property.
  var resolvedTypeName: String? { property == nil ? owner.map { readableName(of: $0) } : nil }

  /// The type that declares the property, or the resolved type for `resolve`.
  var typeName: String { ownerText ?? owner.map { readableName(of: $0) } ?? "" }
  /// The property's declared type (`(any Logger)?`), or nil for `resolve`.
  var declaredType: String? { declared.map { readableName(of: $0) } }

  /// `Feed.injectedDatabase`, or `resolve(any Logger)`.
  var label: String { property.map { "\(typeName).\($0)" } ?? "resolve(\(typeName))" }
}
