// PropertyInjector against hand-written code and Swinject. See ../../README.md for what each
// benchmark measures and how to run them.
//
// Every benchmark does the same work per object: create one fresh target object and fill it.
// One measured iteration fills `Scenario.objectsPerThread` objects (per thread), which is also
// the benchmark's scaling factor, so `--scale` shows per-object numbers.

import Benchmark
import BenchmarkCatalog
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

  // 1. Scan cost: a new injector's first injection of a type, beside its registrations alone
  //    and a bare Mirror walk of the same type.
  try registerFirstInjection(Flat5.self, registrar)
  try registerFirstInjection(Flat50.self, registrar)
  try registerFirstInjection(HierarchyLeaf.self, registrar)
  registerFirstInjectionWithLargeRegistry(registrar)

  // 2-4. Cached injection against hand-written code and Swinject, for every K and the hierarchy.
  try registerCachedInjection(Flat1.self, registrar)
  try registerCachedInjection(Flat5.self, registrar)
  try registerCachedInjection(Flat20.self, registrar)
  try registerCachedInjection(Flat50.self, registrar)
  try registerCachedInjection(HierarchyLeaf.self, registrar)
  try registerCachedInjection(FinalHierarchyLeaf.self, registrar)

  // 5. Registry size.
  try registerRegistrySize(Catalog.smallRegistry, registrar)
  try registerRegistrySize(Catalog.largeRegistry, registrar)

  // 6. Two threads injecting at once; factories and lazy singletons.
  try registerTwoThreads(registrar)
  try registerLifecycles(registrar)

  registrar.checkComplete()
}
