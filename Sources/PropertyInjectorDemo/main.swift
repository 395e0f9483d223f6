// A small app wired with PropertyInjector: two screens and their services.
// Run it with `swift run PropertyInjectorDemo`.

import PropertyInjector

// MARK: - Services

protocol Logger: AnyObject {
  func log(_ line: String)
}

final class ConsoleLogger: Logger {
  func log(_ line: String) { print("    [log] \(line)") }
}

final class APIClient {
  let baseURL = "https://api.example.com"
}

class Cache {
  let name: String
  init(name: String) { self.name = name }
}

final class ImageCache: Cache {}

final class Analytics {
  func track(_ event: String) { print("    [analytics] \(event)") }
}

// MARK: - Screens

/// The base of every screen: a non-final class whose table subclasses extend.
class Screen: InjectableSettable, CustomStringConvertible {
  var injectedLogger: (any Logger)?
  var injectedAPI: APIClient?

  class var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedLogger": \Screen.injectedLogger, "injectedAPI": \Screen.injectedAPI]
  }

  func didInjectDependencies() {
    injectedLogger?.log("\(Self.self) is ready")
  }

  var description: String { "\(Self.self)" }
}

final class FeedScreen: Screen {
  var injectedThumbnailCache: Cache!  // id "thumbnailCache", only for FeedScreen
  var injectedAvatarCache: Cache!  // id "avatarCache", only for FeedScreen
  var analytics: Analytics?  // no prefix: filled by the name registration
  var title = "Feed"  // never touched

  override class var injectableKeyPaths: [String: AnyKeyPath] {
    super.injectableKeyPaths.merging([
      "injectedThumbnailCache": \FeedScreen.injectedThumbnailCache,
      "injectedAvatarCache": \FeedScreen.injectedAvatarCache,
      "analytics": \FeedScreen.analytics,
    ]) { $1 }
  }
}

final class SettingsScreen: Screen {
  var injectedCache: Cache?  // the deliberate mistake: no Cache is registered for SettingsScreen

  override class var injectableKeyPaths: [String: AnyKeyPath] {
    super.injectableKeyPaths.merging(["injectedCache": \SettingsScreen.injectedCache]) { $1 }
  }
}

// MARK: - Wiring

func name(_ value: Any?) -> String {
  guard let value else { return "nil" }
  if let cache = value as? Cache { return "\(type(of: cache))(\"\(cache.name)\")" }
  return "\(type(of: value))"
}

func run() throws {
  let injector = Injector()
  try injector.register(ConsoleLogger(), as: (any Logger).self)
  try injector.register(APIClient())
  // An ImageCache fills `Cache` properties too (includingAncestors), only on FeedScreen,
  // and only properties whose names end with the id.
  try injector.register(
    ImageCache(name: "thumbnails"), includingAncestors: true, for: FeedScreen.self, id: "thumbnailCache")
  try injector.register(ImageCache(name: "avatars"), includingAncestors: true, for: FeedScreen.self, id: "avatarCache")
  try injector.register(Analytics(), named: "analytics")

  print("Injecting FeedScreen:")
  let feed = FeedScreen()
  try injector.inject(feed)
  print("  injectedLogger         <- \(name(feed.injectedLogger))   (type registration, as: Logger)")
  print("  injectedAPI            <- \(name(feed.injectedAPI))   (exact type)")
  print("  injectedThumbnailCache <- \(name(feed.injectedThumbnailCache))   (id \"thumbnailCache\", for FeedScreen)")
  print("  injectedAvatarCache    <- \(name(feed.injectedAvatarCache))   (id \"avatarCache\", for FeedScreen)")
  print("  analytics              <- \(name(feed.analytics))   (name registration)")
  print("  title                     \"\(feed.title)\"   (not a candidate: untouched)")
  feed.analytics?.track("feed opened")

  print("\nInjecting SettingsScreen (deliberate mistake: no Cache is registered for it):")
  let settings = SettingsScreen()
  do {
    try injector.inject(settings)
  } catch let error as InjectionError {
    print("  Caught InjectionError [\(error.code)]:")
    print(error.description.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
    print("  Nothing was half-injected: injectedLogger is \(name(settings.injectedLogger)).")
  }

  print("\nFixing it with a registration for SettingsScreen, and injecting again:")
  try injector.register(Cache(name: "settings"), for: SettingsScreen.self)
  try injector.inject(settings)
  print("  injectedCache          <- \(name(settings.injectedCache))   (for SettingsScreen)")
}

do {
  try run()
} catch {
  print("Unexpected error: \(error)")
}
