import PropertyInjector
import Testing

/// Typed accessors written by hand (what `@Injectable` writes), with a filler that records how
/// it is called: the fast path, tested without the macro.
private final class FilledScreen: InjectableSettable, InjectableThroughAccessors {
  var injectedLogger: (any Logger)?
  var injectedCache: Cache?
  /// What the filler's `fill` and the accessors' own `fill`s were called for.
  var calls: [String] = []
  /// Whether the filler refuses every value, as a filler whose values do not fit would.
  nonisolated(unsafe) static var fillerRefuses = false

  struct Values {
    var injectedLogger: (any Logger)?
    var injectedCache: Cache?
  }

  static var injectableKeyPaths: [String: AnyKeyPath] { [:] }

  static var injectableAccessors: [InjectableAccessor] {
    let filler = InjectableFiller(
      of: FilledScreen.self, values: Values(),
      set: { values, name, value in
        guard !fillerRefuses else { return false }
        switch name {
        case "injectedLogger":
          guard let value = value as? any Logger else { return false }
          values.injectedLogger = value
        case "injectedCache":
          guard let value = value as? Cache else { return false }
          values.injectedCache = value
        default:
          return false
        }
        return true
      },
      fill: { object, values in
        object.calls.append("filler")
        var wrote = false
        if let value = values.injectedLogger, object.injectedLogger == nil {
          object.injectedLogger = value
          wrote = true
        }
        if let value = values.injectedCache, object.injectedCache == nil {
          object.injectedCache = value
          wrote = true
        }
        return wrote
      })
    return [
      InjectableAccessor(
        "injectedLogger", of: FilledScreen.self, as: (any Logger).self,
        isNil: { $0.injectedLogger == nil }, write: { $0.injectedLogger = $1 }, clear: { $0.injectedLogger = nil },
        fill: {
          $0.calls.append("injectedLogger")
          guard $0.injectedLogger == nil else { return false }
          $0.injectedLogger = $1
          return true
        }, filler: filler),
      InjectableAccessor(
        "injectedCache", of: FilledScreen.self, as: Cache.self,
        isNil: { $0.injectedCache == nil }, write: { $0.injectedCache = $1 }, clear: { $0.injectedCache = nil },
        fill: {
          $0.calls.append("injectedCache")
          guard $0.injectedCache == nil else { return false }
          $0.injectedCache = $1
          return true
        }, filler: filler),
    ]
  }
}

/// A superclass with a hand-written key-path table: what it makes is checked after writing,
/// so an injection of a subclass may roll back, and its registered instances are written one by one.
private class KeyPathBase: InjectableSettable {
  weak var injectedDelegate: Delegate?
  class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedDelegate": \KeyPathBase.injectedDelegate] }
}

private final class TypedLeaf: KeyPathBase, InjectableThroughAccessors {
  var injectedCache: Cache?
  var writes = 0

  struct Values { var injectedCache: Cache? }

  static var injectableAccessors: [InjectableAccessor] {
    let filler = InjectableFiller(
      of: TypedLeaf.self, values: Values(),
      set: { values, _, value in
        values.injectedCache = value as? Cache
        return values.injectedCache != nil
      },
      fill: { object, values in
        guard let value = values.injectedCache, object.injectedCache == nil else { return false }
        object.writes += 1
        object.injectedCache = value
        return true
      })
    return [
      InjectableAccessor(
        "injectedCache", of: TypedLeaf.self, as: Cache.self,
        isNil: { $0.injectedCache == nil },
        write: {
          $0.writes += 1
          $0.injectedCache = $1
        },
        clear: { $0.injectedCache = nil }, filler: filler)
    ]
  }
}

/// A hand-written list that says it names every stored property, and misses one.
private final class ClaimsComplete: InjectableSettable, InjectableThroughAccessors {
  var injectedLogger: (any Logger)?
  var injectedCache: Cache?
  var title = "Feed"

  static var injectableKeyPaths: [String: AnyKeyPath] { [:] }
  static var injectableAccessors: [InjectableAccessor] {
    [
      .complete(ClaimsComplete.self),
      .fixed("title", of: ClaimsComplete.self, type: String.self),
      InjectableAccessor(
        "injectedLogger", of: ClaimsComplete.self, as: (any Logger).self,
        isNil: { $0.injectedLogger == nil }, write: { $0.injectedLogger = $1 }, clear: { $0.injectedLogger = nil }),
    ]
  }
}

