/// What a property, `resolve`, ``Lazy`` or ``Provider`` asks for: the one input of ``Rules/answer(_:in:)``.
struct Request: Sendable {
  /// The property's declared type, unwrapped.
  let wanted: TypeProbe
  /// The object's class and superclasses, most derived first; empty (no object) matches only untargeted ones.
  let classChain: [ObjectIdentifier]
  /// The property's name (or a `resolve`'s id), matched against ids; nil sees only registrations without one.
  let label: String?
  let foldedLabel: String?
  let names: NameRule
  let site: Site

  init(wanted: TypeProbe, classChain: [ObjectIdentifier], label: String?, names: NameRule, site: Site) {
    self.wanted = wanted
    self.classChain = classChain
    self.label = label
    foldedLabel = label?.caseFolded
    self.names = names
    self.site = site
  }

  /// The same request for another type: what a `Lazy<T>` asks for `T`.
  func asking(for wanted: TypeProbe) -> Request {
    Request(wanted: wanted, classChain: classChain, label: label, names: names, site: site)
  }

  /// The same request, asked later through `handle` (`Provider<Database>.get()`), for its messages.
  func read(through handle: String) -> Request {
    Request(wanted: wanted, classChain: classChain, label: label, names: names, site: site.read(through: handle))
  }
}

/// Whether, and how, name registrations answer a request.
enum NameRule: Hashable, Sendable {
  /// A name registration for the label comes first, then type registrations: properties.
  case consulted
  /// Only type registrations: `resolve(_:for:id:)`.
  case ignored
  /// Only the name registration for the label: `resolve(_:named:)`.
  case only
}

/// The key of an injector's cache of what `resolve`, `Lazy` and `Provider` produce: everything the answer depends on.
struct ResolutionKey: Hashable, Sendable {
  let wanted: ObjectIdentifier
  let target: ObjectIdentifier?
  let label: String?
  let names: NameRule
}

extension ResolutionKey {
  init(_ request: Request) {
    self.init(wanted: request.wanted.id, target: request.classChain.first, label: request.label, names: request.names)
  }
}
