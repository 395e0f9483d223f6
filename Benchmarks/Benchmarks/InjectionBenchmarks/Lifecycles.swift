import Benchmark
import BenchmarkCatalog
import PropertyInjector
import Swinject

// MARK: - 6. Factories and lazy singletons

/// Flat5 filled from lazy singletons and from transient factories, and `resolve` of each kind,
/// beside the same work by hand and by Swinject.
func registerLifecycles(_ registrar: Registrar) throws {
  try registerSingletonInjection(registrar)
  try registerFactoryInjection(registrar)
  try registerResolution(registrar)
}

/// Every service of Flat5 as a lazy singleton (PropertyInjector) or `.container` object
/// (Swinject); by hand, the shared instances.
private func registerSingletonInjection(_ registrar: Registrar) throws {
  try registerInjectionContenders(
    Catalog.singletons, Flat5.self,
    injector: { _ in
      let injector = Injector()
      try injector.register(ServiceA0.self, scope: .singleton) { _ in ServiceA0() }
      try injector.register(ServiceA1.self, scope: .singleton) { _ in ServiceA1() }
      try injector.register(ServiceA2.self, scope: .singleton) { _ in ServiceA2() }
      try injector.register((any ServiceP0).self, scope: .singleton) { _ in ImplP0() }
      try injector.register((any ServiceP1).self, scope: .singleton) { _ in ImplP1() }
      return injector
    },
    container: { Flat5.makeSwinjectContainer(scope: .container) }, registrar)
}

/// Every service of Flat5 from a transient factory: a new value for every property.
private func registerFactoryInjection(_ registrar: Registrar) throws {
  try registerInjectionContenders(
    Catalog.factories, Flat5.self,
    injector: { _ in
      let injector = Injector()
      try injector.register(ServiceA0.self) { _ in ServiceA0() }
      try injector.register(ServiceA1.self) { _ in ServiceA1() }
      try injector.register(ServiceA2.self) { _ in ServiceA2() }
      try injector.register((any ServiceP0).self) { _ in ImplP0() }
      try injector.register((any ServiceP1).self) { _ in ImplP1() }
      return injector
    },
    byHand: { target, _ in
      if target.injectedA0 == nil { target.injectedA0 = ServiceA0() }
      if target.injectedA1 == nil { target.injectedA1 = ServiceA1() }
      if target.injectedA2 == nil { target.injectedA2 = ServiceA2() }
      if target.injectedP0 == nil { target.injectedP0 = ImplP0() }
      if target.injectedP1 == nil { target.injectedP1 = ImplP1() }
    },
    container: { Flat5.makeSwinjectContainer(scope: .transient) }, registrar)
}

/// `resolve` of a created singleton and of a transient factory's type.
private func registerResolution(_ registrar: Registrar) throws {
  let injector = Injector()
  try injector.register(ServiceA0.self, scope: .singleton) { _ in ServiceA0() }
  try injector.register(ServiceA1.self) { _ in ServiceA1() }
  let container = Container()
  container.register(ServiceA0.self) { _ in ServiceA0() }.inObjectScope(.container)
  container.register(ServiceA1.self) { _ in ServiceA1() }.inObjectScope(.transient)
  let shared = ServiceA0()

  let singleton = try injector.resolve(ServiceA0.self)
  let again = try injector.resolve(ServiceA0.self)
  precondition(again === singleton, "a singleton must be one object")
  registrar.add(Catalog.resolveSingleton, .propertyInjector) { benchmark in
    for _ in benchmark.scaledIterations { blackHole(try injector.resolve(ServiceA0.self)) }
  }
  registrar.add(Catalog.resolveSingleton, .handWritten) { benchmark in
    for _ in benchmark.scaledIterations { blackHole(shared) }
  }
  registrar.add(Catalog.resolveSingleton, .swinject) { benchmark in
    for _ in benchmark.scaledIterations { blackHole(container.resolve(ServiceA0.self)!) }
  }

  let first = try injector.resolve(ServiceA1.self)
  let second = try injector.resolve(ServiceA1.self)
  precondition(first !== second, "a factory makes new values")
  registrar.add(Catalog.resolveFactory, .propertyInjector) { benchmark in
    for _ in benchmark.scaledIterations { blackHole(try injector.resolve(ServiceA1.self)) }
  }
  registrar.add(Catalog.resolveFactory, .handWritten) { benchmark in
    for _ in benchmark.scaledIterations { blackHole(ServiceA1()) }
  }
  registrar.add(Catalog.resolveFactory, .swinject) { benchmark in
    for _ in benchmark.scaledIterations { blackHole(container.resolve(ServiceA1.self)!) }
  }
}
