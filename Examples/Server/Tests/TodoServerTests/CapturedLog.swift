import Logging
import Synchronization

/// Every line logged through `logger`, for a test to read.
final class CapturedLog: Sendable {
  private let lines = Mutex<[String]>([])

  /// A logger whose lines this log keeps, every level included.
  var logger: Logger {
    var logger = Logger(label: "test") { _ in CapturingLogHandler(log: self) }
    logger.logLevel = .trace
    return logger
  }

  /// The lines logged so far.
  var text: String { lines.withLock { $0.joined(separator: "\n") } }

  fileprivate func append(_ line: String) {
    lines.withLock { $0.append(line) }
  }
}

/// Sends each event to a `CapturedLog` as `level: message`.
private struct CapturingLogHandler: LogHandler {
  let log: CapturedLog
  var metadata: Logger.Metadata = [:]
  var logLevel = Logger.Level.trace

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    log.append("\(event.level): \(event.message)")
  }
}
