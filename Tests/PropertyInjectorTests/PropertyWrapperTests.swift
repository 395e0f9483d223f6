import Dispatch
import PropertyInjector
import Testing

private final class ReportView {
  @Injected var logger: (any Logger)?
  @Injected var cache: Cache?
  @Injected(named: "luckyNumbers") var numbers: [Int]?

  init(injector: Injector) {
    _logger = Injected(in: injector)
    _cache = Injected(in: injector)
    _numbers = Injected(named: "luckyNumbers", in: injector)
  }
}

private final class Services {
  @Provided var cache: Cache
  @Provided var numbers: [Int]
  @Provided var session: Database?

  init(injector: Injector, session: Database? = nil) {
    _cache = Provided(wrappedValue: ImageCache("image"), in: injector)
    _numbers = Provided(wrappedValue: [1, 2, 3, 4], named: "luckyNumbers", in: injector)
    _session = Provided(wrappedValue: session, in: injector)
  }
}

/// Uses @Injected with a name that starts with `injected`: inject must leave it alone.
private final class WrappedScreen: InjectableSettable {
  @Injected var injectedLogger: (any Logger)?
  init(injector: Injector) { _injectedLogger = Injected(in: injector) }
  static var injectableKeyPaths: [String: AnyKeyPath] { [:] }
}

@Suite("Property wrappers")
struct PropertyWrapperTests {
  @Test("@Injected reads from the injector on every access, so a replacement is seen at once")
  func injectedReadsEveryTime() throws {
    let injector = Injector()
    let view = ReportView(injector: injector)
    let first = ConsoleLogger("first")
    injector.register(first, as: (any Logger).self)
    #expect(view.logger === first)
    let second = ConsoleLogger("second")
    injector.register(second, as: (any Logger).self)
    #expect(view.logger === second)
  }

  @Test("An @Injected property that cannot be resolved reads nil, and $property.resolve() throws why")
  func unresolvableInjectedReadsNilAndThrowsThroughItsProjection() throws {
    let injector = Injector()
    let view = ReportView(injector: injector)
    #expect(view.logger == nil)
    #expect(view.numbers == nil)
    let error = injectionError { _ = try view.$logger.resolve() }
    #expect(error.map(codes) == [.unresolved])
    #expect(error?.problems.first?.fix.contains("(any Logger).self") == true)
    #expect(error?.problems.first?.location == "ReportView.logger: any Logger", "the problem names the property too")
    let logger = ConsoleLogger()
    injector.register(logger, as: (any Logger).self)
    #expect(view.logger === logger)
    #expect(try view.$logger.resolve() === logger)
  }

  @Test("A value whose factory throws reads nil too, and $property.resolve() throws factoryFailed")
  func failedCreationReadsNil() throws {
    let injector = Injector()
    struct Offline: Error {}
    injector.register(Cache.self) { _ in throw Offline() }
    let view = ReportView(injector: injector)
    #expect(view.cache == nil)
    #expect(injectionError { _ = try view.$cache.resolve() }.map(codes) == [.factoryFailed])
  }

  @Test("Read from 16 threads while another registers and unregisters: each read is nil or a registered value")
  func concurrentReadsSeeNilOrARegisteredValue() {
    let injector = Injector()
    let loggers = (0..<4).map { ConsoleLogger("logger \($0)") }
    let wrong = Counter()
    injector.register(loggers[0], as: (any Logger).self)
    DispatchQueue.concurrentPerform(iterations: 17) { worker in
      guard worker > 0 else {
        for round in 0..<2_000 {
          if round % 3 == 0 {
            _ = injector.unregister((any Logger).self)
          } else {
            injector.register(loggers[round % loggers.count], as: (any Logger).self)
          }
        }
        return
      }
      for _ in 0..<500 {
        guard let logger = ReportView(injector: injector).logger else { continue }
        if !loggers.contains(where: { $0 === logger }) { _ = wrong.increment() }
      }
    }
    #expect(wrong.value == 0)
    #expect(ReportView(injector: injector).logger === loggers[1999 % loggers.count], "the last registration stays")
  }

