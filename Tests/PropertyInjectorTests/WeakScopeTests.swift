import Dispatch
import PropertyInjector
import Testing

private final class ImageStore: Sendable {
  let number: Int
  init(number: Int) { self.number = number }
}

private protocol Store: Sendable {}
extension ImageStore: Store {}
private struct ValueStore: Store {}

private final class Gallery: InjectableSettable {
  var injectedStore: ImageStore?
  var injectedOtherStore: ImageStore?
  var injectedNumber: Int?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedStore": \Gallery.injectedStore, "injectedOtherStore": \Gallery.injectedOtherStore,
      "injectedNumber": \Gallery.injectedNumber,
    ]
  }
}

/// Not `Sendable`: registered `unchecked:`.
private final class Thumbnails {}

@MainActor private final class GalleryModel {}

private func stores(_ injector: Injector, counter: Counter) {
  injector.register(ImageStore.self, scope: .weak) { _ in ImageStore(number: counter.increment()) }
}

private final class Tally: InjectableSettable {
  var injectedCount: Int?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCount": \Tally.injectedCount] }
}

@Suite("Weak scope")
struct WeakScopeTests {
  @Test("A weak value is shared while something outside the injector holds it")
  func sharedWhileHeld() throws {
    let injector = Injector()
    let made = Counter()
    stores(injector, counter: made)
    injector.register(7, as: Int.self)
    let gallery = Gallery()
    try injector.inject(gallery)
    #expect(gallery.injectedStore === gallery.injectedOtherStore)
    #expect(try injector.resolve(ImageStore.self) === gallery.injectedStore)
    #expect(made.value == 1)
  }

  @Test("Once the last holder released it, the next request makes a new one, never handing out the released one")
  func madeAnewAfterRelease() throws {
    let injector = Injector()
    let made = Counter()
    stores(injector, counter: made)
    weak var released: ImageStore?
    do {
      let held = try injector.resolve(ImageStore.self)
      released = held
      #expect(held.number == 1)
    }
    #expect(released == nil)
    let next = try injector.resolve(ImageStore.self)
    #expect(next.number == 2)
    #expect(made.value == 2)
  }

