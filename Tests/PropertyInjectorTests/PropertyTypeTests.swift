import PropertyInjector
import Testing

// Odd property types: functions, compositions, tuples, enums, nested optionals, existentials filled through
// includingAncestors, and weak and unowned candidates.

/// A value with a number, to tell registrations apart.
private final class TypedStore: Sendable {
  let number: Int
  init(_ number: Int) { self.number = number }
}

/// One half of a composition.
private protocol Flying: AnyObject, Sendable {}

/// The other half of a composition.
private protocol Swimming: AnyObject, Sendable {}

/// Conforms to both halves of the composition.
private final class Duck: Flying, Swimming {}

/// An enum with a payload.
private enum Mode: Sendable, Equatable {
  case fast(Int)
  case slow
}

/// An enum with a case named `none`: `.some(.none)` is a value, not nil.
private enum Presence: Sendable, Equatable {
  case none
  case one
}

/// Candidates of a function, a composition, a tuple and an enum with a payload.
private final class ExoticProperties: InjectableSettable {
  var injectedHandler: (@Sendable () -> Int)?
  var injectedBoth: (any Flying & Swimming)?
  var injectedPair: (Int, String)?
  var injectedMode: Mode?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedHandler": \ExoticProperties.injectedHandler, "injectedBoth": \ExoticProperties.injectedBoth,
      "injectedPair": \ExoticProperties.injectedPair, "injectedMode": \ExoticProperties.injectedMode,
    ]
  }
}

/// Candidates holding `.none` of an enum and `.some(nil)` of a double optional.
private final class NestedNoneHolder: InjectableSettable {
  var injectedPresence: Presence?
  var injectedDouble: Cache??
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedPresence": \NestedNoneHolder.injectedPresence, "injectedDouble": \NestedNoneHolder.injectedDouble]
  }
}

/// A composition candidate alone.
private final class CompositionHolder: InjectableSettable {
  var injectedBoth: (any Flying & Swimming)?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedBoth": \CompositionHolder.injectedBoth] }
}

/// An `(any Sendable)?` candidate.
private final class SendableHolder: InjectableSettable {
  var injectedThing: (any Sendable)?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedThing": \SendableHolder.injectedThing] }
}

/// A cache subclass that also conforms to a protocol.
private final class FlyingCache: ImageCache, Flying, @unchecked Sendable {}

/// Candidates an instance registered includingAncestors can be cast to.
private final class CastTargets: InjectableSettable {
  var injectedClassComposition: (any Cache & Flying)?
  var injectedObject: AnyObject?
  var injectedInts: (any Collection<Int>)?
  var injectedBase: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedClassComposition": \CastTargets.injectedClassComposition,
      "injectedObject": \CastTargets.injectedObject, "injectedInts": \CastTargets.injectedInts,
      "injectedBase": \CastTargets.injectedBase,
    ]
  }
}

/// A generic namespace.
private enum Namespace<Tag> {
  /// A class nested in a generic type.
  final class Inner: Sendable {}
}

/// Exotic candidates nothing fills, to read the messages of.
private final class UnfillableExotics<T>: InjectableSettable {
  var injectedHandler: (@Sendable (Int) throws -> String)?
  var injectedBoth: (any Flying & Swimming)?
  var injectedPair: (a: Int, b: String)?
  var injectedNested: Namespace<T>.Inner?
  var injectedAny: Any?
  var injectedMeta: TypedStore.Type?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedHandler": \UnfillableExotics<T>.injectedHandler, "injectedBoth": \UnfillableExotics<T>.injectedBoth,
      "injectedPair": \UnfillableExotics<T>.injectedPair, "injectedNested": \UnfillableExotics<T>.injectedNested,
      "injectedAny": \UnfillableExotics<T>.injectedAny, "injectedMeta": \UnfillableExotics<T>.injectedMeta,
    ]
  }
}

/// A weak candidate alone.
private final class WeakStoreHolder: InjectableSettable {
  weak var injectedStore: TypedStore?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedStore": \WeakStoreHolder.injectedStore] }
}