  @Test("A generic class's @Injected property reads its own type's registration")
  func genericOwner() throws {
    final class Box<Element> {
      @Injected var element: Element?
      init(injector: Injector) { _element = Injected(in: injector) }
    }
    let injector = Injector()
    injector.register([1, 2], named: "unrelated")
    let cache = Cache("generic")
    injector.register(cache)
    #expect(Box<Cache>(injector: injector).element === cache)
    #expect(Box<Database>(injector: injector).element == nil)
    let error = injectionError { _ = try Box<Database>(injector: injector).$element.resolve() }
    #expect(error?.operation == "@Injected Box<Database>.element: Database")
  }

  @Test("validate reports every @Injected property that cannot be resolved, by owner and property")
  func validateChecksInjectedProperties() throws {
    let injector = Injector()
    injector.register(Cache())
    let error = injectionError { try injector.validate(WrappedScreen(injector: injector)) }
    #expect(error.map(codes) == [.unresolved])
    #expect(error?.problems.first?.location == "WrappedScreen.injectedLogger: any Logger")
    #expect(error?.problems.first?.summary == "it is resolved on each read, and nothing registered fills it.")
    #expect(error?.problems.first?.fix.contains("set the property") == false, "inject never fills a wrapper")
    injector.register(ConsoleLogger(), as: (any Logger).self)
    try injector.validate(WrappedScreen(injector: injector))
  }

  @Test("@Provided registers under the declared type, and re-registers its own value when assigned")
  func providedRegistersTheDeclaredType() throws {
    let injector = Injector()
    let services = Services(injector: injector)
    let view = ReportView(injector: injector)
    #expect(view.cache === services.cache, "an ImageCache held as Cache serves Cache")
    #expect(view.numbers == [1, 2, 3, 4])
    services.numbers = [5, 6, 7, 8]
    #expect(view.numbers == [5, 6, 7, 8])
    let replacement = Cache("replacement")
    services.cache = replacement
    #expect(view.cache === replacement)
    #expect(services.$cache.isProviding)
    injector.unregister(Cache.self)
    #expect(!services.$cache.isProviding, "unregistered: nothing provides it")
  }

  @Test("@Provided never replaces a registration the app made, before or after it")
  func providedNeverReplacesARegistration() throws {
    let injector = Injector()
    let appCache = Cache("app")
    injector.register(appCache)
    let services = Services(injector: injector)
    #expect(try injector.resolve(Cache.self) === appCache, "registered before: kept")
    #expect(!services.$cache.isProviding)
    services.cache = Cache("assigned")
    #expect(try injector.resolve(Cache.self) === appCache, "an assignment does not replace it either")

    let later = Injector()
    let early = Services(injector: later)
    let configured = Cache("configured")
    #expect(early.$cache.isProviding)
    later.register(configured)
    #expect(try later.resolve(Cache.self) === configured, "registered after: the registration wins")
    #expect(!early.$cache.isProviding, "replaced by a later registration: no longer the one registered")
    early.cache = Cache("reassigned")
    #expect(try later.resolve(Cache.self) === configured)
  }

  @Test("An optional @Provided that is nil, or set to nil, never removes someone else's registration")
  func nilProvidedKeepsOthersRegistrations() throws {
    let injector = Injector()
    let appSession = Database(number: 1)
    injector.register(appSession)
    let services = Services(injector: injector)
    #expect(try injector.resolve(Database.self) === appSession, "creating the owner removed nothing")
    services.session = nil
    #expect(try injector.resolve(Database.self) === appSession)
  }

  @Test("An optional @Provided provides while non-nil, and removes only its own registration")
  func optionalProvidedRemovesItsOwn() throws {
    let injector = Injector()
    let services = Services(injector: injector, session: Database(number: 2))
    #expect(try injector.resolve(Database.self).number == 2)
    services.session = nil
    #expect(throws: InjectionError.self) { try injector.resolve(Database.self) }
    services.session = Database(number: 3)
    #expect(try injector.resolve(Database.self).number == 3)
  }

  @Test("inject leaves wrapped properties alone, even with the injected prefix")
  func injectIgnoresWrappers() throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let screen = WrappedScreen(injector: injector)
    try injector.inject(screen)
    #expect(injector.explain(screen).entries.isEmpty)
  }
}
