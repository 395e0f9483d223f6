// Its own file: the fixtures' `PropertyInjector` and `Swift` types, once imported, shadow the
// modules' names in every file that imports them.
#if Macros && compiler(>=6.3)
  import ModuleNameFixtures
  import PropertyInjector
  import Testing

  @Suite("@Injectable in a module with types named PropertyInjector and Swift")
  struct ModuleNameTests {
    @Test("What the macro writes names the library and the standard library, which those types do not shadow")
    func typesNamedLikeTheModules() throws {
      let injector = Injector()
      let logger = ShadowedLogger()
      injector.register(logger)
      let screen = ShadowedScreen()
      try injector.inject(screen)
      #expect(screen.logger === logger)
      #expect(screen.delegate === logger)
    }
  }
#endif
