import Foundation
import Hummingbird
import Logging
import PropertyInjector
import TodoServerCore

/// The todo API server: `--wiring injected` (the default) fills each request's handler from a child
/// injector; `--wiring hand` fills it by hand.
@main
enum TodoServer {
  static func main() async {
    do {
      let options = try ServerOptions(
        arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
      try await run(options)
    } catch let error as InvalidOption {
      FileHandle.standardError.write(Data("\(error)\n\(ServerOptions.usage)\n".utf8))
      exit(2)
    } catch {
      FileHandle.standardError.write(Data("TodoServer: \(error)\n".utf8))
      exit(1)
    }
  }

  static func makeLogger(level: Logger.Level) -> Logger {
    var logger = Logger(label: "TodoServer", factory: { label in StreamLogHandler.standardError(label: label) })
    logger.logLevel = level
    return logger
  }

  static func run(_ options: ServerOptions) async throws {
    let logger = makeLogger(level: options.logLevel)
    let services = AppServices(store: try TodoStore(path: options.databaseFile), logger: logger, clock: SystemClock())
    try await services.store.seed(count: options.seed, createdAt: services.clock.now)
    let wiring = options.wiring
    let announce: @Sendable (Int) async -> Void = { port in
      logger.notice(
        "listening on \(options.host):\(port) (wiring: \(wiring.rawValue), database: \(options.databaseFile))")
    }
    switch wiring {
    case .injected:
      let handlers = InjectedHandlers(app: InjectedHandlers.appInjector(for: services))
      try await TodoApplication.application(
        handlers: handlers, logger: logger, host: options.host, port: options.port, onServerRunning: announce
      ).runService()
    case .hand:
      let handlers = HandWiredHandlers(services: services)
      try await TodoApplication.application(
        handlers: handlers, logger: logger, host: options.host, port: options.port, onServerRunning: announce
      ).runService()
    }
  }
}
