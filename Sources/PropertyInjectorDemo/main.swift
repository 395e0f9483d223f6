import PropertyInjector

protocol Logger: AnyObject { func log(_ line: String) }
final class ConsoleLogger: Logger { func log(_ line: String) { print(line) } }
class Cache {}
final class ImageCache: Cache {}
final class Analytics {}

final class ProfileScreen: InjectableSettable {
  var injectedLogger: (any Logger)?
  var injectedCacheFirst: Cache!
  var injectedCacheSecond: Cache!
  var analytics: Analytics?
  var title = "Profile"
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedLogger": \ProfileScreen.injectedLogger,
      "injectedCacheFirst": \ProfileScreen.injectedCacheFirst,
      "injectedCacheSecond": \ProfileScreen.injectedCacheSecond,
      "analytics": \ProfileScreen.analytics,
    ]
  }
  func didInjectDependencies() { print("did inject") }
}
final class Broken: InjectableSettable {
  var injectedLogger: (any Logger)?
  var injectedCache: Cache?
  var injectedCount: Int = 0
  var injectedMissing: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedLoger": \Broken.injectedLogger, "injectedCache": \Broken.injectedLogger]
  }
}
let injector = Injector()
try injector.register(ConsoleLogger(), as: (any Logger).self)
try injector.register(ImageCache(), includingAncestors: true, for: ProfileScreen.self, id: "first")
try injector.register(ImageCache(), includingAncestors: true, for: ProfileScreen.self, id: "second")
try injector.register(Analytics(), named: "analytics")
let screen = ProfileScreen()
try injector.inject(screen)
print(
  screen.injectedLogger as Any, screen.injectedCacheFirst as Any,
  screen.injectedCacheSecond === screen.injectedCacheFirst, screen.analytics as Any)
do { try injector.inject(Broken()) } catch { print(error) }
let other = Injector()
try other.register(ImageCache(), for: ProfileScreen.self)
try other.register(ConsoleLogger())
do { try other.inject(ProfileScreen()) } catch { print(error) }
print(try injector.resolve((any Logger).self))
