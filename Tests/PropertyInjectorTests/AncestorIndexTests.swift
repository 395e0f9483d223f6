import PropertyInjector
import Testing

/// Values of many types, none of them a `Cache` or a `Logger`: what an index must skip, not answer.
private struct Unrelated: Sendable { let number: Int }
private final class UnrelatedObject: Sendable {}

private final class Holder: InjectableSettable {
  var injectedCache: Cache?
  var injectedLogger: (any Logger)?
  var injectedCount: Int?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedCache": \Holder.injectedCache, "injectedLogger": \Holder.injectedLogger,
      "injectedCount": \Holder.injectedCount,
    ]
  }
}

private final class IDHolder: InjectableSettable {
  var injectedFirstCache: Cache?
  var injectedOtherCache: Cache?
  var injectedPlain: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedFirstCache": \IDHolder.injectedFirstCache, "injectedOtherCache": \IDHolder.injectedOtherCache,
      "injectedPlain": \IDHolder.injectedPlain,
    ]
  }
}

@Suite("Type registrations, indexed by the type asked for and by id")
struct AncestorIndexTests {
  /// An injector with `count` `includingAncestors` registrations that fit none of `Holder`'s properties.
  private func crowded(_ count: Int) -> Injector {
    let injector = Injector()
    for index in 0..<count {
      if index.isMultiple(of: 2) {
        injector.register(Unrelated(number: index), includingAncestors: true, id: "unrelated\(index)")
      } else {
        injector.register(UnrelatedObject(), includingAncestors: true, id: "object\(index)")
      }
    }
    return injector
  }

  @Test("Among 2,000 that do not fit, the one whose instance is the property's type fills it")
  func theFittingOneAnswers() throws {
    let injector = crowded(2_000)
    let image = ImageCache()
    injector.register(image, includingAncestors: true)
    injector.register(ConsoleLogger(), includingAncestors: true)
    injector.register(7)
    let holder = Holder()
    try injector.inject(holder)
    #expect(holder.injectedCache === image, "a subclass instance fills its superclass's property")
    #expect(holder.injectedLogger is ConsoleLogger, "a class fills a protocol it conforms to")
    #expect(holder.injectedCount == 7, "an exact registration is still found")
  }

  @Test("The index keeps precedence: of two fitting ones the later wins, and an exact type beats both")
  func precedenceHolds() throws {
    let injector = crowded(500)
    let first = ImageCache()
    let second = ImageCache()
    injector.register(first, includingAncestors: true)
    injector.register(second, includingAncestors: true)
    let later = Holder()
    injector.register(7)
    injector.register(ConsoleLogger(), as: (any Logger).self)
    try injector.inject(later)
    #expect(later.injectedCache === second)
    let exact = Cache()
    injector.register(exact)
    let again = Holder()
    try injector.inject(again)
    #expect(again.injectedCache === exact)
  }

  @Test("A registration made after the index was built is seen: each change indexes anew")
  func laterRegistrationsAreSeen() throws {
    let injector = crowded(100)
    injector.register(7)
    injector.register(ConsoleLogger(), as: (any Logger).self)
    #expect(throws: InjectionError.self) { try injector.inject(Holder()) }
    let image = ImageCache()
    injector.register(image, includingAncestors: true)
    let holder = Holder()
    try injector.inject(holder)
    #expect(holder.injectedCache === image)
    #expect(injector.unregister(ImageCache.self))
    #expect(throws: InjectionError.self) { try injector.inject(Holder()) }
  }

  @Test("Registrations of one instance type are answered together, and removing one leaves the other")
  func oneGroupPerInstanceType() throws {
    let injector = crowded(300)
    let first = ImageCache()
    let second = ImageCache()
    injector.register(first, includingAncestors: true, id: "cache")
    injector.register(second, includingAncestors: true, for: Holder.self)
    injector.register(7)
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let both = Holder()
    try injector.inject(both)
    #expect(both.injectedCache === first, "the longer id wins over the target")
    #expect(injector.unregister(ImageCache.self, id: "cache"))
    let one = Holder()
    try injector.inject(one)
    #expect(one.injectedCache === second)
    #expect(injector.explain(Holder()).entries.first { $0.property == "injectedCache" }?.status == .filled)
  }

  @Test("A child sees its parent's ancestor registrations through the parent's index, from many threads")
  func childrenShareTheParentsIndex() throws {
    let parent = crowded(1_000)
    let image = ImageCache()
    parent.register(image, includingAncestors: true)
    parent.register(ConsoleLogger(), includingAncestors: true)
    parent.register(7)
    let filled = Counter()
    runConcurrently(
      Array(
        repeating: {
          for _ in 0..<20 {
            let holder = Holder()
            try? Injector(parent: parent).inject(holder)
            if holder.injectedCache === image { filled.increment() }
          }
        }, count: 8))
    #expect(filled.value == 160)
  }

  @Test("An auto-created type is not created while an ancestor registration's instance fits it")
  func ancestorRegistrationBlocksCreation() throws {
    let injector = crowded(200)
    let assistant = try Injector().resolve(Assistant.self)
    injector.register(assistant, as: (any Sendable).self, includingAncestors: true, id: "elsewhere")
    #expect(throws: InjectionError.self) { try injector.resolve(Assistant.self) }
  }

  @Test("Among 2,000 registrations of a type with ids no name ends with, the longest id that ends a name wins")
  func idsAreFoundBySuffix() throws {
    let injector = Injector()
    for index in 0..<2_000 { injector.register(Cache(), id: "unmatched\(index)") }
    let short = Cache()
    let long = ImageCache()
    let plain = Cache()
    injector.register(short, id: "cache")
    injector.register(long, includingAncestors: true, id: "FIRSTCACHE")
    injector.register(plain)
    let holder = IDHolder()
    try injector.inject(holder)
    #expect(holder.injectedFirstCache === long, "the longer id, matched ignoring case, by an ancestor registration")
    #expect(holder.injectedOtherCache === short, "an id that ends the name beats no id")
    #expect(holder.injectedPlain === plain, "no id ends it: the registration without one")
    #expect(injector.explain(IDHolder()).entries.allSatisfy { $0.status == .filled })
  }
}
