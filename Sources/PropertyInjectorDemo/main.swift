// A small app wired with PropertyInjector: two screens and their services.
// Run it with `swift run PropertyInjectorDemo`; with `swift run --traits Macros PropertyInjectorDemo`
// it also shows @Injectable classes, whose tables the compiler writes.

import PropertyInjector

// MARK: - Services

protocol Logger: AnyObject, Sendable {
  func log(_ line: String)
}

final class ConsoleLogger: Logger, Sendable {
  func log(_ line: String) { print("    [log] \(line)") }
}

final class APIClient: Sendable {
  let baseURL = "https://api.example.com"
}

/// Not `Sendable` (a non-final class cannot promise it): registered with `register(unchecked:)`.
class Cache {
  let name: String
  init(name: String) { self.name = name }
}

final class ImageCache: Cache {}

final class Analytics: Sendable {
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

// MARK: - Lifecycles

final class RequestID: CustomStringConvertible, Sendable {
  let value = Int.random(in: 1000...9999)
  var description: String { "RequestID \(value)" }
}

/// Needs the database that (through its cache) needs it back: a cycle unless the back edge waits.
/// Not `Sendable`: a shared singleton on the app's promise (`register(unchecked:scope:)`).
final class Database: InjectableSettable {
  var injectedCache: SessionCache?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \Database.injectedCache] }
}

/// An account that audits itself: the audit log needs the account being created, a cycle.
final class Account: InjectableSettable {
  var injectedAudit: AuditLog?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedAudit": \Account.injectedAudit] }
}

final class AuditLog: InjectableSettable {
  var injectedAccount: Account?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedAccount": \AuditLog.injectedAccount] }
}

/// The back edge, deferred with Lazy: the cycle resolves.
final class SessionCache: InjectableSettable {
  var injectedDatabase: Lazy<Database>?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedDatabase": \SessionCache.injectedDatabase] }
}

final class ReportScreen: InjectableSettable {
  var injectedDatabase: Database?
  var injectedRequestIDs: Provider<RequestID>?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedDatabase": \ReportScreen.injectedDatabase,
      "injectedRequestIDs": \ReportScreen.injectedRequestIDs,
    ]
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
  injector.register(ConsoleLogger(), as: (any Logger).self)
  injector.register(APIClient())
  // An ImageCache fills `Cache` properties too (includingAncestors), only on FeedScreen,
  // and only properties whose names end with the id.
  injector.register(
    unchecked: ImageCache(name: "thumbnails"), includingAncestors: true, for: FeedScreen.self, id: "thumbnailCache")
  injector.register(
    unchecked: ImageCache(name: "avatars"), includingAncestors: true, for: FeedScreen.self, id: "avatarCache")
  injector.register(Analytics(), named: "analytics")

  print("Validating the wiring before anything runs (what a unit test would do):")
  do {
    try injector.validate(FeedScreen(), SettingsScreen())
  } catch {
    print(
      "  validate found \(error.problems.count) problem(s): \(error.problems.map { "\($0.location) [\($0.code)]" })")
  }

  print("\nHow the injector will fill a FeedScreen (explain):")
  print(injector.explain(FeedScreen()).description.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))

  print("\nInjecting FeedScreen:")
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
  } catch {
    print("  Caught InjectionError [\(error.code)] (a typed error: no cast needed):")
    print(error.description.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
    print("  Nothing was half-injected: injectedLogger is \(name(settings.injectedLogger)).")
  }

  print("\nFixing it with a registration for SettingsScreen, and injecting again:")
  injector.register(unchecked: Cache(name: "settings"), for: SettingsScreen.self)
  try injector.inject(settings)
  print("  injectedCache          <- \(name(settings.injectedCache))   (for SettingsScreen)")
}

