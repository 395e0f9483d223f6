import Benchmark
import BenchmarkCatalog
import PropertyInjector
import Swinject

// MARK: - 1. Scan cost

/// First injection of a type on a new injector: each iteration makes a new `Injector`,
/// registers the target's services, and injects one fresh object, which scans the type,
/// builds its plan and fills it. Beside it, the same without `inject` (so the difference is
/// the scan, the plan and the fill), and a bare `Mirror` walk of a fresh object of the type.
func registerFirstInjection<Target: BenchmarkTarget>(_: Target.Type, _ registrar: Registrar) throws {
  let scenario = Catalog.firstInjection(Target.label)
  let services = Services()
  registerNewInjectorContenders(scenario, Target.self, registrar) { try Target.registerServices(services, in: $0) }
  registrar.add(scenario, .mirror) { benchmark in
    for _ in benchmark.scaledIterations {
      let target = Target()
      blackHole(walkMirror(of: target))
      blackHole(target)
    }
  }

  let injector = Injector()
  try Target.registerServices(services, in: injector)
  let target = Target()
  try injector.inject(target)
  requireFilled(target, by: "PropertyInjector")
}

/// First injection of Flat5 when the new injector also holds padding registrations of the
/// same service types, which the plan builder has to look at and reject.
func registerFirstInjectionWithLargeRegistry(_ registrar: Registrar) {
  let services = Services()
  registerNewInjectorContenders(Catalog.firstInjectionLargeRegistry, Flat5.self, registrar) { injector in
    try Flat5.registerServices(services, in: injector)
    try addPaddingRegistrations(Catalog.largeRegistry - 5, services: services, to: injector)
  }
}

/// The two contenders of a first-injection scenario: a new injector, `register`, then `inject`
/// of a fresh object; and the same without `inject`, to subtract.
private func registerNewInjectorContenders<Target: BenchmarkTarget>(
  _ scenario: Scenario,
  _: Target.Type,
  _ registrar: Registrar,
  register: @escaping (Injector) throws -> Void
) {
  registrar.add(scenario, .propertyInjector) { benchmark in
    for _ in benchmark.scaledIterations {
      let injector = Injector()
      try register(injector)
      let target = Target()
      try injector.inject(target)
      blackHole(target)
      blackHole(injector)
    }
  }
  registrar.add(scenario, .registrationsOnly) { benchmark in
    for _ in benchmark.scaledIterations {
      let injector = Injector()
      try register(injector)
      let target = Target()
      blackHole(target)
      blackHole(injector)
    }
  }
}

// MARK: - 2-4. Cached injection, hand-written, Swinject

/// A fresh object filled each time: by an injector that has injected the type before (its plan
/// is cached), by hand-written code, and by Swinject resolving the type.
func registerCachedInjection<Target: BenchmarkTarget>(_: Target.Type, _ registrar: Registrar) throws {
  try registerInjectionContenders(
    Catalog.cached(Target.label), Target.self,
    injector: { services in
      let injector = Injector()
      try Target.registerServices(services, in: injector)
      return injector
    },
    container: { Target.makeSwinjectContainer(scope: .container) }, registrar)
}

// MARK: - 5. Registry size

/// Cached injection of Flat5 with `count` registrations in all: its five, and padding
/// registrations of the same service types (PropertyInjector: distinct ids and targets;
/// Swinject: distinct names). Hand-written code has no registry; it is there for the ratio.
func registerRegistrySize(_ count: Int, _ registrar: Registrar) throws {
  try registerInjectionContenders(
    Catalog.registry(count), Flat5.self,
    injector: { services in
      let injector = Injector()
      try Flat5.registerServices(services, in: injector)
      try addPaddingRegistrations(count - 5, services: services, to: injector)
      return injector
    },
    container: {
      let container = Flat5.makeSwinjectContainer(scope: .container)  // five services and Flat5
      addPaddingRegistrations(count - 6, to: container)
      return container
    }, registrar)
}

/// The three single-thread contenders of one scenario.
func registerInjectionContenders<Target: BenchmarkTarget>(
  _ scenario: Scenario,
  _: Target.Type,
  injector makeInjector: (Services) throws -> Injector,
  byHand: @escaping (Target, Services) -> Void = { target, services in target.fillByHand(services) },
  container makeContainer: () -> Container,
  _ registrar: Registrar
) throws {
  let services = Services()

  let injector = try makeInjector(services)
  let warmUp = Target()
  try injector.inject(warmUp)  // builds and caches the plan
  requireFilled(warmUp, by: "PropertyInjector")
  registrar.add(scenario, .propertyInjector) { benchmark in
    for _ in benchmark.scaledIterations {
      let target = Target()
      try injector.inject(target)
      blackHole(target)
    }
  }

  let filledByHand = Target()
  byHand(filledByHand, services)
  requireFilled(filledByHand, by: "hand-written")
  registrar.add(scenario, .handWritten) { benchmark in
    for _ in benchmark.scaledIterations {
      let target = Target()
      byHand(target, services)
      blackHole(target)
    }
  }

  let container = makeContainer()
  guard let first = container.resolve(Target.self), let second = container.resolve(Target.self) else {
    fatalError("Swinject could not resolve \(Target.self)")
  }
  precondition(first !== second, "Swinject must create a fresh \(Target.self) each time")
  requireFilled(first, by: "Swinject")
  registrar.add(scenario, .swinject) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(container.resolve(Target.self)!)
    }
  }
}

// MARK: - 6. Two threads

/// Cached injection of Flat5 on two threads at once: each measured iteration, the benchmark's
/// thread and a parked helper thread each fill `objectsPerThread` fresh objects from the same
/// injector. Swinject resolves through `container.synchronize()`, its thread-safe view.
func registerTwoThreads(_ registrar: Registrar) throws {
  let scenario = Catalog.twoThreads
  let perThread = scenario.objectsPerThread
  let helper = HelperThread()
  let services = Services()

  let injector = Injector()
  try Flat5.registerServices(services, in: injector)
  try injector.inject(Flat5())
  registrar.add(scenario, .propertyInjector) { _ in
    let fill = {
      for _ in 0..<perThread {
        let target = Flat5()
        try injector.inject(target)
        blackHole(target)
      }
    }
    try helper.run(fill, alongside: fill)
  }

  registrar.add(scenario, .handWritten) { _ in
    let fill = {
      for _ in 0..<perThread {
        let target = Flat5()
        target.fillByHand(services)
        blackHole(target)
      }
    }
    try helper.run(fill, alongside: fill)
  }

  let resolver = UncheckedSendable(value: Flat5.makeSwinjectContainer(scope: .container).synchronize())
  requireFilled(resolver.value.resolve(Flat5.self)!, by: "Swinject (synchronized)")
  registrar.add(scenario, .swinject) { _ in
    let fill = {
      for _ in 0..<perThread {
        blackHole(resolver.value.resolve(Flat5.self)!)
      }
    }
    try helper.run(fill, alongside: fill)
  }
}
