// The first injection of a never-seen type: the launch cost that the cached benchmarks, whose
// types the process has scanned already, do not show. Each generated class (FreshTypes) is
// measured once, in order, by one injector whose registrations were made before the loop:
//
//   FirstInjections table|injectable|mirror [count]
//
//   table        `inject` of a fresh FreshTable<i> (hand-written key-path table): scan, plan, fill
//   injectable   the same for FreshInjectable<i> (`@Injectable`)
//   mirror       a bare `Mirror` walk of a fresh FreshPlain<i> (same shape, never walked)
//
// It prints nanoseconds per type (wall clock, one process). For instruction counts, run it under
// `valgrind --tool=callgrind --toggle-collect='*measuredLoop*'` (Scripts/first_injections.sh):
// the loop's count ÷ count is one never-seen type's cost, object creation included.

import BenchmarkTargets
import Foundation
import PropertyInjector

/// The loop callgrind measures, over one operation per never-seen type. Not inlined, so that
/// `--toggle-collect` finds it.
@inline(never)
func measuredLoop(_ operations: ArraySlice<() throws -> Void>) throws {
  for operation in operations { try operation() }
}

/// `object`, once `injector` has injected it.
func injected<Target: InjectableSettable>(_ object: Target, by injector: Injector) throws -> AnyObject {
  try injector.inject(object)
  return object
}

/// Stops the run when `object` has an `injected…` property left nil.
func requireFilledFresh(_ object: AnyObject) {
  for child in Mirror(reflecting: object).children where child.label?.hasPrefix("injected") == true {
    let value = Mirror(reflecting: child.value)
    precondition(value.displayStyle != .optional || !value.children.isEmpty, "\(type(of: object)) left unfilled")
  }
}

let arguments = CommandLine.arguments.dropFirst()
guard let contender = arguments.first, ["table", "injectable", "mirror"].contains(contender) else {
  FileHandle.standardError.write(Data("usage: FirstInjections table|injectable|mirror [count]\n".utf8))
  exit(2)
}
let count = min(arguments.dropFirst().first.flatMap { Int($0) } ?? freshPlains.count, freshPlains.count)

// One injector, registered before the loop; the process's first injections and Mirror walk (of
// the benchmark targets, never measured) warm what is not per type.
let services = Services()
let injector = Injector()
Flat5.registerServices(services, in: injector)
try injector.inject(Flat5())
try injector.inject(InjectableFlat5())
consume(walkMirror(of: Flat5()))

let operations: [() throws -> Void] =
  switch contender {
  case "mirror": freshPlains.map { make in { consume(walkMirror(of: make())) } }
  case "table": freshTables.map { inject in { consume(try inject(injector)) } }
  default: freshInjectables.map { inject in { consume(try inject(injector)) } }
  }

let start = ContinuousClock.now
try measuredLoop(operations.prefix(count))
let elapsed = ContinuousClock.now - start
if contender != "mirror" {
  // Each type again (its shape cached now): every property was filled.
  for inject in (contender == "table" ? freshTables : freshInjectables).prefix(count) {
    requireFilledFresh(try inject(injector))
  }
}
let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
print(String(format: "%@: %.0f ns per never-seen type (%d types)", contender, nanoseconds / Double(count), count))
