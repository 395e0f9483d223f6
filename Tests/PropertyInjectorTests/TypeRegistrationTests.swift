import PropertyInjector
import Testing

private final class Screen: InjectableSettable {
  var injectedThumbnail: ThumbnailCache?
  var injectedImage: ImageCache?
  var injectedCache: Cache?
  var injectedFileLogger: (any FileLogger)?
  var injectedLogger: (any Logger)?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedThumbnail": \Screen.injectedThumbnail,
      "injectedImage": \Screen.injectedImage,
      "injectedCache": \Screen.injectedCache,
      "injectedFileLogger": \Screen.injectedFileLogger,
      "injectedLogger": \Screen.injectedLogger,
    ]
  }
}

// Two classes named `Store`, as two modules might declare them: they print the same name.
private enum Billing { final class Store {} }
private enum Catalog { final class Store {} }

private final class StoreScreen: InjectableSettable {
  var injectedStore: Catalog.Store?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedStore": \StoreScreen.injectedStore] }
}

@Suite("Type registrations")
struct TypeRegistrationTests {
  @Test("A plain registration fills only properties of exactly its static type")
  func plainRegistrationIsExact() throws {
    let injector = Injector()
    let image = ImageCache()
    injector.register(image)
    let screen = Screen()
    screen.injectedThumbnail = ThumbnailCache()
    screen.injectedFileLogger = DiskLogger()
    screen.injectedLogger = ConsoleLogger()
    let error = injectionError { try injector.inject(screen) }
    #expect(error.map(codes) == [.unresolved])
    // An ImageCache does not fill `Cache?` without includingAncestors.
    #expect(error?.problems.first?.property == "injectedCache")
    screen.injectedCache = Cache()
    try injector.inject(screen)
    #expect(screen.injectedImage === image)
  }

  @Test("`as:` registers under another type, and only that type")
  func asRegistersUnderTheNamedType() throws {
    let injector = Injector()
    let image = ImageCache()
    injector.register(image, as: Cache.self)
    let screen = Screen()
    screen.injectedThumbnail = ThumbnailCache()
    screen.injectedFileLogger = DiskLogger()
    screen.injectedLogger = ConsoleLogger()
    let error = injectionError { try injector.inject(screen) }
    #expect(error?.problems.map(\.property) == ["injectedImage"])
    screen.injectedImage = ImageCache()
    try injector.inject(screen)
    #expect(screen.injectedCache === image)
  }

  @Test("`includingAncestors` also fills every superclass and every protocol, inherited ones included")
  func includingAncestorsFillsSuperclassesAndProtocols() throws {
    let injector = Injector()
    let thumbnail = ThumbnailCache()
    let disk = DiskLogger()
    injector.register(thumbnail, includingAncestors: true)
    injector.register(disk, includingAncestors: true)
    let screen = Screen()
    try injector.inject(screen)
    #expect(screen.injectedThumbnail === thumbnail)
    #expect(screen.injectedImage === thumbnail)
    #expect(screen.injectedCache === thumbnail)
    #expect(screen.injectedFileLogger === disk)
    #expect(screen.injectedLogger === disk, "Logger is inherited through FileLogger")
  }

  @Test("`includingAncestors` never fills a type the instance cannot be cast to")
  func includingAncestorsStopsAtTheInstancesTypes() throws {
    let injector = Injector()
    injector.register(ImageCache(), includingAncestors: true)
    injector.register(ConsoleLogger(), includingAncestors: true)
    let screen = Screen()
    let error = injectionError { try injector.inject(screen) }
    #expect(error?.problems.map(\.property) == ["injectedThumbnail", "injectedFileLogger"])
  }

  @Test("Types with the same name in different namespaces never collide")
  func sameNamedTypesDoNotCollide() throws {
    #expect(String(describing: Billing.Store.self) == String(describing: Catalog.Store.self))
    let injector = Injector()
    injector.register(unchecked: Billing.Store(), includingAncestors: true)
    let error = injectionError { try injector.inject(StoreScreen()) }
    #expect(error.map(codes) == [.unresolved])

    let store = Catalog.Store()
    injector.register(unchecked: store)
    let screen = StoreScreen()
    try injector.inject(screen)
    #expect(screen.injectedStore === store)
  }
}
