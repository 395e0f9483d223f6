/// The answer to a ``Request``: which registration fills it and how, or why nothing does.
indirect enum Answer {
  /// A registration (type or name) of the injector `level` steps up the chain.
  case registration(Registration, level: Int)
  case creation(TypeProbe)
  /// A ``Lazy`` or ``Provider`` that will ask `inner` later; `inner` is already known to succeed.
  case deferred(Deferral, inner: Answer, request: Request)
  case failure(InjectionError.Problem)

  var named: AnswerName {
    switch self {
    case .registration(let registration, _): .registration(registration.named)
    case .creation(let type): .creation(typeName: type.name)
    case .deferred(let deferral, let inner, _): .deferred(inner: inner.named, timing: deferral.timing)
    case .failure: .nothing
    }
  }
}

/// The one rules engine: plans, `resolve`, handles, `validate` and `explain` all ask it, so they cannot disagree.
enum Rules {
  /// Which registration answers `request` in `chain`; first rule that applies: 1. a ``Lazy`` or ``Provider`` defers
  /// if its wrapped type answers now; 2. the first injector up the chain with an eligible registration answers with
  /// its name registration for the label (misfit: name mismatch), else its best type one by ``Precedence``;
  /// 3. an ``InjectorCreatable`` type registered nowhere is created; 4. else unresolved, with near misses.
  static func answer(_ request: Request, in chain: SnapshotChain) -> Answer {
    if let deferral = request.wanted.deferral {
      let innerRequest = request.asking(for: deferral.inner)
      let inner = answer(innerRequest, in: chain)
      if case .failure = inner { return inner }
      return .deferred(deferral, inner: inner, request: innerRequest)
    }
    for level in 0..<chain.levels.count {
      let snapshot = chain.levels[level]
      if request.names != .ignored, let label = request.label, let named = snapshot.byName[label] {
        let fits =
          named.instance.map(request.wanted.accepts) ?? !Self.neverFits(named.service.type, request.wanted.type)
        if !fits {
          return .failure(
            .nameMismatch(at: request.site, wanted: request.wanted.type, name: label, registration: named.named))
        }
        return .registration(named, level: level)
      }
      if request.names == .only { continue }
      if let best = Precedence.best(in: snapshot, for: request).winner {
        return .registration(best, level: level)
      }
    }
    if request.names == .only {
      let names = chain.levels.flatMap { $0.byName.keys }.sorted()
      // A Swinject name is most often translated to an id: registrations with the name as their id.
      let folded = (request.label ?? "").caseFolded
      let withID = chain.levels.flatMap { level in
        level.registry.ordered.all.filter { $0.typeMatch?.id?.folded == folded }.map(\.named.summary)
      }
      return .failure(
        .unresolvedName(request.label ?? "", at: request.site, registeredNames: names, registeredWithID: withID))
    }
    // Only a type registered nowhere, with any id or target, is created.
    if request.wanted.isCreatable && !chain.levels.contains(where: { $0.registers(request.wanted) }) {
      return .creation(request.wanted)
    }
    return .failure(
      .unresolved(
        at: request.site, wanted: request.wanted.type, nearMisses: NearMisses.list(for: request, in: chain),
        refused: NearMisses.refused(for: request, in: chain)))
  }

  /// Whether no value of static type `made` can be a `wanted`: distinct value types or unrelated classes.
  /// Protocols, `Any`, `AnyHashable`, functions, tuples and bridging are left to the cast.
  static func neverFits(_ made: Any.Type, _ wanted: Any.Type) -> Bool {
    // Only a class instance fits `AnyObject` (see `fitted(_:as:)`): a factory of a value type's never does.
    if ObjectIdentifier(wanted) == ObjectIdentifier(AnyObject.self) {
      return !(made is AnyClass || isExistential(made))
    }
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
    sequence(first: type, next: { _getSuperclass($0) }).contains { ObjectIdentifier($0) == ObjectIdentifier(base) }
  }
}
