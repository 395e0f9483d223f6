/// A registration that came close to filling a request, and every reason it did not.
struct NearMiss {
  enum Reason {
    /// Registered as another type without `includingAncestors`, though its instance fits.
    case notIncludingAncestors
    /// Its id does not end the request's label; `suggestion` is an id that would, when the
    /// registration's id occurs earlier in the label.
    case idDoesNotEndLabel(suggestion: String?)
    /// It has an id, and the request has no label (a `resolve` without an id).
    case idWithoutLabel
    /// It is restricted to a target the object is not.
    case otherTarget
    /// It is restricted to a target, and the request has no object (a `resolve` without one).
    case targetWithoutObject
    /// It registers the metatype of the wanted type (`register(Cache.self)` with no factory).
    case metatype
  }

  let registration: Registration
  let reasons: [Reason]
}

enum NearMisses {
  /// Registrations of a fitting type, in every level of `chain`, that were passed over for
  /// `request`, each with why: what an unresolved message shows as "came close".
  ///
  /// - Complexity: O(r) in all registrations; only called when a request is unresolved.
  static func list(for request: Request, in chain: SnapshotChain) -> [NearMiss] {
    chain.levels.flatMap { level in
      level.registry.all.values.sorted { $0.sequence < $1.sequence }.compactMap { miss(of: $0, for: request) }
    }
  }

  private static func miss(of registration: Registration, for request: Request) -> NearMiss? {
    if isMetatype(registration.service.type, of: request.wanted.type) {
      return NearMiss(registration: registration, reasons: [.metatype])
    }
    guard let match = registration.typeMatch else { return nil }
    let exact = registration.service.id == request.wanted.id
    let castable = registration.instance.map(request.wanted.accepts) ?? false
    guard exact || castable else { return nil }
    var reasons: [NearMiss.Reason] = []
    if !exact && !match.includingAncestors { reasons.append(.notIncludingAncestors) }
    if let id = match.id {
      if let label = request.foldedLabel {
        if !id.matches(foldedLabel: label) {
          reasons.append(.idDoesNotEndLabel(suggestion: suggestedID(for: id, in: request)))
        }
      } else {
        reasons.append(.idWithoutLabel)
      }
    }
    if let target = match.target, !request.classChain.contains(target.id) {
      reasons.append(request.classChain.isEmpty ? .targetWithoutObject : .otherTarget)
    }
    return reasons.isEmpty ? nil : NearMiss(registration: registration, reasons: reasons)
  }

  /// The id that would match when `id` occurs in the label but not at its end: the label from
  /// the last occurrence of the id onwards (`primarySession` for `injectedPrimarySession`).
  private static func suggestedID(for id: RegistrationID, in request: Request) -> String? {
    guard let label = request.label else { return nil }
    var best: String?
    for start in label.indices where String(label[start...]).caseFolded.hasPrefix(id.folded) {
      best = String(label[start...])
    }
    // Written as an id usually is: `primarySession`, from `…PrimarySession`.
    return best.map { $0.prefix(1).lowercased() + $0.dropFirst() }
  }

  /// Whether `registered` is the metatype of `wanted` (`Cache.Type` for `Cache`).
  private static func isMetatype(_ registered: Any.Type, of wanted: Any.Type) -> Bool {
    func metatype<T>(_: T.Type) -> Any.Type { T.Type.self }
    return ObjectIdentifier(_openExistential(wanted, do: metatype)) == ObjectIdentifier(registered)
  }
}
