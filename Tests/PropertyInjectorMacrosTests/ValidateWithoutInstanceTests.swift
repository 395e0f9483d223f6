#if Macros
  import OtherModuleFixtures
  import Testing

  @testable import PropertyInjector

  private final class Clock: Sendable {}

  @Injectable
  private class WiredBase {
    var injectedLogger: (any Logger)?
  }

  @Injectable
  private final class WiredScreen: WiredBase {
    var injectedCache: Cache?
    var injectedClock: Clock?
    var title = "untouched"
  }

  @MainActor
  @Injectable
  private final class MainActorScreen {
    var injectedCache: Cache?
  }

  /// A value a factory makes, injected as it is made: its own candidates must resolve for its own class.
  @Injectable
  private final class MadeRepository {
    var injectedClock: Clock?
    var injectedCache: Cache?
    var injectedScreen: MadeLoop?
  }

  /// A screen whose repository a factory makes; the clock is registered for the screen only.
  @Injectable
  private final class RepositoryScreen {
    var injectedRepository: MadeRepository?
    var injectedClock: Clock?
  }

  /// Made by a factory, and making the repository's screen in turn: a loop of made types validate checks once each.
  @Injectable
  private final class MadeLoop {
    var injectedRepository: Lazy<MadeRepository>?
  }

  /// A class whose base lists its key paths by hand: its properties need an instance.
  private class KeyPathBase: InjectableSettable {
    var injectedCache: Cache?
    class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \KeyPathBase.injectedCache] }
  }

  @Injectable
  private final class OnKeyPathBase: KeyPathBase {
    var injectedLogger: (any Logger)?
  }

  @Suite("validate without an instance")
  struct ValidateWithoutInstanceTests {
    @Test("A type whose hierarchy is @Injectable is checked from its type alone, every problem at once")
    func typesAreCheckedWithoutInstances() {
      let injector = Injector()
      injector.register(ConsoleLogger(), as: (any Logger).self)
      let error = injectionError { try injector.validate(WiredScreen.self) }
      #expect(error?.problems.map(\.code) == [.unresolved, .unresolved])
      #expect(error?.problems.map(\.property) == ["injectedCache", "injectedClock"])
      #expect(error?.operation == "validate(WiredScreen.self)")
      injector.register(Cache())
      injector.register(Clock())
      #expect(throws: Never.self) { try injector.validate(WiredScreen.self, WiredBase.self) }
    }

    @Test("validate checks what injecting the values its factories make would throw, as inject finds it, once per type")
    func madeValuesAreChecked() throws {
      let parent = Injector()
      parent.register(Cache())
      parent.register(MadeRepository.self) { _ in MadeRepository() }
      parent.register(MadeLoop.self) { _ in MadeLoop() }
      let injector = Injector(parent: parent)
      // For the screen only, and in the child: the parent's factory injects what it makes from the parent.
      injector.register(Clock(), for: RepositoryScreen.self)
      let thrown = injectionError { try injector.inject(RepositoryScreen()) }
      #expect(thrown?.problems.map { "\($0.typeName).\($0.property ?? "")" } == ["MadeRepository.injectedClock"])
      for validation in [
        { try injector.validate(RepositoryScreen()) }, { try injector.validate(RepositoryScreen.self) },
      ] {
        let problems = injectionError(validation)?.problems
        #expect(problems?.map { "\($0.typeName).\($0.property ?? "")" } == ["MadeRepository.injectedClock"])
        #expect(problems?.map(\.code) == thrown?.problems.map(\.code))
      }
      let report = injector.explain(RepositoryScreen())
      #expect(!report.wouldSucceed)
      #expect(report.problems.map { "\($0.typeName).\($0.property ?? "")" } == ["MadeRepository.injectedClock"])
      // What the error's fix says, in the injector that owns the factory: then all agree there is nothing wrong.
      parent.register(Clock())
      #expect(injector.explain(RepositoryScreen()).wouldSucceed)
      #expect(throws: Never.self) { try injector.validate(RepositoryScreen.self) }
      #expect(throws: Never.self) { try injector.inject(RepositoryScreen()) }
    }

    @Test("validate of a type and of an instance report the same problems")
    func typeAndInstanceAgree() {
      let injector = Injector()
      injector.register(Cache())
      let ofType = injectionError { try injector.validate(WiredScreen.self) }
      let ofInstance = injectionError { try injector.validate(WiredScreen()) }
      #expect(ofType?.problems == ofInstance?.problems)
      #expect(ofType?.problems.isEmpty == false)
    }

    @MainActor
    @Test("A main-actor type is checked on the main actor, without an instance")
    func mainActorTypes() throws {
      let injector = Injector()
      injector.register(Cache())
      try injector.validate(MainActorScreen.self)
    }

    @Test("A hierarchy with a hand-written table needs an instance, and says how to pass one")
    func handWrittenTablesNeedAnInstance() {
      let injector = Injector()
      injector.register(ConsoleLogger(), as: (any Logger).self)
      injector.register(Cache())
      let error = injectionError { try injector.validate(OnKeyPathBase.self) }
      #expect(error?.code == .needsInstance)
      #expect(error?.problems.first?.fix.contains("validate(OnKeyPathBase())") == true)
      #expect(throws: Never.self) { try injector.validate(OnKeyPathBase()) }
    }
  }
#endif
