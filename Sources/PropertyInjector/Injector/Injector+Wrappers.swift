/// An ``Injected`` property, seen by ``Injector/validate(_:)`` through `Mirror`.
protocol InjectedProperty {
  /// The problem reading it would hit now, checked against `injector` unless it names its own; nil if none.
  func problem(checkedBy injector: Injector, property: String, in owner: Any.Type) -> InjectionError.Problem?
}

extension Injector {
  /// The problems of `object`'s ``Injected`` properties.
  func wrapperProblems(of object: AnyObject) -> [InjectionError.Problem] {
    var problems: [InjectionError.Problem] = []
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror {
      problems += current.children.compactMap { child in
        guard let label = child.label, label.hasPrefix("_"), let wrapper = child.value as? any InjectedProperty
        else { return nil }
        return wrapper.problem(checkedBy: self, property: String(label.dropFirst()), in: current.subjectType)
      }
      mirror = current.superclassMirror
    }
    return problems
  }
}
