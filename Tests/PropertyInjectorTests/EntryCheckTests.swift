import Dispatch
import PropertyInjector
import Testing

// A non-final class's key path is a computed step (`\Screen.<computed 0x…>`): its description cannot
// say which property it reaches, so the injector checks it against every object, before and after it writes.

/// An entry pointing at another property of the same type, the slip the check exists for.
private class Misrouted: InjectableSettable {
  var injectedLogger: (any Logger)?
  var fallbackLogger: (any Logger)?
  var injections = 0
  class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedLogger": \Misrouted.fallbackLogger] }
  func didInjectDependencies() { injections += 1 }
}

/// Two entries swapped: each reaches the other's property.
private class Swapped: InjectableSettable {
  var injectedLoggerA: (any Logger)?
  var injectedLoggerB: (any Logger)?
  class var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedLoggerA": \Swapped.injectedLoggerB, "injectedLoggerB": \Swapped.injectedLoggerA]
  }
}

/// Two entries swapped, first filled with one shared value (its own type: no other test proves its entries).
private class SwappedOnce: InjectableSettable {
  var injectedLoggerA: (any Logger)?
  var injectedLoggerB: (any Logger)?
  class var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedLoggerA": \SwappedOnce.injectedLoggerB, "injectedLoggerB": \SwappedOnce.injectedLoggerA]
  }
}

/// Two entries swapped between properties of an `Equatable` value type.
private class SwappedTitles: InjectableSettable {
  var injectedTitleA: String?
  var injectedTitleB: String?
  class var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedTitleA": \SwappedTitles.injectedTitleB, "injectedTitleB": \SwappedTitles.injectedTitleA]
  }
}

/// An entry through a computed property that forwards to another stored property.
private class Forwarded: InjectableSettable {
  var injectedLogger: (any Logger)?
  var injectedOther: (any Logger)?
  var viaOther: (any Logger)? {
    get { injectedOther }
    set { injectedOther = newValue }
  }
  class var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedLogger": \Forwarded.viaOther, "injectedOther": \Forwarded.injectedOther]
  }
}

/// An entry through a computed property that forwards to another object, of a type no other property has.
private final class Holder: @unchecked Sendable {
  var cache: Cache?
}

private class ForwardedElsewhere: InjectableSettable {
  var injectedCache: Cache?
  let holder = Holder()
  var forward: Cache? {
    get { holder.cache }
    set { holder.cache = newValue }
  }
  class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \ForwardedElsewhere.forward] }
}

/// An entry through a setter that drops the value: nothing reads back what it wrote.
private class Sink: InjectableSettable {
  var injectedLogger: (any Logger)?
  var injections = 0
  var sink: (any Logger)? {
    get { nil }
    set {}
  }
  class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedLogger": \Sink.sink] }
  func didInjectDependencies() { injections += 1 }
}

/// The same in a final class, whose key path the injector can describe.
private final class FinalSink: InjectableSettable {
  var injectedLogger: (any Logger)?
  var sink: (any Logger)? {
    get { nil }
    set {}
  }
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedLogger": \FinalSink.sink] }
}

/// An entry through a computed property that forwards to an object that is not there.
private final class ForwardedToNothing: InjectableSettable {
  var injectedCache: Cache?
  var holder: Holder?
  var forward: Cache? {
    get { holder?.cache }
    set { holder?.cache = newValue }
  }
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \ForwardedToNothing.forward] }
}

/// An entry whose getter reads the property, and whose setter writes another.
private class Liar: InjectableSettable {
  var injectedCache: Cache?
  var elsewhere: Cache?
  var lie: Cache? {
    get { injectedCache }
    set { elsewhere = newValue }
  }
  class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \Liar.lie] }
}

/// Right entries of a value type with a value unequal to itself.
private class Ratios: InjectableSettable {
  var injectedRatioA: Double?
  var injectedRatioB: Double?
  class var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedRatioA": \Ratios.injectedRatioA, "injectedRatioB": \Ratios.injectedRatioB]
  }
}

/// A subclass whose override's getter answers a default for nil.
private class Defaulted: InjectableSettable {
  var injectedLogger: (any Logger)?
  class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedLogger": \Defaulted.injectedLogger] }
}

private final class DefaultedChild: Defaulted {
  override var injectedLogger: (any Logger)? {
    get { super.injectedLogger ?? NamedLogger("default") }
    set { super.injectedLogger = newValue }
  }
}