func runLifecycles() throws {
  print("\nLifecycles:")
  let injector = Injector()
  // Database is not Sendable: sharing it is the app's promise, said at the registration.
  injector.register(unchecked: Database.self, scope: .singleton) { _ in
    print("    (making the Database singleton, once: not Sendable, shared on the app's promise)")
    return Database()
  }
  injector.register(SessionCache.self) { _ in SessionCache() }
  injector.register(unchecked: Account.self, scope: .singleton) { _ in Account() }
  injector.register(AuditLog.self) { _ in AuditLog() }
  injector.register(RequestID.self) { _ in RequestID() }

  let database = try injector.resolve(Database.self)
  let cache = try database.injectedCache?.injectedDatabase?.value
  print(
    "  Database ↔ SessionCache through Lazy<Database>: resolves, and the Lazy reaches the same Database: \(cache === database)"
  )

  do {
    _ = try injector.resolve(Account.self)
  } catch {
    print("  Account ↔ AuditLog with no Lazy: caught InjectionError [\(error.code)], no stack overflow:")
    print("    \(error.problems[0].summary)")
  }

  let report = ReportScreen()
  try injector.inject(report)
  let ids = try report.injectedRequestIDs.map { [try $0.get(), try $0.get()] } ?? []
  print("  Provider<RequestID> asks the factory on every get(): \(ids)")
  print("  The singleton is shared: \(report.injectedDatabase === database)")

  let tests = Injector(parent: injector)
  let fake = Database()
  tests.register(unchecked: fake)
  let testReport = ReportScreen()
  try tests.inject(testReport)
  print(
    "  A child injector swaps in a fake for tests: \(testReport.injectedDatabase === fake); the parent still gives the real one: \(try injector.resolve(Database.self) === database)"
  )
}

// MARK: - Main actor

/// A view model that exists only on the main actor.
@MainActor
final class ProfileViewModel {
  let logger: any Logger
  var name = "Ada"
  init(logger: any Logger) { self.logger = logger }
}

/// A main-actor screen: injected on the main actor, through its isolated conformance.
@MainActor
final class ProfileScreen {
  var injectedViewModel: ProfileViewModel?
}

extension ProfileScreen: @MainActor InjectableSettable {
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedViewModel": \ProfileScreen.injectedViewModel] }
}

@MainActor
func runMainActor() async throws {
  print("\nMain-actor factories:")
  let injector = Injector()
  injector.register(ConsoleLogger(), as: (any Logger).self)
  // The factory is @MainActor: it calls the view model's main-actor initializer directly.
  injector.register(ProfileViewModel.self, on: MainActor.self) { resolver in
    ProfileViewModel(logger: try resolver.resolve((any Logger).self))
  }
  let screen = ProfileScreen()
  try injector.inject(screen)
  print("  On the main actor, ProfileScreen.injectedViewModel <- \(name(screen.injectedViewModel))")

  let offMainActor = await Task.detached { () -> String in
    do {
      _ = try injector.resolve(ProfileViewModel.self)
      return "resolved (unexpected)"
    } catch {
      // In a closure `error` is `any Error`: InjectionError(error) reads it as in a function body.
      guard let error = InjectionError(error) else { return "caught \(error)" }
      return "caught InjectionError [\(error.code)], and the factory did not run"
    }
  }.value
  print("  Off the main actor (a detached task): \(offMainActor)")
}

func runOverrides() throws {
  print("\nTest overrides (what the .injecting trait does for each Swift Testing test):")
  Injector.shared.configure { injector in
    injector.register(ConsoleLogger(), as: (any Logger).self)
    injector.register(APIClient())
  }
  final class FakeLogger: Logger, Sendable {
    func log(_ line: String) { print("    [fake log] \(line)") }
  }
  try Injector.withOverrides {
    $0.register(FakeLogger(), as: (any Logger).self)
  } operation: {
    let screen = SettingsScreen()
    screen.injectedCache = Cache(name: "preset")
    try Injector.shared.inject(screen)
    print(
      "  Inside withOverrides, Injector.shared gives a \(type(of: screen.injectedLogger!)), and the app's APIClient")
  }
  let screen = SettingsScreen()
  screen.injectedCache = Cache(name: "preset")
  try Injector.shared.inject(screen)
  print("  Outside, the app's \(type(of: screen.injectedLogger!))")
}

do {
  try run()
  try runLifecycles()
  try runOverrides()
  try await runMainActor()
  #if Macros
    try runInjectable()
  #else
    print("\n(Run with `--traits Macros` to see @Injectable classes.)")
  #endif
} catch {
  print("Unexpected error: \(error)")
}
