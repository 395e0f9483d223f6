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

  init(injector: Injector) {
    _cache = Provided(wrappedValue: ImageCache("image"), in: injector)
    _numbers = Provided(wrappedValue: [1, 2, 3, 4], named: "luckyNumbers", in: injector)
    _session = Provided(wrappedValue: nil, in: injector)
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
    #expect(view.logger == nil, "finds nothing: reads nil")
    #expect(throws: InjectionError.self) { try view.$logger.resolved() }
    let first = ConsoleLogger("first")
    try injector.register(first, as: (any Logger).self)
    #expect(view.logger === first)
    let second = ConsoleLogger("second")
    try injector.register(second, as: (any Logger).self)
    #expect(view.logger === second)
  }

  @Test("@Provided registers under the declared type, and re-registers when assigned")
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
    #expect(services.$numbers.registrationError == nil)
  }

  @Test("An optional @Provided registers its value when set, and unregisters when set to nil")
  func optionalProvided() throws {
    let injector = Injector()
    let services = Services(injector: injector)
    #expect(throws: InjectionError.self) { try injector.resolve(Database.self) }
    let database = Database(number: 1)
    services.session = database
    #expect(try injector.resolve(Database.self) === database)
    services.session = nil
    #expect(throws: InjectionError.self) { try injector.resolve(Database.self) }
  }

  @Test("A @Provided with a blank name keeps the registration error instead of crashing")
  func providedRegistrationError() {
    let injector = Injector()
    let provided = Provided(wrappedValue: 1, named: " ", in: injector)
    #expect(provided.registrationError?.code == .emptyName)
  }

  @Test("inject never touches a wrapped property, and it needs no table entry")
  func injectIgnoresWrappers() throws {
    let injector = Injector()
    let logger = ConsoleLogger()
    try injector.register(logger, as: (any Logger).self)
    let screen = WrappedScreen(injector: injector)
    try injector.inject(screen)
    #expect(screen.injectedLogger === logger, "read through the wrapper, not written by inject")
  }
}