/// A typed accessor written by hand (as `@Injectable` writes one), and a subclass whose getter answers a default.
private class AccessorBase: InjectableSettable, InjectableThroughAccessors {
  var injectedLogger: (any Logger)?
  class var injectableKeyPaths: [String: AnyKeyPath] { [:] }
  class var injectableAccessors: [InjectableAccessor] {
    [
      InjectableAccessor(
        "injectedLogger", of: AccessorBase.self, as: (any Logger).self, isNil: { $0.injectedLogger == nil },
        write: { $0.injectedLogger = $1 }, clear: { $0.injectedLogger = nil },
        fill: { object, value in
          guard object.injectedLogger == nil else { return false }
          object.injectedLogger = value
          return true
        })
    ]
  }
}

private final class AccessorDefaulted: AccessorBase {
  override var injectedLogger: (any Logger)? {
    get { super.injectedLogger ?? NamedLogger("default") }
    set { super.injectedLogger = newValue }
  }
}

/// A right table on a non-final class with an observer, and a subclass with its own: the check passes.
private class RightBase: InjectableSettable {
  var injectedLogger: (any Logger)? { didSet { observed += 1 } }
  var injectedCache: Cache?
  var observed = 0
  class var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedLogger": \RightBase.injectedLogger, "injectedCache": \RightBase.injectedCache]
  }
}

private final class RightDerived: RightBase {
  var injectedDatabase: Database?
  override class var injectableKeyPaths: [String: AnyKeyPath] {
    super.injectableKeyPaths.merging(["injectedDatabase": \RightDerived.injectedDatabase]) { $1 }
  }
}

/// A logger that says which registration it is.
private final class NamedLogger: Logger {
  let name: String
  init(_ name: String) { self.name = name }
  func log(_ line: String) {}
}

private func loggerName(_ logger: (any Logger)?) -> String? { (logger as? NamedLogger)?.name }

@Suite("Key paths checked against every object")
struct EntryCheckTests {
  @Test("An entry that writes another property of a fresh object fails, undoes every write, and calls nothing back")
  func misroutedEntryOnAFreshObject() throws {
    let injector = Injector()
    injector.register(NamedLogger("main"), as: (any Logger).self)
    for _ in 0..<3 {
      let screen = Misrouted()
      let error = injectionError { try injector.inject(screen) }
      #expect(error.map(codes) == [.keyPathMismatch])
      #expect(error?.problems.first?.property == "injectedLogger")
      #expect(error?.description.contains("\"injectedLogger\": \\Misrouted.injectedLogger") == true)
      #expect(screen.injectedLogger == nil && screen.fallbackLogger == nil)
      #expect(screen.injections == 0)
    }
  }

  @Test("An entry is refused when its property and the one it reaches hold different values, though none is written")
  func bothSetToDifferentValues() throws {
    let injector = Injector()
    injector.register(NamedLogger("main"), as: (any Logger).self)
    let screen = Misrouted()
    let (own, other) = (NamedLogger("own"), NamedLogger("other"))
    (screen.injectedLogger, screen.fallbackLogger) = (own, other)
    #expect(injectionError { try injector.inject(screen) }.map(codes) == [.keyPathMismatch])
    #expect(injectionError { try injector.validate(screen) }.map(codes) == [.keyPathMismatch])
    #expect(screen.injectedLogger === own && screen.fallbackLogger === other)
    let titles = SwappedTitles()
    (titles.injectedTitleA, titles.injectedTitleB) = ("a", "b")
    #expect(injectionError { try injector.inject(titles) }.map(codes)?.contains(.keyPathMismatch) == true)
  }

  @Test("Swapped entries fail from factories, singletons and instances alike; nothing stays written")
  func swappedEntries() throws {
    let registrations: [(Injector) -> Void] = [
      { $0.register(NamedLogger("A"), as: (any Logger).self, id: "A") },
      { $0.register((any Logger).self, id: "A") { _ in NamedLogger("A") } },
      { $0.register((any Logger).self, scope: .singleton, id: "A") { _ in NamedLogger("A") } },
    ]
    for register in registrations {
      let injector = Injector()
      register(injector)
      injector.register(NamedLogger("B"), as: (any Logger).self, id: "B")
      let screen = Swapped()
      #expect(injectionError { try injector.inject(screen) }.map(codes)?.contains(.keyPathMismatch) == true)
      #expect(screen.injectedLoggerA == nil && screen.injectedLoggerB == nil)
    }
  }

