import Dispatch
import PropertyInjector
import Testing

/// Counts its releases, so a made value dropped on a failure shows whether it was released.
private final class Tracked: Sendable {
  let released: Counter
  init(_ released: Counter) { self.released = released }
  deinit { released.increment() }
}

/// Not settable, and not final: a factory of it may make a settable subclass.
private class Plain: @unchecked Sendable {}

private final class WiredPlain: Plain, InjectableSettable, @unchecked Sendable {
  var injectedLogger: (any Logger)?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedLogger": \WiredPlain.injectedLogger] }
}

/// A protocol whose existential is not class-bound: values held inline, moved by their witnesses.
private protocol Figure: Sendable {
  var name: String { get }
}

private struct Polygon: Figure {
  let name: String
  let sides: [Int]
}

/// Accessors written as `@Injectable`'s expansion writes them: `_$property` compiles, in this
/// module, the closures that tell a made value's type and move it into its property.
private final class Kennel: InjectableSettable, InjectableThroughAccessors {
  var injectedTracked: Tracked?
  var injectedAnimal: (any Animal)?
  var injectedPlain: Plain?
  var injectedFigure: (any Figure)?

  static var injectableAccessors: [InjectableAccessor] {
    [
      ._$complete(Kennel.self),
      ._$property(
        "injectedTracked", of: Kennel.self, as: Tracked.self, ownership: .strong,
        isNil: { $0.injectedTracked == nil }, write: { $0.injectedTracked = $1 }, clear: { $0.injectedTracked = nil },
        fill: {
          guard $0.injectedTracked == nil else { return false }
          $0.injectedTracked = $1
          return true
        }, typeOf: { Swift.type(of: $0) }),
      ._$property(
        "injectedAnimal", of: Kennel.self, as: (any Animal).self, ownership: .strong,
        isNil: { $0.injectedAnimal == nil }, write: { $0.injectedAnimal = $1 }, clear: { $0.injectedAnimal = nil },
        fill: {
          guard $0.injectedAnimal == nil else { return false }
          $0.injectedAnimal = $1
          return true
        }, typeOf: { Swift.type(of: $0) }),
      ._$property(
        "injectedPlain", of: Kennel.self, as: Plain.self, ownership: .strong,
        isNil: { $0.injectedPlain == nil }, write: { $0.injectedPlain = $1 }, clear: { $0.injectedPlain = nil },
        fill: {
          guard $0.injectedPlain == nil else { return false }
          $0.injectedPlain = $1
          return true
        }, typeOf: { Swift.type(of: $0) }),
      ._$property(
        "injectedFigure", of: Kennel.self, as: (any Figure).self, ownership: .strong,
        isNil: { $0.injectedFigure == nil }, write: { $0.injectedFigure = $1 }, clear: { $0.injectedFigure = nil },
        fill: {
          guard $0.injectedFigure == nil else { return false }
          $0.injectedFigure = $1
          return true
        }, typeOf: { Swift.type(of: $0) }),
    ]
  }
}

/// Keeps the resolver its factory received.
private final class Keeper: Sendable {
  let resolver: Resolver
  init(_ resolver: Resolver) { self.resolver = resolver }
}

private final class Lodge: InjectableSettable, InjectableThroughAccessors {
  var injectedKeeper: Keeper?

  static var injectableAccessors: [InjectableAccessor] {
    [
      ._$property(
        "injectedKeeper", of: Lodge.self, as: Keeper.self, ownership: .strong,
        isNil: { $0.injectedKeeper == nil }, write: { $0.injectedKeeper = $1 }, clear: { $0.injectedKeeper = nil },
        fill: {
          guard $0.injectedKeeper == nil else { return false }
          $0.injectedKeeper = $1
          return true
        }, typeOf: { Swift.type(of: $0) })
    ]
  }
}

/// A generic class, its accessor written as the expansion writes it: inside the class, where
/// `Value` is a type parameter, so `type(of:)` of a protocol-typed value is the protocol's.
private final class Crate<Value>: InjectableSettable, InjectableThroughAccessors {
  var injectedValue: Value?

  static var injectableAccessors: [InjectableAccessor] {
    [
      ._$property(
        "injectedValue", of: Crate.self, as: Value.self, ownership: .strong,
        isNil: { $0.injectedValue == nil }, write: { $0.injectedValue = $1 }, clear: { $0.injectedValue = nil },
        fill: {
          guard $0.injectedValue == nil else { return false }
          $0.injectedValue = $1
          return true
        }, typeOf: { Swift.type(of: $0) })
    ]
  }
}

