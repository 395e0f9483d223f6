// The code of the README, of the DocC articles and of the migration guides, compiled and run.
//
// Each guide's types sit in an enum of their own, so that they can keep the names the guide
// gives them (`Logger`, `ProfileScreen`, ...) without meeting the other tests' types. The code
// inside each enum, and inside each test between `// snippet` and `// end snippet`, is what the
// article shows, letter for letter, except lines marked `// (test only)`; the lines after it check
// that it did what the article says.
//
// Nothing here configures the real `Injector.shared`: the other tests need it unconfigured. A
// snippet that uses `Injector.shared` runs inside `Injector.withOverrides`, where `shared` is an
// injector of the test's own. Functions an article shows at the top level are `static` here.

import PropertyInjector
import Testing

/// Overrides that register nothing: `Injector.shared` becomes an empty injector of the test's own.
private func registeringNothing(_: Injector) {}

// MARK: - README and Getting Started (the README shows the quick start; Getting Started all of these)

enum QuickStart {
  protocol Logger: AnyObject, Sendable { func log(_ line: String) }
  final class ConsoleLogger: Logger { func log(_ line: String) { print(line) } }
  protocol Cache: AnyObject, Sendable {}
  final class ImageCache: Cache {}
  final class Analytics: Sendable {}

  final class ProfileScreen: InjectableSettable {
    var injectedLogger: (any Logger)?
    var injectedCacheFirst: (any Cache)!
    var injectedCacheSecond: (any Cache)!
    var analytics: Analytics?  // no prefix: filled only by a name registration
    var title = "Profile"  // never touched
    private(set) var isReady = false

    static var injectableKeyPaths: [String: AnyKeyPath] {
      [
        "injectedLogger": \ProfileScreen.injectedLogger,
        "injectedCacheFirst": \ProfileScreen.injectedCacheFirst,
        "injectedCacheSecond": \ProfileScreen.injectedCacheSecond,
        "analytics": \ProfileScreen.analytics,
      ]
    }

    func didInjectDependencies() { isReady = true }
  }
}

@Suite("Guide code: README and Getting Started")
struct QuickStartGuideTests {
  @Test("The quick start with a hand-written table fills every candidate, and runs the callback")
  func quickStart() throws {
    typealias Logger = QuickStart.Logger
    typealias ConsoleLogger = QuickStart.ConsoleLogger
    typealias ImageCache = QuickStart.ImageCache
    typealias Analytics = QuickStart.Analytics
    typealias ProfileScreen = QuickStart.ProfileScreen
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
    #expect(screen.injectedCacheFirst is ImageCache && screen.injectedCacheSecond is ImageCache)
    #expect(screen.injectedCacheFirst !== screen.injectedCacheSecond)
    #expect(screen.analytics != nil && screen.title == "Profile" && screen.isReady)
  }

  @Test("resolve(_:for:id:) answers as a property of that name on that class would be filled")
  func resolveAsAProperty() throws {
    let injector = Injector()
    let first = QuickStart.ImageCache()
    injector.register(QuickStart.ConsoleLogger(), as: (any QuickStart.Logger).self)
    injector.register(first, includingAncestors: true, for: QuickStart.ProfileScreen.self, id: "first")
    typealias Logger = QuickStart.Logger
    typealias Cache = QuickStart.Cache
    typealias ProfileScreen = QuickStart.ProfileScreen
    // snippet
    let logger = try injector.resolve((any Logger).self)
    let cache = try injector.resolve((any Cache).self, for: ProfileScreen.self, id: "injectedCacheFirst")
    // end snippet
    #expect(logger is QuickStart.ConsoleLogger && cache === first)
    #expect(throws: InjectionError.self) { try injector.resolve((any Cache).self) }
  }

  @Test("Catching an error: `error` is already an InjectionError, and lists every problem")
  func catchingAnError() throws {
    let injector = Injector()
    let screen = QuickStart.ProfileScreen()
    var sawUnresolved = false
    // snippet
    do {
      try injector.inject(screen)
    } catch {
      print(error)  // every problem, with what came close and a fix for each
      if error.problems.contains(where: { $0.code == .unresolved }) {
        // ...
        sawUnresolved = true  // (test only)
      }
    }
    // end snippet
    #expect(sawUnresolved)
    let error = try #require(throws: InjectionError.self) { try injector.inject(screen) }
    #expect(error.problems.map(\.code) == [.unresolved, .unresolved, .unresolved])
    #expect(screen.injectedLogger == nil && !screen.isReady)
  }

