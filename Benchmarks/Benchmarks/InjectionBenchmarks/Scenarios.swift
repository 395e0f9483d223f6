import Benchmark
import BenchmarkCatalog
import BenchmarkTargets
import PropertyInjector
import Swinject

// MARK: - 1. Scan cost

/// First injection of a type on a new injector: each iteration makes a new `Injector`,
/// registers the target's services, and injects one fresh object, which scans the type,
/// builds its plan and fills it; for the `@Injectable` class and the key-path-table class.
/// Beside them, the same without `inject` (so the difference is the scan, the plan and the
/// fill), and a bare `Mirror` walk of a fresh object of the `@Injectable` class.
func registerFirstInjection<Table: InjectableTarget, Macro: InjectableTarget>(
  _: Table.Type,
  _: Macro.Type,
  _ registrar: Registrar
) throws {
  precondition(Table.label == Macro.label, "\(Table.self) and \(Macro.self) must be the same target")
  let scenario = Catalog.firstInjection(Table.label)
  let services = Services()
  let register = { (injector: Injector) in Table.registerServices(services, in: injector) }
  try registerNewInjector(scenario, .injectable, Macro.self, registrar, register: register)
  try registerNewInjector(scenario, .keyPathTable, Table.self, registrar, register: register)
  registerRegistrationsOnly(scenario, Macro.self, registrar, register: register)
  registrar.add(scenario, .mirror) { benchmark in
    for _ in benchmark.scaledIterations {
      let target = Macro()
      blackHole(walkMirror(of: target))
      blackHole(target)
    }
  }
}

/// First injection of Flat5 when the new injector also holds 1,000 other registrations of the
/// same service types, which the plan builder has to look at and reject.
func registerFirstInjectionWithLargeRegistry(_ registrar: Registrar) throws {
  let scenario = Catalog.firstInjectionLargeRegistry
  let services = Services()
  let register = { (injector: Injector) in
    Flat5.registerServices(services, in: injector)
    addPaddingRegistrations(Catalog.largeRegistry, services: services, to: injector)
  }
  try registerNewInjector(scenario, .injectable, InjectableFlat5.self, registrar, register: register)
  try registerNewInjector(scenario, .keyPathTable, Flat5.self, registrar, register: register)
  registerRegistrationsOnly(scenario, InjectableFlat5.self, registrar, register: register)
}

/// A new injector, `register`, then `inject` of a fresh object.
private func registerNewInjector<Target: InjectableTarget>(
  _ scenario: Scenario,
  _ contender: Contender,
  _: Target.Type,
  _ registrar: Registrar,
  register: @escaping (Injector) -> Void
) throws {
  let injector = Injector()
  register(injector)
  let target = Target()
  try injector.inject(target)
  requireFilled(target, by: "PropertyInjector (\(contender.rawValue))")

  registrar.add(scenario, contender) { benchmark in
    for _ in benchmark.scaledIterations {
      let injector = Injector()
      register(injector)
      let target = Target()
      try injector.inject(target)
      blackHole(target)
      blackHole(injector)
    }
  }
}

/// The same as ``registerNewInjector(_:_:_:_:register:)`` without `inject`, to subtract.
private func registerRegistrationsOnly<Target: InjectableTarget>(
  _ scenario: Scenario,
  _: Target.Type,
  _ registrar: Registrar,
  register: @escaping (Injector) -> Void
) {
  registrar.add(scenario, .registrationsOnly) { benchmark in
    for _ in benchmark.scaledIterations {
      let injector = Injector()
      register(injector)
      let target = Target()
      blackHole(target)
      blackHole(injector)
    }
  }
}

// MARK: - 2. Cached injection, hand-written, Swinject

/// A fresh object filled each time: by an injector that has injected the type before (its plan
/// is cached), for the `@Injectable` class and the key-path-table class; by hand-written code;
/// and by Swinject resolving the type.
func registerCachedInjection<Table: InjectableTarget, Macro: InjectableTarget>(
  _: Table.Type,
  _: Macro.Type,
  _ registrar: Registrar
) throws {
  precondition(Table.label == Macro.label, "\(Table.self) and \(Macro.self) must be the same target")
  try registerInjectionContenders(
    Catalog.cached(Table.label), table: Table.self, macro: Macro.self,
    injector: { services in
      let injector = Injector()
      Table.registerServices(services, in: injector)
      return injector
    },
    container: { Table.makeSwinjectContainer(scope: .container) }, registrar)
}

/// The hierarchy with `final var` properties: a key-path table and hand-written code only.
func registerCachedFinalVarHierarchy(_ registrar: Registrar) throws {
  try registerInjectionContenders(
    Catalog.cachedFinalVarHierarchy, table: FinalHierarchyLeaf.self, macro: FinalHierarchyLeaf.self,
    injector: { services in
      let injector = Injector()
      FinalHierarchyLeaf.registerServices(services, in: injector)
      return injector
    },
    container: { FinalHierarchyLeaf.makeSwinjectContainer(scope: .container) }, registrar)
}

// MARK: - 4. Lifecycles and registry size

