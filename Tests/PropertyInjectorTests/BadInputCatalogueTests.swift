import Testing

@testable import PropertyInjector

// One target per misuse, each with a `probe` property that a correct injection would fill, so
// "the target is unchanged" is a real check: after the failed call, `probe` must still be nil.

private final class NonOptional: InjectableSettable {
  var injectedProbe: Cache?
  var injectedCount = 0
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedProbe": \NonOptional.injectedProbe] }
}

private final class MissingEntry: InjectableSettable {
  var injectedProbe: Cache?
  var injectedLogger: (any Logger)?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedProbe": \MissingEntry.injectedProbe] }
}

private final class StaleEntry: InjectableSettable {
  var injectedProbe: Cache?
  var spare: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedProbe": \StaleEntry.injectedProbe, "injectedRemoved": \StaleEntry.spare]
  }
}

private final class Unrelated { var injectedProbe: Cache? }

private final class WrongRoot: InjectableSettable {
  var injectedProbe: Cache?
  var injectedOther: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedProbe": \WrongRoot.injectedProbe, "injectedOther": \Unrelated.injectedProbe]
  }
}

private final class WrongValue: InjectableSettable {
  var injectedProbe: Cache?
  var injectedLogger: (any Logger)?
  var spare: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedProbe": \WrongValue.injectedProbe, "injectedLogger": \WrongValue.spare]
  }
}

private final class ReadOnly: InjectableSettable {
  var injectedProbe: Cache?
  let injectedFixed: Cache? = nil
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedProbe": \ReadOnly.injectedProbe, "injectedFixed": \ReadOnly.injectedFixed]
  }
}

private final class LazyCandidate: InjectableSettable {
  var injectedProbe: Cache?
  lazy var injectedLazy: Cache? = nil
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedProbe": \LazyCandidate.injectedProbe] }
}

private final class WithIDs: InjectableSettable {
  var injectedProbe: Cache?
  var injectedDatabase: Database?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedProbe": \WithIDs.injectedProbe, "injectedDatabase": \WithIDs.injectedDatabase]
  }
}

private final class Named: InjectableSettable {
  var injectedProbe: Cache?
  var analytics: Analytics?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedProbe": \Named.injectedProbe, "analytics": \Named.analytics]
  }
}

private final class Looping: InjectableSettable, @unchecked Sendable {
  var injectedProbe: Cache?
  var injectedLooping: Looping?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedProbe": \Looping.injectedProbe, "injectedLooping": \Looping.injectedLooping]
  }
}

private final class Failing: InjectableSettable {
  var injectedProbe: Cache?
  var injectedDatabase: Database?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedProbe": \Failing.injectedProbe, "injectedDatabase": \Failing.injectedDatabase]
  }
}

private final class Reentrant: InjectableSettable {
  var injector: Injector?
  var injectedProbe: Cache?
  var nestedError: InjectionError?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedProbe": \Reentrant.injectedProbe] }
  func didInjectDependencies() {
    do { try injector?.inject(self) } catch { nestedError = error }
  }
}

private final class Deferred: InjectableSettable {
  var injectedDatabase: Lazy<Database>?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedDatabase": \Deferred.injectedDatabase] }
}

/// One row of the bad-input catalogue (the Errors article).
struct Misuse: Sendable, CustomTestStringConvertible {
  let name: String
  let code: InjectionError.Code
  let typeName: String
  let property: String?
  /// Performs the misuse; returns the error and whether everything it touched is unchanged.
  let attempt: @Sendable () throws -> (error: InjectionError?, unchanged: Bool)

  var testDescription: String { name }
}

/// Injects `target` with a registry that fills `injectedProbe`; reports whether it stayed nil.
private func inject<T: InjectableSettable>(
  _ target: T,
  probe: KeyPath<T, Cache?>,
  _ setUp: (Injector) throws -> Void = { _ in }
) throws -> (InjectionError?, Bool) {
  let injector = Injector()
  injector.register(Cache())
  try setUp(injector)
  let error = injectionErrorCatching { try injector.inject(target) }
  return (error, target[keyPath: probe] == nil)
}

private func injectionErrorCatching(_ body: () throws -> Void) -> InjectionError? {
  do {
    try body()
    return nil
  } catch {
    return error as? InjectionError
  }
}

/// Registers through generic code, where the compiler cannot see that `Value` is optional.
private func registerGenerically<Value>(_ value: Value, in injector: Injector) {
  injector.register(unchecked: value)
}

