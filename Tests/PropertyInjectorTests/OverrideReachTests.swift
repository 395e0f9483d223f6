import Dispatch
import Testing

@testable import PropertyInjector

private protocol Log: Sendable {
  var name: String { get }
}

private final class NamedLog: Log {
  let name: String
  init(_ name: String) { self.name = name }
}

/// A shared service whose factory resolves what a test overrides.
private final class APIClient: Sendable {
  let log: any Log
  init(log: any Log) { self.log = log }
}

private func suiteInjector() -> Injector {
  let injector = Injector()
  injector.register(NamedLog("real"), as: (any Log).self)
  injector.register(APIClient.self, scope: .singleton) { resolver in
    APIClient(log: try resolver.resolve((any Log).self))
  }
  return injector
}

@Suite("Overrides reach what the suite's registrations make")
struct OverrideReachTests {
  @Test("A singleton first made inside an override resolves the override's registrations")
  func singletonMadeInsideSeesOverride() throws {
    let suite = suiteInjector()
    let test = Injector(overriding: suite)
    test.register(NamedLog("fake"), as: (any Log).self)
    #expect(try test.resolve(APIClient.self).log.name == "fake")
    #expect(try test.resolve(APIClient.self) === test.resolve(APIClient.self), "still one value within the test")
  }

  @Test("Two overrides never share a singleton first made inside them, and the suite keeps its own")
  func overridesDoNotShareSingletons() throws {
    let suite = suiteInjector()
    let first = Injector(overriding: suite)
    first.register(NamedLog("first"), as: (any Log).self)
    let second = Injector(overriding: suite)
    second.register(NamedLog("second"), as: (any Log).self)
    let inFirst = try first.resolve(APIClient.self)
    let inSecond = try second.resolve(APIClient.self)
    #expect(inFirst !== inSecond)
    #expect(inFirst.log.name == "first" && inSecond.log.name == "second")
    #expect(try suite.resolve(APIClient.self).log.name == "real", "made in the suite, for the suite")
  }

  @Test(
    "A nested override falls back on the outer one: a singleton, a cached and a weak value the outer made are shared, until the inner resets"
  )
  func nestedOverrideSharesTheOuterOnesValues() throws {
    let suite = suiteInjector()
    suite.register(NamedLog.self, scope: .cached) { _ in NamedLog("cached") }
    suite.register(NamedLog.self, scope: .weak, id: "weak") { _ in NamedLog("weak") }
    let outer = Injector(overriding: suite)
    outer.register(NamedLog("outer"), as: (any Log).self)
    let (client, cached, weak) = (
      try outer.resolve(APIClient.self), try outer.resolve(NamedLog.self), try outer.resolve(NamedLog.self, id: "weak")
    )
    let inner = Injector(overriding: outer)
    #expect(try inner.resolve(APIClient.self) === client)
    #expect(try inner.resolve(NamedLog.self) === cached)
    #expect(try inner.resolve(NamedLog.self, id: "weak") === weak)
    #expect(client.log.name == "outer")
    // A reset through the inner one gives it a value of its own; the outer keeps its.
    try inner.reset(NamedLog.self)
    let innerCached = try inner.resolve(NamedLog.self)
    let again = try inner.resolve(NamedLog.self)
    #expect(innerCached !== cached && innerCached === again)
    #expect(try outer.resolve(NamedLog.self) === cached)
    // The suite never saw the overrides' values.
    #expect(try suite.resolve(APIClient.self) !== client)
    withExtendedLifetime(weak) {}
  }

  @Test("A singleton made before the override is the same object inside it")
  func singletonMadeBeforeIsShared() throws {
    let suite = suiteInjector()
    let made = try suite.resolve(APIClient.self)
    let test = Injector(overriding: suite)
    test.register(NamedLog("fake"), as: (any Log).self)
    #expect(try test.resolve(APIClient.self) === made)
  }

  @Test("A singleton made for an override stays the override's once the suite makes its own: resolve, inject, plans")
  func overrideSingletonStaysOwnAfterSuiteMakesOne() throws {
    final class Screen: InjectableSettable {
      var injectedClient: APIClient?
      static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedClient": \Screen.injectedClient] }
    }
    let suite = suiteInjector()
    let test = Injector(overriding: suite)
    test.register(NamedLog("fake"), as: (any Log).self)
    let first = try test.resolve(APIClient.self)
    let screen = Screen()
    try test.inject(screen)  // the plan is built while the suite's own is not made yet
    #expect(screen.injectedClient === first)
    let suiteOwn = try suite.resolve(APIClient.self)
    #expect(suiteOwn !== first && suiteOwn.log.name == "real")
    #expect(try test.resolve(APIClient.self) === first, "resolve reads the override's cell, not the suite's made one")
    for _ in 0..<3 {  // the cached plan, and its path for made singletons
      let again = Screen()
      try test.inject(again)
      #expect(again.injectedClient === first, "inject reads the override's cell, not the suite's made one")
    }
    let child = Injector(parent: test)  // behind the override, one level further
    #expect(try child.resolve(APIClient.self) === first)
    let late = Injector(overriding: suite)  // began after the suite made its own: shares it
    late.register(NamedLog("late"), as: (any Log).self)
    #expect(try late.resolve(APIClient.self) === suiteOwn)
  }

