import Dispatch
import PropertyInjector
import Testing

final class RequestID: Sendable {}

private final class Screen: InjectableSettable {
  var injectedRequestIDFirst: RequestID?
  var injectedRequestIDSecond: RequestID?
  var injectedLogger: (any Logger)?
  var injections = 0
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedRequestIDFirst": \Screen.injectedRequestIDFirst,
      "injectedRequestIDSecond": \Screen.injectedRequestIDSecond,
      "injectedLogger": \Screen.injectedLogger,
    ]
  }
  func didInjectDependencies() { injections += 1 }
}

/// A service that is itself injectable: factory results like it are injected before use.
final class Reporter: InjectableSettable, @unchecked Sendable {
  var injectedLogger: (any Logger)?
  var injections = 0
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedLogger": \Reporter.injectedLogger] }
  func didInjectDependencies() { injections += 1 }
}

private final class ReportScreen: InjectableSettable {
  var injectedReporter: Reporter?
  var now: RequestID?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedReporter": \ReportScreen.injectedReporter, "now": \ReportScreen.now]
  }
}

protocol Animal: AnyObject {}

/// Settable: a factory result of this type is injected before it is handed over.
final class Dog: Animal, InjectableSettable, @unchecked Sendable {
  var injectedLogger: (any Logger)?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedLogger": \Dog.injectedLogger] }
}

/// Not settable.
final class Cat: Animal, @unchecked Sendable {}

private final class Shelter: InjectableSettable {
  var injectedAnimal: (any Animal)?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedAnimal": \Shelter.injectedAnimal] }
}

/// An injector with a logger and a RequestID factory that counts its calls.
private func injectorCountingRequestIDs() throws -> (Injector, Counter) {
  let injector = Injector()
  let calls = Counter()
  injector.register(RequestID.self) { _ in
    calls.increment()
    return RequestID()
  }
  injector.register(ConsoleLogger(), as: (any Logger).self)
  return (injector, calls)
}

@Suite("Factories")
struct FactoryTests {
  @Test("A transient factory makes a new value for every property it fills")
  func transientFactoryMakesNewValues() throws {
    let (injector, calls) = try injectorCountingRequestIDs()
    let screen = Screen()
    try injector.inject(screen)
    let other = Screen()
    try injector.inject(other)
    #expect(calls.value == 4)
    #expect(screen.injectedRequestIDFirst !== screen.injectedRequestIDSecond)
    #expect(screen.injectedRequestIDFirst !== other.injectedRequestIDFirst)
  }

  @Test("A factory runs only for nil properties")
  func factoryRunsOnlyForNilProperties() throws {
    let (injector, calls) = try injectorCountingRequestIDs()
    let screen = Screen()
    let own = RequestID()
    screen.injectedRequestIDFirst = own
    try injector.inject(screen)
    #expect(calls.value == 1)
    #expect(screen.injectedRequestIDFirst === own)
  }

  @Test("A factory receives the injector, and its result is injected before it is handed over")
  func factoryResolvesAndItsResultIsInjected() throws {
    let injector = Injector()
    let logger = ConsoleLogger()
    injector.register(logger, as: (any Logger).self)
    injector.register(Reporter.self) { injector in
      let reporter = Reporter()
      _ = try injector.resolve((any Logger).self)
      return reporter
    }
    injector.register(named: "now") { _ in RequestID() }
    let screen = ReportScreen()
    try injector.inject(screen)
    let reporter = try #require(screen.injectedReporter)
    #expect(reporter.injectedLogger === logger)
    #expect(reporter.injections == 1)
    #expect(screen.now != nil)
  }

