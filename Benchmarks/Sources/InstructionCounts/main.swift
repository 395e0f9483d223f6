// Repeats one benchmark operation, for `valgrind --tool=callgrind`: instruction counts are
// exact and free of the machine's noise, where wall-clock times on a shared 2-core machine are
// not. Scripts/instruction_counts.sh runs every operation and prints the table.
//
//   InstructionCounts <operation> <contender> <target> [iterations]
//
//   cached     injectable|table|hand|swinject            K=1|K=5|K=20|K=50|hierarchy|hierarchy (final var)|graph
//   first      injectable|table|registrations|mirror     K=5|K=50|hierarchy|K=5+1000 (1,000 others)
//   instances|singletons|factories  injectable|table|hand|swinject  <other registrations: 0, 10, 1000>
//   request    injectable|table|hand                      scope (a child, two registrations, one inject)
//   resolve    instances|singletons|factories             one   (`resolve(ServiceA0.self)`, no object)
//
// The operation is set up and run a few times first (warm plan, warm runtime caches), then run
// `iterations` times (default 1,000) inside `measuredLoop`, the only function callgrind collects
// in (`--toggle-collect='*measuredLoop*'`): its instruction count ÷ iterations is the cost of
// one operation, object creation included, as in the benchmarks.

import BenchmarkCatalog
import BenchmarkTargets
import Foundation
import PropertyInjector
import Swinject

/// One operation: fills one fresh object.
typealias Operation = () throws -> Void

/// The loop callgrind measures. Not inlined, so that `--toggle-collect` finds it.
@inline(never)
func measuredLoop(_ iterations: Int, _ operation: Operation) throws {
  for _ in 0..<iterations { try operation() }
}

func usage() -> Never {
  FileHandle.standardError.write(
    Data(
      """
      usage: InstructionCounts cached injectable|table|hand|swinject <target> [iterations]
             InstructionCounts first injectable|table|registrations|mirror <target> [iterations]
             InstructionCounts instances|singletons|factories injectable|table|hand|swinject <others> [iterations]

      """.utf8))
  exit(2)
}

/// The key-path-table class and the @Injectable class of a target label.
func targets(_ label: String) -> (table: any InjectableTarget.Type, macro: any InjectableTarget.Type) {
  switch label {
  case "K=1": (Flat1.self, InjectableFlat1.self)
  case "K=5": (Flat5.self, InjectableFlat5.self)
  case "K=20": (Flat20.self, InjectableFlat20.self)
  case "K=50": (Flat50.self, InjectableFlat50.self)
  case "hierarchy": (HierarchyLeaf.self, InjectableHierarchyLeaf.self)
  case "hierarchy (final var)": (FinalHierarchyLeaf.self, FinalHierarchyLeaf.self)
  case "graph": (Shared5.self, InjectableShared5.self)
  default: usage()
  }
}

/// `inject` of a fresh `Target` by `injector`, which has injected the type once already.
func cachedInjection<Target: InjectableTarget>(_: Target.Type, _ injector: Injector) throws -> Operation {
  let warmUp = Target()
  try injector.inject(warmUp)
  requireFilled(warmUp, by: "PropertyInjector")
  return {
    let target = Target()
    try injector.inject(target)
    consume(target)
  }
}

/// A fresh `Target` filled by `fill`.
func byHand<Target: InjectableTarget>(_: Target.Type, _ fill: @escaping (Target) -> Void) -> Operation {
  let check = Target()
  fill(check)
  requireFilled(check, by: "hand-written")
  return {
    let target = Target()
    fill(target)
    consume(target)
  }
}

/// `container.resolve(Target.self)`.
func swinject<Target: InjectableTarget>(_: Target.Type, _ container: Container) -> Operation {
  requireFilled(container.resolve(Target.self)!, by: "Swinject")
  return { consume(container.resolve(Target.self)!) }
}

/// A new injector, its registrations (and `others` padding registrations) and, unless
/// `injects` is false, `inject` of a fresh object.
func firstInjection<Target: InjectableTarget>(_: Target.Type, others: Int, injects: Bool) throws -> Operation {
  let services = Services()
  return {
    let injector = Injector()
    Target.registerServices(services, in: injector)
    addPaddingRegistrations(others, services: services, to: injector)
    let target = Target()
    if injects { try injector.inject(target) }
    consume(target)
    consume(injector)
  }
}

