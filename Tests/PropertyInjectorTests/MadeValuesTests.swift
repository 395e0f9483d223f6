import Dispatch
import PropertyInjector
import Testing

/// A value that counts how many of its kind are alive: a value made and then dropped unwritten
/// must be released, not leaked.
private final class Tracked: Sendable {
  static let alive = Counter()
  static let released = Counter()
  let tag: Int

  init(_ tag: Int) {
    self.tag = tag
    Self.alive.increment()
  }

  deinit { Self.released.increment() }
}

/// A protocol whose existential is not class-bound: three words of inline buffer and two
/// pointers, the largest layout a made value can have without a box.
private protocol Shape: Sendable {
  var sides: Int { get }
}

private struct Square: Shape {
  let sides = 4
  let name: String
}

/// A struct that holds references, so that a copy left behind, or one destroyed twice, shows.
private struct Settings: Sendable, Equatable {
  var title: String
  var limits: [Int]
}

/// Properties of every layout (one byte, eight, an existential of five words, a struct of
/// references, a class), filled by accessors that know how they hold their values, as
/// `@Injectable`'s do: each is made by its factory into one buffer, then written.
private final class Mixed: InjectableSettable, InjectableThroughAccessors {
  var injectedFlag: Bool?
  var injectedShape: (any Shape)?
  var injectedByte: UInt8?
  var injectedSettings: Settings?
  var injectedCount: Int?
  var injectedTracked: Tracked?
  var injectedLast: Tracked?

  static var injectableKeyPaths: [String: AnyKeyPath] { [:] }

  static var injectableAccessors: [InjectableAccessor] {
    [
      InjectableAccessor(
        "injectedFlag", of: Mixed.self, as: Bool.self,
        isNil: { $0.injectedFlag == nil }, write: { $0.injectedFlag = $1 }, clear: { $0.injectedFlag = nil }),
      InjectableAccessor(
        "injectedShape", of: Mixed.self, as: (any Shape).self,
        isNil: { $0.injectedShape == nil }, write: { $0.injectedShape = $1 }, clear: { $0.injectedShape = nil }),
      InjectableAccessor(
        "injectedByte", of: Mixed.self, as: UInt8.self,
        isNil: { $0.injectedByte == nil }, write: { $0.injectedByte = $1 }, clear: { $0.injectedByte = nil }),
      InjectableAccessor(
        "injectedSettings", of: Mixed.self, as: Settings.self,
        isNil: { $0.injectedSettings == nil }, write: { $0.injectedSettings = $1 },
        clear: { $0.injectedSettings = nil }),
      InjectableAccessor(
        "injectedCount", of: Mixed.self, as: Int.self,
        isNil: { $0.injectedCount == nil }, write: { $0.injectedCount = $1 }, clear: { $0.injectedCount = nil }),
      InjectableAccessor(
        "injectedTracked", of: Mixed.self, as: Tracked.self,
        isNil: { $0.injectedTracked == nil }, write: { $0.injectedTracked = $1 },
        clear: { $0.injectedTracked = nil }),
      InjectableAccessor(
        "injectedLast", of: Mixed.self, as: Tracked.self,
        isNil: { $0.injectedLast == nil }, write: { $0.injectedLast = $1 }, clear: { $0.injectedLast = nil }),
    ]
  }
}

/// A base class with a hand-written key-path table, whose factory-made values are checked after
/// writing (a key path cannot tell a `weak` property), and a subclass whose typed accessors know
/// how their properties hold values, which are not checked: both kinds in one injection.
private class WeakBase: InjectableSettable {
  weak var injectedLost: Tracked?
  var injectedSettings: Settings?

  class var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedLost": \WeakBase.injectedLost, "injectedSettings": \WeakBase.injectedSettings]
  }
}

private final class TypedOnWeakBase: WeakBase, InjectableThroughAccessors {
  var injectedTracked: Tracked?

  static var injectableAccessors: [InjectableAccessor] {
    [
      InjectableAccessor(
        "injectedTracked", of: TypedOnWeakBase.self, as: Tracked.self,
        isNil: { $0.injectedTracked == nil }, write: { $0.injectedTracked = $1 },
        clear: { $0.injectedTracked = nil })
    ]
  }
}

/// An injection makes every value first, each into its place in one buffer, and writes them only
/// when all are made: these pin the places, and that nothing made is leaked or written twice.
@Suite("Values made before writing", .serialized)
struct MadeValuesTests {
  private func registerMixed(in injector: Injector, last: @escaping @Sendable () throws -> Tracked) {
    injector.register(Bool.self) { _ in true }
    injector.register((any Shape).self) { _ in Square(name: "square") }
    injector.register(UInt8.self) { _ in 7 }
    injector.register(Settings.self) { _ in Settings(title: "made", limits: [1, 2, 3]) }
    injector.register(Int.self) { _ in 42 }
    injector.register(Tracked.self) { _ in Tracked(1) }
    injector.register(Tracked.self, id: "Last") { _ in try last() }
  }

