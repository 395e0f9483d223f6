// Five properties of one service type, for the graph scope: one made value fills all five.

import PropertyInjector
import Swinject

/// Five `ServiceA0` properties, with a key-path table.
package final class Shared5: InjectableSettable {
  package var injectedFirst: ServiceA0?
  package var injectedSecond: ServiceA0?
  package var injectedThird: ServiceA0?
  package var injectedFourth: ServiceA0?
  package var injectedFifth: ServiceA0?

  package init() {}

  package static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedFirst": \Shared5.injectedFirst, "injectedSecond": \Shared5.injectedSecond,
      "injectedThird": \Shared5.injectedThird, "injectedFourth": \Shared5.injectedFourth,
      "injectedFifth": \Shared5.injectedFifth,
    ]
  }
}

/// ``Shared5`` without a table: `@Injectable` writes it, with typed accessors.
@Injectable package final class InjectableShared5 {
  package var injectedFirst: ServiceA0?
  package var injectedSecond: ServiceA0?
  package var injectedThird: ServiceA0?
  package var injectedFourth: ServiceA0?
  package var injectedFifth: ServiceA0?

  package init() {}
}

extension Shared5: BenchmarkTarget {
  package static var label: String { "K=5 graph" }

  package static func registerServices(_ services: Services, in injector: Injector) {
    injector.register(ServiceA0.self, scope: .graph) { _ in ServiceA0() }
  }

  /// Swinject's `.graph` scope, whatever `scope` says: one `ServiceA0` per resolve of the target.
  package static func makeSwinjectContainer(scope _: ObjectScope) -> Container {
    let container = Container()
    container.register(ServiceA0.self) { _ in ServiceA0() }.inObjectScope(.graph)
    container.register(Shared5.self) { _ in Shared5() }
      .initCompleted { resolver, target in
        target.injectedFirst = resolver.resolve(ServiceA0.self)
        target.injectedSecond = resolver.resolve(ServiceA0.self)
        target.injectedThird = resolver.resolve(ServiceA0.self)
        target.injectedFourth = resolver.resolve(ServiceA0.self)
        target.injectedFifth = resolver.resolve(ServiceA0.self)
      }
    return container
  }

  /// Hand-written sharing: one made value, written into the five.
  package func fillByHand(_: Services) { fillByHandWithNewValues() }

  package func fillByHandWithNewValues() {
    let shared = ServiceA0()
    if injectedFirst == nil { injectedFirst = shared }
    if injectedSecond == nil { injectedSecond = shared }
    if injectedThird == nil { injectedThird = shared }
    if injectedFourth == nil { injectedFourth = shared }
    if injectedFifth == nil { injectedFifth = shared }
  }
}

extension InjectableShared5: BenchmarkTarget {
  package static var label: String { "K=5 graph" }

  package static func registerServices(_ services: Services, in injector: Injector) {
    Shared5.registerServices(services, in: injector)
  }

  package static func makeSwinjectContainer(scope _: ObjectScope) -> Container { Container() }

  package func fillByHand(_: Services) { fillByHandWithNewValues() }

  package func fillByHandWithNewValues() {
    let shared = ServiceA0()
    if injectedFirst == nil { injectedFirst = shared }
    if injectedSecond == nil { injectedSecond = shared }
    if injectedThird == nil { injectedThird = shared }
    if injectedFourth == nil { injectedFourth = shared }
    if injectedFifth == nil { injectedFifth = shared }
  }
}
