import PropertyInjector
import PropertyInjectorTesting
import Testing
import XCTest

@Suite("Overrides of the shared injector")
struct OverrideTests {
  @Test("Outside any override, Injector.shared is the app-wide injector")
  func withoutOverrideSharedIsTheRoot() {
    let error = injectionError { _ = try Injector.shared.resolve(Marker.self) }
    #expect(error?.code == .notConfigured)
  }

  @Test("withOverrides gives the operation its own injector, and takes it away after")
  func withOverridesIsScoped() throws {
    let marker = Marker(1)
    let seen = try Injector.withOverrides {
      $0.register(marker)
    } operation: {
      try Injector.shared.resolve(Marker.self)
    }
    #expect(seen === marker)
    #expect(injectionError { _ = try Injector.shared.resolve(Marker.self) }?.code == .notConfigured)
  }

  @Test("Overrides nest: the inner one falls back on the outer one")
  func overridesNest() throws {
    try Injector.withOverrides {
      $0.register(Marker(1))
    } operation: { () throws in
      try Injector.withOverrides {
        $0.register(Marker(2), named: "inner")
      } operation: { () throws in
        #expect(try Injector.shared.resolve(Marker.self).number == 1)
        #expect(try Injector.shared.resolve(Marker.self, named: "inner").number == 2)
      }
      #expect(injectionError { _ = try Injector.shared.resolve(Marker.self, named: "inner") }?.code == .unresolved)
    }
  }

  @Test("What the code under test registers in the shared injector stays inside the test", .injecting)
  func registrationsStayInside() throws {
    Injector.shared.register(Marker(7))
    #expect(try Injector.shared.resolve(Marker.self).number == 7)
  }

  @Test(".injecting overrides the shared injector for the test", .injecting { $0.register(Marker(3)) })
  func traitOverrides() throws {
    let widget = Widget()
    try Injector.shared.inject(widget)
    #expect(widget.injectedMarker?.number == 3)
    #expect(Reader().marker?.number == 3)
  }
}

@Suite("Suite overrides", .injecting { $0.register(Marker(10)) })
struct SuiteOverrideTests {
  @Test("A suite's override reaches each of its tests")
  func suiteOverride() throws {
    #expect(try Injector.shared.resolve(Marker.self).number == 10)
  }

  @Test("A test's override adds to its suite's, and wins", .injecting { $0.register(Marker(11)) })
  func testOverrideWins() throws {
    #expect(try Injector.shared.resolve(Marker.self).number == 11)
  }
}

/// XCTest gets the same through `invokeTest`.
final class XCTestOverrideTests: XCTestCase {
  override func invokeTest() {
    Injector.withOverrides {
      $0.register(Marker(42))
    } operation: {
      super.invokeTest()
    }
  }

  func testSharedIsOverriddenForEveryTestMethod() throws {
    let widget = Widget()
    try Injector.shared.inject(widget)
    XCTAssertEqual(widget.injectedMarker?.number, 42)
  }
}

/// The error `body` throws, if it throws one.
func injectionError(_ body: () throws -> Void) -> InjectionError? {
  do {
    try body()
    return nil
  } catch {
    return error as? InjectionError
  }
}

/// A shared service of the suite, made by a factory that resolves what tests override.
final class Client: Sendable {
  let marker: Marker
  init(marker: Marker) { self.marker = marker }
}

@Suite(
  "Overrides reach the suite's singletons",
  .injecting { injector in
    injector.register(Marker(0))
    injector.register(Client.self, scope: .singleton) { resolver in Client(marker: try resolver.resolve()) }
  })
struct SuiteSingletonOverrideTests {
  @Test("A test's fake reaches a singleton of its suite made during the test", .injecting { $0.register(Marker(1)) })
  func firstTestSeesItsFake() throws {
    #expect(try Injector.shared.resolve(Client.self).marker.number == 1)
  }

  @Test("Another test's fake reaches its own singleton, never the first test's", .injecting { $0.register(Marker(2)) })
  func secondTestSeesItsFake() throws {
    #expect(try Injector.shared.resolve(Client.self).marker.number == 2)
  }

  @Test("Without a fake of its own, a test gets the suite's registrations")
  func noFakeSeesTheSuite() throws {
    #expect(try Injector.shared.resolve(Client.self).marker.number == 0)
  }
}