  @Test("Swapped entries of an Equatable value type are caught by the values they write")
  func swappedValueEntries() throws {
    let injector = Injector()
    injector.register("a", id: "A")
    injector.register("b", id: "B")
    let screen = SwappedTitles()
    #expect(injectionError { try injector.inject(screen) }.map(codes)?.contains(.keyPathMismatch) == true)
    #expect(screen.injectedTitleA == nil && screen.injectedTitleB == nil)
  }

  @Test("Swapped entries that both wrote one shared value prove nothing: distinct values later are still caught")
  func oneValueInBothProvesNothing() throws {
    let shared = Injector()
    shared.register(NamedLogger("one"), as: (any Logger).self)
    let first = SwappedOnce()
    try shared.inject(first)
    #expect(loggerName(first.injectedLoggerA) == "one" && loggerName(first.injectedLoggerB) == "one")

    let distinct = Injector()
    distinct.register(NamedLogger("A"), as: (any Logger).self, id: "A")
    distinct.register(NamedLogger("B"), as: (any Logger).self, id: "B")
    let second = SwappedOnce()
    #expect(injectionError { try distinct.inject(second) }.map(codes)?.contains(.keyPathMismatch) == true)
    #expect(second.injectedLoggerA == nil && second.injectedLoggerB == nil)
  }

  @Test("Whatever object an injector sees first, a later one with its own value set is refused before anything is made")
  func laterObjectWithAValue() throws {
    let injector = Injector()
    let made = Counter()
    injector.register((any Logger).self, id: "A") { _ in
      made.increment()
      return NamedLogger("A")
    }
    injector.register(NamedLogger("B"), as: (any Logger).self, id: "B")
    _ = injectionError { try injector.inject(Swapped()) }
    let own = NamedLogger("own")
    let screen = Swapped()
    screen.injectedLoggerA = own
    let before = made.value
    let error = injectionError { try injector.inject(screen) }
    #expect(error.map(codes)?.contains(.keyPathMismatch) == true)
    #expect(screen.injectedLoggerA === own && screen.injectedLoggerB == nil)
    #expect(made.value == before, "no factory runs for an object the check refuses")
  }

  @Test("A typed accessor read through a subclass's getter that answers a default for nil fails; its base is filled")
  func typedAccessorThroughADefaultingGetter() throws {
    let injector = Injector()
    injector.register(NamedLogger("main"), as: (any Logger).self)
    let error = injectionError { try injector.inject(AccessorDefaulted()) }
    #expect(error.map(codes) == [.unsupportedProperty])
    #expect(error?.problems.first?.property == "injectedLogger")
    #expect(injectionError { try injector.validate(AccessorDefaulted()) }.map(codes) == [.unsupportedProperty])
    let base = AccessorBase()
    try injector.inject(base)
    #expect(loggerName(base.injectedLogger) == "main")
  }

  @Test("validate and explain report an entry that this object shows reaching another property, as inject does")
  func validateAndExplainAgreeOnTheObject() throws {
    let injector = Injector()
    injector.register(NamedLogger("B"), as: (any Logger).self, id: "B")
    injector.register(NamedLogger("A"), as: (any Logger).self, id: "A")
    let screen = Swapped()
    screen.injectedLoggerA = NamedLogger("own")
    let validated = injectionError { try injector.validate(screen) }
    let injected = injectionError { try injector.inject(screen) }
    #expect(validated.map(codes)?.contains(.keyPathMismatch) == true)
    #expect(injected.map(codes)?.contains(.keyPathMismatch) == true)
    let report = injector.explain(screen)
    #expect(!report.wouldSucceed)
    #expect(report.entries.contains { $0.status == .invalid && $0.problem?.code == .keyPathMismatch })
  }

  @Test("An entry through a computed property that forwards to another stored property is caught")
  func forwardingComputedProperty() throws {
    let injector = Injector()
    injector.register(NamedLogger("main"), as: (any Logger).self)
    let screen = Forwarded()
    let error = injectionError { try injector.inject(screen) }
    #expect(error.map(codes) == [.keyPathMismatch])
    #expect(error?.problems.first?.property == "injectedLogger")
    #expect(screen.injectedLogger == nil && screen.injectedOther == nil)
  }

  @Test("An entry through a computed property that forwards to another object is caught, whatever the other types")
  func forwardingToAnotherObject() throws {
    let injector = Injector()
    injector.register(Cache())
    for _ in 0..<2 {
      let screen = ForwardedElsewhere()
      #expect(injectionError { try injector.inject(screen) }.map(codes) == [.keyPathMismatch])
      #expect(screen.injectedCache == nil && screen.holder.cache == nil)
    }
  }

