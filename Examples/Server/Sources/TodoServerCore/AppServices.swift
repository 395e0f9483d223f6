public import Logging

/// What lives as long as the app: registered once in the app injector, or passed by hand.
public struct AppServices: Sendable {
  /// The todos' store.
  public let store: TodoStore
  /// The app's logger.
  public let logger: Logger
  /// The app's clock.
  public let clock: any TodoClock

  /// The services of one app.
  public init(store: TodoStore, logger: Logger, clock: any TodoClock) {
    self.store = store
    self.logger = logger
    self.clock = clock
  }
}
