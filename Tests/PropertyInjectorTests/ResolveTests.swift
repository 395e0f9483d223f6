import PropertyInjector
import Testing

private final class Screen {}

@Suite("Resolve")
struct ResolveTests {
  @Test("resolve returns the registration of exactly the type")
  func resolvesExactType() throws {
    let injector = Injector()
    let logger = ConsoleLogger()
    try injector.register(logger, as: (any Logger).self)
    #expect(try injector.resolve((any Logger).self) === logger)
  }

  @Test("resolve sees ancestor registrations, by dynamic cast")
  func resolvesAncestors() throws {
    let injector = Injector()
    let disk = DiskLogger()
    try injector.register(disk, includingAncestors: true)
    #expect(try injector.resolve((any Logger).self) === disk)
    #expect(try injector.resolve((any FileLogger).self) === disk)
  }

  @Test("resolve ignores registrations with an id, a target or a name, and says so")
  func resolveIgnoresRestrictedRegistrations() throws {
    let injector = Injector()
    try injector.register(Cache(), id: "first")
    try injector.register(Cache(), for: Screen.self)
    try injector.register(Cache(), named: "cache")
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
    try injector.register(exact)
    try injector.register(ImageCache(), includingAncestors: true)
    #expect(try injector.resolve(Cache.self) === exact)
    let later = Cache()
    try injector.register(later)
    #expect(try injector.resolve(Cache.self) === later)
  }
}
