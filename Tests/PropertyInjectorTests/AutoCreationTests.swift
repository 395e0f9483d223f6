import PropertyInjector
import Testing

/// Created by the injector when nothing is registered for it; injected after creation.
private final class Clock: InjectorCreatable, InjectableSettable {
  let logger: any Logger
  var injectedDatabase: Database?
  var injections = 0
  init(resolver: Resolver) throws { logger = try resolver.resolve((any Logger).self) }
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedDatabase": \Clock.injectedDatabase] }
  func didInjectDependencies() { injections += 1 }
}

private struct Broken: InjectorCreatable {
  init(resolver: Resolver) throws { throw Failure(reason: "no clock") }
}

private final class Screen: InjectableSettable {
  var injectedClock: Clock?
  var injectedOtherClock: Clock?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedClock": \Screen.injectedClock, "injectedOtherClock": \Screen.injectedOtherClock]
  }
}

private final class BrokenScreen: InjectableSettable {
  var injectedBroken: Broken?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedBroken": \BrokenScreen.injectedBroken] }
}

@Suite("Auto-creation")
struct AutoCreationTests {
  @Test("An unregistered InjectorCreatable type is created fresh for each property, and injected")
  func unregisteredTypeIsCreatedAndInjected() throws {
    let injector = Injector()
    let logger = ConsoleLogger()
    let database = Database(number: 1)
    injector.register(logger, as: (any Logger).self)
    injector.register(database)
    let screen = Screen()
    try injector.inject(screen)
    let clock = try #require(screen.injectedClock)
    #expect(clock.logger === logger)
    #expect(clock.injectedDatabase === database)
    #expect(clock.injections == 1)
    #expect(screen.injectedOtherClock !== clock)
  }

  @Test("A registration for the type wins over auto-creation")
  func registrationWins() throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    injector.register(Database(number: 1))
    let registered = try Clock(resolver: injector.resolver)
    injector.register(unchecked: registered)
    let screen = Screen()
    try injector.inject(screen)
    #expect(screen.injectedClock === registered)
  }

  @Test("Auto-creation is skipped while anything is registered for the type, even for another target")
  func anyRegistrationPreventsAutoCreation() throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    injector.register(unchecked: try Clock(resolver: injector.resolver), for: BrokenScreen.self)
    let error = injectionError { try injector.inject(Screen()) }
    #expect(error?.problems.map(\.code) == [.unresolved, .unresolved])
  }

  @Test("An initializer that throws fails the injection, wrapping the cause")
  func throwingInitializerFailsTheInjection() throws {
    let error = injectionError { try Injector().inject(BrokenScreen()) }
    #expect(error.map(codes) == [.factoryFailed])
    #expect(error?.underlyingError as? Failure == Failure(reason: "no clock"))
    #expect(error?.problems.first?.property == "injectedBroken")
  }

  @Test("resolve creates an unregistered InjectorCreatable type")
  func resolveCreates() throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    injector.register(Database(number: 4))
    #expect(try injector.resolve(Clock.self).injectedDatabase?.number == 4)
  }
}
