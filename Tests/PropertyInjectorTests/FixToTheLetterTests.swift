import PropertyInjector
import Testing

// Each fix a message proposes, followed to the letter, clears its problem: the call it writes names the whole key
// (`for:` and `id:`), the type as source writes it, and the declaration to change.

private final class Screen: InjectableSettable {
  var injectedCache: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \Screen.injectedCache] }
}

/// A value type, which a `.weak` registration cannot hold.
private struct Settings: Sendable {}

/// Registers `value` as its static type, which generic code may make optional.
private func registerGenerically<Value: Sendable>(_ value: Value, id: String, in injector: Injector) {
  injector.register(value, id: id)
}

/// A base whose table is `static`, which no subclass can override.
private class StaticBase: InjectableSettable {
  var injectedCache: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \StaticBase.injectedCache] }
}

private final class StaticSub: StaticBase {
  var injectedAnalytics: Analytics?
}

/// A generic subclass of a class with a table: the entry it needs is written inside it, for every specialization.
private class TableBase: InjectableSettable {
  var injectedCache: Cache?
  class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \TableBase.injectedCache] }
}

private final class GenericSub<Element>: TableBase {
  var injectedAnalytics: Analytics?
}

private final class FixedGenericSub<Element>: TableBase {
  var injectedAnalytics: Analytics?
  override class var injectableKeyPaths: [String: AnyKeyPath] {
    super.injectableKeyPaths.merging(["injectedAnalytics": \FixedGenericSub.injectedAnalytics]) { $1 }
  }
}

/// A candidate that is neither optional nor in the table.
/// Not optional, and already in the table: once optional, its entry fits.
private final class CountedWithEntry: InjectableSettable {
  var injectedCount = 0
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCount": \CountedWithEntry.injectedCount] }
}

private final class Counted: InjectableSettable {
  var injectedCount = 0
  var injectedCache: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \Counted.injectedCache] }
}

/// A property optional twice over.
private final class Doubled: InjectableSettable {
  var injectedCache: Cache??
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \Doubled.injectedCache] }
}

private enum Outer<Tag> {
  final class Dependency: Sendable {}
}

private enum Hidden {
  final class Dependency: Sendable {}
}

/// Two properties of types that share their last name.
private final class TwoDependencies: InjectableSettable {
  var injectedOuter: Outer<Int>.Dependency?
  var injectedHidden: Hidden.Dependency?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedOuter": \TwoDependencies.injectedOuter, "injectedHidden": \TwoDependencies.injectedHidden]
  }
}

private final class LazyHolder: InjectableSettable {
  var injectedCache: Lazy<Cache>?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \LazyHolder.injectedCache] }
}

private struct Boom: Error {}

@Suite("Fixes, to the letter")
struct FixToTheLetterTests {
  @Test("An unusable id's fix unregisters it with its for: and id:, and says when a parent holds it")
  func invalidIDNamesTheWholeKey() throws {
    let parent = Injector()
    parent.register(Cache(), for: Screen.self, id: "")
    let child = Injector(parent: parent)
    let problem = try #require(injectionError { try child.inject(Screen()) }?.problems.first)
    #expect(problem.code == .invalidID)
    #expect(problem.fix.contains("`injector.unregister(Cache.self, for: Screen.self, id: \"\")`"))
    #expect(problem.summary.hasSuffix("It is registered in this injector's parent."))
    #expect(problem.fix.hasSuffix("Make the change in that injector."))
    #expect(!child.unregister(Cache.self, for: Screen.self, id: ""), "the child holds nothing under that key")
    #expect(parent.unregister(Cache.self, for: Screen.self, id: ""))
    let deep = Injector(parent: Injector(parent: parent))
    parent.register(Cache(), id: " ")
    let far = try #require(injectionError { try deep.validate() }?.problems.first)
    #expect(far.summary.hasSuffix("It is registered in an ancestor of this injector, 2 parents up."))
    #expect(parent.unregister(Cache.self, id: " "))
    try deep.validate()
  }

