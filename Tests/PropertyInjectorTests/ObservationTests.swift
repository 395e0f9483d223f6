#if canImport(Observation)
  import Observation
  import PropertyInjector
  import Testing

  /// An `@Observable` model with the natural table: the observed properties, by their own names.
  @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
  @Observable
  private final class Model: InjectableSettable {
    var injectedCache: Cache?
    @ObservationIgnored var injectedLogger: (any Logger)?
    var analytics: Analytics?
    var title = "untouched"

    static var injectableKeyPaths: [String: AnyKeyPath] {
      ["injectedCache": \Model.injectedCache, "injectedLogger": \Model.injectedLogger, "analytics": \Model.analytics]
    }
  }

  /// The fix an old error suggested: naming Observation's storage, which bypasses Observation.
  @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
  @Observable
  private final class StorageEntries: InjectableSettable {
    var injectedCache: Cache?
    static var injectableKeyPaths: [String: AnyKeyPath] { ["_injectedCache": \StorageEntries._injectedCache] }
  }

  /// A non-optional candidate, without and with its entry, and a non-optional property a name registration targets:
  /// each an error, as in a class that is not `@Observable` (Observation stores them as `_name`).
  @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
  @Observable
  private final class NonOptionals: InjectableSettable {
    var injectedCount = 0
    var title = "kept"
    static var injectableKeyPaths: [String: AnyKeyPath] { [:] }
  }

  @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
  @Observable
  private final class NonOptionalListed: InjectableSettable {
    var injectedCount = 0
    static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCount": \NonOptionalListed.injectedCount] }
  }

  /// An ignored property of the class's own whose name is `_` and a candidate's: `Mirror` shows it as the storage of
  /// `injectedNote` would be.
  @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
  @Observable
  private final class UnderscoredOwn: InjectableSettable {
    var injectedCache: Cache?
    @ObservationIgnored var _injectedNote: String?
    static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \UnderscoredOwn.injectedCache] }
  }

  /// Records whether reading `read` is followed by a change.
  @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
  private final class ChangeRecorder: @unchecked Sendable {
    private(set) var changed = false
    func track(_ read: () -> Void) {
      withObservationTracking(read) { [self] in changed = true }
    }
  }

  @Suite("Observation")
  struct ObservationTests {
    @Test("An @Observable class with the natural table is injected, and the writes fire observation")
    func observableIsInjectedThroughObservation() throws {
      guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
      let injector = Injector()
      let cache = Cache()
      let logger = ConsoleLogger()
      injector.register(cache)
      injector.register(logger, as: (any Logger).self)
      let model = Model()
      let tracked = ChangeRecorder()
      tracked.track { _ = model.injectedCache }
      try injector.inject(model)
      #expect(model.injectedCache === cache)
      #expect(model.injectedLogger === logger, "an @ObservationIgnored property is a plain property")
      #expect(tracked.changed, "the write went through Observation")
      #expect(model.title == "untouched")
    }

    @Test("A name registration writes an @Observable property through Observation")
    func nameRegistrationGoesThroughObservation() throws {
      guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
      let injector = Injector()
      injector.register(Cache())
      injector.register(ConsoleLogger(), as: (any Logger).self)
      let analytics = Analytics()
      injector.register(analytics, named: "analytics")
      let model = Model()
      let tracked = ChangeRecorder()
      tracked.track { _ = model.analytics }
      try injector.inject(model)
      #expect(model.analytics === analytics)
      #expect(tracked.changed)
    }

    @Test("An entry naming Observation's storage is an error whose fix is the natural entry")
    func storageEntryIsAnError() throws {
      guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
      let injector = Injector()
      injector.register(Cache())
      let target = StorageEntries()
      let error = injectionError { try injector.inject(target) }
      #expect(error.map(codes)?.contains(.staleTableEntry) == true)
      let problem = try #require(error?.problems.first { $0.code == .staleTableEntry })
      #expect(problem.summary.contains("Observation"))
      #expect(problem.fix.contains(#""injectedCache": \StorageEntries.injectedCache"#))
      #expect(target.injectedCache == nil)
    }

    @Test("A non-optional candidate of an @Observable class is an error, as in any class: never skipped")
    func nonOptionalCandidateIsAnError() throws {
      guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
      let injector = Injector()
      injector.register(5)
      let unlisted = NonOptionals()
      let error = try #require(injectionError { try injector.inject(unlisted) })
      #expect(codes(of: error) == [.notOptional])
      #expect(error.problems[0].property == "injectedCount")
      #expect(error.problems[0].fix.contains("Declare it optional"))
      let listed = injectionError { try injector.inject(NonOptionalListed()) }
      #expect(listed.map(codes) == [.notOptional], "not a stale entry whose fix names the storage")
      #expect(unlisted.injectedCount == 0)
    }

    @Test("A name registration of an @Observable class's non-optional property is an error, as in any class")
    func nameRegistrationOfNonOptionalIsAnError() throws {
      guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
      let injector = Injector()
      injector.register("new", named: "title")
      let model = NonOptionals()
      let error = try #require(injectionError { try injector.inject(model) })
      #expect(error.problems.contains { $0.code == .notOptional && $0.property == "title" })
      #expect(model.title == "kept")
    }

    @Test("An ignored `_injectedX` of the class's own reads as storage: the error says so, and how to get out")
    func underscoredOwnPropertyIsNamedInTheError() throws {
      guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
      let injector = Injector()
      injector.register(Cache())
      let object = UnderscoredOwn()
      let error = try #require(injectionError { try injector.inject(object) })
      let problem = try #require(error.problems.first { $0.property == "injectedNote" })
      #expect(problem.fix.contains(#"If "_injectedNote" is a property of UnderscoredOwn's own"#))
      #expect(problem.fix.contains("rename it"))
      #expect(object.injectedCache == nil)
    }
  }
#endif