  @Test("Values of every layout, made side by side, each reach their own property")
  func everyLayout() throws {
    let injector = Injector()
    registerMixed(in: injector) { Tracked(2) }
    for _ in 0..<3 {
      let mixed = Mixed()
      try injector.inject(mixed)
      #expect(mixed.injectedFlag == true)
      #expect(mixed.injectedShape?.sides == 4)
      #expect((mixed.injectedShape as? Square)?.name == "square")
      #expect(mixed.injectedByte == 7)
      #expect(mixed.injectedSettings == Settings(title: "made", limits: [1, 2, 3]))
      #expect(mixed.injectedCount == 42)
      #expect(mixed.injectedTracked?.tag == 1)
      #expect(mixed.injectedLast?.tag == 2)
    }
  }

  @Test("A factory that fails after others made their values releases them, and writes nothing")
  func failureReleasesMadeValues() throws {
    struct Refused: Error {}
    let injector = Injector()
    registerMixed(in: injector) { throw Refused() }
    let releasedBefore = Tracked.released.value
    let aliveBefore = Tracked.alive.value
    let mixed = Mixed()
    mixed.injectedCount = 5
    #expect(throws: InjectionError.self) { try injector.inject(mixed) }
    // The `Tracked` made for `injectedTracked` was made, then dropped when `injectedLast` failed.
    #expect(Tracked.alive.value == aliveBefore + 1)
    #expect(Tracked.released.value == releasedBefore + 1)
    #expect(mixed.injectedFlag == nil && mixed.injectedShape == nil && mixed.injectedByte == nil)
    #expect(mixed.injectedSettings == nil && mixed.injectedTracked == nil && mixed.injectedLast == nil)
    #expect(mixed.injectedCount == 5)
  }

  @Test("A property that already holds a value gets none made, and the others are still written")
  func heldValuesMakeNothing() throws {
    let injector = Injector()
    let made = Counter()
    registerMixed(in: injector) {
      made.increment()
      return Tracked(3)
    }
    let mixed = Mixed()
    let kept = Tracked(9)
    mixed.injectedLast = kept
    mixed.injectedByte = 1
    try injector.inject(mixed)
    #expect(made.value == 0)
    #expect(mixed.injectedLast === kept)
    #expect(mixed.injectedByte == 1)
    #expect(mixed.injectedSettings?.title == "made")
    #expect(mixed.injectedTracked?.tag == 1)
  }

  @Test("A weak property that does not keep its value releases every value made, and writes nothing")
  func notKeptReleasesMadeValues() throws {
    let injector = Injector()
    injector.register(Tracked.self) { _ in Tracked(4) }
    injector.register(Settings.self) { _ in Settings(title: "made", limits: [4]) }
    let releasedBefore = Tracked.released.value
    let aliveBefore = Tracked.alive.value
    let object = TypedOnWeakBase()
    let error = try #require(throws: InjectionError.self) { try injector.inject(object) }
    #expect(error.code == .notRetained)
    // Two made: one for the typed `injectedTracked`, one for the weak `injectedLost`; both released.
    #expect(Tracked.alive.value == aliveBefore + 2)
    #expect(Tracked.released.value == releasedBefore + 2)
    #expect(object.injectedTracked == nil && object.injectedLost == nil && object.injectedSettings == nil)
  }

  @Test("Many threads, one injection in three failing midway: each object whole or untouched, nothing leaked")
  func manyThreadsWholeOrUntouched() {
    struct Refused: Error {}
    let injector = Injector()
    let calls = Counter()
    registerMixed(in: injector) {
      guard calls.increment() % 3 != 0 else { throw Refused() }
      return Tracked(2)
    }
    let aliveBefore = Tracked.alive.value
    let releasedBefore = Tracked.released.value
    let whole = Counter()
    let untouched = Counter()
    DispatchQueue.concurrentPerform(iterations: 3_000) { _ in
      let mixed = Mixed()
      do {
        try injector.inject(mixed)
        let filled =
          mixed.injectedFlag == true && mixed.injectedShape?.sides == 4 && mixed.injectedByte == 7
          && mixed.injectedSettings?.limits == [1, 2, 3] && mixed.injectedCount == 42
          && mixed.injectedTracked?.tag == 1 && mixed.injectedLast?.tag == 2
        if filled { whole.increment() }
      } catch {
        let empty =
          mixed.injectedFlag == nil && mixed.injectedShape == nil && mixed.injectedByte == nil
          && mixed.injectedSettings == nil && mixed.injectedCount == nil && mixed.injectedTracked == nil
          && mixed.injectedLast == nil
        if empty { untouched.increment() }
      }
    }
    #expect(untouched.value == 1_000)
    #expect(whole.value == 2_000)
    // Every `Tracked` made (two per whole object, one per failed one) has been released with it.
    #expect(Tracked.alive.value - aliveBefore == 5_000)
    #expect(Tracked.released.value - releasedBefore == 5_000)
  }
}