  @Test("A weak value type's fix registers it again under the same key, which replaces it")
  func weakValueTypeFixKeepsTheKey() throws {
    let injector = Injector()
    injector.register(Settings.self, scope: .weak, id: "x") { _ in Settings() }
    let fix = try #require(injectionError { try injector.validate() }?.problems.first?.fix)
    #expect(fix.contains("`injector.register(Settings.self, scope: .cached, id: \"x\") { resolver in ... }`"))
    injector.register(Settings.self, scope: .cached, id: "x") { _ in Settings() }
    try injector.validate()
    injector.register(named: "settings", scope: .weak) { _ in Settings() }
    let named = try #require(injectionError { try injector.validate() }?.problems.first)
    #expect(named.summary.hasPrefix("the factory named \"settings\", of Settings, was registered with scope: .weak"))
    #expect(named.fix.contains("`injector.register(named: \"settings\", scope: .cached) { resolver in ... }`"))
    injector.register(named: "settings", scope: .cached) { _ in Settings() }
    try injector.validate()
  }

  @Test("An optional registration's fix unregisters it with the id it was registered under")
  func optionalRegistrationFixKeepsTheID() throws {
    let injector = Injector()
    let maybe: Cache? = Cache()
    registerGenerically(maybe, id: "db", in: injector)
    let fix = try #require(injectionError { try injector.validate() }?.problems.first?.fix)
    #expect(fix.contains("`injector.unregister((Cache?).self, id: \"db\")`"))
    #expect(injector.unregister((Cache?).self, id: "db"))
    try injector.validate()
  }

