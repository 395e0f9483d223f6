import Benchmark
import Dispatch
import Foundation
import PropertyInjector
import Swinject

/// A target type, with what each contender needs to fill it (generated in
/// Targets.generated.swift).
protocol BenchmarkTarget: InjectableSettable {
  /// `K=5`, `hierarchy`: the name of the target in benchmark names.
  static var label: String { get }
  init()
  /// One PropertyInjector registration per injectable property.
  static func registerServices(_ services: Services, in injector: Injector) throws
  /// A container with the services in `scope` (`.container`: one instance each), and the
  /// target with an `initCompleted` that resolves every injectable property.
  static func makeSwinjectContainer(scope: ObjectScope) -> Container
  /// `if injectedX == nil { injectedX = services.x }` for every injectable property.
  func fillByHand(_ services: Services)
}

/// Walks `subject` and its superclasses with `Mirror`, touching every label and value: the
/// least a reflection-based scan has to do.
@inline(never)
func walkMirror(of subject: AnyObject) -> Int {
  var count = 0
  var mirror: Mirror? = Mirror(reflecting: subject)
  while let current = mirror {
    for child in current.children {
      blackHole(child.label)
      blackHole(child.value)
      count += 1
    }
    mirror = current.superclassMirror
  }
  return count
}

/// Stops the run when `object` has an `injected…` property left nil: a benchmark that does
/// less work than its name says must not report a number.
func requireFilled(_ object: AnyObject, by contender: String) {
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

// MARK: - Registry padding

/// A class the padding registrations are restricted to, which no benchmark injects.
final class PaddingOwner {}

/// Adds `count` PropertyInjector registrations of Flat5's own service types (`ServiceA0`…,
/// `any ServiceP0`…), each with a distinct id that no property name ends with, and every
/// other one also restricted to `PaddingOwner`. They are real registrations: building Flat5's
/// plan looks at each of them for every property of its type, and rejects it by id or target.
func addPaddingRegistrations(_ count: Int, services: Services, to injector: Injector) throws {
  for index in 0..<count {
    let id = "padding\(index)"
    let target: AnyClass? = index.isMultiple(of: 2) ? nil : PaddingOwner.self
    switch index % 5 {
    case 0: try injector.register(services.a0, for: target, id: id)
    case 1: try injector.register(services.a1, for: target, id: id)
    case 2: try injector.register(services.a2, for: target, id: id)
    case 3: try injector.register(services.p0, as: (any ServiceP0).self, for: target, id: id)
    default: try injector.register(services.p1, as: (any ServiceP1).self, for: target, id: id)
    }
  }
}

/// Adds `count` Swinject registrations of Flat5's service types under distinct names.
func addPaddingRegistrations(_ count: Int, to container: Container) {
  for index in 0..<count {
    let name = "padding\(index)"
    switch index % 5 {
    case 0: container.register(ServiceA0.self, name: name) { _ in ServiceA0() }.inObjectScope(.container)
    case 1: container.register(ServiceA1.self, name: name) { _ in ServiceA1() }.inObjectScope(.container)
    case 2: container.register(ServiceA2.self, name: name) { _ in ServiceA2() }.inObjectScope(.container)
    case 3: container.register((any ServiceP0).self, name: name) { _ in ImplP0() }.inObjectScope(.container)
    default: container.register((any ServiceP1).self, name: name) { _ in ImplP1() }.inObjectScope(.container)
    }
  }
}

// MARK: - Two threads

/// A parked thread that runs one closure at a time beside the benchmark's own thread, so that
/// a measured iteration has exactly two threads filling objects at once, without starting a
/// thread per iteration.
final class HelperThread: @unchecked Sendable {
  private let start = DispatchSemaphore(value: 0)
  private let done = DispatchSemaphore(value: 0)
  // Written before `start` is signalled and read after it is waited on (`work`), or written
  // before `done` is signalled and read after it is waited on (`failure`): the semaphores
  // order every access.
  private var work: (() throws -> Void)?
  private var failure: (any Error)?

  init() {
    let thread = Thread { [self] in
      while true {
        start.wait()
        do {
          try work?()
        } catch {
          failure = error
        }
        done.signal()
      }
    }
    thread.name = "benchmark helper"
    thread.start()
  }

  /// Runs `body` on the helper thread and `mainBody` on the calling thread at the same time,
  /// returns when both are done, and throws what either threw.
  func run(_ body: @escaping () throws -> Void, alongside mainBody: () throws -> Void) throws {
    work = body
    failure = nil
    start.signal()
    var mainFailure: (any Error)?
    do {
      try mainBody()
    } catch {
      mainFailure = error
    }
    done.wait()
    work = nil
    if let error = mainFailure ?? failure { throw error }
  }
}

/// Lets a value that is not `Sendable`, but is only used safely, cross to the helper thread.
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
}