  @Test("An entry that still reads nil after the injector wrote through it fails: a sink, a forward to nothing, a liar")
  func entryThatLeavesItsPropertyNil() throws {
    let injector = Injector()
    injector.register(NamedLogger("main"), as: (any Logger).self)
    injector.register(Cache.self) { _ in Cache() }
    let instances = Injector()
    instances.register(Cache())
    for _ in 0..<2 {  // never proven: the second injection fails as the first did
      let sink = Sink()
      let error = injectionError { try injector.inject(sink) }
      #expect(error.map(codes) == [.keyPathMismatch])
      #expect(error?.problems.first?.property == "injectedLogger")
      #expect(error?.problems.first?.summary.contains("still reads nil after the injector wrote through it") == true)
      #expect(error?.problems.first?.fix.contains(#""injectedLogger": \Sink.injectedLogger"#) == true)
      #expect(sink.injectedLogger == nil && sink.injections == 0, "nothing called back")
      #expect(injectionError { try injector.inject(FinalSink()) }.map(codes) == [.keyPathMismatch])
      let forwarder = ForwardedToNothing()
      #expect(injectionError { try instances.inject(forwarder) }.map(codes) == [.keyPathMismatch])
      #expect(forwarder.injectedCache == nil)
      #expect(injectionError { try injector.inject(ForwardedToNothing()) } != nil, "a made value is not kept either")
      let liar = Liar()
      #expect(injectionError { try injector.inject(liar) }.map(codes) == [.keyPathMismatch])
      #expect(liar.injectedCache == nil && liar.elsewhere == nil, "the write elsewhere is undone")
    }
  }

  @Test("A value unequal to itself (NaN) in a right entry's property neither fails the injection nor the injector")
  func valueUnequalToItself() throws {
    let injector = Injector()
    injector.register(0.5, id: "A")
    injector.register(0.25, id: "B")
    let preset = Ratios()
    preset.injectedRatioA = .nan
    try injector.inject(preset)
    #expect(preset.injectedRatioA?.isNaN == true && preset.injectedRatioB == 0.25)
    let fresh = Ratios()
    try injector.inject(fresh)
    #expect(fresh.injectedRatioA == 0.5 && fresh.injectedRatioB == 0.25)
    injector.register(Double.nan, id: "B")
    let again = Ratios()
    try injector.inject(again)
    #expect(again.injectedRatioA == 0.5 && again.injectedRatioB?.isNaN == true)
  }

  @Test("An override whose getter answers a default for nil is refused, and the fix says why")
  func overrideWithADefault() throws {
    let injector = Injector()
    injector.register(NamedLogger("main"), as: (any Logger).self)
    let child = DefaultedChild()
    let error = injectionError { try injector.inject(child) }
    #expect(error.map(codes) == [.keyPathMismatch])
    #expect(error?.problems.first?.fix.contains("getter") == true)
    #expect(loggerName(child.injectedLogger) == "default")
    let base = Defaulted()
    try injector.inject(base)
    #expect(loggerName(base.injectedLogger) == "main")
  }

  @Test("Right tables of non-final classes still fill, from many threads, with observers run once per write")
  func rightTablesStillFill() throws {
    let injector = Injector()
    injector.register(NamedLogger("main"), as: (any Logger).self)
    injector.register(Cache.self) { _ in Cache() }
    injector.register(Database.self, scope: .singleton) { _ in Database(number: 7) }
    let failures = Locked2<[String]>([])
    runConcurrently(
      (0..<4).map { _ in
        {
          for index in 0..<250 {
            let screen: RightBase = index.isMultiple(of: 2) ? RightDerived() : RightBase()
            if index.isMultiple(of: 5) { screen.injectedCache = Cache() }
            do {
              try injector.inject(screen)
            } catch {
              failures.mutate { $0.append("\(error)") }
              continue
            }
            let database = (screen as? RightDerived)?.injectedDatabase?.number
            if loggerName(screen.injectedLogger) != "main" || screen.injectedCache == nil || screen.observed != 1
              || (screen is RightDerived && database != 7)
            {
              failures.mutate { $0.append("wrong fill of \(type(of: screen))") }
            }
          }
        }
      })
    #expect(failures.value.first == nil, "\(failures.value.count) wrong injections")
  }
}
