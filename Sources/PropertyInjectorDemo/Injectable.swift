#if Macros
  import PropertyInjector

  // The same screens with @Injectable: no table to write, mistakes are compile errors, and
  // every write goes through a typed accessor (the fast path).

  @Injectable
  class MacroScreen {
    var injectedLogger: (any Logger)?
    var injectedAPI: APIClient?

    func didInjectDependencies() { injectedLogger?.log("\(Self.self) is ready (@Injectable)") }
  }

  @Injectable
  final class MacroFeedScreen: MacroScreen {
    var injectedThumbnailCache: Cache!
    var analytics: Analytics?  // any optional var can be filled by a name registration
    weak var injectedDelegate: Database?  // weak: only a value the injector keeps may fill it
  }

  func runInjectable() throws {
    print("\n@Injectable (built with --traits Macros):")
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    injector.register(APIClient())
    injector.register(
      unchecked: ImageCache(name: "thumbnails"), includingAncestors: true, for: MacroFeedScreen.self,
      id: "thumbnailCache")
    injector.register(Analytics(), named: "analytics")
    injector.register(Database.self) { _ in Database() }

    let mistake = MacroFeedScreen()
    do {
      try injector.inject(mistake)
    } catch {
      print("  A weak property filled by a transient factory is refused before anything is made:")
      print("    \(error.problems[0].location) [\(error.code)]")
    }

    injector.register(unchecked: Database(), for: MacroFeedScreen.self)
    let feed = MacroFeedScreen()
    try injector.inject(feed)
    print(
      "  injectedLogger <- \(name(feed.injectedLogger)), injectedThumbnailCache <- \(name(feed.injectedThumbnailCache))"
    )
    print("  analytics <- \(name(feed.analytics)), injectedDelegate <- \(name(feed.injectedDelegate))")
  }
#endif
