enum NearMisses {
  /// Fitting-type registrations passed over for `request`, with why: an unresolved message's "came close".
  static func list(for request: Request, in chain: SnapshotChain) -> [NearMiss] {
    chain.levels.flatMap { level in
      level.registry.ordered.all.compactMap { miss(of: $0, for: request) }
    }
  }

  /// The codes of the registrations of exactly the wanted type that were refused (kept as configuration problems).
  static func refused(for request: Request, in chain: SnapshotChain) -> [InjectionError.Code] {
    chain.levels.flatMap { level in
      level.registry.problems.compactMap { key, problem in
        guard case .type(let type, _, _) = key, type == request.wanted.id else { return nil }
        return problem.code
      }
    }
  }

  private static func miss(of registration: Registration, for request: Request) -> NearMiss? {
    // Registered as the wanted type's metatype (`Cache.Type` for `Cache`).
    func metatype<T>(_: T.Type) -> Any.Type { T.Type.self }
    if ObjectIdentifier(_openExistential(request.wanted.type, do: metatype)) == registration.service.id {
      return NearMiss(registration: registration.named, reasons: [.metatype])
    }
    guard let match = registration.typeMatch else { return nil }
    let exact = registration.service.id == request.wanted.id
    let castable = registration.instance.map(request.wanted.accepts) ?? false
    guard exact || castable else { return nil }
    var reasons: [NearMiss.Reason] = []
    if !exact && !match.includingAncestors { reasons.append(.notIncludingAncestors) }
    if let id = match.id, let label = request.foldedLabel, !id.matches(foldedLabel: label) {
      reasons.append(.idDoesNotEndLabel(label: request.label ?? label, suggestion: suggestedID(for: id, in: request)))
    } else if match.id != nil, request.foldedLabel == nil {
      reasons.append(.idWithoutLabel)
    }
    if let target = match.target, !request.classChain.contains(target.id) {
      reasons.append(request.classChain.isEmpty ? .targetWithoutObject : .otherTarget)
    }
    return reasons.isEmpty ? nil : NearMiss(registration: registration.named, reasons: reasons)
  }

  /// The id that would match when `id` occurs mid-label: `primarySession` for `injectedPrimarySession`.
  private static func suggestedID(for id: RegistrationID, in request: Request) -> String? {
    guard let label = request.label else { return nil }
    var best: String?
    for start in label.indices where String(label[start...]).caseFolded.hasPrefix(id.folded) {
      best = String(label[start...])
    }
    // Written as an id usually is: `primarySession`, from `…PrimarySession`.
    return best.map { $0.prefix(1).lowercased() + $0.dropFirst() }
  }
}
