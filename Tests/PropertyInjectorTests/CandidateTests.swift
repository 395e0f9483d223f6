import PropertyInjector
import Testing

private final class Screen: InjectableSettable {
  var injectedLogger: (any Logger)?
  // swift-format-ignore: AlwaysUseLowerCamelCase
  var InjectedLogger: (any Logger)?  // wrong case: not a candidate
  var myInjectedLogger: (any Logger)?  // prefix not at the start
  var logger: (any Logger)?  // no prefix, no name registration
  var analytics: Analytics?  // no prefix; a candidate only once registered by name
  var title = "Screen"

  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedLogger": \Screen.injectedLogger,
      "InjectedLogger": \Screen.InjectedLogger,
      "myInjectedLogger": \Screen.myInjectedLogger,
      "logger": \Screen.logger,
      "analytics": \Screen.analytics,
    ]
  }
}

/// Raw identifiers (SE-0451): `Mirror` names them with their backticks, which the rules look past.
private final class RawNamedScreen: InjectableSettable {
  var `injected logger`: (any Logger)?
  var `injected main cache`: Cache?
  var `plain name`: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "`injected logger`": \RawNamedScreen.`injected logger`,
      "`injected main cache`": \RawNamedScreen.`injected main cache`, "`plain name`": \RawNamedScreen.`plain name`,
    ]
  }
}

/// Raw identifiers holding what a key path's description also uses between its steps.
private final class PunctuatedScreen: InjectableSettable {
  var `injected.cache`: Cache?
  var `injected?cache`: Cache?
  var `injected!cache`: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "`injected.cache`": \PunctuatedScreen.`injected.cache`, "`injected?cache`": \PunctuatedScreen.`injected?cache`,
      "`injected!cache`": \PunctuatedScreen.`injected!cache`,
    ]
  }
}

private class BaseScreen: InjectableSettable {
  var injectedLogger: (any Logger)?
  class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedLogger": \BaseScreen.injectedLogger] }
}

private class MiddleScreen: BaseScreen {}

private final class LeafScreen: MiddleScreen {
  var injectedCache: Cache?
  override class var injectableKeyPaths: [String: AnyKeyPath] {
    super.injectableKeyPaths.merging(["injectedCache": \LeafScreen.injectedCache]) { $1 }
  }
}

private final class LazyScreen: InjectableSettable {
  lazy var injectedCache: Cache? = nil
  static var injectableKeyPaths: [String: AnyKeyPath] { [:] }
}

/// A lazy candidate listed in the table, whose initializer counts its runs.
private final class LazyWithEntry: InjectableSettable {
  static let initializerRuns = Counter()
  lazy var injectedCache: Cache? = {
    Self.initializerRuns.increment()
    return nil
  }()
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \LazyWithEntry.injectedCache] }
}

@Suite("Candidates")
struct CandidateTests {
  @Test("A property whose name starts with `injected` is filled")
  func prefixedPropertyIsFilled() throws {
    let injector = Injector()
    let logger = ConsoleLogger()
    injector.register(logger, as: (any Logger).self)
    let screen = Screen()
    try injector.inject(screen)
    #expect(screen.injectedLogger === logger)
  }

  @Test("The prefix is case-sensitive and must start the name; other properties are never touched")
  func onlyTheExactPrefixMakesACandidate() throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let screen = Screen()
    try injector.inject(screen)
    #expect(screen.InjectedLogger == nil)
    #expect(screen.myInjectedLogger == nil)
    #expect(screen.logger == nil)
    #expect(screen.analytics == nil)
    #expect(screen.title == "Screen")
  }

  @Test("A raw identifier whose name starts with `injected` is a candidate, and an id matches the end of its name")
  func rawIdentifiers() throws {
    let injector = Injector()
    let logger = ConsoleLogger("raw")
    let (cache, mainCache) = (Cache(), Cache())
    injector.register(logger, as: (any Logger).self)
    injector.register(cache)
    injector.register(mainCache, id: "cache")
    let screen = RawNamedScreen()
    try injector.inject(screen)
    #expect(screen.`injected logger` === logger)
    #expect(screen.`injected main cache` === mainCache, "the id matches the end of the name")
    #expect(screen.`plain name` == nil, "no prefix: not a candidate")
    let unresolved = RawNamedScreen()
    #expect(
      injectionError { try Injector().inject(unresolved) }?.problems.map(\.property)
        == ["`injected logger`", "`injected main cache`"])
  }

  @Test("A raw identifier holding '.', '?' or '!' is one step of its key path, not a path through other values")
  func punctuatedRawIdentifiers() throws {
    let injector = Injector()
    let cache = Cache()
    injector.register(cache)
    let screen = PunctuatedScreen()
    try injector.validate(screen)
    try injector.inject(screen)
    #expect(screen.`injected.cache` === cache)
    #expect(screen.`injected?cache` === cache)
    #expect(screen.`injected!cache` === cache)
    // A name registration names it without its backticks.
    let named = Cache()
    injector.register(named, named: "injected.cache")
    let next = PunctuatedScreen()
    try injector.inject(next)
    #expect(next.`injected.cache` === named && next.`injected?cache` === cache)
  }

  @Test("Properties declared in superclasses, however far up, are candidates")
  func superclassPropertiesAreCandidates() throws {
    let injector = Injector()
    let logger = ConsoleLogger()
    let cache = Cache()
    injector.register(logger, as: (any Logger).self)
    injector.register(cache)
    let leaf = LeafScreen()
    try injector.inject(leaf)
    #expect(leaf.injectedLogger === logger)
    #expect(leaf.injectedCache === cache)
  }

  @Test("A name registration makes the property with exactly that name a candidate, without the prefix")
  func nameRegistrationMakesACandidate() throws {
    let injector = Injector()
    let analytics = Analytics()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    injector.register(analytics, named: "analytics")
    let screen = Screen()
    try injector.inject(screen)
    #expect(screen.analytics === analytics)
    #expect(screen.logger == nil)
  }

  @Test("An unregistered name is not a candidate: a nil property without the prefix needs nothing")
  func propertyWithoutPrefixNeedsNoRegistration() throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    // `analytics` and `logger` are nil and nothing fills them, yet injection succeeds.
    try injector.inject(Screen())
  }

  @Test("A `lazy var` named with the prefix is rejected, not silently skipped")
  func lazyCandidateIsAnError() throws {
    let injector = Injector()
    injector.register(Cache())
    let error = injectionError { try injector.inject(LazyScreen()) }
    #expect(error.map(codes) == [.unsupportedProperty])
    #expect(error?.problems.first?.property == "injectedCache")
    #expect(error?.description.contains("lazy") == true)
    #expect(error?.description.contains("Cache??") == false)
    #expect(injector.explain(LazyScreen()).entries.first?.declaredType == "Cache?", "as declared, not as its storage")
  }

  @Test("A lazy candidate listed in the table is an error, and its initializer never runs")
  func lazyCandidateInTheTableIsNeverRead() throws {
    let injector = Injector()
    injector.register(Cache())
    let target = LazyWithEntry()
    #expect(injectionError { try injector.inject(target) }.map(codes) == [.unsupportedProperty])
    #expect(injectionError { try injector.validate(target) }.map(codes) == [.unsupportedProperty])
    _ = injector.explain(target)
    #expect(LazyWithEntry.initializerRuns.value == 0)
  }
}