let catalogue: [Misuse] = [
  Misuse(name: "A non-optional candidate", code: .notOptional, typeName: "NonOptional", property: "injectedCount") {
    try inject(NonOptional(), probe: \.injectedProbe)
  },
  Misuse(
    name: "A candidate missing from the table", code: .missingFromTable, typeName: "MissingEntry",
    property: "injectedLogger"
  ) {
    try inject(MissingEntry(), probe: \.injectedProbe) { $0.register(ConsoleLogger(), as: (any Logger).self) }
  },
  Misuse(name: "A stale table entry", code: .staleTableEntry, typeName: "StaleEntry", property: "injectedRemoved") {
    try inject(StaleEntry(), probe: \.injectedProbe)
  },
  Misuse(
    name: "A table key path of the wrong root", code: .keyPathMismatch, typeName: "WrongRoot", property: "injectedOther"
  ) {
    try inject(WrongRoot(), probe: \.injectedProbe)
  },
  Misuse(
    name: "A table key path of the wrong value type", code: .keyPathMismatch, typeName: "WrongValue",
    property: "injectedLogger"
  ) {
    try inject(WrongValue(), probe: \.injectedProbe) { $0.register(ConsoleLogger(), as: (any Logger).self) }
  },
  Misuse(
    name: "A read-only table key path", code: .keyPathNotWritable, typeName: "ReadOnly", property: "injectedFixed"
  ) {
    try inject(ReadOnly(), probe: \.injectedProbe)
  },
  Misuse(
    name: "A lazy var candidate", code: .unsupportedProperty, typeName: "LazyCandidate", property: "injectedLazy"
  ) {
    try inject(LazyCandidate(), probe: \.injectedProbe)
  },
  Misuse(name: "An empty id", code: .invalidID, typeName: "Database", property: nil) {
    try inject(WithIDs(), probe: \.injectedProbe) { $0.register(Database(number: 1), id: "") }
  },
  Misuse(name: "An id with whitespace", code: .invalidID, typeName: "Database", property: nil) {
    try inject(WithIDs(), probe: \.injectedProbe) { $0.register(Database(number: 1), id: "data base") }
  },
  Misuse(name: "A blank name", code: .invalidName, typeName: "Analytics", property: nil) {
    try inject(Named(), probe: \.injectedProbe) { $0.register(Analytics(), named: " ") }
  },
  Misuse(name: "An id that matches nothing", code: .unresolved, typeName: "WithIDs", property: "injectedDatabase") {
    try inject(WithIDs(), probe: \.injectedProbe) { $0.register(Database(number: 1), id: "primary") }
  },
  Misuse(
    name: "A name registration of the wrong type", code: .typeMismatch, typeName: "Named", property: "analytics"
  ) {
    try inject(Named(), probe: \.injectedProbe) { $0.register("not analytics", named: "analytics") }
  },
  Misuse(
    name: "Registering nil through generic code", code: .optionalRegistration, typeName: "Database?", property: nil
  ) {
    try inject(WithIDs(), probe: \.injectedProbe) { registerGenerically(nil as Database?, in: $0) }
  },
  Misuse(
    name: "Registering an optional through generic code", code: .optionalRegistration, typeName: "Database?",
    property: nil
  ) {
    try inject(WithIDs(), probe: \.injectedProbe) { registerGenerically(Database(number: 1) as Database?, in: $0) }
  },
  Misuse(name: "A cycle", code: .cycle, typeName: "Looping", property: "injectedLooping") {
    let target = Looping()
    return try inject(target, probe: \.injectedProbe) { $0.register(Looping.self) { _ in Looping() } }
  },
  Misuse(name: "A throwing factory", code: .factoryFailed, typeName: "Failing", property: "injectedDatabase") {
    try inject(Failing(), probe: \.injectedProbe) { injector in
      injector.register(Database.self) { _ in throw Failure(reason: "offline") }
    }
  },
  Misuse(
    name: "Injecting through an unconfigured shared injector", code: .notConfigured, typeName: "Injector.shared",
    property: nil
  ) {
    let shared = Injector(parent: nil, requiresConfiguration: true)
    shared.register(Cache())
    let target = WithIDs()
    let error = injectionErrorCatching { try shared.inject(target) }
    return (error, target.injectedProbe == nil)
  },
  Misuse(
    name: "Re-entrant injection of the same object from its callback", code: .reentrantInjection,
    typeName: "Reentrant", property: nil
  ) {
    let injector = Injector()
    let cache = Cache()
    injector.register(cache)
    let target = Reentrant()
    target.injector = injector
    try injector.inject(target)
    // The outer injection completed; the nested one was refused and changed nothing more.
    return (target.nestedError, target.injectedProbe === cache)
  },
  Misuse(
    name: "A Lazy read after its injector is released", code: .injectorReleased, typeName: "Deferred",
    property: "injectedDatabase"
  ) {
    let target = Deferred()
    do {
      let injector = Injector()
      injector.register(Database(number: 1))
      try injector.inject(target)
    }
    let error = injectionErrorCatching { _ = try target.injectedDatabase?.value }
    return (error, target.injectedDatabase != nil)
  },
]

@Suite("Bad-input catalogue")
struct BadInputCatalogueTests {
  @Test(
    "Every misuse gets an InjectionError with its code, naming the type and property, and changes nothing",
    arguments: catalogue)
  func misuseIsReported(_ misuse: Misuse) throws {
    let (error, unchanged) = try misuse.attempt()
    let thrown = try #require(error, "\(misuse.name): no InjectionError")
    let problem = try #require(thrown.problems.first { $0.code == misuse.code }, "\(thrown)")
    #expect(problem.typeName == misuse.typeName)
    #expect(problem.property == misuse.property)
    #expect(thrown.description.contains(misuse.typeName))
    if let property = misuse.property {
      #expect(thrown.description.contains(property))
    }
    #expect(!problem.fix.isEmpty, "every problem says how to fix it")
    #expect(unchanged, "\(misuse.name): the target (or registry) changed")
  }

  @Test("Registering the same thing twice is not an error: the later registration replaces the earlier")
  func registeringTwiceReplaces() throws {
    let injector = Injector()
    let later = Database(number: 2)
    injector.register(Database(number: 1), id: "database")
    injector.register(later, id: "DATABASE")
    let target = WithIDs()
    injector.register(Cache())
    try injector.inject(target)
    #expect(target.injectedDatabase === later)
  }
}
