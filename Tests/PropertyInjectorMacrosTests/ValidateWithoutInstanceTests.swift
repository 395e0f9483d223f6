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
