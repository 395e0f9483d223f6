public import Hummingbird
public import Logging

/// Builds the todo app around a handler factory: the injected server and the hand-wired one
/// differ only in the factory they pass.
public enum TodoApplication {
  /// The router of the four todo routes.
  public static func router(handlers: some HandlerFactory, logger: Logger) -> Router<BasicRequestContext> {
    let router = Router(context: BasicRequestContext.self)
    TodoRoutes(handlers: handlers, logger: logger).add(to: router)
    return router
  }

  /// The app, listening on `host:port` (port 0: any free port, reported to `onServerRunning`).
  public static func application(
    handlers: some HandlerFactory,
    logger: Logger,
    host: String = "127.0.0.1",
    port: Int = 8080,
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
  ) -> Application<RouterResponder<BasicRequestContext>> {
    Application(
      router: router(handlers: handlers, logger: logger),
      configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "TodoServer"),
      onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
      logger: logger
    )
  }
}
