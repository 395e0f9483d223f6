import PropertyInjector
import Testing

private final class Screen: InjectableSettable {
  var analytics: Analytics?
  var otherAnalytics: Analytics?
  var injectedCache: Cache?
  var injectedLogger: (any Logger)?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "analytics": \Screen.analytics,
      "otherAnalytics": \Screen.otherAnalytics,
      "injectedCache": \Screen.injectedCache,
      "injectedLogger": \Screen.injectedLogger,
    ]
  }
}

private final class OtherScreen: InjectableSettable {
  var analytics: Analytics?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["analytics": \OtherScreen.analytics] }
}

/// A class whose `analytics` is a title, unrelated to the name registration of an `Analytics`.
private final class ReportTitle: InjectableSettable {
  var analytics: String?
  var injectedAnalytics: Analytics?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["analytics": \ReportTitle.analytics, "injectedAnalytics": \ReportTitle.injectedAnalytics]
  }
}

/// The same, without a table entry for it.
private final class UntabledTitle: InjectableSettable {
  var analytics: String?
  static var injectableKeyPaths: [String: AnyKeyPath] { [:] }
}

@Suite("Name registrations")
struct NameRegistrationTests {
  @Test("Resolving by a name that is a registration's id names that registration, and resolving by the id works")
  func nameThatIsAnID() throws {
    let injector = Injector()
    let analytics = Analytics()
    injector.register(analytics, id: "main")
    let problem = try #require(
      injectionError { _ = try injector.resolve(Analytics.self, named: "main") }?.problems.first)
    #expect(problem.nearMisses.contains { $0.contains("has the id \"main\"") })
    #expect(problem.fix.contains("try injector.resolve(T.self, id: \"main\")"))
    #expect(try injector.resolve(Analytics.self, id: "main") === analytics)
  }

  @Test(
    "A name registration reaching another class's property of that name says it may not be meant for it, and that fix works"
  )
  func nameMeantForAnotherClass() throws {
    let injector = Injector()
    let analytics = Analytics()
    injector.register(analytics, named: "analytics")
    let untabled = try #require(injectionError { try injector.inject(UntabledTitle()) }?.problems.first)
    #expect(untabled.code == .missingFromTable)
    #expect(untabled.fix.contains("If the name \"analytics\" was not meant for UntabledTitle"))
    let title = ReportTitle()
    let mismatch = try #require(injectionError { try injector.inject(title) }?.problems.first)
    #expect(mismatch.code == .typeMismatch)
    #expect(mismatch.fix.contains("injector.unregister(named: \"analytics\")"))
    // The fix, to the letter: by its type, with the id.
    #expect(injector.unregister(named: "analytics"))
    injector.register(analytics, id: "analytics")
    try injector.inject(title)
    #expect(title.analytics == nil && title.injectedAnalytics === analytics)
    try injector.inject(UntabledTitle())
  }

  @Test("A name registration fills the property with exactly that name, on any type")
  func nameFillsExactlyThatLabelOnAnyTarget() throws {
    let injector = Injector()
    let analytics = Analytics()
    injector.register(analytics, named: "analytics")
    injector.register(Cache())
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let screen = Screen()
    let other = OtherScreen()
    try injector.inject(screen)
    try injector.inject(other)
    #expect(screen.analytics === analytics)
    #expect(other.analytics === analytics)
    #expect(screen.otherAnalytics == nil)
  }

  @Test("Names are compared exactly, including case")
  func namesAreCaseSensitive() throws {
    let injector = Injector()
    injector.register(Analytics(), named: "Analytics")
    let other = OtherScreen()
    try injector.inject(other)
    #expect(other.analytics == nil)
  }

  @Test("A name registration fills a prefixed property before any type registration")
  func nameComesBeforeType() throws {
    let injector = Injector()
    let byName = Cache("by name")
    injector.register(Cache("by type"), id: "cache")
    injector.register(byName, named: "injectedCache")
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let screen = Screen()
    try injector.inject(screen)
    #expect(screen.injectedCache === byName)
  }

  @Test("A subclass or a conforming class fits a name registration")
  func nameAcceptsSubclassesAndConformances() throws {
    let injector = Injector()
    let image = ImageCache()
    let logger = ConsoleLogger()
    injector.register(image, named: "injectedCache")
    injector.register(logger, named: "injectedLogger")
    let screen = Screen()
    try injector.inject(screen)
    #expect(screen.injectedCache === image)
    #expect(screen.injectedLogger === logger)
  }

  @Test("A name registration of the wrong type is an error, not a skip, and nothing changes")
  func wrongTypeIsAnError() throws {
    let injector = Injector()
    injector.register("not analytics", named: "analytics")
    injector.register(Cache())
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let screen = Screen()
    let error = injectionError { try injector.inject(screen) }
    #expect(error.map(codes) == [.typeMismatch])
    let problem = try #require(error?.problems.first)
    #expect(problem.property == "analytics")
    #expect(problem.summary.contains("String"))
    #expect(screen.injectedCache == nil, "the target is unchanged")
  }

  @Test("resolve(_:named:) of the wrong type proposes what a resolve can do, not renaming a property")
  func resolveOfTheWrongTypeUnderAName() throws {
    let injector = Injector()
    injector.register(Cache(), named: "store")
    let error = injectionError { _ = try injector.resolve(ConsoleLogger.self, named: "store") }
    #expect(error.map(codes) == [.typeMismatch])
    let fix = try #require(error?.problems.first?.fix)
    #expect(fix.contains(#"Register a ConsoleLogger under the name "store""#))
    #expect(fix.contains("resolve the type registered under it"))
    #expect(!fix.contains("property"), "a resolve has no property")
    #expect(try injector.resolve(Cache.self, named: "store") === injector.resolve(Cache.self, named: "store"))
  }

  @Test("Registering a name again replaces the earlier value")
  func laterNameWins() throws {
    let injector = Injector()
    let later = Analytics()
    injector.register(Analytics(), named: "analytics")
    injector.register(later, named: "analytics")
    let other = OtherScreen()
    try injector.inject(other)
    #expect(other.analytics === later)
  }

  @Test(
    "A name that can never match (empty, blank, with whitespace) is reported until unregistered",
    arguments: ["", " ", "analytics "])
  func unusableNameIsAConfigurationProblem(name: String) throws {
    let injector = Injector()
    injector.register(Analytics(), named: name)
    #expect(injectionError { try injector.validate() }.map(codes) == [.invalidName])
    #expect(injectionError { try injector.inject(OtherScreen()) }.map(codes) == [.invalidName])
    #expect(injector.unregister(named: name))
    try injector.validate()
  }
}
