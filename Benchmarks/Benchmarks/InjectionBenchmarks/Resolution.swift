import Benchmark
import BenchmarkCatalog
import BenchmarkTargets
import PropertyInjector
import Swinject

// MARK: - 5. Resolution

/// `resolve` of a created singleton and of a transient factory's type, beside the same work by
/// hand and by Swinject.
func registerResolution(_ registrar: Registrar) throws {
  let injector = Injector()
  injector.register(ServiceA0.self, scope: .singleton) { _ in ServiceA0() }
  injector.register(ServiceA1.self) { _ in ServiceA1() }
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