  @Test("validate and explain report the wiring without changing anything")
  func validateAndExplain() throws {
    let injector = Injector()
    injector.register(QuickStart.ConsoleLogger(), as: (any QuickStart.Logger).self)
    injector.register(QuickStart.ImageCache(), as: (any QuickStart.Cache).self)
    typealias ProfileScreen = QuickStart.ProfileScreen
    let screen = ProfileScreen()
    // snippet
    try injector.validate(ProfileScreen())
    print(injector.explain(screen))
    // end snippet
    let report = injector.explain(screen)
    #expect(report.wouldSucceed && screen.injectedLogger == nil)
    #expect(
      report.description.contains(
        "QuickStart.ProfileScreen.injectedLogger: (any QuickStart.Logger)? ← QuickStart.ConsoleLogger (as any "
          + "QuickStart.Logger)"))
  }
}

// MARK: - The rules

enum RuleExamples {
  protocol Logger: AnyObject, Sendable {}
  final class ConsoleLogger: Logger {}
  protocol Cache: AnyObject, Sendable {}
  final class MemoryCache: Cache {}
  final class Analytics: Sendable {}

  class BaseScreen: InjectableSettable {
    var injectedLogger: (any Logger)?  // a candidate, in every subclass too
    // swift-format-ignore: AlwaysUseLowerCamelCase
    var InjectedTitle: String?  // not a candidate: the prefix is case-sensitive
    var analytics: Analytics?  // a candidate only while "analytics" is registered by name

    class var injectableKeyPaths: [String: AnyKeyPath] {
      ["injectedLogger": \BaseScreen.injectedLogger, "analytics": \BaseScreen.analytics]
    }
  }

  final class FeedScreen: BaseScreen {
    var injectedCache: (any Cache)?
    var injectedCacheThumbnails: (any Cache)?

    override class var injectableKeyPaths: [String: AnyKeyPath] {
      ["injectedCache": \FeedScreen.injectedCache, "injectedCacheThumbnails": \FeedScreen.injectedCacheThumbnails]
    }
  }

  final class SettingsScreen: BaseScreen {
    var injectedCache: (any Cache)?
    override class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \SettingsScreen.injectedCache] }
  }

  final class ReportView {
    @Injected var logger: (any Logger)?  // resolved from Injector.shared on every read
    @Injected(named: "luckyNumbers") var numbers: [Int]?
  }

  final class AppServices {
    @Provided var cache: any Cache = MemoryCache()  // registered as `any Cache`, the declared type
  }

  final class Counter: InjectableSettable {
    var injectedCount = 0  // notOptional: it can never be nil, whatever it holds
    static var injectableKeyPaths: [String: AnyKeyPath] { [:] }
  }
}

@Suite("Guide code: the rules")
struct RuleGuideTests {
  typealias Logger = RuleExamples.Logger
  typealias Cache = RuleExamples.Cache
  typealias ConsoleLogger = RuleExamples.ConsoleLogger
  typealias MemoryCache = RuleExamples.MemoryCache
  typealias Analytics = RuleExamples.Analytics
  typealias BaseScreen = RuleExamples.BaseScreen
  typealias FeedScreen = RuleExamples.FeedScreen
  typealias SettingsScreen = RuleExamples.SettingsScreen

