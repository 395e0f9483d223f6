import PropertyInjector
import Testing

#if compiler(>=6.2)
  /// A main-actor class that can be made anywhere (its initializer is nonisolated), but whose
  /// conformance exists only on the main actor.
  @MainActor
  private final class Panel {
    var injectedLogger: (any Logger)?
    nonisolated init() {}
  }

  extension Panel: @MainActor InjectableSettable {
    static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedLogger": \Panel.injectedLogger] }
  }

  @Suite("Main-actor factory results")
  struct MainActorFactoryTests {
    @Test(
      "A factory result whose conformance is main-actor isolated, made off the main actor, is an error, not handed out uninjected"
    )
    func offActorResultIsAnError() async throws {
      let injector = Injector()
      injector.register(ConsoleLogger(), as: (any Logger).self)
      injector.register(Panel.self) { _ in Panel() }
      let offMainActor = Task.detached { () -> InjectionError? in
        do {
          _ = try injector.resolve(Panel.self)
          return nil
        } catch {
          return error as? InjectionError
        }
      }
      let error = await offMainActor.value
      #expect(error?.code == .isolatedConformance)
      #expect(error?.problems.first?.fix.contains("MainActor.run") == true)
    }

    @Test("On the main actor, the same factory result is injected")
    @MainActor
    func onActorResultIsInjected() throws {
      let injector = Injector()
      let logger = ConsoleLogger()
      injector.register(logger, as: (any Logger).self)
      injector.register(Panel.self) { _ in Panel() }
      let panel = try injector.resolve(Panel.self)
      let injected = panel.injectedLogger === logger
      #expect(injected)
    }
  }
#endif
