// PropertyInjector (@Injectable and key-path tables) against hand-written code and Swinject.
// See ../../README.md for what each benchmark measures and how to run them.
//
// Every benchmark does the same work per object: create one fresh target object and fill it.
// One measured iteration fills `Scenario.objectsPerThread` objects (per thread), which is also
// the benchmark's scaling factor, so `--scale` shows per-object numbers.

import Benchmark
import BenchmarkCatalog
import BenchmarkTargets
import Foundation

/// `BENCHMARK_SHORT=1` (any value but empty or `0`) runs every benchmark a few iterations only,
/// so that CI builds and runs them all in seconds, without looking at the timings.
let isShortRun: Bool = {
  guard let value = ProcessInfo.processInfo.environment["BENCHMARK_SHORT"] else { return false }
  return !value.isEmpty && value != "0"
}()

/// The same settings for every benchmark but the scaling factor, which is the scenario's.
func configuration(for scenario: Scenario) -> Benchmark.Configuration {
  .init(
    // Throughput is there because the JMH export, which the report reads, needs it.
    metrics: [.wallClock, .mallocCountTotal, .throughput],
    warmupIterations: isShortRun ? 1 : (scenario.objectsPerThread == 1 ? 100 : 5),
    scalingFactor: BenchmarkScalingFactor(rawValue: scenario.objectsPerThread) ?? .one,
    maxDuration: isShortRun ? .milliseconds(20) : .seconds(2),
    maxIterations: isShortRun ? 3 : 1_000_000
  )
}

/// Registers benchmarks under catalog names only, and checks at the end that none is missing.
final class Registrar {
  private var registered: Set<String> = []

  func add(_ scenario: Scenario, _ contender: Contender, _ body: @escaping (Benchmark) throws -> Void) {
    precondition(
      scenario.contenders.contains(contender), "\(contender) is not listed for \"\(scenario.title)\" in the catalog")
    let name = scenario.name(contender)
    registered.insert(name)
    Benchmark(name, configuration: configuration(for: scenario), closure: body)
  }

  func checkComplete() {
    let listed = Set(Catalog.scenarios.flatMap { scenario in scenario.contenders.map(scenario.name) })
    let missing = listed.subtracting(registered)
    precondition(missing.isEmpty, "benchmarks listed in the catalog but not registered: \(missing.sorted())")
  }
}

let benchmarks: @Sendable () -> Void = {
  do {
    try registerBenchmarks()
  } catch {
    fatalError("Setting up the benchmarks failed: \(error)")
  }
}

private func registerBenchmarks() throws {
  let registrar = Registrar()

  // 1. Scan cost: a new injector's first injection of a type, for both write paths, beside
  //    its registrations alone and a bare Mirror walk of the same type.
  try registerFirstInjection(Flat5.self, InjectableFlat5.self, registrar)
  try registerFirstInjection(Flat50.self, InjectableFlat50.self, registrar)
  try registerFirstInjection(HierarchyLeaf.self, InjectableHierarchyLeaf.self, registrar)
  try registerFirstInjectionWithLargeRegistry(registrar)
  try registerFirstInjectionInChild(registrar)

  // 2. Cached injection, @Injectable and key-path tables, against hand-written code and
  //    Swinject, for every K and the hierarchy; the `final var` hierarchy for tables only.
  try registerCachedInjection(Flat1.self, InjectableFlat1.self, registrar)
  try registerCachedInjection(Flat5.self, InjectableFlat5.self, registrar)
  try registerCachedInjection(Flat20.self, InjectableFlat20.self, registrar)
  try registerCachedInjection(Flat50.self, InjectableFlat50.self, registrar)
  try registerCachedInjection(HierarchyLeaf.self, InjectableHierarchyLeaf.self, registrar)
  try registerCachedFinalVarHierarchy(registrar)

  // 3. Two threads injecting at once.
  try registerTwoThreads(registrar)

  // 4. Lazy singletons and transient factories; each lifecycle with 10 and 1,000 other
  //    registrations.
  try registerLifecycle(.singletons, otherRegistrations: nil, registrar)
  try registerLifecycle(.factories, otherRegistrations: nil, registrar)
  for lifecycle in Lifecycle.allCases {
    for count in Catalog.registryCounts {
      try registerLifecycle(lifecycle, otherRegistrations: count, registrar)
    }
  }

  // The graph scope: one made value shared by five properties.
  try registerGraphShared(registrar)

  // A server's request scope: a child, two registrations, one inject.
  try registerRequestScope(registrar)

  // 5. `resolve`.
  try registerResolution(registrar)

  registrar.checkComplete()
}