  @Test("Candidates: the prefix, superclass properties and name registrations; each class reads its own table")
  func candidates() throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    injector.register(MemoryCache(), as: (any Cache).self)
    let feed = FeedScreen()
    try injector.inject(feed)
    #expect(feed.injectedLogger != nil && feed.injectedCache != nil && feed.injectedCacheThumbnails != nil)
    #expect(feed.analytics == nil, "no name registration: not a candidate, and left nil")
    #expect(feed.InjectedTitle == nil)
    injector.register(Analytics(), named: "analytics")
    let next = FeedScreen()
    try injector.inject(next)
    #expect(next.analytics != nil)
  }

  @Test("Only nil: a set property is left alone; a non-optional candidate is an error whatever it holds")
  func onlyNil() throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let mine = ConsoleLogger()
    let screen = SettingsScreen()
    screen.injectedLogger = mine
    screen.injectedCache = MemoryCache()
    try injector.inject(screen)
    #expect(screen.injectedLogger === mine)
    let error = try #require(throws: InjectionError.self) { try injector.inject(RuleExamples.Counter()) }
    #expect(error.code == .notOptional)
    #expect(error.problems[0].fix.contains("add `?` or `!` after its type"))
  }

  @Test("Type registrations: exact type, as:, includingAncestors")
  func typeRegistrations() throws {
    let injector = Injector()
    // snippet
    injector.register(MemoryCache())  // fills `MemoryCache?` properties only
    injector.register(MemoryCache(), as: (any Cache).self)  // fills `(any Cache)?` only
    injector.register(MemoryCache(), includingAncestors: true, id: "thumbnails")  // both, and its other protocols
    // end snippet
    #expect(try injector.resolve(MemoryCache.self) !== injector.resolve((any Cache).self))
    let feed = FeedScreen()
    feed.injectedLogger = ConsoleLogger()
    try injector.inject(feed)
    #expect(feed.injectedCacheThumbnails is MemoryCache && feed.injectedCache !== feed.injectedCacheThumbnails)
  }

  @Test("Targets, ids and precedence, as the rules article shows them")
  func precedence() throws {
    let injector = Injector()
    let plain = MemoryCache()
    let forBase = MemoryCache()
    let forSettings = MemoryCache()
    let thumbnails = MemoryCache()
    // snippet
    injector.register(plain, as: (any Cache).self)  // no target, no id
    injector.register(forBase, as: (any Cache).self, for: BaseScreen.self)  // a target
    injector.register(forSettings, as: (any Cache).self, for: SettingsScreen.self)  // a more derived target
    injector.register(thumbnails, as: (any Cache).self, id: "thumbnails")  // an id: beats any target

    // SettingsScreen.injectedCache:       forSettings (the most derived target)
    // FeedScreen.injectedCache:           forBase (a target beats none)
    // FeedScreen.injectedCacheThumbnails: thumbnails (an id beats a target)
    // resolve((any Cache).self):          plain (no object: only registrations without a target)
    // end snippet
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let settings = SettingsScreen()
    let feed = FeedScreen()
    try injector.inject(settings)
    try injector.inject(feed)
    #expect(settings.injectedCache === forSettings)
    #expect(feed.injectedCache === forBase && feed.injectedCacheThumbnails === thumbnails)
    #expect(try injector.resolve((any Cache).self) === plain)
  }

  @Test("An id that can never match is reported by every inject and resolve until it is unregistered")
  func invalidID() throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    // snippet
    injector.register(MemoryCache(), as: (any Cache).self, id: " ")  // invalidID: never matches
    // end snippet
    let error = try #require(throws: InjectionError.self) { try injector.resolve((any Logger).self) }
    #expect(error.code == .invalidID)
    #expect(throws: InjectionError.self) { try injector.validate() }
    // snippet
    injector.unregister((any Cache).self, id: " ")  // returns true: the problem is gone
    // end snippet
    _ = try injector.resolve((any Logger).self)
    injector.register(MemoryCache(), as: (any Cache).self, id: "")
    #expect(injector.unregister((any Cache).self, id: ""), "a problem is unregistered like a registration")
  }

  @Test("A name registration fills the property with exactly that name; a value of the wrong type is an error")
  func nameRegistrations() throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    // snippet
    injector.register(Analytics(), named: "analytics")  // fills `var analytics: Analytics?` in every class
    let analytics = try injector.resolve(Analytics.self, named: "analytics")
    // end snippet
    let screen = SettingsScreen()
    screen.injectedCache = MemoryCache()
    try injector.inject(screen)
    #expect(screen.analytics === analytics)
    injector.register("not analytics", named: "analytics")
    let error = try #require(throws: InjectionError.self) { try injector.inject(SettingsScreen()) }
    #expect(error.problems.map(\.code).contains(.typeMismatch))
  }

  @Test("@Injected reads the current Injector.shared; @Provided registers under the declared type")
  func propertyWrappers() throws {
    try Injector.withOverrides {
      $0.register(ConsoleLogger(), as: (any Logger).self)
      $0.register([4, 8, 15], named: "luckyNumbers")
    } operation: {
      let services = RuleExamples.AppServices()
      let view = RuleExamples.ReportView()
      #expect(view.logger is ConsoleLogger && view.numbers == [4, 8, 15])
      #expect(services.$cache.isProviding)
      let registered = try Injector.shared.resolve((any Cache).self)
      let resolved = try view.$logger.resolve()
      #expect(registered === services.cache && resolved === view.logger)
    }
  }

  @Test("Injector.shared is configured once, then injects what it is handed")
  func sharedInjector() throws {
    try Injector.withOverrides(registeringNothing) {
      let viewController = SettingsScreen()
      viewController.injectedCache = MemoryCache()  // (test only)
      // snippet
      Injector.shared.configure { injector in  // runs once; later calls return false and do nothing
        injector.register(ConsoleLogger(), as: (any Logger).self)
      }
      try Injector.shared.inject(viewController)
      // end snippet
      #expect(viewController.injectedLogger is ConsoleLogger)
      #expect(!Injector.shared.configure { _ in })
    }
  }

  @Test("unregister returns whether something was registered under exactly that key")
  func unregister() {
    let injector = Injector()
    injector.register(MemoryCache(), as: (any Cache).self, for: FeedScreen.self, id: "thumbnails")
    #expect(!injector.unregister((any Cache).self))
    #expect(injector.unregister((any Cache).self, for: FeedScreen.self, id: "Thumbnails"))
    #expect(!injector.unregister(named: "analytics"))
  }
}

// MARK: - Migrating from Swinject

enum SwinjectGuide {
  protocol Logger: AnyObject, Sendable { func log(_ line: String) }
  final class ConsoleLogger: Logger { func log(_ line: String) { print(line) } }
  final class SilentLogger: Logger { func log(_ line: String) {} }

  final class Database: Sendable {
    let logger: any Logger
    init(logger: any Logger) { self.logger = logger }
  }

