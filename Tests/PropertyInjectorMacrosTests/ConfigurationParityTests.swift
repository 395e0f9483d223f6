// Debug and release builds must find the same candidates and report the same problems: nothing
// here depends on the build configuration, and CI runs it in both (`swift test -c release`).
#if Macros
  import MacroTesting
  import Observation
  import Testing

  @testable import PropertyInjector

  /// Candidates in `#if` clauses, nested too: whichever clauses are active, each is filled.
  @Injectable
  final class ConditionalScreen {
    var injectedLogger: (any Logger)?
    #if DEBUG
      var injectedDebugCache: Cache?
    #else
      var injectedReleaseCache: Cache?
    #endif
    #if PROPERTY_INJECTOR_NEVER_SET
      var injectedNever: Cache?
    #elseif os(Linux) || os(macOS) || os(iOS) || os(tvOS) || os(watchOS) || os(visionOS) || os(Windows)
      var injectedPlatformCache: Cache?
      #if DEBUG
        weak var injectedDebugDelegate: Delegate?
      #else
        weak var injectedReleaseDelegate: Delegate?
      #endif
    #else
      var injectedElsewhere: Cache?
    #endif
    #if canImport(Testing)
      let fixedInClause = 1
    #endif
  }

  /// A tuple pattern binds two stored properties, each a candidate with its own accessor.
  @Injectable
  final class TupleScreen {
    var (injectedLeft, injectedRight): (Cache?, (any Logger)?)
    var (count, label) = (0, "tuple")
  }

  /// A hand-written list that says it is complete but misses a candidate, and an optional that
  /// is not one.
  final class MissesCandidate: InjectableSettable, InjectableThroughAccessors {
    var injectedLogger: (any Logger)?
    var injectedCache: Cache?
    static var injectableAccessors: [InjectableAccessor] {
      [
        .complete(MissesCandidate.self),
        InjectableAccessor(
          "injectedLogger", of: MissesCandidate.self, as: (any Logger).self,
          isNil: { $0.injectedLogger == nil }, write: { $0.injectedLogger = $1 }, clear: { $0.injectedLogger = nil }),
      ]
    }
  }

  /// A list that misses only an optional that is not a candidate, as one another macro added
  /// would be: no error.
  final class MissesNonCandidate: InjectableSettable, InjectableThroughAccessors {
    var injectedLogger: (any Logger)?
    var addedByAnotherMacro: Cache?
    static var injectableAccessors: [InjectableAccessor] {
      [
        .complete(MissesNonCandidate.self),
        InjectableAccessor(
          "injectedLogger", of: MissesNonCandidate.self, as: (any Logger).self,
          isNil: { $0.injectedLogger == nil }, write: { $0.injectedLogger = $1 }, clear: { $0.injectedLogger = nil }),
      ]
    }
  }

  /// The fix the error names for a property @Injectable cannot see (one another macro adds): a
  /// key-path table beside the complete list, which reaches what the list lacks.
  final class TableForUnseen: InjectableSettable, InjectableThroughAccessors {
    var injectedLogger: (any Logger)?
    var injectedUnseen: Cache?
    static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedUnseen": \TableForUnseen.injectedUnseen] }
    static var injectableAccessors: [InjectableAccessor] {
      [
        .complete(TableForUnseen.self),
        InjectableAccessor(
          "injectedLogger", of: TableForUnseen.self, as: (any Logger).self,
          isNil: { $0.injectedLogger == nil }, write: { $0.injectedLogger = $1 }, clear: { $0.injectedLogger = nil }),
      ]
    }
  }

  /// `@ObservationIgnored var _cacheStorage` in an observable class: declared with its
  /// underscore, never the storage of a `cacheStorage`.
  @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
  @Observable
  @Injectable
  final class ObservableWithUnderscore {
    var injectedCache: Cache?
    @ObservationIgnored var _cacheStorage: Cache?
  }

  @Suite("Debug and release builds find the same candidates", .injectable)
  struct ConfigurationParityTests {
    let injector: Injector
    let logger = ConsoleLogger()
    let cache = Cache()
    let delegate = Delegate()

    init() {
      injector = Injector()
      injector.register(logger, as: (any Logger).self)
      injector.register(cache)
      injector.register(delegate)
    }

    /// The names of `object`'s stored `injected…` properties that are still nil.
    private func nilCandidates(of object: AnyObject) -> [String] {
      Mirror(reflecting: object).children.compactMap { child in
        guard let label = child.label, label.hasPrefix("injected"),
          let optional = child.value as? any OptionalProtocol, optional.wrappedAny == nil
        else { return nil }
        return label
      }
    }

    @Test("Every candidate in an active #if clause, nested ones too, is filled")
    func conditionalCandidatesAreFilled() throws {
      let screen = ConditionalScreen()
      #expect(nilCandidates(of: screen).count == 4, "four clauses are active in any configuration")
      try injector.inject(screen)
      #expect(nilCandidates(of: screen).isEmpty)
      #expect(screen.injectedLogger === logger && screen.injectedPlatformCache === cache)
      try injector.validate(ConditionalScreen())
    }

    @Test("Each name a tuple pattern binds is a candidate with its own accessor")
    func tuplePatternCandidatesAreFilled() throws {
      let screen = TupleScreen()
      try injector.inject(screen)
      #expect(screen.injectedLeft === cache && screen.injectedRight === logger)
      #expect(screen.count == 0 && screen.label == "tuple")
      #expect(
        try injector.plan(for: screen).program.steps.allSatisfy { $0.candidate.property.accessor?.isTyped == true })
    }

    @Test("A candidate a complete list lacks is missingFromTable, with a fix that names injectableKeyPaths")
    func candidateMissingFromListIsAnError() throws {
      let screen = MissesCandidate()
      let error = injectionError { try injector.inject(screen) }
      #expect(error?.problems.map(\.code) == [.missingFromTable])
      let problem = try #require(error?.problems.first)
      #expect(problem.property == "injectedCache")
      #expect(problem.summary.contains("another macro"))
      #expect(problem.fix.contains("injectableKeyPaths") && problem.fix.contains("body of MissesCandidate"))
      #expect(!problem.fix.contains("Declare 'injectedCache' in the class itself"))
      #expect(screen.injectedLogger == nil, "nothing is written")
      #expect(throws: InjectionError.self) { try injector.validate(MissesCandidate()) }
    }

    @Test("An optional a complete list lacks is no error while it is not a candidate, and one when it becomes one")
    func nonCandidateMissingFromListIsIgnored() throws {
      let screen = MissesNonCandidate()
      try injector.inject(screen)
      #expect(screen.injectedLogger === logger && screen.addedByAnotherMacro == nil)
      injector.register(Cache(), named: "addedByAnotherMacro")
      let error = injectionError { try injector.inject(MissesNonCandidate()) }
      #expect(error?.problems.map(\.code) == [.missingFromTable])
    }

    @Test("A key-path table beside a complete list fills what the list lacks")
    func declaredTableIsKept() throws {
      let screen = TableForUnseen()
      try injector.inject(screen)
      #expect(screen.injectedLogger === logger && screen.injectedUnseen === cache)
    }

    @Test("An @ObservationIgnored _name property of an @Observable class is not taken for a phantom name")
    func observationIgnoredUnderscoreIsNotAPhantom() throws {
      guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
      let screen = ObservableWithUnderscore()
      try injector.inject(screen)
      #expect(screen.injectedCache === cache && screen._cacheStorage == nil)
      #expect(try !injector.plan(for: screen).shape.properties.contains { $0.name == "cacheStorage" })
    }

    @Test("A class that declares injectableKeyPaths keeps its own: the fix for a property @Injectable cannot see")
    func declaredTableIsLeftAlone() {
      assertMacro {
        """
        @Injectable final class Screen {
          static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedAdded": \\Screen.injectedAdded] }
        }
        """
      } expansion: {
        #"""
        final class Screen {
          static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedAdded": \Screen.injectedAdded] }

          static var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            [
              PropertyInjector::InjectableAccessor._$complete(Screen.self)
            ]
          }
        }

        extension Screen: PropertyInjector::InjectableSettable, PropertyInjector::InjectableThroughAccessors {
        }
        """#
      }
    }
  }
#endif