/// A complete list in another order than the declarations, a lazy `var` among them: the
/// check that its `Mirror` labels are all described must not depend on the order.
private final class ShuffledComplete: InjectableSettable, InjectableThroughAccessors {
  var count = 0
  var injectedLogger: (any Logger)?
  lazy var formatter = "x"
  var title = "Feed"
  var injectedCache: Cache?

  static var injectableKeyPaths: [String: AnyKeyPath] { [:] }
  static var injectableAccessors: [InjectableAccessor] {
    [
      .complete(ShuffledComplete.self),
      InjectableAccessor(
        "injectedCache", of: ShuffledComplete.self, as: Cache.self,
        isNil: { $0.injectedCache == nil }, write: { $0.injectedCache = $1 }, clear: { $0.injectedCache = nil }),
      .fixed("title", of: ShuffledComplete.self, type: String.self),
      .fixed("formatter", of: ShuffledComplete.self, type: String.self, isLazy: true),
      InjectableAccessor(
        "injectedLogger", of: ShuffledComplete.self, as: (any Logger).self,
        isNil: { $0.injectedLogger == nil }, write: { $0.injectedLogger = $1 }, clear: { $0.injectedLogger = nil }),
      .fixed("count", of: ShuffledComplete.self, type: Int.self),
    ]
  }
}

/// The same shuffled list, missing the last declared property, after a lazy `var`'s storage.
private final class ShuffledMissingLast: InjectableSettable, InjectableThroughAccessors {
  var count = 0
  lazy var formatter = "x"
  var injectedLogger: (any Logger)?
  var injectedCache: Cache?

  static var injectableKeyPaths: [String: AnyKeyPath] { [:] }
  static var injectableAccessors: [InjectableAccessor] {
    [
      .complete(ShuffledMissingLast.self),
      InjectableAccessor(
        "injectedLogger", of: ShuffledMissingLast.self, as: (any Logger).self,
        isNil: { $0.injectedLogger == nil }, write: { $0.injectedLogger = $1 }, clear: { $0.injectedLogger = nil }),
      .fixed("formatter", of: ShuffledMissingLast.self, type: String.self, isLazy: true),
      .fixed("count", of: ShuffledMissingLast.self, type: Int.self),
    ]
  }
}

@Suite("Typed accessors and fillers", .serialized)
struct TypedAccessorTests {
  init() { FilledScreen.fillerRefuses = false }

  @Test("A class's registered instances are written by its filler, in one call")
  func fillerWritesEveryInstanceInOneCall() throws {
    let injector = Injector()
    let logger = ConsoleLogger()
    let cache = Cache()
    injector.register(logger, as: (any Logger).self)
    injector.register(cache)
    for _ in 0..<2 {
      let screen = FilledScreen()
      try injector.inject(screen)
      #expect(screen.injectedLogger === logger)
      #expect(screen.injectedCache === cache)
      #expect(screen.calls == ["filler"])
    }
  }

  @Test("An instance the filler binds is replaced at once, through a child and a grandchild, from many threads")
  func boundInstancesFollowReplacements() throws {
    let root = Injector()
    root.register(Cache())
    let descendants = [Injector(parent: root)]
    let all = descendants + [Injector(parent: descendants[0])]
    let published = Locked2<Int>(0)
    let loggers = Locked2<[ObjectIdentifier: Int]>([:])
    let stale = Locked2<[String]>([])
    let done = Locked2(false)
    @Sendable func register(_ number: Int) {
      let logger = ConsoleLogger()
      loggers.mutate { $0[ObjectIdentifier(logger)] = number }
      root.register(logger, as: (any Logger).self)
      published.mutate { $0 = number }
    }
    register(0)
    let injecting: [@Sendable () -> Void] = (all + all).map { injector in
      {
        while !done.value {
          let before = published.value
          let screen = FilledScreen()
          do { try injector.inject(screen) } catch { return stale.mutate { $0.append("\(error)") } }
          let seen = screen.injectedLogger.flatMap { logger in loggers.value[ObjectIdentifier(logger)] } ?? -1
          if seen < before { stale.mutate { $0.append("saw logger \(seen) after \(before) was registered") } }
          if screen.calls != ["filler"] { stale.mutate { $0.append("written by \(screen.calls)") } }
        }
      }
    }
    runConcurrently(
      injecting + [
        {
          for number in 1...300 { register(number) }
          done.mutate { $0 = true }
        }
      ])
    #expect(stale.value.first == nil, "\(stale.value.count) injections saw an old logger or no filler")
    let last = FilledScreen()
    try all[1].inject(last)
    #expect(last.injectedLogger.flatMap { loggers.value[ObjectIdentifier($0)] } == 300)
  }