  final class RequestID: Sendable {}
  final class Settings: Sendable {}
  final class EditSession: Sendable {}
  final class ImageCache: Sendable {}

  final class ProfileViewModel: InjectableSettable {
    var injectedLogger: (any Logger)?
    var injectedDatabase: Database?

    static var injectableKeyPaths: [String: AnyKeyPath] {
      [
        "injectedLogger": \ProfileViewModel.injectedLogger,
        "injectedDatabase": \ProfileViewModel.injectedDatabase,
      ]
    }
  }

  // Circular dependencies.
  final class Parent: InjectableSettable {
    var injectedChild: Child?
    static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedChild": \Parent.injectedChild] }
  }

  final class Child: InjectableSettable {
    var injectedParent: Lazy<Parent>?  // resolved on first .value: the creation cycle is broken
    static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedParent": \Child.injectedParent] }
  }

  // One registration for several protocols (Swinject's `implements`).
  protocol Authenticating: AnyObject, Sendable {}
  protocol UserProviding: AnyObject, Sendable {}
  final class AppSession: Authenticating, UserProviding {}

  // Names and ids.
  protocol Animal: AnyObject, Sendable {}
  final class Cat: Animal {}
  final class Dog: Animal {}

  final class PetShop: InjectableSettable {
    var cat: (any Animal)?  // filled by the name registration "cat"
    var injectedAnimalLeft: (any Animal)?  // id "left"
    var injectedAnimalRight: (any Animal)?  // id "right"

    static var injectableKeyPaths: [String: AnyKeyPath] {
      [
        "cat": \PetShop.cat,
        "injectedAnimalLeft": \PetShop.injectedAnimalLeft,
        "injectedAnimalRight": \PetShop.injectedAnimalRight,
      ]
    }
  }

  // Assemblies.
  protocol Assembly {
    func assemble(_ injector: Injector)
  }

  struct LoggingAssembly: Assembly {
    func assemble(_ injector: Injector) {
      injector.register(ConsoleLogger(), as: (any Logger).self)
    }
  }

  struct StorageAssembly: Assembly {
    func assemble(_ injector: Injector) {
      injector.register(Database.self, scope: .singleton) { resolver in
        Database(logger: try resolver.resolve((any Logger).self))
      }
    }
  }

  // Arguments.
  final class User {
    let name: String
    let logger: any Logger
    init(name: String, logger: any Logger) {
      self.name = name
      self.logger = logger
    }
  }

  struct UserFactory: Sendable {
    let logger: any Logger
    func make(name: String) -> User { User(name: name, logger: logger) }
  }
}

@Suite("Guide code: migrating from Swinject")
struct SwinjectGuideTests {
  typealias Logger = SwinjectGuide.Logger
  typealias ConsoleLogger = SwinjectGuide.ConsoleLogger
  typealias Database = SwinjectGuide.Database

  @Test("Container, register and resolve")
  func containerRegisterResolve() throws {
    // snippet
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    injector.register(Database.self) { resolver in
      Database(logger: try resolver.resolve((any Logger).self))
    }
    let database = try injector.resolve(Database.self)
    // end snippet
    #expect(database.logger is ConsoleLogger)
    #expect(try injector.resolve(Database.self) !== database, "a factory is transient")
  }