  @Test("A factory that throws fails the injection with the cause and the property; the target is unchanged")
  func throwingFactoryFailsTheInjection() throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    injector.register(RequestID.self, id: "first") { _ in RequestID() }
    injector.register(RequestID.self, id: "second") { _ in throw Failure(reason: "no network") }
    let screen = Screen()
    let error = injectionError { try injector.inject(screen) }
    #expect(error.map(codes) == [.factoryFailed])
    #expect(error?.problems.first?.property == "injectedRequestIDSecond")
    #expect(error?.problems.first?.typeName == "Screen")
    #expect(error?.underlyingError as? Failure == Failure(reason: "no network"))
    #expect(error?.description.contains("no network") == true)
    #expect(screen.injectedRequestIDFirst == nil)
    #expect(screen.injectedLogger == nil)
    #expect(screen.injections == 0)
  }

  @Test("Factories take `for:` and `id:` like instances, and match their declared type exactly")
  func factoryOptions() throws {
    let injector = Injector()
    let first = RequestID()
    injector.register(RequestID.self, for: Screen.self, id: "first") { _ in first }
    injector.register(RequestID.self, for: ReportScreen.self) { _ in RequestID() }
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let screen = Screen()
    let error = injectionError { try injector.inject(screen) }
    #expect(error?.problems.map(\.property) == ["injectedRequestIDSecond"])
    screen.injectedRequestIDSecond = RequestID()
    try injector.inject(screen)
    #expect(screen.injectedRequestIDFirst === first)
  }

  @Test("A name factory whose result does not fit the property fails the injection")
  func nameFactoryOfTheWrongType() throws {
    let injector = Injector()
    injector.register(named: "now") { _ in "a string" }
    injector.register(Reporter.self) { _ in Reporter() }
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let screen = ReportScreen()
    let error = injectionError { try injector.inject(screen) }
    #expect(error.map(codes) == [.typeMismatch])
    #expect(error?.problems.first?.property == "now")
    #expect(screen.injectedReporter == nil)
  }

  @Test("Unregistering a factory works like unregistering an instance")
  func unregisterFactory() throws {
    let injector = Injector()
    injector.register(RequestID.self, id: "first") { _ in RequestID() }
    #expect(injector.unregister(RequestID.self, id: "first"))
    #expect(throws: InjectionError.self) { try injector.resolve(RequestID.self) }
    #expect(!injector.unregister(RequestID.self, id: "first"))
  }

  @Test("A factory replaces an instance registered with the same type, target and id, and back")
  func factoryAndInstanceShareKeys() throws {
    let injector = Injector()
    let instance = RequestID()
    injector.register(RequestID())
    injector.register(RequestID.self) { _ in RequestID() }
    #expect(try injector.resolve(RequestID.self) !== injector.resolve(RequestID.self))
    injector.register(instance)
    #expect(try injector.resolve(RequestID.self) === instance)
  }

  @Test("A factory of an optional type, registered through generic code, is a configuration problem")
  func optionalFactoryIsAProblem() {
    func register<Value>(_: Value.Type, in injector: Injector, make: @escaping @Sendable () -> Value) {
      injector.register(Value.self) { _ in make() }
    }
    let injector = Injector()
    register(RequestID?.self, in: injector) { nil }
    #expect(injectionError { try injector.validate() }.map(codes) == [.optionalRegistration])
  }

  @Test("From many threads, every settable result of a protocol-typed factory is injected, whatever it made before")
  func changingResultTypesFromManyThreads() {
    let injector = Injector()
    let logger = ConsoleLogger()
    injector.register(logger, as: (any Logger).self)
    let calls = Counter()
    injector.register((any Animal).self) { _ -> any Animal in calls.increment() % 3 == 0 ? Dog() : Cat() }
    let dogs = Counter()
    let injectedDogs = Counter()
    DispatchQueue.concurrentPerform(iterations: 3_000) { _ in
      do {
        let shelter = Shelter()
        try injector.inject(shelter)
        if let dog = shelter.injectedAnimal as? Dog {
          dogs.increment()
          if dog.injectedLogger === logger { injectedDogs.increment() }
        }
      } catch {
        Issue.record(error)
      }
    }
    #expect(dogs.value == 1_000)
    #expect(injectedDogs.value == dogs.value)
  }

  @Test("Every settable result is injected, even when a factory's result type changes between calls")
  func changingResultTypesAreEachInjected() throws {
    let injector = Injector()
    let logger = ConsoleLogger()
    injector.register(logger, as: (any Logger).self)
    let calls = Counter()
    injector.register((any Animal).self) { _ -> any Animal in calls.increment() % 2 == 0 ? Dog() : Cat() }
    for _ in 0..<6 {
      let shelter = Shelter()
      try injector.inject(shelter)
      if let dog = shelter.injectedAnimal as? Dog {
        #expect(dog.injectedLogger === logger)
      } else {
        #expect(shelter.injectedAnimal is Cat)
      }
    }
    #expect(calls.value == 6)
  }

  @Test("A factory's result of a settable subclass of a type that is not settable is injected")
  func settableSubclassResultsAreInjected() throws {
    class Plain {}
    final class Wired: Plain, InjectableSettable {
      var injectedLogger: (any Logger)?
      static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedLogger": \Wired.injectedLogger] }
    }
    let injector = Injector()
    let logger = ConsoleLogger()
    injector.register(logger, as: (any Logger).self)
    injector.register(Plain.self) { _ in Wired() }
    let made = try injector.resolve(Plain.self) as? Wired
    #expect(made?.injectedLogger === logger)
  }
}
