#if Macros
  import Dispatch
  import Observation
  import OtherModuleFixtures
  import Testing

  @testable import PropertyInjector

  protocol Logger: AnyObject, Sendable {}
  final class ConsoleLogger: Logger {}
  final class Cache: Sendable {}
  final class Delegate: Sendable {}

  /// A binding with an initializer before an annotated one: `title` has its initializer's type, not the next one's.
  @Injectable
  final class InitializedBindingFirst {
    var title = "untouched", injectedLogger: (any Logger)?
  }

  @Injectable
  final class FinalScreen {
    var injectedLogger: (any Logger)?
    var injectedCache: Cache!
    var analytics: Cache?
    var title = "untouched"
    var callbacks = 0
    func didInjectDependencies() { callbacks += 1 }
  }

  @Injectable
  class BaseScreen {
    var injectedLogger: (any Logger)?
    var baseCallbacks = 0
    func didInjectDependencies() { baseCallbacks += 1 }
  }

  @Injectable
  class MiddleScreen: BaseScreen {
    var injectedCache: Cache?
  }

  @Injectable
  final class LeafScreen: MiddleScreen {
    var injectedDelegate: Delegate?
  }

  /// A class with its own types named as the macro's helpers could be: the generated ones must not collide.
  @Injectable
  final class WithOwnValues {
    struct InjectableValues { let count = 1 }
    var injectedCache: Cache?
    var values = InjectableValues()
  }

  /// Raw identifiers (SE-0451), which the runtime names with no-break spaces and `Mirror` with backticks.
  @Injectable
  final class WithRawNames {
    var `injected logger`: (any Logger)?
    var `injected main cache`: Cache?
    var `plain name`: Cache?
  }

  /// Raw identifiers that `Mirror` names with their backticks (punctuation, a symbol, a quote) and without them (a
  /// keyword, an emoji, a letter with a diacritic): the macro's names must be `Mirror`'s.
  // swift-format-ignore: IdentifiersMustBeASCII
  @Injectable
  final class WithPunctuatedNames {
    var `injected-logger`: (any Logger)?
    var `injected.cache`: Cache?
    var `injected©`: Cache?
    var `injected"quoted"`: Cache?
    var `injected😀`: Cache?
    var `injectedÄ`: Cache?
    var `class`: Cache?
  }

  /// A property of an opaque type that is not a candidate: the macro lists it, without an accessor.
  @Injectable
  final class WithOpaqueProperty {
    var injectedCache: Cache?
    var logger: (some Logger)? = ConsoleLogger()
  }

  /// A hand-written table between two `@Injectable` classes: it overrides nothing, so nothing reaches it.
  @Injectable
  class AccessorsTop {
    var injectedLogger: (any Logger)?
  }

  class TableMiddle: AccessorsTop {
    var injectedCache: Cache?
    class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \TableMiddle.injectedCache] }
  }

  @Injectable
  final class AccessorsBottom: TableMiddle {
    var injectedDelegate: Delegate?
  }

  /// Deprecated properties, which the macro's list reads: in a deprecated list, which warns nowhere.
  @Injectable
  final class WithDeprecated {
    @available(*, deprecated, message: "use injectedCache")
    var injectedOldCache: Cache?
    var injectedCache: Cache?
    @available(swift, deprecated: 5.0)
    var legacyTitle = "legacy"
  }

  class PlainBase {
    var title = "plain"
  }

  @Injectable
  final class OnPlainBase: PlainBase {
    var injectedCache: Cache?
  }

  class HandWrittenBase: InjectableSettable {
    var injectedLogger: (any Logger)?
    class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedLogger": \HandWrittenBase.injectedLogger] }
  }

  @Injectable
  final class OnHandWrittenBase: HandWrittenBase {
    var injectedCache: Cache?
  }

  @Injectable
  final class Box<Value> {
    var injectedValue: Value?
  }

  final class Subscreen: ForeignScreen {}

  @Injectable
  final class OverForeign: ForeignScreen {
    var injectedCache: Cache?
  }

  @MainActor
  @Injectable
  final class MainScreen {
    var injectedLogger: (any Logger)?
  }

  @globalActor
  actor StorageActor {
    static let shared = StorageActor()
  }

  @StorageActor
  @Injectable
  final class Repository {
    var injectedCache: Cache?
  }

  @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
  @Observable
  @Injectable
  final class ObservableFirst {
    var injectedCache: Cache?
  }

  @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
  @Injectable
  @Observable
  final class InjectableFirst {
    var injectedCache: Cache?
  }

  @Injectable
  final class Observed {
    var observed: [String] = []
    var injectedCache: Cache? {
      willSet { observed.append("willSet") }
      didSet { observed.append("didSet") }
    }
  }

  @Injectable
  final class Ownerships {
    weak var injectedDelegate: Delegate?
    unowned var injectedOwner: Delegate?
    var injectedForced: Cache!
  }

  struct Settings: Sendable, Equatable {
    var name: String
    var limits: [Int]
  }

  @Injectable
  final class MadeSingletons {
    var injectedLogger: (any Logger)?
    var injectedSettings: Settings?
    var injectedCount: Int?
    var injectedBox: Box<Cache>?
    weak var injectedDelegate: Delegate?
    unowned var injectedOwner: Delegate?
    var observed: [String] = []
    var injectedCache: Cache? {
      willSet { observed.append("willSet") }
      didSet { observed.append("didSet") }
    }
  }

  protocol Walker: AnyObject, Sendable {}

  @Injectable
  final class Guide: Walker, @unchecked Sendable {
    var injectedLogger: (any Logger)?
  }

  class Vehicle: @unchecked Sendable {}

  @Injectable
  final class Car: Vehicle, @unchecked Sendable {
    var injectedLogger: (any Logger)?
  }

  @Injectable
  final class Garage {
    var injectedWalker: (any Walker)?
    var injectedVehicle: Vehicle?
  }

  /// Attributes that are not property wrappers leave a candidate plain.
  @Injectable
  final class AttributedScreen {
    @_documentation(visibility: internal) var injectedCount: Int?
    nonisolated(unsafe) var injectedCache: Cache?
  }

  /// A `let` a name registration may target.
  @Injectable
  final class TitledScreen {
    let title: String? = nil
  }

  @Suite("@Injectable classes")
  struct InjectableBehaviorTests {
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

    @Test("A final class is injected through its typed accessors; other properties are untouched")
    func finalClass() throws {
      let screen = FinalScreen()
      try injector.inject(screen)
      #expect(screen.injectedLogger === logger && screen.injectedCache === cache)
      #expect(screen.analytics == nil && screen.title == "untouched")
      #expect(screen.callbacks == 1)
      #expect(
        try injector.plan(for: screen).program.steps.allSatisfy { $0.candidate.property.accessor?.isTyped == true })
    }

    @Test("A class's own type named InjectableValues does not collide with what the macro writes")
    func ownTypeNamedLikeTheMacrosHelper() throws {
      let screen = WithOwnValues()
      try injector.inject(screen)
      #expect(screen.injectedCache === cache && screen.values.count == 1)
    }

    @Test("A table declared between @Injectable classes is said to override nothing, and the fix is @Injectable on it")
    func tableBetweenInjectableClasses() throws {
      let problem = try #require(injectionError { try injector.inject(AccessorsBottom()) }?.problems.first)
      #expect(problem.code == .missingFromTable && problem.typeName == "TableMiddle")
      #expect(problem.summary.contains("a table declared in TableMiddle does not override"))
      #expect(problem.fix.hasPrefix("Add `@Injectable` to TableMiddle"))
    }

    @Test("A raw identifier whose name starts with `injected` is a candidate, and an id matches the end of its name")
    func rawIdentifiers() throws {
      let (logger, mainCache) = (ConsoleLogger(), Cache())
      injector.register(logger, as: (any Logger).self)
      injector.register(mainCache, id: "cache")
      let screen = WithRawNames()
      try injector.inject(screen)
      #expect(screen.`injected logger` === logger)
      #expect(screen.`injected main cache` === mainCache)
      #expect(screen.`plain name` == nil)
      #expect(
        injector.explain(WithRawNames()).entries.map(\.property) == ["`injected logger`", "`injected main cache`"])
    }

    @Test("A raw identifier's name is `Mirror`'s: with backticks unless they enclose a plain identifier")
    func punctuatedRawIdentifiers() throws {
      injector.register(cache, named: "class")
      let screen = WithPunctuatedNames()
      try injector.inject(screen)
      #expect(screen.`injected-logger` === logger)
      let caches = [screen.`injected.cache`, screen.`injected©`, screen.`injected"quoted"`, screen.`injected😀`]
      #expect(caches.allSatisfy { $0 === cache } && screen.`injectedÄ` === cache && screen.`class` === cache)
      let labels = Mirror(reflecting: WithPunctuatedNames()).children.compactMap(\.label)
      #expect(labels.contains("`injected-logger`") && labels.contains("injected😀") && labels.contains("class"))
      #expect(injector.explain(WithPunctuatedNames()).entries.map(\.property) == labels)
    }

    @Test("An opaque non-candidate is left alone, and a name registration for it is refused, not skipped")
    func opaqueProperty() throws {
      let screen = WithOpaqueProperty()
      try injector.inject(screen)
      #expect(screen.injectedCache === cache && screen.logger != nil)
      injector.register(unchecked: ConsoleLogger(), named: "logger")
      let error = try #require(throws: InjectionError.self) { try injector.inject(WithOpaqueProperty()) }
      #expect(error.problems.map(\.location).contains { $0.hasPrefix("WithOpaqueProperty.logger") }, "\(error)")
    }

    @Test(
      "Deprecated candidates are filled, and the macro's code reading them warns nowhere (CI builds without warnings)")
    func deprecatedCandidates() throws {
      let screen = WithDeprecated()
      try injector.inject(screen)
      let old = Mirror(reflecting: screen).children.first { $0.label == "injectedOldCache" }?.value as? Cache
      #expect(old === cache && screen.injectedCache === cache)
    }

    @Test("A candidate with an attribute that is not a property wrapper is listed, validated and filled")
    func attributedCandidates() throws {
      let injector = Injector()
      injector.register(7)
      injector.register(Cache())
      try injector.validate(AttributedScreen.self)
      let screen = AttributedScreen()
      try injector.inject(screen)
      #expect(screen.injectedCount == 7 && screen.injectedCache != nil)
    }

    @Test("A name registration that targets a let is refused: declare it var, not add an entry")
    func nameRegistrationOfALet() throws {
      let injector = Injector()
      injector.register("x", named: "title")
      for error in [
        injectionError { try injector.inject(TitledScreen()) },
        injectionError { try injector.validate(TitledScreen.self) },
      ] {
        #expect(error?.problems.map(\.code) == [.keyPathNotWritable])
        #expect(error?.problems.first?.property == "title")
        #expect(error?.problems.first?.fix.hasPrefix("Declare it with `var`") == true)
      }
    }

    @Test("A name registration fills any optional var of an @Injectable class")
    func nameRegistration() throws {
      let analytics = Cache()
      injector.register(analytics, named: "analytics")
      let screen = FinalScreen()
      try injector.inject(screen)
      #expect(screen.analytics === analytics)
    }

    @Test("A three-level hierarchy of @Injectable classes is injected at every level")
    func hierarchy() throws {
      let leaf = LeafScreen()
      try injector.inject(leaf)
      #expect(leaf.injectedLogger === logger && leaf.injectedCache === cache && leaf.injectedDelegate === delegate)
      #expect(leaf.baseCallbacks == 1)
      let middle: BaseScreen = MiddleScreen()
      try injector.inject(middle)
      #expect((middle as? MiddleScreen)?.injectedCache === cache)
    }

    @Test("A subclass of a plain class, and of a hand-written injectable class, are injected")
    func subclassesOfOtherClasses() throws {
      let plain = OnPlainBase()
      try injector.inject(plain)
      #expect(plain.injectedCache === cache && plain.title == "plain")
      let handWritten = OnHandWrittenBase()
      try injector.inject(handWritten)
      #expect(handWritten.injectedLogger === logger && handWritten.injectedCache === cache)
    }

    @Test(
      "A class's conformance tells its own @Injectable list, as the runtime's look-up would, or that it cannot tell")
    func conformanceTellsTheList() {
      func names(_ list: Any?) -> [String]? {
        (list as? [InjectableAccessor])?.compactMap { $0.accessor?.name }
      }
      let types: [any InjectableSettable.Type] = [
        FinalScreen.self, BaseScreen.self, MiddleScreen.self, LeafScreen.self,
      ]
      for type in types {
        #expect(names(type._$injectableAccessors) != nil)
        #expect(
          names(type._$injectableAccessors)
            == names((type as? any InjectableThroughAccessors.Type)?.injectableAccessors))
      }
      #expect(names(MiddleScreen._$injectableAccessors) == ["injectedCache"])
      // The conformance is the hand-written base's, which has no list: the injector asks the runtime. Asked
      // through the conformance, as the injector asks (named statically, the subclass's would be found).
      let handWritten: [any InjectableSettable.Type] = [HandWrittenBase.self, OnHandWrittenBase.self]
      for type in handWritten {
        #expect(type._$injectableAccessors == nil)
      }
    }

    @Test("A generic class is injected")
    func genericClass() throws {
      let box = Box<Cache>()
      try injector.inject(box)
      #expect(box.injectedValue === cache)
    }

    @Test("An open class from another module, and subclasses of it here, are injected, internal properties included")
    func openClassFromAnotherModule() throws {
      let foreign = ForeignLogger()
      injector.register(foreign)
      injector.register("Settings", named: "injectedTitle")
      let screen = Subscreen()
      try injector.inject(screen)
      #expect(screen.logger === foreign && screen.injectedTitle == "Settings")
      let over = OverForeign()
      try injector.inject(over)
      #expect(over.logger === foreign && over.injectedCache === cache)
    }

    @Test("A @MainActor class is injected on the main actor")
    @MainActor
    func mainActorClass() throws {
      let screen = MainScreen()
      try injector.inject(screen)
      #expect(screen.injectedLogger === logger)
    }

    @Test("A class isolated to another global actor is injected on that actor")
    func otherGlobalActorClass() async throws {
      let (injector, cache) = (injector, cache)
      let filled = await injectOnStorageActor(injector, cache)
      #expect(filled)
    }

    @StorageActor
    private func injectOnStorageActor(_ injector: Injector, _ cache: Cache) -> Bool {
      let repository = Repository()
      do { try injector.inject(repository) } catch { return false }
      return repository.injectedCache === cache
    }

    @Test("@Observable and @Injectable compose in either order, and writes fire observation")
    func observableInEitherOrder() throws {
      guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
      let first = ObservableFirst()
      let second = InjectableFirst()
      let changes = Counter()
      withObservationTracking {
        _ = first.injectedCache
      } onChange: {
        changes.increment()
      }
      withObservationTracking {
        _ = second.injectedCache
      } onChange: {
        changes.increment()
      }
      try injector.inject(first)
      try injector.inject(second)
      #expect(first.injectedCache === cache && second.injectedCache === cache)
      #expect(changes.value == 2)
    }

    @Test("willSet and didSet run for an injected property, once each")
    func observers() throws {
      let observed = Observed()
      try injector.inject(observed)
      #expect(observed.observed == ["willSet", "didSet"])
      try injector.inject(observed)
      #expect(observed.observed == ["willSet", "didSet"], "a set property is not written again")
    }

    @Test("Made singletons of every kind fill only nil properties, each the one value, through every write")
    func madeSingletonsInPlace() throws {
      // Once made, a singleton is written from where its cell keeps it, through a closure the
      // macro's expansion compiles in this module: classes, existentials, structs with
      // references inside, plain values, generic classes, weak and observed properties.
      let injector = Injector()
      let settings = Settings(name: "made", limits: [1, 2, 3])
      injector.register((any Logger).self, scope: .singleton) { _ in ConsoleLogger() }
      injector.register(Settings.self, scope: .singleton) { _ in settings }
      injector.register(Int.self, scope: .singleton) { _ in 42 }
      injector.register(unchecked: Box<Cache>.self, scope: .singleton) { _ in Box<Cache>() }
      injector.register(Delegate.self, scope: .singleton) { _ in Delegate() }
      injector.register(Cache.self, scope: .singleton) { _ in Cache() }
      let first = MadeSingletons()
      try injector.inject(first)
      let logger = try #require(first.injectedLogger)
      let box = try #require(first.injectedBox)
      let delegate = try #require(first.injectedDelegate)
      for _ in 0..<3 {
        let screen = MadeSingletons()
        let own = Cache()
        screen.injectedCache = own
        screen.observed = []
        try injector.inject(screen)
        #expect(screen.injectedLogger === logger && screen.injectedBox === box)
        #expect(screen.injectedSettings == settings && screen.injectedCount == 42)
        #expect(screen.injectedDelegate === delegate && screen.injectedOwner === delegate)
        #expect(screen.injectedCache === own, "a property that holds a value is not written")
        #expect(screen.observed.isEmpty, "nor are its observers run")
      }
      let empty = MadeSingletons()
      try injector.inject(empty)
      #expect(empty.injectedCache === first.injectedCache && empty.observed == ["willSet", "didSet"])
      // Each object holds its own copy of a value type: the cell's is never lent out.
      empty.injectedSettings?.limits.append(4)
      let next = MadeSingletons()
      try injector.inject(next)
      #expect(next.injectedSettings == settings)
    }

    @Test("A settable value a factory makes is injected, for a property of protocol, plain base or parameter type")
    func madeValuesAreInjected() throws {
      // The expansion tells a made value's type where the property's type is spelled: there,
      // `type(of:)` opens a protocol-typed value, which in generic code it would not.
      injector.register((any Walker).self) { _ in Guide() }
      injector.register(Vehicle.self) { _ in Car() }
      let garage = Garage()
      try injector.inject(garage)
      #expect((garage.injectedWalker as? Guide)?.injectedLogger === logger)
      #expect((garage.injectedVehicle as? Car)?.injectedLogger === logger)
      // In a generic class, the expansion's `type(of:)` sees a type parameter: the library boxes.
      let box = Box<any Walker>()
      try injector.inject(box)
      #expect((box.injectedValue as? Guide)?.injectedLogger === logger)
    }

    @Test("A binding with an initializer takes its own type, not the annotation of the binding after it")
    func initializedBindingKeepsItsType() throws {
      let injector = Injector()
      let logger = ConsoleLogger()
      injector.register(logger, as: (any Logger).self)
      let screen = InitializedBindingFirst()
      try injector.inject(screen)
      #expect(screen.injectedLogger === logger)
      #expect(screen.title == "untouched")
    }

    @Test("weak, unowned and implicitly unwrapped properties are filled with instances the injector keeps")
    func ownerships() throws {
      let holder = Ownerships()
      try injector.inject(holder)
      #expect(holder.injectedDelegate === delegate && holder.injectedOwner === delegate)
      #expect(holder.injectedForced === cache)
    }

    @Test("A weak or unowned property that a transient factory would fill is an error before anything is made")
    func weakWithTransientFactory() throws {
      let injector = Injector()
      let made = Counter()
      injector.register(Delegate.self) { _ in
        made.increment()
        return Delegate()
      }
      injector.register(Cache())
      let error = injectionError { try injector.inject(Ownerships()) }
      #expect(error?.problems.map(\.code) == [.notRetained, .notRetained])
      #expect(made.value == 0, "declared weak or unowned: known before anything is made")
      #expect(injectionError { try injector.validate(Ownerships()) }?.problems.count == 2)
    }
  }

  @Suite("@Injectable classes under contention")
  struct InjectableContentionTests {
    @Test("Threads inject a 3-level hierarchy while another replaces a registration: every object is whole")
    func injectWhileRegistrationsChange() {
      let injector = Injector()
      let logger = ConsoleLogger()
      let delegate = Delegate()
      let caches = (0..<8).map { _ in Cache() }
      injector.register(logger, as: (any Logger).self)
      injector.register(delegate)
      injector.register(caches[0])
      let wrong = Counter()
      let injected = Counter()
      DispatchQueue.concurrentPerform(iterations: 8) { thread in
        for round in 0..<400 {
          if thread == 0 {
            // Each replacement drops the plans: the others rebuild them, filler and all, as they go.
            injector.register(caches[round % caches.count])
            continue
          }
          let screen = LeafScreen()
          do {
            try injector.inject(screen)
            injected.increment()
          } catch {
            wrong.increment()
            continue
          }
          let whole =
            screen.injectedLogger === logger && screen.injectedDelegate === delegate
            && caches.contains { $0 === screen.injectedCache } && screen.baseCallbacks == 1
          if !whole { wrong.increment() }
        }
      }
      #expect(wrong.value == 0)
      #expect(injected.value == 7 * 400)
    }
  }

  /// A count that several threads can bump.
  final class Counter: @unchecked Sendable {
    private let lock = Locked(0)
    var value: Int { lock.withLock { $0 } }
    func increment() { lock.withLock { $0 += 1 } }
  }

  func injectionError(_ body: () throws -> Void) -> InjectionError? {
    do {
      try body()
      return nil
    } catch {
      return error as? InjectionError
    }
  }
#endif