  @Test("Object scopes: transient factories, singletons, instances, graph and weak")
  func objectScopes() throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    typealias RequestID = SwinjectGuide.RequestID
    typealias Settings = SwinjectGuide.Settings
    typealias EditSession = SwinjectGuide.EditSession
    typealias ImageCache = SwinjectGuide.ImageCache
    // snippet
    injector.register(RequestID.self) { _ in RequestID() }  // .transient: a new value every time
    injector.register(Database.self, scope: .singleton) { resolver in  // .container: made once, on first use
      Database(logger: try resolver.resolve((any Logger).self))
    }
    injector.register(Settings())  // made now, and shared
    injector.register(EditSession.self, scope: .graph) { _ in EditSession() }  // .graph: one per call
    injector.register(ImageCache.self, scope: .weak) { _ in ImageCache() }  // .weak: while someone holds it
    // end snippet
    #expect(try injector.resolve(RequestID.self) !== injector.resolve(RequestID.self))
    #expect(try injector.resolve(Database.self) === injector.resolve(Database.self))
    #expect(try injector.resolve(Settings.self) === injector.resolve(Settings.self))
    #expect(try injector.resolve(EditSession.self) !== injector.resolve(EditSession.self), "one per top-level call")
    let held = try injector.resolve(ImageCache.self)
    #expect(try injector.resolve(ImageCache.self) === held, "shared while held")
  }

  @Test("initCompleted becomes injected properties: factory results, and objects made elsewhere, are filled")
  func initCompleted() throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    injector.register(Database.self, scope: .singleton) { resolver in
      Database(logger: try resolver.resolve((any Logger).self))
    }
    typealias ProfileViewModel = SwinjectGuide.ProfileViewModel
    // snippet
    injector.register(ProfileViewModel.self) { _ in ProfileViewModel() }  // injected before it is handed over
    let viewModel = try injector.resolve(ProfileViewModel.self)

    let madeElsewhere = ProfileViewModel()  // by a storyboard, a framework, a test
    try injector.inject(madeElsewhere)
    // end snippet
    #expect(viewModel.injectedLogger != nil && viewModel.injectedDatabase != nil)
    #expect(madeElsewhere.injectedDatabase === viewModel.injectedDatabase)
  }

  @Test("A circular dependency is broken with Lazy")
  func circularDependency() throws {
    let injector = Injector()
    typealias Parent = SwinjectGuide.Parent
    typealias Child = SwinjectGuide.Child
    // snippet
    injector.register(unchecked: Parent.self, scope: .singleton) { _ in Parent() }  // filled before it is shared
    injector.register(Child.self) { _ in Child() }

    let parent = try injector.resolve(Parent.self)
    let sameParent = try parent.injectedChild?.injectedParent?.value  // the singleton: parent itself
    // end snippet
    #expect(sameParent === parent)
    parent.injectedChild = nil  // break the reference cycle, for the leak checker
  }

  @Test("implements: one instance fills every protocol it conforms to, or each one it is registered as")
  func implementsWithInstances() throws {
    typealias AppSession = SwinjectGuide.AppSession
    typealias Authenticating = SwinjectGuide.Authenticating
    typealias UserProviding = SwinjectGuide.UserProviding
    do {
      let injector = Injector()
      // snippet
      let session = AppSession()
      injector.register(session, includingAncestors: true)  // also fills (any Authenticating)? and (any UserProviding)?
      // end snippet
      #expect(try injector.resolve(AppSession.self) === session)
      #expect(try injector.resolve((any Authenticating).self) === session)
      #expect(try injector.resolve((any UserProviding).self) === session)
    }
    do {
      let injector = Injector()
      let session = AppSession()
      // snippet
      injector.register(session, as: (any Authenticating).self)
      injector.register(session, as: (any UserProviding).self)
      // end snippet
      #expect(try injector.resolve((any Authenticating).self) === session)
      #expect(try injector.resolve((any UserProviding).self) === session)
      #expect(throws: InjectionError.self) { try injector.resolve(AppSession.self) }
    }
  }

  @Test("implements: a singleton made on first use, served under each protocol by a factory")
  func implementsWithASingleton() throws {
    typealias AppSession = SwinjectGuide.AppSession
    typealias Authenticating = SwinjectGuide.Authenticating
    typealias UserProviding = SwinjectGuide.UserProviding
    let injector = Injector()
    // snippet
    injector.register(AppSession.self, scope: .singleton) { _ in AppSession() }
    injector.register((any Authenticating).self) { resolver in try resolver.resolve(AppSession.self) }
    injector.register((any UserProviding).self) { resolver in try resolver.resolve(AppSession.self) }
    // end snippet
    let session = try injector.resolve(AppSession.self)
    #expect(try injector.resolve((any Authenticating).self) === session)
    #expect(try injector.resolve((any UserProviding).self) === session)
  }

  @Test("Names fill properties of that name; ids tell apart two values of one type in one object")
  func namesAndIDs() throws {
    let injector = Injector()
    typealias Animal = SwinjectGuide.Animal
    typealias Cat = SwinjectGuide.Cat
    typealias Dog = SwinjectGuide.Dog
    // snippet
    injector.register(Cat(), named: "cat")  // fills every property named `cat`
    let cat = try injector.resolve((any Animal).self, named: "cat")

    injector.register(Cat(), as: (any Animal).self, id: "left")  // fills `injectedAnimalLeft`
    injector.register(Dog(), as: (any Animal).self, id: "right")  // fills `injectedAnimalRight`
    // end snippet
    let shop = SwinjectGuide.PetShop()
    try injector.inject(shop)
    #expect(shop.cat === cat)
    #expect(shop.injectedAnimalLeft is Cat && shop.injectedAnimalRight is Dog)
  }

  @Test("Assemblies become types (or functions) that register with the injector they are given")
  func assemblies() throws {
    typealias Assembly = SwinjectGuide.Assembly
    typealias LoggingAssembly = SwinjectGuide.LoggingAssembly
    typealias StorageAssembly = SwinjectGuide.StorageAssembly
    typealias ProfileViewModel = SwinjectGuide.ProfileViewModel
    // snippet
    let injector = Injector()
    let assemblies: [any Assembly] = [StorageAssembly(), LoggingAssembly()]  // any order: factories run later
    for assembly in assemblies { assembly.assemble(injector) }
    try injector.validate(ProfileViewModel())  // every property the app injects would be filled
    // end snippet
    #expect(try injector.resolve(Database.self).logger is ConsoleLogger)
  }

  @Test("A child injector overrides, and the parent is untouched")
  func childInjector() throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    typealias SilentLogger = SwinjectGuide.SilentLogger
    // snippet
    let testInjector = Injector(parent: injector)
    testInjector.register(SilentLogger(), as: (any Logger).self)  // the parent is untouched
    // end snippet
    #expect(try testInjector.resolve((any Logger).self) is SilentLogger)
    #expect(try injector.resolve((any Logger).self) is ConsoleLogger)
  }

  @Test("Runtime arguments: register a factory object, and pass the arguments to it")
  func runtimeArguments() throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    typealias UserFactory = SwinjectGuide.UserFactory
    // snippet
    injector.register(UserFactory.self) { resolver in
      UserFactory(logger: try resolver.resolve((any Logger).self))
    }
    let user = try injector.resolve(UserFactory.self).make(name: "Ada")
    // end snippet
    #expect(user.name == "Ada" && user.logger is ConsoleLogger)
  }

  @Test("A missing registration throws, naming what is missing and what came close")
  func missingRegistration() throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self, id: "audit")
    let error = try #require(throws: InjectionError.self) { try injector.resolve((any Logger).self) }
    #expect(error.code == .unresolved)
    #expect(error.problems[0].nearMisses.first?.contains("has an id") == true)
  }
}

