#if Macros
  import OtherModuleFixtures
  import Testing

  @testable import PropertyInjector

  /// An @Injectable subclass of another module's plain class, whose internal candidate it
  /// cannot reach.
  @Injectable
  final class OverPlainForeign: ForeignPlainBase {
    var injectedCache: Cache?
  }

  final class Session: Sendable {}

  /// A non-final @Injectable class: its key-path table is the protocol's empty default.
  @Injectable
  class InjectableRoot {
    var injectedLogger: ForeignLogger?
  }

  /// A subclass of it without @Injectable, whose candidate nothing can write.
  final class PlainLeaf: InjectableRoot {
    var injectedCache: Cache?
  }

  @Injectable
  final class SessionHolder {
    var injectedSession: Session?
  }

  @Suite("Fix texts name the fix that applies")
  struct FixTextTests {
    @Test(
      "A superclass's candidate out of an @Injectable subclass's reach names the superclass, not @Injectable on the subclass"
    )
    func superclassCandidateNamesTheSuperclass() throws {
      let injector = Injector()
      injector.register(Cache())
      injector.register(ForeignLogger())
      let error = injectionError { try injector.inject(OverPlainForeign()) }
      #expect(error?.problems.map(\.code) == [.missingFromTable])
      let problem = try #require(error?.problems.first)
      #expect(problem.property == "injectedLogger" && problem.typeName == "ForeignPlainBase")
      #expect(problem.summary.contains("declared by ForeignPlainBase"))
      #expect(problem.fix.contains("`@Injectable` on ForeignPlainBase"))
      #expect(!problem.fix.contains("Add `@Injectable` to OverPlainForeign"), "it has @Injectable already")
    }

    @Test("A plain subclass of an @Injectable class is told to add @Injectable, not to override a table it cannot")
    func plainSubclassOfInjectableAddsTheMacro() throws {
      let injector = Injector()
      injector.register(Cache())
      injector.register(ForeignLogger())
      let error = injectionError { try injector.inject(PlainLeaf()) }
      #expect(error?.problems.map(\.code) == [.missingFromTable])
      let problem = try #require(error?.problems.first)
      #expect(problem.property == "injectedCache" && problem.typeName == "PlainLeaf")
      #expect(problem.summary.contains("inherits its table from InjectableRoot"))
      #expect(problem.fix.contains("Add `@Injectable` to PlainLeaf"))
      #expect(!problem.fix.contains("override"), "the default table has nothing to override")
    }

    @Test("A registered metatype's near miss shows the factory call with one .self")
    func metatypeNearMissHasOneSelf() throws {
      let injector = Injector()
      injector.register(Session.self, as: Session.Type.self)
      let error = injectionError { try injector.inject(SessionHolder()) }
      #expect(error?.problems.map(\.code) == [.unresolved])
      let miss = try #require(error?.problems.first?.nearMisses.first)
      #expect(miss.contains("`injector.register(Session.self) { _ in ... }`"))
      #expect(!miss.contains(".self.self") && !miss.contains("Type.self"))
    }
  }
#endif
