import PropertyInjector
import Testing

private final class Screen {}

@Suite("Resolve")
struct ResolveTests {
  @Test("resolve returns the registration of exactly the type")
  func resolvesExactType() throws {
    let injector = Injector()
    let logger = ConsoleLogger()
    injector.register(logger, as: (any Logger).self)
    #expect(try injector.resolve((any Logger).self) === logger)
  }

  @Test("resolve sees ancestor registrations, by dynamic cast")
  func resolvesAncestors() throws {
    let injector = Injector()
    let disk = DiskLogger()
    injector.register(disk, includingAncestors: true)
    #expect(try injector.resolve((any Logger).self) === disk)
    #expect(try injector.resolve((any FileLogger).self) === disk)
  }

  @Test("resolve ignores registrations with an id, a target or a name, and says so")
  func resolveIgnoresRestrictedRegistrations() throws {
    let injector = Injector()
    injector.register(Cache(), id: "first")
    injector.register(Cache(), for: Screen.self)
    injector.register(Cache(), named: "cache")
    let error = injectionError { _ = try injector.resolve(Cache.self) }
    #expect(error.map(codes) == [.unresolved])
    let misses = try #require(error?.problems.first?.nearMisses)
    #expect(misses.count == 2)
    #expect(misses.contains { $0.contains("has an id") })
    #expect(misses.contains { $0.contains("only for Screen") })
  }

  @Test("resolve follows the same precedence: exact before ancestor, later before earlier")
  func resolveFollowsPrecedence() throws {
    let injector = Injector()
    let exact = Cache()
    injector.register(exact)
    injector.register(ImageCache(), includingAncestors: true)
    #expect(try injector.resolve(Cache.self) === exact)
    let later = Cache()
    injector.register(later)
    #expect(try injector.resolve(Cache.self) === later)
  }

  @Test("A resolution remembered by a child is forgotten when its parent registers something")
  func childResolutionSeesParentChanges() throws {
    let parent = Injector()
    let first = Cache()
    parent.register(first)
    let child = Injector(parent: parent)
    #expect(try child.resolve(Cache.self) === first)
    #expect(try child.resolve(Cache.self) === first)
    let second = Cache()
    parent.register(second)
    #expect(try child.resolve(Cache.self) === second)
    parent.unregister(Cache.self)
    #expect(throws: InjectionError.self) { try child.resolve(Cache.self) }
  }

  @Test("A singleton made by resolve is the one injection hands out afterwards")
  func singletonFromResolveIsShared() throws {
    let injector = Injector()
    injector.register(Database.self, scope: .singleton) { _ in Database(number: 1) }
    let resolved = try injector.resolve(Database.self)
    let screen = DatabaseHolder()
    try injector.inject(screen)
    try injector.inject(DatabaseHolder())
    #expect(screen.injectedDatabase === resolved)
    #expect(try injector.resolve(Database.self) === resolved)
  }
}

private final class DatabaseHolder: InjectableSettable {
  var injectedDatabase: Database?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedDatabase": \DatabaseHolder.injectedDatabase] }
}
