import PropertyInjector
import Testing

private final class Profile: InjectableSettable {
  var injectedLogger: (any Logger)?
  var injectedDatabase: Lazy<Database>?
  var injectedRequestID: RequestID?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedLogger": \Profile.injectedLogger,
      "injectedDatabase": \Profile.injectedDatabase,
      "injectedRequestID": \Profile.injectedRequestID,
    ]
  }
}

private final class Settings: InjectableSettable {
  var injectedCache: Cache?
  var injectedCount = 0
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \Settings.injectedCache] }
}

@Suite("Validation")
struct ValidationTests {
  @Test("validate passes when every candidate of every type would resolve, and creates nothing")
  func completeWiringPasses() throws {
    let injector = Injector()
    let calls = Counter()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    injector.register(Database.self, scope: .singleton) { _ in Database(number: calls.increment()) }
    injector.register(RequestID.self) { _ in
      calls.increment()
      return RequestID()
    }
    let profile = Profile()
    try injector.validate(profile)
    #expect(calls.value == 0, "no factory or singleton runs")
    #expect(profile.injectedLogger == nil, "the sample object is not changed")
    #expect(profile.injectedDatabase == nil)
  }

  @Test("validate reports every problem of every type at once, each with type, property and fix")
  func everyProblemIsReported() throws {
    let injector = Injector()
    injector.register(Cache(), for: Profile.self)
    let error = injectionError { try injector.validate(Profile(), Settings()) }
    let problems = try #require(error?.problems)
    #expect(problems.map(\.code) == [.unresolved, .unresolved, .unresolved, .notOptional, .unresolved])
    #expect(
      problems.map { "\($0.typeName).\($0.property ?? "")" } == [
        "Profile.injectedLogger", "Profile.injectedDatabase", "Profile.injectedRequestID",
        "Settings.injectedCount", "Settings.injectedCache",
      ])
    #expect(problems.allSatisfy { !$0.fix.isEmpty })
    #expect(problems.filter { $0.code == .unresolved }.allSatisfy { $0.declaredType != nil })
    #expect(problems[3].declaredType == nil, "Mirror shows a non-optional property's value, not its declared type")
    #expect(problems[3].summary.contains("it holds an Int"))
    #expect(error?.operation == "validate(Profile, Settings)")
    #expect(problems[4].nearMisses.contains { $0.contains("only for Profile") })
  }

  @Test("validate checks every candidate as if nil: a value already held does not hide missing wiring")
  func setPropertiesAreStillChecked() throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    injector.register(Database(number: 1))
    let profile = Profile()
    profile.injectedRequestID = RequestID()
    let error = injectionError { try injector.validate(profile) }
    #expect(error?.problems.map(\.property) == ["injectedRequestID"])
  }
}