// MARK: - Migrating from Factory

enum FactoryGuide {
  protocol Logger: AnyObject, Sendable { func log(_ line: String) }
  final class ConsoleLogger: Logger { func log(_ line: String) { print(line) } }
  final class SilentLogger: Logger { func log(_ line: String) {} }

  final class Database: Sendable {
    let logger: any Logger
    init(logger: any Logger) { self.logger = logger }
  }

  final class RequestID: Sendable {}

  static func configureInjection(_ injector: Injector) {
    injector.register(ConsoleLogger(), as: (any Logger).self)
    injector.register(Database.self, scope: .singleton) { resolver in
      Database(logger: try resolver.resolve((any Logger).self))
    }
    injector.register(RequestID.self) { _ in RequestID() }
  }

  final class ProfileViewModel: InjectableSettable {
    @Injected private var logger: (any Logger)?  // from Injector.shared, on every read
    @Injected private var database: Database?

    func load() { logger?.log("loading with \(String(describing: database))") }

    static var injectableKeyPaths: [String: AnyKeyPath] { [:] }  // so that validate can check it
  }

  final class SettingsViewModel: InjectableSettable {
    var injectedLogger: (any Logger)?
    var injectedDatabase: Lazy<Database>?  // made on first .value, as @LazyInjected

    static var injectableKeyPaths: [String: AnyKeyPath] {
      [
        "injectedLogger": \SettingsViewModel.injectedLogger,
        "injectedDatabase": \SettingsViewModel.injectedDatabase,
      ]
    }
  }

  final class AuthenticatedUser: Sendable {}
}

@Suite("Guide code: migrating from Factory")
struct FactoryGuideTests {
  typealias Logger = FactoryGuide.Logger
  typealias Database = FactoryGuide.Database

  @Test("Container registrations become one configuration function; resolve throws instead of trapping")
  func containers() throws {
    try Injector.withOverrides(registeringNothing) {
      let configureInjection = FactoryGuide.configureInjection
      // snippet
      Injector.shared.configure(configureInjection)  // once, at launch
      let database = try Injector.shared.resolve(Database.self)
      // end snippet
      #expect(database.logger is FactoryGuide.ConsoleLogger)
      #expect(try Injector.shared.resolve(Database.self) === database)
      #expect(!Injector.shared.configure(configureInjection), "configure runs once")
    }
  }

  @Test("@Injected reads Injector.shared on every read, and validate checks it")
  func injectedWrapper() throws {
    try Injector.withOverrides {
      FactoryGuide.configureInjection($0)
      $0.register(FactoryGuide.SilentLogger(), as: (any Logger).self)
    } operation: {
      let viewModel = FactoryGuide.ProfileViewModel()
      viewModel.load()
      try Injector.shared.validate(viewModel)
    }
    let unwired = Injector()
    unwired.register(FactoryGuide.ConsoleLogger(), as: (any Logger).self)
    let error = try #require(throws: InjectionError.self) { try unwired.validate(FactoryGuide.ProfileViewModel()) }
    #expect(error.problems.map(\.property) == ["database"])
  }

  @Test("@Injected of a factory makes a value on every read, where a Lazy keeps one per object")
  func injectedOfAFactoryIsNotLazyInjected() throws {
    let injector = Injector()
    injector.register(FactoryGuide.RequestID.self) { _ in FactoryGuide.RequestID() }
    let reader = RequestIDReader(injector)
    #expect(reader.requestID != nil && reader.requestID !== reader.requestID)
    let holder = RequestIDHolder()
    try injector.inject(holder)
    let lazy = try #require(holder.injectedRequestID)
    #expect(try lazy.value === lazy.value)
  }