/// A weak candidate beside a strong one of the same type.
private final class WeakBesideStrong: InjectableSettable {
  var injectedStrong: TypedStore?
  weak var injectedWeak: TypedStore?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedStrong": \WeakBesideStrong.injectedStrong, "injectedWeak": \WeakBesideStrong.injectedWeak]
  }
}

/// A weak candidate whose value comes from a cached registration.
private final class WeakCachedHolder: InjectableSettable {
  weak var injectedStore: TypedStore?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedStore": \WeakCachedHolder.injectedStore] }
}

/// A weak Lazy candidate: nothing but the object would keep the handle.
private final class WeakLazyHolder: InjectableSettable {
  weak var injectedLazy: Lazy<TypedStore>?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedLazy": \WeakLazyHolder.injectedLazy] }
}

/// An unowned candidate.
private final class UnownedStoreHolder: InjectableSettable {
  unowned var injectedStore: TypedStore?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedStore": \UnownedStoreHolder.injectedStore] }
}

/// A value that cannot be copied: `Mirror` shows a property holding one as `()`.
private struct Token: ~Copyable {
  var number = 1
}

/// A noncopyable optional beside a candidate, and one with the prefix.
private final class WithNoncopyable: InjectableSettable {
  var injectedStore: TypedStore?
  var token: Token? = Token()
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedStore": \WithNoncopyable.injectedStore] }
}

/// A candidate of a noncopyable type, which no registration can fill.
private final class WithNoncopyableCandidate: InjectableSettable {
  var injectedToken: Token?
  static var injectableKeyPaths: [String: AnyKeyPath] { [:] }
}

@Suite("Odd property types")
struct PropertyTypeTests {
  @Test("A noncopyable property is left alone; a noncopyable candidate is an error that names it, not a crash")
  func noncopyableProperties() throws {
    let injector = Injector()
    let store = TypedStore(1)
    injector.register(store)
    let object = WithNoncopyable()
    try injector.inject(object)
    #expect(object.injectedStore === store && object.token?.number == 1)
    let error = try #require(injectionError { try injector.inject(WithNoncopyableCandidate()) })
    #expect(error.problems.map(\.location) == ["WithNoncopyableCandidate.injectedToken"], "\(error)")
    #expect(error.problems.first?.fix.contains("If its type is noncopyable (`~Copyable`)") == true, "\(error)")
  }

  @Test("Function, composition, tuple and enum-with-payload candidates are filled with what was registered")
  func exoticTypesAreFilled() throws {
    let injector = Injector()
    let handler: @Sendable () -> Int = { 7 }
    injector.register(handler, as: (@Sendable () -> Int).self)
    injector.register(Duck(), as: (any Flying & Swimming).self)
    injector.register((3, "three"), as: (Int, String).self)
    injector.register(Mode.fast(9))
    let object = ExoticProperties()
    try injector.inject(object)
    #expect(object.injectedHandler?() == 7)
    #expect(object.injectedBoth != nil)
    #expect(object.injectedPair?.0 == 3 && object.injectedPair?.1 == "three")
    #expect(object.injectedMode == .fast(9))
  }

  @Test("An enum candidate holding its `.none` case and a T?? holding .some(nil) hold values: left alone")
  func nestedNoneIsAValue() throws {
    let injector = Injector()
    injector.register(Presence.one)
    injector.register(Cache("new"))
    let object = NestedNoneHolder()
    object.injectedPresence = Presence.none
    object.injectedDouble = .some(nil)
    try injector.inject(object)
    #expect(object.injectedPresence == Presence.none)
    let double = try #require(object.injectedDouble, "the T?? holding .some(nil) was set to nil")
    #expect(double == nil, "the T?? holding .some(nil) was overwritten")
  }

  @Test("includingAncestors fills a protocol-composition candidate the instance can be cast to")
  func compositionThroughAncestors() throws {
    let injector = Injector()
    let value = Duck()
    injector.register(value, includingAncestors: true)
    let object = CompositionHolder()
    try injector.inject(object)
    #expect(object.injectedBoth === value)
  }

