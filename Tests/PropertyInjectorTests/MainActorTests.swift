import PropertyInjector
import Testing

#if compiler(>=6.2)
  @MainActor
  private final class Screen {
    var injectedLogger: (any Logger)?
    var injections = 0
    func didInjectDependencies() { injections += 1 }
  }

  extension Screen: @MainActor InjectableSettable {
    static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedLogger": \Screen.injectedLogger] }
  }

  @Suite("Main-actor targets")
  struct MainActorTests {
    @Test("A @MainActor class conforms with an isolated conformance and is injected on the main actor")
    @MainActor
    func mainActorClassIsInjected() throws {
      let injector = Injector()
      let logger = ConsoleLogger()
      injector.register(logger, as: (any Logger).self)
      let screen = Screen()
      try injector.inject(screen)
      let filledWithTheRegisteredLogger = screen.injectedLogger === logger
      #expect(filledWithTheRegisteredLogger)
      #expect(screen.injections == 1)
    }
  }
#endif