  @Test("Sixteen threads racing on the first creation get one and the same value")
  func oneIdentityUnderContention() {
    let injector = Injector()
    let made = Counter()
    injector.register(ImageStore.self, scope: .weak) { _ in
      _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 0.05)  // slow: the other threads arrive meanwhile
      return ImageStore(number: made.increment())
    }
    let held = Locked2<[ImageStore]>([])
    runConcurrently(
      (0..<16).map { _ in
        {
          if let store = try? injector.resolve(ImageStore.self) { held.mutate { $0.append(store) } }
        }
      })
    #expect(held.value.count == 16)
    #expect(Set(held.value.map(ObjectIdentifier.init)).count == 1)
    #expect(made.value == 1)
  }

  @Test("Threads resolving while holders come and go always get a live value")
  func releasesRacingResolves() {
    let injector = Injector()
    stores(injector, counter: Counter())
    let wrong = Counter()
    runConcurrently(
      (0..<8).map { _ in
        {
          for _ in 0..<2000 {
            guard let store = try? injector.resolve(ImageStore.self) else {
              wrong.increment()
              continue
            }
            if store.number <= 0 { wrong.increment() }
          }
        }
      })
    #expect(wrong.value == 0)
  }

  @Test("A weak registration of a type that is not a class is a registration problem that validate sees")
  func nonClassIsRejected() throws {
    let injector = Injector()
    injector.register(Int.self, scope: .weak) { _ in 1 }
    stores(injector, counter: Counter())
    let gallery = Gallery()
    for error in [injectionError { try injector.inject(gallery) }, injectionError { try injector.validate(gallery) }] {
      let problem = try #require(error?.problems.first)
      #expect(problem.code == .weakNotClass)
      #expect(problem.summary.hasPrefix("Int was registered with scope: .weak, but Int is not a class"))
      #expect(problem.fix.contains("scope: .cached"))
    }
    #expect(!injector.explain(gallery).wouldSucceed)
    #expect(gallery.injectedStore == nil && gallery.injectedOtherStore == nil)
    // Fixed as it says: registered again, the problem is replaced.
    injector.register(Int.self, scope: .cached) { _ in 1 }
    try injector.inject(gallery)
  }

  @Test("validate's unresolved candidate of a refused registration's type names it as a near miss, not as missing")
  func refusedRegistrationIsANearMiss() throws {
    let injector = Injector()
    injector.register(Int.self, scope: .weak) { _ in 1 }
    let error = try #require(injectionError { try injector.validate(Tally()) })
    #expect(error.problems.map(\.code) == [.weakNotClass, .unresolved])
    let unresolved = error.problems[1]
    #expect(unresolved.nearMisses == ["an Int was registered and refused (weakNotClass): its own problem says why."])
    #expect(unresolved.fix.hasPrefix("Change one of the registrations above so it is eligible"))
  }

  @Test("A protocol-typed weak registration whose factory makes a value, not an object, fails that request")
  func protocolTypedValueIsRejected() {
    let injector = Injector()
    injector.register((any Store).self, scope: .weak) { _ in ValueStore() }
    #expect {
      try injector.resolve((any Store).self)
    } throws: { error in
      let problem = (error as? InjectionError)?.problems.first
      return problem?.code == .weakNotClass && problem?.fix.contains("scope: .cached") == true
    }
  }

  @Test("A protocol-typed weak registration of a class is shared")
  func protocolTypedClass() throws {
    let injector = Injector()
    injector.register((any Store).self, scope: .weak) { _ in ImageStore(number: 1) }
    let first = try injector.resolve((any Store).self)
    #expect(try injector.resolve((any Store).self) as AnyObject === first as AnyObject)
  }

  @Test("A failed creation keeps nothing: the next request tries again")
  func failedCreationKeepsNothing() throws {
    let injector = Injector()
    let attempts = Counter()
    injector.register(ImageStore.self, scope: .weak) { _ in
      if attempts.increment() == 1 { throw Failure(reason: "not yet") }
      return ImageStore(number: attempts.value)
    }
    injector.register(7, as: Int.self)
    let gallery = Gallery()
    #expect(throws: InjectionError.self) { try injector.inject(gallery) }
    #expect(gallery.injectedStore == nil && gallery.injectedNumber == nil)
    try injector.inject(gallery)
    #expect(gallery.injectedStore?.number == 2)
  }

  @Test("Lazy, Provider, @Injected and child injectors get the live value")
  func everyPath() throws {
    let parent = Injector()
    stores(parent, counter: Counter())
    let child = Injector(parent: parent)
    let held = try parent.resolve(ImageStore.self)
    #expect(try child.resolve(ImageStore.self) === held)
    struct Reader {
      @Injected var store: ImageStore?
    }
    #expect(Reader(store: Injected(in: child)).store === held)
    final class Holder: InjectableSettable {
      var injectedLater: Lazy<ImageStore>?
      var injectedEach: Provider<ImageStore>?
      static var injectableKeyPaths: [String: AnyKeyPath] {
        ["injectedLater": \Holder.injectedLater, "injectedEach": \Holder.injectedEach]
      }
    }
    let holder = Holder()
    try child.inject(holder)
    #expect(try holder.injectedLater?.value === held)
    #expect(try holder.injectedEach?.get() === held)
  }

  @Test("Overrides, unchecked and main-actor weak registrations are shared while held")
  @MainActor
  func overridesUncheckedAndMainActor() throws {
    let injector = Injector()
    injector.register(unchecked: Thumbnails.self, scope: .weak) { _ in Thumbnails() }
    injector.register(GalleryModel.self, scope: .weak, on: MainActor.self) { _ in GalleryModel() }
    let thumbnails = try injector.resolve(Thumbnails.self)
    #expect(try injector.resolve(Thumbnails.self) === thumbnails)
    let model = try injector.resolve(GalleryModel.self)
    #expect(try injector.resolve(GalleryModel.self) === model)
    let made = Counter()
    let store = try Injector.withOverrides {
      stores($0, counter: made)
    } operation: {
      let store = try Injector.shared.resolve(ImageStore.self)
      #expect(try Injector.shared.resolve(ImageStore.self) === store)
      return store
    }
    #expect(store.number == 1 && made.value == 1)
  }

  @Test("explain names the weak scope")
  func explainNamesTheScope() throws {
    let injector = Injector()
    stores(injector, counter: Counter())
    let entry = try #require(injector.explain(Gallery()).entries.first { $0.property == "injectedStore" })
    #expect(entry.source == "a weak-scoped ImageStore")
    #expect(entry.reasons.contains { $0.contains("weak scope") })
  }
}
