#if Macros
  import InheritedIsolationFixtures
  import MacroTesting
  import OtherModuleFixtures
  import Testing

  @testable import PropertyInjector

  /// A subclass of another module's main-actor class, in a module that does not infer isolated
  /// conformances: the argument names the isolation the macro cannot see.
  @Injectable(isolation: MainActor.self)
  final class LocalProfileViewController: FrameworkViewController {
    var injectedLogger: ForeignLogger?
  }

  /// A global actor whose name does not end in `Actor`.
  @globalActor
  actor Persistence {
    static let shared = Persistence()
  }

  /// A class isolated to it, which the argument names.
  @Persistence
  @Injectable(isolation: Persistence.self)
  final class Ledger {
    var injectedCache: Cache?
    /// An attribute named like the actor the argument names is no property wrapper.
    @Persistence var injectedJournal: Cache?
  }

  @Suite("@Injectable subclasses of main-actor framework classes", .injectable)
  struct InheritedIsolationTests {
    @Test(
      "With InferIsolatedConformances on, an @Injectable subclass of another module's @MainActor class needs nothing else"
    )
    @MainActor
    func inferredIsolatedConformance() throws {
      let injector = Injector()
      let logger = ForeignLogger()
      injector.register(logger)
      let controller = ProfileViewController()
      try injector.inject(controller)
      #expect(controller.logger === logger && controller.isReady)
      #expect(controller.title == "framework")
    }

    @Test("A framework view controller's subclass needs an instance to validate, and one line checks it")
    @MainActor
    func validateThroughAnInstance() throws {
      let injector = Injector()
      injector.register(ForeignLogger())
      let byType = injectionError { try injector.validate(ProfileViewController.self) }
      #expect(byType?.code == .needsInstance)
      #expect(byType?.problems.first?.fix.contains("validate(ProfileViewController())") == true)
      try injector.validate(ProfileViewController())
      #expect(injectionError { try Injector().validate(ProfileViewController()) }?.code == .unresolved)
    }

    @Test("Without the setting, @Injectable(isolation: MainActor.self) makes the conformance isolated")
    @MainActor
    func isolationArgument() throws {
      let injector = Injector()
      let logger = ForeignLogger()
      injector.register(logger)
      let controller = LocalProfileViewController()
      try injector.inject(controller)
      #expect(controller.injectedLogger === logger)
    }

    @Test("Any global actor can be named, whatever its name ends with")
    func anyGlobalActor() async throws {
      let injector = Injector()
      let cache = Cache()
      injector.register(cache)
      let filled = await injectLedger(injector, cache)
      #expect(filled)
    }

    @Persistence
    private func injectLedger(_ injector: Injector, _ cache: Cache) -> Bool {
      let ledger = Ledger()
      do { try injector.inject(ledger) } catch { return false }
      return ledger.injectedCache === cache && ledger.injectedJournal === cache
    }

    @Test("The isolation argument isolates the conformances to the actor it names")
    func isolationArgumentExpansion() {
      assertMacro {
        """
        @Injectable(isolation: Storage.self) final class Ledger: Base {
        }
        """
      } expansion: {
        """
        final class Ledger: Base {

          static var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            [
              PropertyInjector::InjectableAccessor._$complete(Ledger.self)
            ]
          }
        }

        extension Ledger: @Storage PropertyInjector::InjectableSettable, @Storage PropertyInjector::InjectableThroughAccessors {
        }
        """
      }
    }

    @Test("An isolation argument that is not a type's .self is an error")
    func invalidIsolationArgument() {
      assertMacro {
        """
        @Injectable(isolation: actor) final class Ledger {
        }
        """
      } diagnostics: {
        """
        @Injectable(isolation: actor) final class Ledger {
        ┬────────────────────────────
        ╰─ 🛑 isolation: name the global actor the class is isolated to by its type, such as '@Injectable(isolation: MainActor.self)'
        }
        """
      }
      assertExpansion {
        """
        @Injectable(isolation: actor) final class Ledger {
        }
        """
      } expansion: {
        """
        final class Ledger {

          static var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            [
              PropertyInjector::InjectableAccessor._$complete(Ledger.self)
            ]
          }
        }

        extension Ledger: PropertyInjector::InjectableSettable, PropertyInjector::InjectableThroughAccessors {
        }
        """
      }
    }
  }
#endif
