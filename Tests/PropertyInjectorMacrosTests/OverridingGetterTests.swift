#if Macros
  import Dispatch
  import MacroTesting
  import Observation
  import Testing

  @testable import PropertyInjector

  @Injectable
  class OverriddenBase {
    var injectedLogger: (any Logger)?
    var injectedCache: Cache?
    var logger: (any Logger)?
    var callbacks = 0
    func didInjectDependencies() { callbacks += 1 }
  }

  /// No `@Injectable`: the macro never sees its getter, which answers a default for nil.
  final class DefaultingSubclass: OverriddenBase {
    override var injectedLogger: (any Logger)? {
      get { super.injectedLogger ?? ConsoleLogger() }
      set { super.injectedLogger = newValue }
    }
  }

  /// `@Injectable`, with a default for a name registration's candidate, which the macro cannot tell is one.
  @Injectable
  final class DefaultingInjectableSubclass: OverriddenBase {
    override var logger: (any Logger)? {
      get { super.logger ?? ConsoleLogger() }
      set { super.logger = newValue }
    }
  }

  /// A getter that only forwards, and an override that only observes: both read what the property holds.
  final class ForwardingSubclass: OverriddenBase {
    override var injectedLogger: (any Logger)? {
      get { super.injectedLogger }
      set { super.injectedLogger = newValue }
    }
  }

  @Injectable
  final class ObservingSubclass: OverriddenBase {
    var observed = 0
    override var injectedLogger: (any Logger)? { didSet { observed += 1 } }
  }

  /// An observed base, whose storage `Mirror` lists as `_injectedLogger`, and plain subclasses of it.
  @Observable
  @Injectable
  class ObservedBase {
    var injectedLogger: (any Logger)?
  }

  final class PlainObservedSubclass: ObservedBase {}

  final class DefaultingObservedSubclass: ObservedBase {
    override var injectedLogger: (any Logger)? {
      get { super.injectedLogger ?? ConsoleLogger() }
      set { super.injectedLogger = newValue }
    }
  }

  /// An injector with `logger` registered as `any Logger`, and a `Cache`.
  private func injector(with logger: ConsoleLogger = ConsoleLogger()) -> Injector {
    let injector = Injector()
    injector.register(logger, as: (any Logger).self)
    injector.register(Cache())
    return injector
  }

  @Suite("A subclass's getter that overrides a candidate", .injectable)
  struct OverridingGetterTests {
    @Test("A default for nil in a subclass without @Injectable fails inject, validate and explain, changing nothing")
    func defaultInAPlainSubclass() throws {
      let injector = injector()
      for _ in 0..<3 {
        let screen = DefaultingSubclass()
        let validated = injectionError { try injector.validate(screen) }
        let error = injectionError { try injector.inject(screen) }
        #expect(error?.problems.map(\.code) == [.unsupportedProperty])
        #expect(error?.problems.first?.property == "injectedLogger")
        #expect(error?.problems.first?.typeName == "DefaultingSubclass")
        #expect(error?.problems.first?.fix.contains("injectedLogger ?? default") == true)
        #expect(validated?.problems.map(\.code) == [.unsupportedProperty])
        #expect(!injector.explain(screen).wouldSucceed)
        #expect(screen.injectedCache == nil && screen.callbacks == 0, "nothing half-injected")
      }
    }

    @Test("A default for a name registration's candidate in an @Injectable subclass fails the injection")
    func defaultInAnInjectableSubclass() throws {
      let injector = injector()
      injector.register(ConsoleLogger() as any Logger, named: "logger")
      let screen = DefaultingInjectableSubclass()
      let error = injectionError { try injector.inject(screen) }
      #expect(error?.problems.map(\.code) == [.unsupportedProperty])
      #expect(error?.problems.first?.property == "logger")
      #expect(screen.injectedCache == nil && screen.callbacks == 0)
    }

    @Test("A forwarding getter and an observing override are filled through, once, from many threads")
    func transparentOverrides() throws {
      let logger = ConsoleLogger()
      let injector = injector(with: logger)
      let failures = Counter()
      DispatchQueue.concurrentPerform(iterations: 4) { _ in
        for _ in 0..<100 {
          let forwarding = ForwardingSubclass()
          let observing = ObservingSubclass()
          do {
            try injector.inject(forwarding)
            try injector.inject(observing)
          } catch {
            failures.increment()
          }
          if forwarding.injectedLogger !== logger || forwarding.callbacks != 1 || observing.injectedLogger !== logger
            || observing.observed != 1 || observing.callbacks != 1
          {
            failures.increment()
          }
        }
      }
      #expect(failures.value == 0)
    }

    @Test("Below an @Observable base, Observation's storage is what the check reads")
    func observedBase() throws {
      let logger = ConsoleLogger()
      let injector = injector(with: logger)
      for _ in 0..<2 {
        let plain = PlainObservedSubclass()
        try injector.inject(plain)
        #expect(plain.injectedLogger === logger)
      }
      let error = injectionError { try injector.inject(DefaultingObservedSubclass()) }
      #expect(error?.problems.map(\.code) == [.unsupportedProperty])
    }

    @Test("A preset value read back through a forwarding getter is left alone, and a nil one is then filled")
    func presetThenNil() throws {
      let registered = ConsoleLogger()
      let injector = injector(with: registered)
      let own = ConsoleLogger()
      let preset = ForwardingSubclass()
      preset.injectedLogger = own
      try injector.inject(preset)
      #expect(preset.injectedLogger === own && preset.injectedCache != nil)
      let fresh = ForwardingSubclass()
      try injector.inject(fresh)
      #expect(fresh.injectedLogger === registered)
    }

    @Test("The macro warns about an override's getter of an 'injected…' name, and lists no accessor for overrides")
    func macroDiagnosesOverrides() {
      assertMacro {
        """
        @Injectable final class Screen: Base {
          override var injectedLogger: Logger? {
            get { super.injectedLogger ?? ConsoleLogger() }
            set { super.injectedLogger = newValue }
          }
          override var injectedCache: Cache? { didSet {} }
        }
        """
      } diagnostics: {
        """
        @Injectable final class Screen: Base {
          override var injectedLogger: Logger? {
                       ┬─────────────
                       ╰─ ⚠️ 'injectedLogger' overrides a candidate with a getter, which the injector reads to see whether it is nil: a getter that answers a default for nil makes every injection fail; observe writes with 'didSet' alone, and write 'injectedLogger ?? default' where the default is needed
            get { super.injectedLogger ?? ConsoleLogger() }
            set { super.injectedLogger = newValue }
          }
          override var injectedCache: Cache? { didSet {} }
        }
        """
      } expansion: {
        """
        final class Screen: Base {
          override var injectedLogger: Logger? {
            get { super.injectedLogger ?? ConsoleLogger() }
            set { super.injectedLogger = newValue }
          }
          override var injectedCache: Cache? { didSet {} }

          static var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            []
          }
        }

        extension Screen: PropertyInjector::InjectableSettable, PropertyInjector::InjectableThroughAccessors {
        }
        """
      }
    }
  }
#endif