  @Test("includingAncestors fills an (any Sendable)? candidate")
  func sendableThroughAncestors() throws {
    let injector = Injector()
    let value = TypedStore(3)
    injector.register(value, includingAncestors: true)
    let holder = SendableHolder()
    try injector.inject(holder)
    #expect((holder.injectedThing as? TypedStore) === value)
  }

  @Test("includingAncestors fills a class-and-protocol composition, AnyObject, the superclass and `any Collection`")
  func castsThroughAncestors() throws {
    let injector = Injector()
    let cache = FlyingCache("tagged")
    injector.register(cache, includingAncestors: true)
    injector.register([1, 2, 3], includingAncestors: true)
    let object = CastTargets()
    try injector.inject(object)
    #expect(object.injectedClassComposition === cache)
    #expect(object.injectedObject === cache)
    #expect(object.injectedInts.map { Array($0) } == [1, 2, 3])
    #expect(object.injectedBase === cache)
  }

  @Test("Unresolved exotic candidates: each problem names the type and a fix; no runtime-private names leak")
  func exoticMessagesAreReadable() throws {
    let injector = Injector()
    injector.register(TypedStore(1), id: "handler")
    let error = try #require(injectionError { try injector.inject(UnfillableExotics<String>()) })
    #expect(error.problems.count == 6)
    for problem in error.problems {
      #expect(problem.typeName.contains("UnfillableExotics<String>"))
      #expect(!problem.fix.isEmpty)
    }
    #expect(!error.description.contains("unknown context"), "a private type's runtime name leaks into the message")
    #expect(!error.description.contains("$"), "a runtime address leaks into the message")
  }
}

@Suite("Weak and unowned candidates")
struct WeakCandidateTests {
  @Test("A weak candidate that only a .weak value nothing else holds could fill is notRetained, never left nil")
  func weakCandidateFromAnUnheldWeakValue() throws {
    let injector = Injector()
    injector.register(TypedStore.self, scope: .weak) { _ in TypedStore(1) }
    let object = WeakStoreHolder()
    let error = injectionError { try injector.inject(object) }
    #expect(error?.code == .notRetained)
    #expect(object.injectedStore == nil)
  }

  @Test("A weak candidate beside a strong one of the same .weak registration: one value fills both")
  func weakCandidateKeptByItsSibling() throws {
    let injector = Injector()
    injector.register(TypedStore.self, scope: .weak) { _ in TypedStore(1) }
    let object = WeakBesideStrong()
    try injector.inject(object)
    #expect(object.injectedStrong != nil)
    #expect(object.injectedWeak === object.injectedStrong)
  }

  @Test("A weak candidate filled from a cached registration holds it until reset, then reads nil")
  func weakCandidateFromACachedValue() throws {
    let injector = Injector()
    injector.register(TypedStore.self, scope: .cached) { _ in TypedStore(1) }
    let object = WeakCachedHolder()
    try injector.inject(object)
    #expect(object.injectedStore != nil)
    try injector.reset(TypedStore.self)
    #expect(object.injectedStore == nil)
  }

  @Test("A weak Lazy candidate (nothing keeps the handle) is notRetained, not left nil")
  func weakLazyIsRefused() throws {
    let injector = Injector()
    injector.register(TypedStore(1))
    let object = WeakLazyHolder()
    let error = injectionError { try injector.inject(object) }
    #expect(error?.code == .notRetained)
    #expect(object.injectedLazy == nil)
  }

  @Test("An unowned candidate that only a .weak value nothing else holds could fill is notRetained, never dangling")
  func unownedCandidateFromAnUnheldWeakValue() throws {
    let injector = Injector()
    injector.register(TypedStore.self, scope: .weak) { _ in TypedStore(1) }
    let object = UnownedStoreHolder()
    let error = injectionError { try injector.inject(object) }
    #expect(error?.code == .notRetained)
    #expect(object.injectedStore == nil)
  }
}