/// An injector whose factories fill every property of a ``Kennel``; `released` counts the
/// `Tracked` values released.
private func kennelInjector(animals: @escaping @Sendable (Int) -> any Animal, released: Counter) -> Injector {
  let injector = Injector()
  let calls = Counter()
  injector.register(Tracked.self) { _ in Tracked(released) }
  injector.register((any Animal).self) { _ in animals(calls.increment()) }
  injector.register(Plain.self) { _ in WiredPlain() }
  injector.register((any Figure).self) { _ in Polygon(name: "square", sides: [1, 2, 3, 4]) }
  return injector
}

/// `@Injectable`'s factory path checks each made value's type with a closure compiled where the
/// property's type is known, and moves the value into its property the same way: these pin that
/// it still injects what must be injected, and drops nothing it must release.
@Suite("Factories through @Injectable's accessors")
struct GeneratedFactoryPathTests {
  @Test("Settable values a protocol-typed factory makes are injected, from many threads, whatever it made before")
  func protocolTypedResultsAreInjected() {
    let injector = kennelInjector(animals: { $0 % 3 == 0 ? Dog() as any Animal : Cat() }, released: Counter())
    let logger = ConsoleLogger()
    injector.register(logger, as: (any Logger).self)
    let dogs = Counter()
    let injectedDogs = Counter()
    let cats = Counter()
    DispatchQueue.concurrentPerform(iterations: 3_000) { _ in
      do {
        let kennel = Kennel()
        try injector.inject(kennel)
        switch kennel.injectedAnimal {
        case let dog as Dog:
          dogs.increment()
          if dog.injectedLogger === logger { injectedDogs.increment() }
        case is Cat: cats.increment()
        default: Issue.record("no animal written")
        }
      } catch {
        Issue.record(error)
      }
    }
    #expect(dogs.value == 1_000)
    #expect(injectedDogs.value == 1_000)
    #expect(cats.value == 2_000)
  }

  @Test("A settable subclass made by a factory of its plain base is injected; inline values arrive whole")
  func subclassResultsAreInjectedAndValuesArriveWhole() throws {
    let released = Counter()
    let injector = kennelInjector(animals: { _ in Cat() }, released: released)
    let logger = ConsoleLogger()
    injector.register(logger, as: (any Logger).self)
    let kennel = Kennel()
    try injector.inject(kennel)
    let wired = try #require(kennel.injectedPlain as? WiredPlain)
    #expect(wired.injectedLogger === logger)
    let figure = try #require(kennel.injectedFigure as? Polygon)
    #expect(figure.name == "square" && figure.sides == [1, 2, 3, 4])
    #expect(kennel.injectedTracked != nil)
    #expect(released.value == 0)
  }

  @Test("A resolver a factory keeps still resolves after the injection, and reports its injector's release")
  func keptResolverOutlivesTheInjection() throws {
    // The factory's resolver is lent without a retain of the injector's link: one it keeps
    // must hold the link itself (the address sanitizer's run would catch a use after free).
    weak var weakInjector: Injector?
    let lodge = Lodge()
    do {
      let injector = Injector()
      weakInjector = injector
      injector.register(Keeper.self) { Keeper($0) }
      injector.register(ConsoleLogger(), as: (any Logger).self)
      try injector.inject(lodge)
      #expect(try lodge.injectedKeeper?.resolver.resolve((any Logger).self) != nil)
    }
    #expect(weakInjector == nil)
    let keeper = try #require(lodge.injectedKeeper)
    #expect(injectionErrorCode { _ = try keeper.resolver.resolve((any Logger).self) } == .injectorReleased)
  }

  @Test("A generic class whose type parameter is a protocol gets its settable made values injected")
  func genericParameterOfProtocolType() throws {
    let injector = Injector()
    let logger = ConsoleLogger()
    injector.register(logger, as: (any Logger).self)
    injector.register((any Animal).self) { _ in Dog() }
    for _ in 0..<3 {
      let crate = Crate<any Animal>()
      try injector.inject(crate)
      let dog = try #require(crate.injectedValue as? Dog)
      #expect(dog.injectedLogger === logger)
    }
  }

  @Test("A made value whose own injection fails fails the injection: every value made is released, nothing written")
  func failedInjectionOfMadeValueReleasesEverything() throws {
    let released = Counter()
    // No logger registered: the WiredPlain made for `injectedPlain` cannot be injected.
    let injector = kennelInjector(animals: { _ in Dog() }, released: released)
    for round in 1...3 {
      let kennel = Kennel()
      let error = injectionError { try injector.inject(kennel) }
      #expect(error.map(codes) == [.unresolved])
      #expect(error?.description.contains("injectedLogger") == true)
      #expect(kennel.injectedTracked == nil && kennel.injectedAnimal == nil)
      #expect(kennel.injectedPlain == nil && kennel.injectedFigure == nil)
      #expect(released.value == round)
    }
  }
}