  @Test("An optional registration's fix registers again as it was registered: instance, name or factory")
  func optionalRegistrationFixKeepsItsForm() throws {
    let injector = Injector()
    func registerNamed<Value: Sendable>(_ value: Value) { injector.register(value, named: "cache") }
    func registerFactory<Value>(_: Value.Type, make: @escaping @Sendable () -> Value) {
      injector.register(Value.self, id: "db") { _ in make() }
    }
    registerNamed(Cache?.none)
    registerFactory(Cache?.self) { nil }
    let fixes = try #require(injectionError { try injector.validate() }?.problems.map(\.fix))
    #expect(
      fixes.contains {
        $0.hasPrefix(
          "Unwrap it first and register it as Cache: `if let value { injector.register(value, named: \"cache\") }`")
      })
    #expect(
      fixes.contains {
        $0.hasPrefix(
          "Register the unwrapped type with a factory that returns a value: `injector.register(Cache.self, id: \"db\") { resolver in ... }`"
        )
      })
    // Applied to the letter, the fixes work.
    #expect(injector.unregister(named: "cache") && injector.unregister((Cache?).self, id: "db"))
    injector.register(Cache(), named: "cache")
    injector.register(Cache.self, id: "db") { _ in Cache() }
    try injector.validate()
  }

  @Test("A main-actor registration asked for off the main actor writes a protocol type as source does")
  func mainActorRequiredWritesTheMetatype() async throws {
    let injector = Injector()
    injector.register((any Logger).self, on: MainActor.self) { _ in ConsoleLogger() }
    let error = await Task.detached { injectionError { _ = try injector.resolve((any Logger).self) } }.value
    let problem = try #require(error?.problems.first)
    #expect(problem.code == .mainActorRequired)
    #expect(problem.fix.contains("`injector.register((any Logger).self) { resolver in ... }`"))
    #expect(problem.fix.contains("if what the factory makes needs no main actor"))
    #expect(problem.summary.hasSuffix("so the factory was not run and nothing was handed over."))
  }

  @Test("A subclass of a base with a static table is told to make it a class var first")
  func staticBaseTable() throws {
    let problem = try #require(injectionError { try Injector().inject(StaticSub()) }?.problems.first)
    #expect(problem.code == .missingFromTable)
    #expect(
      problem.fix.contains(
        "(if StaticBase declares it `static var`, which no subclass can override, make it `class var` there first)"))
  }

  @Test("A generic subclass's entry is written for every specialization, and works for each")
  func genericSubclassEntry() throws {
    let problem = try #require(injectionError { try Injector().inject(GenericSub<String>()) }?.problems.first)
    #expect(problem.location == "GenericSub<String>.injectedAnalytics: Analytics?")
    #expect(problem.fix.hasPrefix("Add `@Injectable` to GenericSub, or add"))
    #expect(problem.fix.contains("[\"injectedAnalytics\": \\GenericSub.injectedAnalytics] }` to GenericSub"))
    #expect(!problem.fix.contains("\\GenericSub<String>"), "a specialization's key path fails every other one")
    // The fix, written in the class: each specialization injects.
    let injector = Injector()
    injector.register(Analytics())
    injector.register(Cache())
    let (strings, numbers) = (FixedGenericSub<String>(), FixedGenericSub<Int>())
    try injector.inject(strings)
    try injector.inject(numbers)
    #expect(strings.injectedAnalytics != nil && numbers.injectedAnalytics != nil)
  }

  @Test("A candidate neither optional nor in the table is told both")
  func notOptionalAndMissing() throws {
    let injector = Injector()
    injector.register(Cache())
    let error = try #require(injectionError { try injector.inject(Counted()) })
    #expect(error.problems.map(\.code) == [.notOptional])
    #expect(
      error.problems[0].fix.hasSuffix(
        "Once optional, it needs its table entry too: \"injectedCount\": \\Counted.injectedCount in "
          + "Counted.injectableKeyPaths."))
  }

  @Test("A candidate not optional but in the table is told only to make it optional")
  func notOptionalWithItsEntry() throws {
    let error = try #require(injectionError { try Injector().inject(CountedWithEntry()) })
    #expect(error.problems.map(\.code) == [.notOptional])
    #expect(!error.problems[0].fix.contains("table entry"), "its entry is there, and fits once optional")
  }

  @Test("A property optional twice over is told to be optional once, not to call resolve")
  func doubleOptionalProperty() throws {
    let injector = Injector()
    injector.register(Cache())
    let problem = try #require(injectionError { try injector.inject(Doubled()) }?.problems.first)
    #expect(problem.code == .unresolved)
    #expect(problem.fix.hasPrefix("Declare it with one `?`, as `Cache?`"))
    #expect(!problem.fix.contains("resolve("), "a resolve of an optional keeps its fix: RegistrationErrorTests")
  }

  @Test("Types that share their last name read apart: a generic parent's arguments, a private parent")
  func nestedTypesReadApart() throws {
    let error = try #require(injectionError { try Injector().inject(TwoDependencies()) })
    #expect(
      error.problems.map(\.location) == [
        "TwoDependencies.injectedOuter: Outer<Int>.Dependency?", "TwoDependencies.injectedHidden: Hidden.Dependency?",
      ])
    #expect(error.problems[0].fix.contains("as: Outer<Int>.Dependency.self"))
    #expect(error.problems[1].fix.contains("as: Hidden.Dependency.self"))
  }

  @Test("A tuple or function type is written as source writes its metatype: parentheses once, where needed")
  func tupleAndFunctionMetatypes() throws {
    let injector = Injector()
    let tuple = try #require(injectionError { _ = try injector.resolve((a: Int, b: String).self) }?.problems.first)
    #expect(tuple.fix.contains("`injector.register((a: Int, b: String).self) { resolver in ... }`"))
    let function = try #require(injectionError { _ = try injector.resolve(((Int) -> (Int, Int)).self) }?.problems.first)
    #expect(function.fix.contains("`injector.register(((Int) -> (Int, Int)).self) { resolver in ... }`"))
  }

  @Test("A factory that throws on a Lazy's read says the next read tries again, not that nothing was injected")
  func factoryFailedOnALazyRead() throws {
    let injector = Injector()
    injector.register(Cache.self) { _ in throw Boom() }
    let holder = LazyHolder()
    try injector.inject(holder)
    let lazy = try #require(holder.injectedCache)
    let fix = try #require(injectionError { _ = try lazy.value }?.problems.first?.fix)
    #expect(fix == "See the underlying error. Nothing was kept: the next Lazy<Cache>.value calls the factory again.")
    let resolveFix = try #require(injectionError { _ = try injector.resolve(Cache.self) }?.problems.first?.fix)
    #expect(
      resolveFix == "See the underlying error. Nothing was kept: the next resolve(Cache) calls the factory again.")
  }
}
