/// How one answer's values are made at execution time: a closure typed with the value it makes,
/// built once per plan step or cached resolution, so producing never casts what it already
/// knows the type of.
struct Producer<Value>: Sendable {
  /// Whether something besides the property keeps the produced value alive (the registry keeps
  /// an instance, a cell its singleton), so a `weak` or `unowned` property may hold it.
  let keepsItsValue: Bool
  /// Makes a value for a site: on the calling thread, outside every lock.
  let produce: @Sendable (Execution, Site) throws(InjectionError) -> Value
}

extension Answer {
  /// The producer of `Value`s for this answer, or nil when the answer cannot make a `Value`: a
  /// failure, or (what the rules rule out) an answer of another type. Plans and resolutions
  /// report nil as a type mismatch naming the answer.
  func producer<Value>(of _: Value.Type) -> Producer<Value>? {
    switch self {
    case .failure:
      return nil
    case .registration(let registration, let level):
      return registration.producer(of: Value.self, level: level)
    case .creation:
      guard Value.self is any InjectorCreatable.Type else { return nil }
      return Producer(keepsItsValue: false) { execution, site throws(InjectionError) in
        try execution.create(Value.self, at: site)
      }
    case .deferred(_, _, let request):
      guard let deferred = Value.self as? any DeferredValue.Type else { return nil }
      return handles(of: deferred, resolving: request) as? Producer<Value>
    }
  }

  /// The producer of new `Handle`s that resolve `request` when asked, as `any Sendable`: the
  /// caller knows `Handle` only as the type it opened.
  private func handles<Handle: DeferredValue>(of _: Handle.Type, resolving request: Request) -> any Sendable {
    Producer<Handle>(keepsItsValue: false) { execution, _ in
      Handle(resolving: request, through: execution.injector.link)
    }
  }
}

extension Registration {
  /// The producer of `Value`s from this registration, `level` steps up the injector chain.
  func producer<Value>(of _: Value.Type, level: Int) -> Producer<Value> {
    switch source {
    case .instance:
      // A plan writes an instance as a constant; `resolve` casts it on each call (a cast looks
      // through the `Any?` that `instance` is, never nil for an instance registration).
      return Producer(keepsItsValue: true) { execution, site throws(InjectionError) in
        try execution.cast(self.instance as Any, to: Value.self, from: self, at: site)
      }
    case .factory(let factory):
      if let own = ownFactory(of: Value.self, level: level) {
        return Producer(keepsItsValue: false) { execution, site throws(InjectionError) in
          try execution.make(own, at: site)
        }
      }
      if let typed = factory as? Factory<Value> {
        return Producer(keepsItsValue: false) { execution, site throws(InjectionError) in
          try typed.make(execution, for: self, level: level, at: site)
        }
      }
      return Producer(keepsItsValue: false) { execution, site throws(InjectionError) in
        let made = try factory.makeAny(execution, for: self, level: level, at: site)
        return try execution.cast(made, to: Value.self, from: self, at: site)
      }
    case .singleton(let singleton):
      if let typed = singleton as? Singleton<Value> {
        guard !typed.isMainActorIsolated else {
          return Producer(keepsItsValue: true) { execution, site throws(InjectionError) in
            try typed.make(execution, for: self, level: level, at: site)
          }
        }
        // A made singleton is read here, without the calls that making one needs.
        let cell = typed.cell
        return Producer(keepsItsValue: true) { execution, site throws(InjectionError) in
          if cell.isMade { return cell.madeValue }
          return try typed.make(execution, for: self, level: level, at: site)
        }
      }
      return Producer(keepsItsValue: true) { execution, site throws(InjectionError) in
        let made = try singleton.makeAny(execution, for: self, level: level, at: site)
        return try execution.cast(made, to: Value.self, from: self, at: site)
      }
    }
  }
}
