// What the benchmarks and the instruction-count probe share besides the generated targets:
// the target protocol, the bare Mirror walk, the checks, the service lifecycles and the
// registry padding.

import BenchmarkCatalog
import PropertyInjector
import Swinject

/// A target type, with what each contender needs to fill it (generated in
/// Targets.generated.swift). Not refined from `InjectableSettable`, so that `@Injectable` sees
/// its classes as not yet settable and writes their conformances; generic code asks for
/// `BenchmarkTarget & InjectableSettable`.
package protocol BenchmarkTarget: AnyObject {
  /// `K=5`, `hierarchy`: the name of the target in benchmark names.
  static var label: String { get }
  init()
  /// One PropertyInjector instance registration per injectable property.
  static func registerServices(_ services: Services, in injector: Injector)
  /// A container with the services in `scope` (`.container`: one instance each), and the
  /// target with an `initCompleted` that resolves every injectable property.
  static func makeSwinjectContainer(scope: ObjectScope) -> Container
  /// `if injectedX == nil { injectedX = services.x }` for every injectable property.
  func fillByHand(_ services: Services)
  /// `if injectedX == nil { injectedX = X() }` for every injectable property.
  func fillByHandWithNewValues()
}

/// A target PropertyInjector can fill.
package typealias InjectableTarget = BenchmarkTarget & InjectableSettable

/// Keeps `value` from being optimized away, like package-benchmark's `blackHole`.
@inline(never) @_optimize(none)
package func consume<Value>(_ value: Value) {}

/// Walks `subject` and its superclasses with `Mirror`, touching every label and value: the
/// least a reflection-based scan has to do.
@inline(never)
package func walkMirror(of subject: AnyObject) -> Int {
  var count = 0
  var mirror: Mirror? = Mirror(reflecting: subject)
  while let current = mirror {
    for child in current.children {
      consume(child.label)
      consume(child.value)
      count += 1
    }
    mirror = current.superclassMirror
  }
  return count
}

/// Stops the run when `object` has an `injected…` property left nil: a benchmark that does
/// less work than its name says must not report a number.
package func requireFilled(_ object: AnyObject, by contender: String) {
  var mirror: Mirror? = Mirror(reflecting: object)
  var candidates = 0
  while let current = mirror {
    for child in current.children where child.label?.hasPrefix("injected") == true {
      candidates += 1
      let value = Mirror(reflecting: child.value)
      if value.displayStyle == .optional, value.children.isEmpty {
        fatalError("\(contender) left \(type(of: object)).\(child.label ?? "?") nil")
      }
    }
    mirror = current.superclassMirror
  }
  precondition(candidates > 0, "\(type(of: object)) has no injected property")
}

// MARK: - Lifecycles of Flat5's services

extension Lifecycle {
  /// Registers ServiceA0…A2, `any ServiceP0`, `any ServiceP1` in `injector`: the shared
  /// instances of `services`, or singletons or factories that make new ones.
  package func registerFlat5Services(_ services: Services, in injector: Injector) {
    switch self {
    case .instances:
      Flat5.registerServices(services, in: injector)
    case .singletons:
      injector.register(ServiceA0.self, scope: .singleton) { _ in ServiceA0() }
      injector.register(ServiceA1.self, scope: .singleton) { _ in ServiceA1() }
      injector.register(ServiceA2.self, scope: .singleton) { _ in ServiceA2() }
      injector.register((any ServiceP0).self, scope: .singleton) { _ in ImplP0() }
      injector.register((any ServiceP1).self, scope: .singleton) { _ in ImplP1() }
    case .factories:
      injector.register(ServiceA0.self) { _ in ServiceA0() }
      injector.register(ServiceA1.self) { _ in ServiceA1() }
      injector.register(ServiceA2.self) { _ in ServiceA2() }
      injector.register((any ServiceP0).self) { _ in ImplP0() }
      injector.register((any ServiceP1).self) { _ in ImplP1() }
    }
  }

  /// The Swinject scope of the same services: one object each, or a new one each time.
  package var swinjectScope: ObjectScope { self == .factories ? .transient : .container }
}

// MARK: - Registry padding

/// A class some padding registrations are restricted to, which no benchmark injects.
package final class PaddingOwner {}

/// Adds `count` PropertyInjector registrations of Flat5's own service types, each with a
/// distinct id that no property name ends with, every other one also restricted to
/// `PaddingOwner`, of every kind in turn: instances, instances `includingAncestors` (an
/// `ImplP0` that fits `any ServiceP0`, an `any ServiceP1`, a `ServiceA2`), transient factories
/// and lazy singletons. They are real registrations: building Flat5's plan looks at each one
/// that could fit a property's type, and rejects it by id or target.
package func addPaddingRegistrations(_ count: Int, services: Services, to injector: Injector) {
  for index in 0..<count {
    let id = "padding\(index)"
    let target: AnyClass? = index.isMultiple(of: 2) ? nil : PaddingOwner.self
    switch index % 7 {
    case 0: injector.register(services.a0, for: target, id: id)
    case 1: injector.register(services.p1, as: (any ServiceP1).self, includingAncestors: true, for: target, id: id)
    case 2: injector.register(ServiceA1.self, for: target, id: id) { _ in ServiceA1() }
    case 3: injector.register((any ServiceP0).self, scope: .singleton, for: target, id: id) { _ in ImplP0() }
    case 4: injector.register(ImplP0(), includingAncestors: true, for: target, id: id)
    case 5: injector.register(services.a2, includingAncestors: true, for: target, id: id)
    default: injector.register(services.p0, as: (any ServiceP0).self, for: target, id: id)
    }
  }
}

/// Adds `count` Swinject registrations of Flat5's service types under distinct names, in
/// `.container` and `.transient` scopes in turn.
package func addPaddingRegistrations(_ count: Int, to container: Container) {
  for index in 0..<count {
    let name = "padding\(index)"
    let scope: ObjectScope = index.isMultiple(of: 3) ? .transient : .container
    switch index % 5 {
    case 0: container.register(ServiceA0.self, name: name) { _ in ServiceA0() }.inObjectScope(scope)
    case 1: container.register(ServiceA1.self, name: name) { _ in ServiceA1() }.inObjectScope(scope)
    case 2: container.register(ServiceA2.self, name: name) { _ in ServiceA2() }.inObjectScope(scope)
    case 3: container.register((any ServiceP0).self, name: name) { _ in ImplP0() }.inObjectScope(scope)
    default: container.register((any ServiceP1).self, name: name) { _ in ImplP1() }.inObjectScope(scope)
    }
  }
}
