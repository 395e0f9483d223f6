// The `@Injectable` code of the README and of the DocC articles, compiled and run. Built only
// with the `Macros` trait: `swift test --traits Macros`.
//
// As in `Tests/PropertyInjectorTests/MigrationGuideTests.swift`, each article's types sit in an
// enum of their own; the code inside each enum, and inside each test between `// snippet` and
// `// end snippet`, is what the article shows.

#if Macros
  import Observation
  import PropertyInjector
  import Testing

  // MARK: - README and Getting Started

  enum GettingStarted {
    protocol Logger: AnyObject, Sendable { func log(_ line: String) }
    final class ConsoleLogger: Logger { func log(_ line: String) { print(line) } }
    protocol Cache: AnyObject, Sendable {}
    final class ImageCache: Cache {}
    final class Analytics: Sendable {}

    @Injectable
    final class ProfileScreen {
      var injectedLogger: (any Logger)?
      var injectedCacheFirst: (any Cache)!
      var injectedCacheSecond: (any Cache)!
      var analytics: Analytics?  // no prefix: filled only by a name registration
      var title = "Profile"  // never touched
      private(set) var isReady = false

      func didInjectDependencies() { isReady = true }
    }
  }

  @Suite("Guide code: @Injectable in the README and Getting Started")
  struct GettingStartedTests {
    @Test("The quick start fills every candidate through the macro's accessors, and runs the callback")
    func quickStart() throws {
      typealias Logger = GettingStarted.Logger
      typealias ConsoleLogger = GettingStarted.ConsoleLogger
      typealias ImageCache = GettingStarted.ImageCache
      typealias Analytics = GettingStarted.Analytics
      typealias ProfileScreen = GettingStarted.ProfileScreen
      // snippet
      let injector = Injector()
      injector.register(ConsoleLogger(), as: (any Logger).self)
      injector.register(ImageCache(), includingAncestors: true, for: ProfileScreen.self, id: "first")
      injector.register(ImageCache(), includingAncestors: true, for: ProfileScreen.self, id: "second")
      injector.register(Analytics(), named: "analytics")

      let screen = ProfileScreen()  // made by someone else: a storyboard, a framework, a test
      try injector.inject(screen)
      // end snippet
      #expect(screen.injectedLogger is ConsoleLogger)
      #expect(screen.injectedCacheFirst is ImageCache && screen.injectedCacheFirst !== screen.injectedCacheSecond)
      #expect(screen.analytics != nil && screen.title == "Profile" && screen.isReady)
    }
  }

  // MARK: - The rules

  enum InjectableRules {
    protocol Logger: AnyObject, Sendable { func log(_ line: String) }
    final class RecordingLogger: Logger, @unchecked Sendable {
      var lines: [String] = []
      func log(_ line: String) { lines.append(line) }
    }
    protocol Cache: AnyObject, Sendable {}
    final class MemoryCache: Cache {}
    final class Analytics: Sendable {}
    final class ToolbarDelegate: Sendable {}

    @Injectable
    class BaseScreen {
      var injectedLogger: (any Logger)?  // a candidate, in every subclass too
      // swift-format-ignore: AlwaysUseLowerCamelCase
      let InjectedTitle: String? = nil  // not a candidate: the prefix is case-sensitive (a `var` gets a warning)
      var analytics: Analytics?  // a candidate only while "analytics" is registered by name

      func didInjectDependencies() {}  // declared here, so subclasses can override it
    }

    @Injectable
    final class FeedScreen: BaseScreen {
      var injectedCache: (any Cache)?  // a subclass lists only its own properties
      var injectedCacheThumbnails: (any Cache)?

      override func didInjectDependencies() { injectedLogger?.log("feed ready") }
    }

    @Injectable
    final class Toolbar {
      weak var injectedDelegate: ToolbarDelegate?
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Observable
    @Injectable
    final class ProfileModel {
      var injectedLogger: (any Logger)?  // written through Observation: views update
    }

    @MainActor
    @Injectable
    final class SettingsScreen {
      var injectedLogger: (any Logger)?
    }

    @MainActor
    static func show(_ screen: SettingsScreen, using injector: Injector) throws {
      try injector.inject(screen)  // on the main actor, as the conformance requires
    }
  }

  @Suite("Guide code: @Injectable in the rules")
  struct InjectableRulesTests {
    typealias RecordingLogger = InjectableRules.RecordingLogger
    typealias MemoryCache = InjectableRules.MemoryCache

    @Test("A subclass lists only its own properties; the base class's are filled too, and the override runs")
    func hierarchy() throws {
      let injector = Injector()
      let logger = RecordingLogger()
      injector.register(logger, as: (any InjectableRules.Logger).self)
      injector.register(MemoryCache(), as: (any InjectableRules.Cache).self)
      let feed = InjectableRules.FeedScreen()
      try injector.inject(feed)
      #expect(feed.injectedCache != nil && feed.injectedCacheThumbnails != nil && feed.analytics == nil)
      #expect(logger.lines == ["feed ready"])
      injector.register(InjectableRules.Analytics(), named: "analytics")
      let named = InjectableRules.FeedScreen()
      try injector.inject(named)
      #expect(named.analytics != nil && named.InjectedTitle == nil)
    }

    @Test("A weak property that a transient factory would fill is notRetained, before anything is made")
    func weakProperty() throws {
      typealias ToolbarDelegate = InjectableRules.ToolbarDelegate
      let injector = Injector()
      // snippet
      injector.register(ToolbarDelegate.self) { _ in ToolbarDelegate() }  // a new value that nothing keeps
      // end snippet
      let error = try #require(throws: InjectionError.self) { try injector.inject(InjectableRules.Toolbar()) }
      #expect(error.code == .notRetained)
      let delegate = ToolbarDelegate()
      injector.register(delegate)  // an instance: the injector keeps it
      let toolbar = InjectableRules.Toolbar()
      try injector.inject(toolbar)
      #expect(toolbar.injectedDelegate === delegate)
    }

    @Test("An @Observable @Injectable class is injected through Observation")
    func observable() throws {
      guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
      let injector = Injector()
      injector.register(RecordingLogger(), as: (any InjectableRules.Logger).self)
      let model = InjectableRules.ProfileModel()
      let changed = Flag()
      withObservationTracking {
        _ = model.injectedLogger
      } onChange: {
        changed.set()
      }
      try injector.inject(model)
      #expect(model.injectedLogger != nil && changed.isSet)
    }

    @Test("A @MainActor @Injectable class is injected on the main actor")
    @MainActor
    func mainActor() throws {
      let injector = Injector()
      injector.register(RecordingLogger(), as: (any InjectableRules.Logger).self)
      let screen = InjectableRules.SettingsScreen()
      try InjectableRules.show(screen, using: injector)
      #expect(screen.injectedLogger != nil)
    }
  }

  // MARK: - Lifecycles

  enum InjectableLifecycles {
    protocol Logger: AnyObject, Sendable { func log(_ line: String) }
    final class ConsoleLogger: Logger { func log(_ line: String) {} }
    final class RequestID: Sendable {}

    final class Database: Sendable {
      let logger: any Logger
      init(logger: any Logger) { self.logger = logger }
    }

    struct Stopwatch: InjectorCreatable {
      let logger: any Logger
      init(resolver: Resolver) throws { logger = try resolver.resolve((any Logger).self) }
    }

    @Injectable
    final class ReportScreen {
      var injectedStopwatch: Stopwatch?  // nothing registered for it: a new Stopwatch(resolver:) fills it
      var injectedDatabase: Lazy<Database>?  // made on first .value, then kept
      var injectedRequestIDs: Provider<RequestID>?  // asks the injector on every get()
    }
  }

  @Suite("Guide code: @Injectable in the lifecycles article")
  struct InjectableLifecycleTests {
    typealias Logger = InjectableLifecycles.Logger
    typealias ConsoleLogger = InjectableLifecycles.ConsoleLogger
    typealias Database = InjectableLifecycles.Database
    typealias RequestID = InjectableLifecycles.RequestID
    typealias ReportScreen = InjectableLifecycles.ReportScreen

    @Test("Factories, singletons, auto-creation, Lazy and Provider")
    func lifecycles() throws {
      // snippet
      let injector = Injector()
      injector.register(ConsoleLogger(), as: (any Logger).self)
      injector.register(RequestID.self) { _ in RequestID() }  // transient: a new value every time
      injector.register(Database.self, scope: .singleton) { resolver in  // made once, on first use
        Database(logger: try resolver.resolve((any Logger).self))
      }

      let report = ReportScreen()
      try injector.inject(report)  // checks that a Database can be made; makes none yet
      let database = try report.injectedDatabase?.value  // made now, once
      let first = try report.injectedRequestIDs?.get()
      let second = try report.injectedRequestIDs?.get()  // a new RequestID
      // end snippet
      #expect(report.injectedStopwatch?.logger is ConsoleLogger)
      #expect(database === (try injector.resolve(Database.self)))
      #expect(first != nil && first !== second)
    }
  }

  // MARK: - Migrating from Swinject

  enum InjectableSwinjectGuide {
    protocol Logger: AnyObject, Sendable { func log(_ line: String) }
    final class ConsoleLogger: Logger { func log(_ line: String) {} }
    final class Database: Sendable {}

    @Injectable
    final class ProfileViewModel {
      var injectedLogger: (any Logger)?
      var injectedDatabase: Database?
    }
  }

  @Suite("Guide code: @Injectable in the Swinject guide")
  struct InjectableSwinjectGuideTests {
    @Test("initCompleted becomes an @Injectable class")
    func initCompleted() throws {
      let injector = Injector()
      injector.register(InjectableSwinjectGuide.ConsoleLogger(), as: (any InjectableSwinjectGuide.Logger).self)
      injector.register(InjectableSwinjectGuide.Database())
      injector.register(InjectableSwinjectGuide.ProfileViewModel.self) { _ in
        InjectableSwinjectGuide.ProfileViewModel()
      }
      let viewModel = try injector.resolve(InjectableSwinjectGuide.ProfileViewModel.self)
      #expect(viewModel.injectedLogger != nil && viewModel.injectedDatabase != nil)
    }
  }

  /// A flag that an observation callback can set from any thread.
  private final class Flag: @unchecked Sendable {
    private let lock = Counter()
    var isSet: Bool { lock.value > 0 }
    func set() { lock.increment() }
  }
#endif
