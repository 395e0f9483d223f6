/// Adopted by ``Lazy`` and ``Provider`` so the rules recognise them as property types.
protocol DeferredValue: DeferredType {
  /// A handle that resolves `request` (for the inner type) when asked, through `link`'s injector.
  init(resolving request: Request, through link: InjectorLink)
}

extension InjectorLink {
  /// What `request` resolves to through this link's injector, once called: the deferred resolution behind a
  /// ``Lazy`` or ``Provider``, which holds its injector weakly, throwing once it is gone.
  func resolution<Value>(of request: Request) -> @Sendable () throws(InjectionError) -> Value {
    { () throws(InjectionError) -> Value in
      guard let injector = self.injector else {
        throw .injectorReleased(operation: request.site.label, site: request.site)
      }
      return try injector.produce(request, as: Value.self)
    }
  }
}

extension TypeProbe {
  /// The probe of `Value`: the ``TypeQuestions`` generic code answers about it.
  init<Value>(_: Value.Type) {
    self.init(type: Value.self, questions: Questions<Value>.self)
  }
}

/// The answers about `Value`.
private enum Questions<Value>: TypeQuestions {
  static func accepts(_ value: Any) -> Bool { fitted(value, as: Value.self) != nil }
  static var isCreatable: Bool { Value.self is any InjectorCreatable.Type }
  /// Asks the type's metadata, not its conformances (a search of every conformance record for a new type).
  static var isOptional: Bool { _isOptional(Value.self) }
  static var deferral: Deferral? { (Value.self as? any DeferredType.Type)?.deferral }
}
