// A child injector's first injection of a type, under a parent with few or many registrations,
// a fifth of them `includingAncestors`: what the ancestor index saves a plan builder.

import Benchmark
import BenchmarkCatalog
import BenchmarkTargets
import PropertyInjector

/// Registers ``Catalog/firstInjectionInChild(_:)`` for every count of other registrations.
func registerFirstInjectionInChild(_ registrar: Registrar) throws {
  for count in Catalog.ancestorRegistryCounts {
    let scenario = Catalog.firstInjectionInChild(count)
    let services = Services()
    let parent = Injector()
    Flat5.registerServices(services, in: parent)
    addAncestorPadding(count, to: parent)
    try registerChildInjection(scenario, .injectable, InjectableFlat5.self, under: parent, registrar)
    try registerChildInjection(scenario, .keyPathTable, Flat5.self, under: parent, registrar)
    registrar.add(scenario, .registrationsOnly) { benchmark in
      for _ in benchmark.scaledIterations {
        let child = ownPlanChild(of: parent)
        blackHole(InjectableFlat5())
        blackHole(child)
      }
    }
  }
}

/// A service no benchmark target asks for.
private final class UnaskedService: Sendable {}

/// A child of `parent` that builds its own plans: its one registration, a factory of a type nothing asks for,
/// keeps it from running a plan a sibling built (a child holding only instances would, after the first).
private func ownPlanChild(of parent: Injector) -> Injector {
  let child = Injector(parent: parent)
  child.register(UnaskedService.self) { _ in UnaskedService() }
  return child
}

/// A new child of `parent`, then its first `inject` of a fresh `Target`: its plan is built from the parent's
/// registrations.
private func registerChildInjection<Target: InjectableTarget>(
  _ scenario: Scenario,
  _ contender: Contender,
  _: Target.Type,
  under parent: Injector,
  _ registrar: Registrar
) throws {
  let target = Target()
  try ownPlanChild(of: parent).inject(target)
  requireFilled(target, by: "PropertyInjector (\(contender.rawValue))")
  registrar.add(scenario, contender) { benchmark in
    for _ in benchmark.scaledIterations {
      let child = ownPlanChild(of: parent)
      let target = Target()
      try child.inject(target)
      blackHole(target)
      blackHole(child)
    }
  }
}

/// `count` registrations no property of `Flat5` takes (each id ends no property's name): every fifth one an
/// `includingAncestors` instance, of five types that fit Flat5's property types, the others plain instances.
private func addAncestorPadding(_ count: Int, to injector: Injector) {
  for index in 0..<count {
    let id = "unmatched\(index)"
    guard index.isMultiple(of: 5) else {
      injector.register(ServiceA9(), id: id)
      continue
    }
    switch index / 5 % 5 {
    case 0: injector.register(ImplP0(), includingAncestors: true, id: id)
    case 1: injector.register(ImplP1(), includingAncestors: true, id: id)
    case 2: injector.register(ServiceA0(), as: (any Sendable).self, includingAncestors: true, id: id)
    case 3: injector.register(ServiceA1(), as: (any Sendable).self, includingAncestors: true, id: id)
    default: injector.register(ServiceA2(), as: (any Sendable).self, includingAncestors: true, id: id)
    }
  }
}
