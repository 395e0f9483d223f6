extension Describe {
  /// Why `answer` fills a candidate's `request`, in order of precedence, for ``Injector/explain(_:)``.
  static func reasons(for answer: Answer?, _ request: Request?, in chain: SnapshotChain) -> [String] {
    guard let answer, let request else { return [] }
    switch answer {
    case .failure:
      return []
    case .creation(let type):
      return ["nothing is registered for \(type.name), and it is InjectorCreatable"]
    case .deferred(_, let inner, let innerRequest):
      // The answer's own summary says when the handle resolves.
      return reasons(for: inner, innerRequest, in: chain)
    case .registration(let registration, let level):
      var reasons: [String] = []
      if case .name(let name) = registration.match {
        reasons.append("registered under its name \"\(name)\"")
      } else if let match = registration.typeMatch {
        if let id = match.id { reasons.append("its name ends with id \"\(id.original)\"") }
        if let target = match.target { reasons.append("registered for \(target.name)") }
        if registration.service.id == request.wanted.id {
          reasons.append("exact type")
        } else {
          let given = registration.instance.map { readableName(of: type(of: $0)) } ?? registration.service.name
          reasons.append("ancestor match: \(aOrAn(given)) is \(aOrAn(request.wanted.name))")
        }
        if level < chain.levels.count {
          let others = Precedence.best(in: chain.levels[level], for: request).eligible - 1
          if others > 0 {
            reasons.append("preferred over \(others) other eligible registration\(others == 1 ? "" : "s")")
          }
        }
      }
      switch registration.source {
      case .instance: break
      case .factory: reasons.append("a new value from the factory each time")
      case .singleton: reasons.append("one shared value, made on first use")
      case .scoped(_, .graph): reasons.append("graph scope: one value shared within each inject or top-level resolve")
      case .scoped(_, .weak):
        reasons.append("weak scope: one value shared while something outside the injector holds it")
      case .scoped: reasons.append("cached scope: one shared value, made on first use, until reset")
      }
      if level == 1 {
        reasons.append("from the parent injector")
      } else if level > 1 {
        reasons.append("from an ancestor injector, \(level) levels up")
      }
      return reasons
    }
  }
}
