/// What a property, a `resolve`, a ``Lazy`` or a ``Provider`` asks for: the one input of
/// ``Rules/answer(_:in:)``.
struct Request: Sendable {
  /// The type a value must have: the property's declared type, unwrapped.
  let wanted: TypeProbe
  /// The object's class and its superclasses, most derived first; empty when there is no
  /// object, which sees only registrations without a target.
  let classChain: [ObjectIdentifier]
  /// The property's name (or the id a `resolve` gives), matched against registration ids;
  /// nil sees only registrations without an id.
  let label: String?
  /// ``label``, case-folded, for id matching.
  let foldedLabel: String?
  /// Whether name registrations for ``label`` apply.
  let names: NameRule
  /// Where the value is needed, for messages.
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

/// The key under which an injector caches what `resolve`, `Lazy` and `Provider` produce for a
/// request: everything in it that the answer depends on.
struct ResolutionKey: Hashable, Sendable {
  let wanted: ObjectIdentifier
  let target: ObjectIdentifier?
  let label: String?
  let names: NameRule

  init(wanted: ObjectIdentifier, target: ObjectIdentifier?, label: String?, names: NameRule) {
    self.wanted = wanted
    self.target = target
    self.label = label
    self.names = names
  }

  init(_ request: Request) {
    self.init(wanted: request.wanted.id, target: request.classChain.first, label: request.label, names: request.names)
  }
}
