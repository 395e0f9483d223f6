// A server's request scope, per request: a new child of the app injector, the request's two values
// registered in it, one handler injected from it; beside the handler filled by hand.

import Benchmark
import BenchmarkCatalog
import BenchmarkTargets
import PropertyInjector

/// Registers ``Catalog/requestScope`` for `@Injectable`, the key-path table and hand-written code.
func registerRequestScope(_ registrar: Registrar) throws {
  let scenario = Catalog.requestScope
  let store = RequestStore()
  let app = RequestScope.appInjector(store: store)
  let requests = (0..<1_024).map(RequestValues.init(number:))
  let first = requests[0]
  let checks = [
    RequestScope.isServed(try RequestScope.serve(first, with: RequestHandler(), in: app), for: first),
    RequestScope.isServed(try RequestScope.serve(first, with: TableRequestHandler(), in: app), for: first),
    RequestScope.isServed(RequestScope.serveByHand(first, store: store, clock: FixedClock()), for: first),
  ]
  precondition(!checks.contains(false), "a request scope contender did not fill its handler")
  registrar.add(scenario, .injectable) { benchmark in
    for index in benchmark.scaledIterations {
      blackHole(try RequestScope.serve(requests[index & 1_023], with: RequestHandler(), in: app))
    }
  }
  registrar.add(scenario, .keyPathTable) { benchmark in
    for index in benchmark.scaledIterations {
      blackHole(try RequestScope.serve(requests[index & 1_023], with: TableRequestHandler(), in: app))
    }
  }
  registrar.add(scenario, .handWritten) { benchmark in
    let clock = FixedClock()
    for index in benchmark.scaledIterations {
      blackHole(RequestScope.serveByHand(requests[index & 1_023], store: store, clock: clock))
    }
  }
}