  @Test("The filler writes only nil properties")
  func fillerWritesOnlyNil() throws {
    let injector = Injector()
    let cache = Cache()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    injector.register(cache)
    let own = DiskLogger()
    let screen = FilledScreen()
    screen.injectedLogger = own
    try injector.inject(screen)
    #expect(screen.injectedLogger === own)
    #expect(screen.injectedCache === cache)
    let again = injector.explain(screen)
    #expect(again.entries.allSatisfy { $0.status == .alreadySet })
  }

  @Test("When the filler refuses a value, each property is written by its own accessor")
  func refusedValuesAreWrittenOneByOne() throws {
    FilledScreen.fillerRefuses = true
    defer { FilledScreen.fillerRefuses = false }
    let injector = Injector()
    let logger = ConsoleLogger()
    let cache = Cache()
    injector.register(logger, as: (any Logger).self)
    injector.register(cache)
    let screen = FilledScreen()
    try injector.inject(screen)
    #expect(screen.injectedLogger === logger)
    #expect(screen.injectedCache === cache)
    #expect(Set(screen.calls) == ["injectedLogger", "injectedCache"])
  }

  @Test("A weak property that does not keep its value fails the injection before anything else is written")
  func unkeptValueFailsBeforeOtherWrites() throws {
    let injector = Injector()
    let cache = Cache()
    injector.register(cache)
    injector.register(Delegate.self) { _ in Delegate() }
    let leaf = TypedLeaf()
    #expect(throws: InjectionError.self) { try injector.inject(leaf) }
    #expect(leaf.injectedCache == nil, "the weak property lost its value: nothing else is written")
    #expect(leaf.writes == 0, "no setter, and so no observer, ran for the other properties")

    let kept = Delegate()
    injector.register(kept)
    let other = TypedLeaf()
    try injector.inject(other)
    #expect(other.injectedCache === cache)
    #expect(other.injectedDelegate === kept)
  }

  @Test("A list that says it is complete but misses a candidate is an error in every build configuration, naming it")
  func incompleteListIsAnError() {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    injector.register(Cache())
    let screen = ClaimsComplete()
    let error = injectionError { try injector.inject(screen) }
    #expect(error.map(codes) == [.missingFromTable])
    #expect(error?.problems.first?.property == "injectedCache")
    #expect(error?.problems.first?.fix.contains(".complete(ClaimsComplete.self)") == true)
    #expect(screen.injectedLogger == nil, "nothing is written")
    #expect(throws: InjectionError.self) { try injector.validate(ClaimsComplete()) }
  }

  @Test("A complete list in any order, a lazy var among it, is whole: 1,000 objects injected, nothing reported")
  func shuffledCompleteListIsWhole() throws {
    let injector = Injector()
    let logger = ConsoleLogger()
    let cache = Cache()
    injector.register(logger, as: (any Logger).self)
    injector.register(cache)
    for _ in 0..<1_000 {
      let screen = ShuffledComplete()
      try injector.inject(screen)
      #expect(screen.injectedLogger === logger)
      #expect(screen.injectedCache === cache)
    }
    try injector.validate(ShuffledComplete())
  }

  @Test("A shuffled complete list missing the last declared property, after a lazy var, is an error naming it")
  func shuffledListMissingTheLastIsAnError() {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    injector.register(Cache())
    let screen = ShuffledMissingLast()
    let error = injectionError { try injector.inject(screen) }
    #expect(error.map(codes) == [.missingFromTable])
    #expect(error?.problems.first?.property == "injectedCache")
    #expect(screen.injectedLogger == nil, "nothing is written")
  }
}
