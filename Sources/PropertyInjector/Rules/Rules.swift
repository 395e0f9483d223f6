/// The answer to a ``Request``: which registration fills it and how the value is produced, or
/// why nothing does.
indirect enum Answer {
  /// A registration of the injector `level` steps up the chain: its instance, its factory's new
  /// value, or its singleton. Name registrations answer this way too.
  case registration(Registration, level: Int)
  /// A new instance of an ``InjectorCreatable`` type that nothing is registered for.
  case creation(TypeProbe)
  /// A ``Lazy`` or ``Provider`` that will ask `inner` later; `inner` is already known to succeed.
  case deferred(Deferral, inner: Answer, request: Request)
  /// Nothing fills the request: the problem says why, with what came close.
  case failure(InjectionError.Problem)
}

extension Answer {
  /// The answer as messages name it.
  var named: AnswerName {
    switch self {
    case .registration(let registration, _): .registration(registration.named)
    case .creation(let type): .creation(typeName: type.name)
    case .deferred(let deferral, let inner, _): .deferred(inner: inner.named, timing: deferral.timing)
    case .failure: .nothing
    }
  }
}

/// The one rules engine: every entry point (`inject` through its plans, `resolve`, `Lazy`,
/// `Provider`, the wrappers, `validate`, `explain`) asks ``answer(_:in:)``, so they cannot
/// disagree.
enum Rules {
  /// Which registration answers `request` in `chain`, and how the value is produced.
  ///
  /// In order:
  /// 1. a ``Lazy`` or ``Provider`` type defers: the same request, for the type it wraps, must
  ///    have an answer now, and is asked again when the value is needed;
  /// 2. each injector of the chain, the asking one first, is consulted in turn, and the first
  ///    with an eligible registration answers: its name registration for the property's name
  ///    (a value that does not fit is a type mismatch), else its best type registration by
  ///    ``Precedence`` (a `resolve(_:named:)` sees only name registrations, a `resolve(_:for:id:)`
  ///    only type registrations);
  /// 3. an ``InjectorCreatable`` type with no registration of its type at all, in any injector of
  ///    the chain, is created;
  /// 4. anything else is unresolved, with every registration that came close and why it did not fit.
  ///
  /// - Complexity: O(r) in the registrations of the wanted type and those registered with
  ///   `includingAncestors`. Plans and resolution caches call it once per request and registry version.
  static func answer(_ request: Request, in chain: SnapshotChain) -> Answer {
    if let deferral = request.wanted.deferral {
      let innerRequest = request.asking(for: deferral.inner)
      let inner = answer(innerRequest, in: chain)
      if case .failure = inner { return inner }
      return .deferred(deferral, inner: inner, request: innerRequest)
    }
    for (level, snapshot) in chain.levels.enumerated() {
      let registry = snapshot.registry
      if request.names != .ignored, let label = request.label, let named = registry.byName[label] {
        let fits =
          named.instance.map(request.wanted.accepts) ?? !Self.neverFits(named.service.type, request.wanted.type)
        if !fits {
          return .failure(
            .nameMismatch(at: request.site, wanted: request.wanted.type, name: label, registration: named.named))
        }
        return .registration(named, level: level)
      }
      if request.names == .only { continue }
      if let best = Precedence.best(in: registry, for: request) {
        return .registration(best, level: level)
      }
    }
    if request.names == .only {
      let names = chain.levels.flatMap { $0.registry.byName.keys }.sorted()
      return .failure(
        .unresolvedName(request.label ?? "", at: request.site, registeredNames: names))
    }
    if request.wanted.isCreatable && !hasRegistration(ofTypeOf: request, in: chain) {
      return .creation(request.wanted)
    }
    return .failure(
      .unresolved(at: request.site, wanted: request.wanted.type, nearMisses: NearMisses.list(for: request, in: chain)))
  }

  /// Whether no value of the static type `made` (a factory's declared result) can ever be a
  /// `wanted`: two distinct value types, or two unrelated classes. Whatever only running can
  /// tell (a protocol, `Any`, `AnyHashable`, a function or tuple type, a class and a value type
  /// that may bridge) is left to the cast when the value is made.
  static func neverFits(_ made: Any.Type, _ wanted: Any.Type) -> Bool {
    guard ObjectIdentifier(made) != ObjectIdentifier(wanted), !isExistential(made), !isExistential(wanted),
      ObjectIdentifier(wanted) != ObjectIdentifier(AnyHashable.self)
    else { return false }
    switch (made as? AnyClass, wanted as? AnyClass) {
    case (let made?, let wanted?):
      return !isSubclass(made, of: wanted) && !isSubclass(wanted, of: made)
    case (nil, nil):
      return [made, wanted].allSatisfy { type in
        let name = String(describing: type)
        return !name.hasPrefix("(") && !name.contains("->")
      }
    default:
      return false
    }
  }

  private static func isSubclass(_ type: AnyClass, of base: AnyClass) -> Bool {
    var current: AnyClass? = type
    while let candidate = current {
      if ObjectIdentifier(candidate) == ObjectIdentifier(base) { return true }
      current = _getSuperclass(candidate)
    }
    return false
  }

  /// Whether anything in the chain is registered for the request's type (exactly, or with
  /// `includingAncestors` and a fitting instance), whatever its id and target: auto-creation
  /// only fills types the user registered nothing for.
  private static func hasRegistration(ofTypeOf request: Request, in chain: SnapshotChain) -> Bool {
    chain.levels.contains { level in
      level.registry.byType[request.wanted.id] != nil
        || level.registry.withAncestors.contains { $0.instance.map(request.wanted.accepts) ?? false }
    }
  }
}
