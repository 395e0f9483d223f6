/// How one answer's values are made: a closure typed with its value, built once, so producing never casts.
struct Producer<Value>: Sendable {
  /// Whether the registry or a singleton cell keeps the value alive, so `weak`/`unowned` properties may hold it.
  let keepsItsValue: Bool
  /// For a graph-scoped registration: the call keeps its value until it ends, so the strong properties it fills in
  /// one class share one step (and a check of whether a property keeps it lends it out, ``GraphValues/lend(_:)``).
  var keptByTheCall: Registration? = nil
  /// Whether producing may make a value (run a factory, or inject one): only then does a `resolve` pin its registry
  /// (``CreationStack/pinning(_:_:)``). An instance, a deferred handle and a failure make none.
  var makesValues = true
  /// Runs on the calling thread, outside every lock.
  let produce: @Sendable (Execution, Site) throws(InjectionError) -> Value
}

extension Producer {
  /// The instance in slot `slot` of the working injector's own registrations (see ``SiblingShape``), which its
  /// registry keeps; `registration` is the one the plan was built with, or a sibling's in the same slot.
  static func ownInstance(inSlot slot: Int, like registration: RegistrationName) -> Self {
    Producer(keepsItsValue: true) { execution, site throws(InjectionError) in
      let own = execution.ownRegistrations
      // Always there: a plan runs with the registrations it was built from, or a sibling's of the same shape.
      guard slot < own.count, let instance = own[slot].instance else {
        throw InjectionError(
          operation: site.label, .answerMismatch(at: site, wanted: Value.self, answer: .registration(registration)))
      }
      // A switch: `as?` would look up the metadata of `Value?` on every call of this unspecialized code.
      switch instance {
      case let value as Value: return value
      default: return try execution.cast(instance, to: Value.self, from: own[slot], at: site)
      }
    }
  }
}

extension Answer {
  /// The producer of `Value`s for this answer in `chain`, or nil (a failure, or another type: a type mismatch).
  func producer<Value>(of _: Value.Type, in chain: SnapshotChain) -> Producer<Value>? {
    switch self {
    case .failure:
      return nil
    case .registration(let registration, let level):
      return registration.producer(of: Value.self, level: level, readsHomeCells: chain.readsHomeCells(atLevel: level))
    case .creation:
      guard Value.self is any InjectorCreatable.Type else { return nil }
      return Producer(keepsItsValue: false) { execution, site throws(InjectionError) in
        try execution.create(Value.self, at: site)
      }
    case .deferred(let deferral, _, let request):
      guard let deferred = Value.self as? any DeferredValue.Type else { return nil }
      let later = request.read(through: "\(readableName(of: Value.self)).\(deferral.read)")
      return handles(of: deferred, resolving: later) as? Producer<Value>
    }
  }

  /// New `Handle`s resolving `request`, as `any Sendable`: the caller has only the opened type.
  private func handles<Handle: DeferredValue>(of _: Handle.Type, resolving request: Request) -> any Sendable {
    Producer<Handle>(keepsItsValue: false, makesValues: false) { execution, _ in
      Handle(resolving: request, through: execution.injector.link)
    }
  }
}

extension Registration {
  /// The producer of `Value`s for this registration, found `level` steps up (``SnapshotChain/readsHomeCells(atLevel:)``
  /// tells whether an override sits in between); a main-actor registration's makes and hands out values only on the
  /// main actor.
  func producer<Value>(of _: Value.Type, level: Int, readsHomeCells: Bool) -> Producer<Value> {
    let producer = anyThreadProducer(of: Value.self, level: level, readsHomeCells: readsHomeCells)
    guard isMainActorIsolated else { return producer }
    return Producer(
      keepsItsValue: producer.keepsItsValue, keptByTheCall: producer.keptByTheCall, makesValues: producer.makesValues
    ) {
      execution, site throws(InjectionError) in
      guard isOnMainActor() else {
        throw InjectionError(operation: site.label, .mainActorRequired(at: site, registration: self.named))
      }
      return try producer.produce(execution, site)
    }
  }

  /// The producer, with no check of the actor it runs on.
  private func anyThreadProducer<Value>(of _: Value.Type, level: Int, readsHomeCells: Bool) -> Producer<Value> {
    let keeps = keepsItsValue
    switch source {
    case .instance:
      // Plans write an instance as a constant; `resolve` casts it per call (`instance` is a non-nil `Any?`).
      return Producer(keepsItsValue: true, makesValues: false) { execution, site throws(InjectionError) in
        try execution.cast(self.instance as Any, to: Value.self, from: self, at: site)
      }
    case .factory(let factory), .singleton(let factory), .scoped(let factory, _):
      // Every registered factory is an `AnyFactory`: the registry, a layer below, names only what it knows of it.
      guard let factory = factory as? any AnyFactory else {
        return Producer(keepsItsValue: keeps, makesValues: false) { _, site throws(InjectionError) in
          throw InjectionError(
            operation: site.label, .answerMismatch(at: site, wanted: Value.self, answer: .registration(self.named)))
        }
      }
      if let own = ownFactory(of: Value.self, level: level) {
        return Producer(keepsItsValue: false) { execution, site throws(InjectionError) in
          try execution.make(own, at: site, typeOf: { own.registration.typeOf($0) })
        }
      }
      // A made singleton is read here, without the calls that making one needs (unless an override in between may
      // have its own); a plain factory is called without the existential's call. Each kind is cast to only where
      // the source says it is: a failing generic cast costs a first injection the metadata it looks up.
      if case .singleton = source, readsHomeCells, let singleton = factory as? Singleton<Value> {
        let cell = singleton.cell
        return Producer(keepsItsValue: keeps) { execution, site throws(InjectionError) in
          try cell.ifMade({ value throws(InjectionError) in value }) { () throws(InjectionError) in
            try singleton.make(execution, for: self, level: level, at: site)
          }
        }
      }
      if case .scoped(_, .graph) = source, let graph = factory as? GraphFactory<Value> {
        return Producer(keepsItsValue: keeps, keptByTheCall: self) { execution, site throws(InjectionError) in
          try graph.make(execution, for: self, level: level, at: site)
        }
      }
      if case .factory = source, let typed = factory as? Factory<Value> {
        return Producer(keepsItsValue: keeps) { execution, site throws(InjectionError) in
          try typed.make(execution, for: self, level: level, at: site)
        }
      }
      if let typed = factory as? any AnyFactory<Value> {
        return Producer(keepsItsValue: keeps) { execution, site throws(InjectionError) in
          try typed.make(execution, for: self, level: level, at: site)
        }
      }
      // Registered for another type than `Value`: each value is cast.
      return Producer(keepsItsValue: keeps) { execution, site throws(InjectionError) in
        let made: Any = try factory.make(execution, for: self, level: level, at: site)
        return try execution.cast(made, to: Value.self, from: self, at: site)
      }
    }
  }
}