  @Test("A weak value made for an override is the override's alone: other overrides and the suite make their own")
  func overrideWeakValuesStayOwn() throws {
    let suite = Injector()
    suite.register(NamedLog("real"), as: (any Log).self)
    suite.register(APIClient.self, scope: .weak) { resolver in APIClient(log: try resolver.resolve((any Log).self)) }
    let first = Injector(overriding: suite)
    first.register(NamedLog("first"), as: (any Log).self)
    let second = Injector(overriding: suite)
    second.register(NamedLog("second"), as: (any Log).self)
    let inFirst = try first.resolve(APIClient.self)
    #expect(inFirst.log.name == "first")
    #expect(try first.resolve(APIClient.self) === inFirst, "shared within the override while held")
    let inSecond = try second.resolve(APIClient.self)
    #expect(inSecond.log.name == "second" && inSecond !== inFirst)
    let inSuite = try suite.resolve(APIClient.self)
    #expect(inSuite.log.name == "real" && inSuite !== inFirst)
    #expect(try first.resolve(APIClient.self) === inFirst, "the suite's value does not replace the override's")
    let late = Injector(overriding: suite)  // the suite's value is alive when it asks: shared as it is
    late.register(NamedLog("late"), as: (any Log).self)
    #expect(try late.resolve(APIClient.self) === inSuite)
    withExtendedLifetime((inSecond, inSuite)) {}
  }

  @Test(
    "An override never makes a value into the suite's cell while the suite resets or releases its own",
    arguments: [Scope.cached, .weak])
  func overrideNeverMakesIntoTheSuitesCell(scope: Scope) {
    let suite = Injector()
    suite.register(NamedLog("real"), as: (any Log).self)
    suite.register(APIClient.self, scope: scope) { resolver in APIClient(log: try resolver.resolve((any Log).self)) }
    let (leaked, done) = (Locked2(0), Locked2(false))
    let deadline = DispatchTime.now() + .seconds(1)
    runConcurrently([
      {  // the suite resets its cached value, or holds its weak one only while it looks at it
        while !done.value {
          if scope == .cached { try? suite.reset(APIClient.self) }
          if let client = try? suite.resolve(APIClient.self), client.log.name != "real" { leaked.mutate { $0 += 1 } }
        }
      },
      {  // tests, one after the other, whose objects hold what they were given
        while DispatchTime.now() < deadline, leaked.value == 0 {
          let test = Injector(overriding: suite)
          test.register(NamedLog("fake"), as: (any Log).self)
          let held = (0..<40).compactMap { _ in try? test.resolve(APIClient.self) }
          #expect(held.count == 40)
        }
        done.mutate { $0 = true }
      },
    ])
    #expect(leaked.value == 0, "the suite was handed a value an override made with its fake")
  }

  @Test("A transient factory of the suite resolves through the override, and so does injection")
  func transientFactoriesSeeOverride() throws {
    final class Screen: InjectableSettable {
      var injectedClient: APIClient?
      static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedClient": \Screen.injectedClient] }
    }
    let suite = Injector()
    suite.register(NamedLog("real"), as: (any Log).self)
    suite.register(APIClient.self) { resolver in APIClient(log: try resolver.resolve((any Log).self)) }
    let test = Injector(overriding: suite)
    test.register(NamedLog("fake"), as: (any Log).self)
    let screen = Screen()
    try test.inject(screen)
    #expect(screen.injectedClient?.log.name == "fake")
  }

  @Test("A plain child keeps its parent's factories resolving from the parent")
  func plainChildrenDoNotReachIn() throws {
    let suite = suiteInjector()
    let child = Injector(parent: suite)
    child.register(NamedLog("child"), as: (any Log).self)
    #expect(try child.resolve(APIClient.self).log.name == "real")
  }

  @Test("A child made inside an override sees the override's registrations in what ancestors make")
  func childOfOverrideSeesOverride() throws {
    let suite = suiteInjector()
    let test = Injector(overriding: suite)
    test.register(NamedLog("fake"), as: (any Log).self)
    let child = Injector(parent: test)
    #expect(try child.resolve(APIClient.self).log.name == "fake")
  }

  @Test("Many threads asking one override for a suite singleton get one value, made once, with the override's fake")
  func overrideSingletonIsMadeOnceUnderContention() {
    let made = Counter()
    let suite = Injector()
    suite.register(NamedLog("real"), as: (any Log).self)
    suite.register(APIClient.self, scope: .singleton) { resolver in
      made.increment()
      return APIClient(log: try resolver.resolve((any Log).self))
    }
    let tests = (0..<20).map { number in
      let test = Injector(overriding: suite)
      test.register(NamedLog("fake \(number)"), as: (any Log).self)
      return test
    }
    let seen = Locked2<[Int: Set<ObjectIdentifier>]>([:])
    let names = Locked2<Set<String>>([])
    runConcurrently(
      (0..<8).map { _ in
        {
          for (number, test) in tests.enumerated() {
            guard let client = try? test.resolve(APIClient.self) else { continue }
            seen.mutate { $0[number, default: []].insert(ObjectIdentifier(client)) }
            if client.log.name != "fake \(number)" { names.mutate { $0.insert(client.log.name) } }
          }
        }
      })
    #expect(seen.value.count == 20 && seen.value.values.allSatisfy { $0.count == 1 }, "one value per override")
    #expect(made.value == 20, "made once for each override, never for the suite")
    #expect(names.value.isEmpty, "each override's value saw its own fake: \(names.value)")
  }

  @Test("A registration that reaches the shared injector from outside an override's task is recorded")
  func registrationsOutsideOverridesAreRecorded() throws {
    let shared = Injector(parent: nil, requiresConfiguration: true)
    let start = shared.registrationsOutsideOverridesCount
    Injector.withOverrides { _ in
    } operation: {
      let done = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        shared.register(NamedLog("from a queue"), as: (any Log).self)
        done.signal()
      }
      done.wait()
    }
    let escaped = shared.registrationsOutsideOverrides(since: start)
    #expect(escaped.count == 1)
    #expect(escaped.first?.contains("NamedLog") == true)
  }
}
