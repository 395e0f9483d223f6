import Foundation
import PropertyInjector
import Testing

// Each message names the type, the property and a fix that works: every test below applies the
// fix the error gives and checks that it does.

private final class NonOptionalExistential: InjectableSettable {
  var injectedLogger: any Logger = ConsoleLogger()
  static var injectableKeyPaths: [String: AnyKeyPath] { [:] }
}

private final class NonOptionalExistentialInTable: InjectableSettable {
  var injectedLogger: any Logger = ConsoleLogger()
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedLogger": \NonOptionalExistentialInTable.injectedLogger]
  }
}

private final class OptionalExistential: InjectableSettable {
  var injectedLogger: (any Logger)?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedLogger": \OptionalExistential.injectedLogger] }
}

private final class AnyHoldingNil: InjectableSettable {
  var injectedThing: Any = Cache?.none as Any
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedThing": \AnyHoldingNil.injectedThing] }
}

private final class Session: Sendable {}

private final class Sessions: InjectableSettable {
  var injectedPrimarySession: Session?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedPrimarySession": \Sessions.injectedPrimarySession] }
}

private final class Street: InjectableSettable {
  // swift-format-ignore: IdentifiersMustBeASCII
  var injectedStraße: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedStraße": \Street.injectedStraße] }
}

private class BaseWithTable: InjectableSettable {
  var injectedLogger: (any Logger)?
  class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedLogger": \BaseWithTable.injectedLogger] }
}

/// Adds a candidate without overriding the table.
private final class SubWithoutTable: BaseWithTable {
  var injectedCache: Cache?
}

/// What the fix for `SubWithoutTable` says to write.
private final class SubWithTable: BaseWithTable {
  var injectedCache: Cache?
  override class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \SubWithTable.injectedCache] }
}

/// Two classes of one name, nested in different types (internal: a private type's name has no parents).
enum NestedFeed {
  final class Screen: InjectableSettable {
    var injectedCount: Int?
    static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCount": \Screen.injectedCount] }
  }
}

enum NestedProfile {
  final class Screen: InjectableSettable {
    var injectedCount: Int?
    static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCount": \Screen.injectedCount] }
  }
}

@Suite("Error messages")
struct ErrorMessageTests {
  @Test("Nested classes of one name read apart: a message names each with the types it is nested in")
  func nestedTypesReadApart() throws {
    let injector = Injector()
    injector.register(1, for: NestedFeed.Screen.self)
    let error = try #require(injectionError { try injector.inject(NestedProfile.Screen()) })
    #expect(error.problems.first?.typeName == "NestedProfile.Screen")
    #expect(error.description.contains("registered only for NestedFeed.Screen and its subclasses"))
  }

  @Test("A non-optional existential is not described by its value's type; its fix works")
  func nonOptionalExistential() throws {
    let error = injectionError { try Injector().inject(NonOptionalExistential()) }
    #expect(error.map(codes) == [.notOptional])
    let problem = try #require(error?.problems.first)
    #expect(problem.declaredType == nil)
    #expect(problem.summary.contains("it holds a ConsoleLogger"))
    #expect(!problem.fix.contains("ConsoleLogger?"))

    let inTable = injectionError { try Injector().inject(NonOptionalExistentialInTable()) }
    #expect(inTable?.problems.first?.declaredType == "any Logger")
    #expect(inTable?.problems.first?.fix.contains("`(any Logger)?`") == true)

    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let fixed = OptionalExistential()
    try injector.inject(fixed)
    #expect(fixed.injectedLogger != nil)
  }

  @Test("A non-optional Any holding nil is described as Any, not as the optional it holds")
  func nonOptionalAnyHoldingNil() throws {
    let error = injectionError { try Injector().inject(AnyHoldingNil()) }
    #expect(error.map(codes) == [.notOptional])
    #expect(error?.problems.first?.declaredType == "Any")
  }

  @Test("An unresolved protocol says to register it as (any Protocol).self, and that works")
  func protocolRegistrationFix() throws {
    let injector = Injector()
    let error = injectionError { try injector.inject(OptionalExistential()) }
    #expect(error?.problems.first?.fix.contains("injector.register(value, as: (any Logger).self)") == true)
    injector.register(ConsoleLogger(), as: (any Logger).self)
    try injector.inject(OptionalExistential())
  }

  @Test("An id found inside the name but not at its end names the id that would match, and that works")
  func idInTheMiddleSuggestsTheIDThatWorks() throws {
    let injector = Injector()
    injector.register(Session(), id: "primary")
    let error = injectionError { try injector.inject(Sessions()) }
    let miss = try #require(error?.problems.first?.nearMisses.first)
    #expect(miss.contains("id \"primarySession\" would"))
    injector.register(Session(), id: "primarySession")
    let sessions = Sessions()
    try injector.inject(sessions)
    #expect(sessions.injectedPrimarySession != nil)
  }

  @Test("Ids compare with full case folding: STRASSE matches injectedStraße")
  func idsUseFullCaseFolding() throws {
    let injector = Injector()
    let cache = Cache()
    injector.register(cache, id: "STRASSE")
    let street = Street()
    try injector.inject(street)
    #expect(street.injectedStraße === cache)
  }

  @Test("A registered metatype is named as the near miss of a forgotten factory")
  func registeredMetatypeIsANearMiss() throws {
    func registerType<T>(_ type: T.Type, in injector: Injector) { injector.register(type, as: T.Type.self) }
    let injector = Injector()
    registerType(Session.self, in: injector)
    let error = injectionError { try injector.inject(Sessions()) }
    let miss = try #require(error?.problems.first?.nearMisses.first)
    #expect(miss.contains("registers the type Session.Type itself") || miss.contains("factory was probably forgotten"))
  }

  @Test("A subclass that does not override the table is told to override it, and that works")
  func subclassWithoutTableIsToldToOverride() throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    injector.register(Cache())
    let error = injectionError { try injector.inject(SubWithoutTable()) }
    #expect(error.map(codes) == [.missingFromTable])
    let problem = try #require(error?.problems.first)
    #expect(problem.summary.contains("does not override injectableKeyPaths"))
    #expect(problem.fix.contains("override class var injectableKeyPaths"))
    let fixed = SubWithTable()
    try injector.inject(fixed)
    #expect(fixed.injectedCache != nil && fixed.injectedLogger != nil)
  }

  @Test("localizedDescription, which apps show and servers log, is the whole message")
  func localizedDescriptionIsTheMessage() throws {
    let error = try #require(injectionError { _ = try Injector().resolve(Cache.self) })
    #expect(error.localizedDescription == error.description)
    #expect((error as any Error).localizedDescription.contains("[unresolved]"))
  }
}