  @Test("Injected properties, with Lazy for what @LazyInjected deferred")
  func injectedProperties() throws {
    let injector = Injector()
    FactoryGuide.configureInjection(injector)
    let viewModel = FactoryGuide.SettingsViewModel()
    try injector.inject(viewModel)
    #expect(viewModel.injectedLogger != nil)
    #expect(try viewModel.injectedDatabase?.value === injector.resolve(Database.self))
  }

  @Test("A custom scope becomes a child injector that is dropped to reset it")
  func sessionScope() throws {
    let appInjector = Injector()
    typealias AuthenticatedUser = FactoryGuide.AuthenticatedUser
    // snippet
    func makeSession() -> Injector {
      let session = Injector(parent: appInjector)
      session.register(AuthenticatedUser.self, scope: .singleton) { _ in AuthenticatedUser() }
      return session
    }

    var session = makeSession()
    let user = try session.resolve(AuthenticatedUser.self)  // the same user for the whole session

    // On logout: a new session, with its own user; the old one, and its singletons, are released.
    session = makeSession()
    // end snippet
    weak let released = user
    _ = consume user
    #expect(released == nil)
    let next = try session.resolve(AuthenticatedUser.self)
    #expect(try session.resolve(AuthenticatedUser.self) === next, "the new session's user, one for the session")
  }

  @Test("A test overrides Injector.shared for itself only, as the .container trait does")
  func testOverride() throws {
    let configureInjection = FactoryGuide.configureInjection
    try Injector.withOverrides(configureInjection) {
      typealias SilentLogger = FactoryGuide.SilentLogger
      typealias SettingsViewModel = FactoryGuide.SettingsViewModel
      // snippet
      try Injector.withOverrides {
        $0.register(SilentLogger(), as: (any Logger).self)
      } operation: {
        let viewModel = SettingsViewModel()
        try Injector.shared.inject(viewModel)
        #expect(viewModel.injectedLogger is SilentLogger)
      }
      // end snippet
      let outside = FactoryGuide.SettingsViewModel()
      try Injector.shared.inject(outside)
      #expect(outside.injectedLogger is FactoryGuide.ConsoleLogger)
    }
  }

  @Test("A test checks that every injected class is wired, since resolution happens at run time")
  func wiringIsComplete() throws {
    let configureInjection = FactoryGuide.configureInjection
    typealias ProfileViewModel = FactoryGuide.ProfileViewModel
    typealias SettingsViewModel = FactoryGuide.SettingsViewModel
    // snippet
    let injector = Injector()
    configureInjection(injector)
    try injector.validate(ProfileViewModel(), SettingsViewModel())
    // end snippet
  }
}

// MARK: - Migrating from the Objective-C injectors

enum ObjectiveCGuide {
  // KlappaInjector.
  protocol Klp: AnyObject, Sendable {}
  final class TestInjected: Klp {}

  final class View: InjectableSettable {
    var injectedNoLimitFirst: (any Klp)!
    var injectedNoLimitSecond: (any Klp)!

    static var injectableKeyPaths: [String: AnyKeyPath] {
      ["injectedNoLimitFirst": \View.injectedNoLimitFirst, "injectedNoLimitSecond": \View.injectedNoLimitSecond]
    }
  }

  final class OldView: InjectableSettable {
    var injectedFirstCache: (any Klp)?  // KlappaInjector's id "first" anywhere in the name

    static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedFirstCache": \OldView.injectedFirstCache] }
  }

  // OBInjector.
  final class MyService: Sendable {}

  final class RootViewController: InjectableSettable {
    var myService: MyService?
    var startedAt: ContinuousClock.Instant?
    private(set) var isReady = false

    static var injectableKeyPaths: [String: AnyKeyPath] {
      ["myService": \RootViewController.myService, "startedAt": \RootViewController.startedAt]
    }

    func didInjectDependencies() { isReady = true }  // OBInjectorDelegate's method, now the protocol's
  }

  static func configureInjection() {
    Injector.shared.configure { injector in
      injector.register(MyService(), named: "myService")
      injector.register(named: "startedAt") { _ in ContinuousClock.now }  // a new value for every object
    }
  }

  /// What `prepare(for:sender:)` does with `segue.destination`.
  static func injectDependencies(into destination: AnyObject) throws {
    guard let destination = destination as? any InjectableSettable else { return }
    try Injector.shared.inject(destination)
  }
}

@Suite("Guide code: migrating from the Objective-C injectors")
struct ObjectiveCGuideTests {
  @Test("KlappaInjector's registration, for a target class with ids")
  func klappaRegistration() throws {
    typealias TestInjected = ObjectiveCGuide.TestInjected
    typealias View = ObjectiveCGuide.View
    // snippet
    let injector = Injector()
    injector.register(TestInjected(), includingAncestors: true, for: View.self, id: "first")
    injector.register(TestInjected(), includingAncestors: true, for: View.self, id: "second")
    let view = View()
    try injector.inject(view)
    // end snippet
    #expect(view.injectedNoLimitFirst is TestInjected && view.injectedNoLimitFirst !== view.injectedNoLimitSecond)
  }