func walk<Target: InjectableTarget>(_: Target.Type) -> Operation {
  {
    let target = Target()
    consume(walkMirror(of: target))
    consume(target)
  }
}

func cachedOperation(_ contender: String, _ label: String) throws -> Operation {
  let (table, macro) = targets(label)
  let services = Services()
  func injector(_ target: any InjectableTarget.Type) -> Injector {
    let injector = Injector()
    target.registerServices(services, in: injector)
    return injector
  }
  switch contender {
  case "injectable": return try cachedInjection(macro, injector(macro))
  case "table": return try cachedInjection(table, injector(table))
  case "hand": return handOperation(table, services, newValues: false)
  case "swinject": return swinjectOperation(table, scope: .container, others: 0)
  default: usage()
  }
}

func handOperation<Target: InjectableTarget>(_: Target.Type, _ services: Services, newValues: Bool) -> Operation {
  newValues ? byHand(Target.self) { $0.fillByHandWithNewValues() } : byHand(Target.self) { $0.fillByHand(services) }
}

func swinjectOperation<Target: InjectableTarget>(_: Target.Type, scope: ObjectScope, others: Int) -> Operation {
  let container = Target.makeSwinjectContainer(scope: scope)
  addPaddingRegistrations(others, to: container)
  return swinject(Target.self, container)
}

/// `K=5+1000`: K=5 with 1,000 other registrations in the new injector.
func firstOperation(_ contender: String, _ target: String) throws -> Operation {
  let parts = target.split(separator: "+")
  let (table, macro) = targets(String(parts[0]))
  let others = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
  switch contender {
  case "injectable": return try firstInjection(macro, others: others, injects: true)
  case "table": return try firstInjection(table, others: others, injects: true)
  case "registrations": return try firstInjection(macro, others: others, injects: false)
  case "mirror": return walk(macro)
  default: usage()
  }
}

func lifecycleOperation(_ lifecycle: Lifecycle, _ contender: String, others: Int) throws -> Operation {
  let services = Services()
  func injector() -> Injector {
    let injector = Injector()
    lifecycle.registerFlat5Services(services, in: injector)
    addPaddingRegistrations(others, services: services, to: injector)
    return injector
  }
  switch contender {
  case "injectable": return try cachedInjection(InjectableFlat5.self, injector())
  case "table": return try cachedInjection(Flat5.self, injector())
  case "hand": return handOperation(Flat5.self, services, newValues: lifecycle == .factories)
  case "swinject": return swinjectOperation(Flat5.self, scope: lifecycle.swinjectScope, others: others)
  default: usage()
  }
}

/// One request scope: a child of the app injector, two registrations, one handler injected (or filled by hand).
func requestOperation(_ contender: String) throws -> Operation {
  let store = RequestStore()
  let app = RequestScope.appInjector(store: store)
  let request = RequestValues(number: 7)
  switch contender {
  case "injectable": return { consume(try RequestScope.serve(request, with: RequestHandler(), in: app)) }
  case "table": return { consume(try RequestScope.serve(request, with: TableRequestHandler(), in: app)) }
  case "hand": return { consume(RequestScope.serveByHand(request, store: store, clock: FixedClock())) }
  default: usage()
  }
}

/// One top-level `resolve` of a service registered as `lifecycle` says: an instance, a made singleton, a factory.
func resolveOperation(_ lifecycle: String) throws -> Operation {
  guard let lifecycle = Lifecycle(rawValue: lifecycle) else { usage() }
  let injector = Injector()
  lifecycle.registerFlat5Services(Services(), in: injector)
  return { consume(try injector.resolve(ServiceA0.self)) }
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 3 || arguments.count == 4 else { usage() }
let iterations = arguments.count == 4 ? Int(arguments[3]) ?? 1_000 : 1_000
let operation: Operation
switch arguments[0] {
case "cached": operation = try cachedOperation(arguments[1], arguments[2])
case "first": operation = try firstOperation(arguments[1], arguments[2])
case "request": operation = try requestOperation(arguments[1])
case "resolve": operation = try resolveOperation(arguments[1])
default:
  guard let lifecycle = Lifecycle(rawValue: arguments[0]), let others = Int(arguments[2]) else { usage() }
  operation = try lifecycleOperation(lifecycle, arguments[1], others: others)
}
for _ in 0..<10 { try operation() }  // warm caches: plans, runtime metadata, side tables
try measuredLoop(iterations, operation)