/// Flat5 filled from instances, lazy singletons or transient factories, with `others` other
/// registrations in the injector (and Swinject's container), or none (`nil`: the plain
/// lifecycle rows). By hand: the shared instances, or a new object for every property.
func registerLifecycle(_ lifecycle: Lifecycle, otherRegistrations others: Int?, _ registrar: Registrar) throws {
  let scenario = others.map { Catalog.registry(lifecycle, $0) } ?? Catalog.lifecycle(lifecycle)
  try registerInjectionContenders(
    scenario, table: Flat5.self, macro: InjectableFlat5.self,
    injector: { services in
      let injector = Injector()
      lifecycle.registerFlat5Services(services, in: injector)
      addPaddingRegistrations(others ?? 0, services: services, to: injector)
      return injector
    },
    byHand: lifecycle == .factories
      ? { target, _ in target.fillByHandWithNewValues() } : { target, services in target.fillByHand(services) },
    container: {
      let container = Flat5.makeSwinjectContainer(scope: lifecycle.swinjectScope)  // five services and Flat5
      addPaddingRegistrations(others ?? 0, to: container)
      return container
    }, registrar)
}

/// Shared5: five `ServiceA0` properties that one graph-scoped value fills, made anew per object. By hand:
/// one `ServiceA0()` written into the five; Swinject: its `.graph` scope.
func registerGraphShared(_ registrar: Registrar) throws {
  try registerInjectionContenders(
    Catalog.graphShared, table: Shared5.self, macro: InjectableShared5.self,
    injector: { services in
      let injector = Injector()
      Shared5.registerServices(services, in: injector)
      return injector
    },
    byHand: { target, _ in target.fillByHandWithNewValues() },
    container: { Shared5.makeSwinjectContainer(scope: .graph) }, registrar)
}

// MARK: - Contenders of one scenario

/// The single-thread contenders of one scenario that `scenario` lists: `inject` of a fresh
/// `Macro` (`@Injectable`) and of a fresh `Table` (key-path table), each by its own injector
/// from `makeInjector` that has injected the type before; hand-written code and Swinject
/// filling a fresh `Table`.
func registerInjectionContenders<Table: InjectableTarget, Macro: InjectableTarget>(
  _ scenario: Scenario,
  table _: Table.Type,
  macro _: Macro.Type,
  injector makeInjector: (Services) throws -> Injector,
  byHand: @escaping (Table, Services) -> Void = { target, services in target.fillByHand(services) },
  container makeContainer: () -> Container,
  _ registrar: Registrar
) throws {
  let services = Services()

  if scenario.contenders.contains(.injectable) {
    try addCachedInjection(scenario, .injectable, Macro.self, injector: makeInjector(services), registrar)
  }
  if scenario.contenders.contains(.keyPathTable) {
    try addCachedInjection(scenario, .keyPathTable, Table.self, injector: makeInjector(services), registrar)
  }

  let filledByHand = Table()
  byHand(filledByHand, services)
  requireFilled(filledByHand, by: "hand-written")
  registrar.add(scenario, .handWritten) { benchmark in
    for _ in benchmark.scaledIterations {
      let target = Table()
      byHand(target, services)
      blackHole(target)
    }
  }

  guard scenario.contenders.contains(.swinject) else { return }
  let container = makeContainer()
  guard let first = container.resolve(Table.self), let second = container.resolve(Table.self) else {
    fatalError("Swinject could not resolve \(Table.self)")
  }
  precondition(first !== second, "Swinject must create a fresh \(Table.self) each time")
  requireFilled(first, by: "Swinject")
  registrar.add(scenario, .swinject) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(container.resolve(Table.self)!)
    }
  }
}

/// `inject` of a fresh `Target` by `injector`, after one injection that builds and caches the plan.
private func addCachedInjection<Target: InjectableTarget>(
  _ scenario: Scenario,
  _ contender: Contender,
  _: Target.Type,
  injector: Injector,
  _ registrar: Registrar
) throws {
  let warmUp = Target()
  try injector.inject(warmUp)  // builds and caches the plan
  requireFilled(warmUp, by: "PropertyInjector (\(contender.rawValue))")
  registrar.add(scenario, contender) { benchmark in
    for _ in benchmark.scaledIterations {
      let target = Target()
      try injector.inject(target)
      blackHole(target)
    }
  }
}

// MARK: - 3. Two threads

/// Cached injection of Flat5 on two threads at once: each measured iteration, the benchmark's
/// thread and a parked helper thread each fill `objectsPerThread` fresh objects from the same
/// injector. Swinject resolves through `container.synchronize()`, its thread-safe view.
func registerTwoThreads(_ registrar: Registrar) throws {
  let scenario = Catalog.twoThreads
  let helper = HelperThread()
  let services = Services()

  try addTwoThreadInjection(scenario, .injectable, InjectableFlat5.self, services: services, helper, registrar)
  try addTwoThreadInjection(scenario, .keyPathTable, Flat5.self, services: services, helper, registrar)

  let perThread = scenario.objectsPerThread
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

private func addTwoThreadInjection<Target: InjectableTarget>(
  _ scenario: Scenario,
  _ contender: Contender,
  _: Target.Type,
  services: Services,
  _ helper: HelperThread,
  _ registrar: Registrar
) throws {
  let perThread = scenario.objectsPerThread
  let injector = Injector()
  Target.registerServices(services, in: injector)
  let warmUp = Target()
  try injector.inject(warmUp)
  requireFilled(warmUp, by: "PropertyInjector (\(contender.rawValue), two threads)")
  registrar.add(scenario, contender) { _ in
    let fill = {
      for _ in 0..<perThread {
        let target = Target()
        try injector.inject(target)
        blackHole(target)
      }
    }
    try helper.run(fill, alongside: fill)
  }
}