  @Test("An id in the middle of a name is a near miss that names the id that would match")
  func idInTheMiddle() throws {
    let injector = Injector()
    injector.register(ObjectiveCGuide.TestInjected(), as: (any ObjectiveCGuide.Klp).self, id: "first")
    let error = try #require(throws: InjectionError.self) { try injector.inject(ObjectiveCGuide.OldView()) }
    let miss = try #require(error.problems.first?.nearMisses.first)
    #expect(miss.contains(#"has id "first", and injectedFirstCache does not end with it (id "firstCache" would)"#))
  }

  @Test("OBInjector's controller becomes Injector.shared; property registrations become name registrations")
  func obInjector() throws {
    try Injector.withOverrides(registeringNothing) {
      let configureInjection = ObjectiveCGuide.configureInjection
      let injectDependencies = ObjectiveCGuide.injectDependencies(into:)
      let rootViewController = ObjectiveCGuide.RootViewController()
      // snippet
      configureInjection()  // at launch; later calls do nothing
      try Injector.shared.inject(rootViewController)
      // end snippet
      #expect(rootViewController.myService != nil && rootViewController.startedAt != nil)
      #expect(rootViewController.isReady)

      do {
        typealias MyService = ObjectiveCGuide.MyService
        let rootViewController = ObjectiveCGuide.RootViewController()
        // snippet
        rootViewController.myService = MyService()  // set by hand: injection leaves it alone
        // end snippet
        let mine = rootViewController.myService
        try injectDependencies(rootViewController)
        #expect(rootViewController.myService === mine && rootViewController.startedAt != nil)
      }
      try injectDependencies(ObjectiveCGuide.MyService())  // not injectable: nothing happens
    }
  }
}

// MARK: - Testing

// File-scope, as in an app, so that messages name the types as the guide shows them.
private protocol Clock: AnyObject, Sendable { var now: Int { get } }
private final class SystemClock: Clock { var now: Int { 1_000 } }
private final class FixedClock: Clock { var now: Int { 42 } }

private final class FeedModel: InjectableSettable {
  var injectedClock: (any Clock)?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedClock": \FeedModel.injectedClock] }

  func refresh() async -> Int { injectedClock?.now ?? 0 }
}

private enum AppWiring {
  static func configure(_ injector: Injector) {
    injector.register(SystemClock(), as: (any Clock).self)
  }
}

@Suite("Guide code: testing")
struct TestingGuideTests {
  @Test("withOverrides gives a test its own Injector.shared")
  func withOverrides() throws {
    // snippet
    try Injector.withOverrides { injector in
      injector.register(FixedClock(), as: (any Clock).self)
    } operation: {
      let feed = FeedModel()
      try Injector.shared.inject(feed)
      #expect(feed.injectedClock is FixedClock)
    }
    // end snippet
  }

  @Test("withOverrides has an async form; child tasks see the override")
  func asyncOverrides() async throws {
    // snippet
    let now = try await Injector.withOverrides {
      $0.register(FixedClock(), as: (any Clock).self)
    } operation: {
      let feed = FeedModel()
      try Injector.shared.inject(feed)
      return await feed.refresh()
    }
    #expect(now == 42)
    // end snippet
  }

  @Test("validate in a test finds missing wiring before the app runs")
  func validateTheAppWiring() throws {
    // snippet
    let injector = Injector()
    AppWiring.configure(injector)
    try injector.validate(FeedModel())
    // end snippet
  }

  @Test("A child of the app's injector swaps in fakes without Injector.shared")
  func childInjector() throws {
    let appInjector = Injector()
    AppWiring.configure(appInjector)
    // snippet
    let injector = Injector(parent: appInjector)
    injector.register(FixedClock(), as: (any Clock).self)
    let feed = FeedModel()
    try injector.inject(feed)
    // end snippet
    #expect(feed.injectedClock is FixedClock)
  }

  @Test("Errors are tested by code and names, not wording")
  func testingErrors() throws {
    let injector = Injector()
    // snippet
    let error = try #require(throws: InjectionError.self) { try injector.inject(FeedModel()) }
    #expect(error.code == .unresolved)
    #expect(error.problems.map(\.location) == ["FeedModel.injectedClock: (any Clock)?"])
    // end snippet
  }
}

private final class RequestIDReader {
  @Injected var requestID: FactoryGuide.RequestID?
  init(_ injector: Injector) { _requestID = Injected(in: injector) }
}

private final class RequestIDHolder: InjectableSettable {
  var injectedRequestID: Lazy<FactoryGuide.RequestID>?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedRequestID": \RequestIDHolder.injectedRequestID] }
}
