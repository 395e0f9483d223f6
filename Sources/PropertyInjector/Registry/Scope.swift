/// How often a factory registration runs, and who shares what it makes.
///
/// ```swift
/// injector.register(RequestID.self) { _ in RequestID() }                     // transient
/// injector.register(Database.self, scope: .singleton) { try Database(log: $0.resolve()) }
/// injector.register(EditSession.self, scope: .graph) { _ in EditSession() }   // one per injection
/// injector.register(ImageStore.self, scope: .weak) { _ in ImageStore() }      // while someone holds it
/// injector.register(Settings.self, scope: .cached) { _ in Settings.load() }   // until reset
/// ```
///
/// Every scope is safe to use from any thread; see <doc:Lifecycles> for each one's rules.
public struct Scope: Hashable, Sendable, CustomStringConvertible {
  private let name: String

  /// A new value for every property the registration fills, and every `resolve`.
  public static let transient = Scope(name: "transient")

  /// One value, created on first use (exactly once, even when many threads ask at the same
  /// moment), then shared. A creation that throws is not remembered: the next use tries again.
  public static let singleton = Scope(name: "singleton")

  /// One value per call: every property that one ``Injector/inject(_:)`` fills, and everything one
  /// top-level ``Injector/resolve(_:for:id:)`` makes, shares one value, down through the factories
  /// it runs and the made values it injects; the next call makes a new one.
  ///
  /// ```swift
  /// injector.register(EditSession.self, scope: .graph) { _ in EditSession() }
  /// try injector.inject(editor)  // editor, its view model and its toolbar share one EditSession
  /// ```
  ///
  /// Swinject's default scope, and Factory's `.graph`. A call belongs to the thread it runs on: two
  /// calls running at once on different threads never share a value. A ``Lazy`` read or a
  /// ``Provider`` asked after the call returned is a call of its own, with a new graph. A failed
  /// injection keeps nothing: the next call makes a new value.
  public static let graph = Scope(name: "graph")

  /// Shared while anything outside the injector holds it: the injector keeps it weakly, and makes
  /// a new one once the last holder let it go.
  ///
  /// ```swift
  /// injector.register(ImageStore.self, scope: .weak) { _ in ImageStore() }
  /// ```
  ///
  /// Swinject's `.weak`, Factory's `.shared`. Only for classes: a value that is not a class
  /// instance fails the request with ``InjectionError/Code/weakNotClass``. Threads asking at once
  /// for a value not made yet get one and the same (one creates, outside every lock, the others
  /// wait); a released value is never handed out.
  public static let weak = Scope(name: "weak")

  /// Shared like ``singleton`` until reset: ``Injector/reset(_:for:id:)`` drops one registration's
  /// value, ``Injector/resetCached()`` all of an injector's; the next use makes a new one.
  ///
  /// ```swift
  /// injector.register(Session.self, scope: .cached) { _ in Session() }
  /// try injector.reset(Session.self)  // after logout: the next use makes a new Session
  /// ```
  ///
  /// Factory's `.cached`. A reset is safe while other threads resolve: a resolve racing it gets the
  /// old value or a new one, never a half-made one.
  public static let cached = Scope(name: "cached")

  /// `transient`, `singleton`, `graph`, `weak` or `cached`.
  public var description: String { name }
}
