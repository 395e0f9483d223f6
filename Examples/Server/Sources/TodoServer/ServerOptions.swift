import Foundation
import Logging

/// How the server is wired: through a child injector per request, or by hand.
enum Wiring: String {
  case injected
  case hand
}

/// The command line: `TodoServer [--wiring injected|hand] [--host H] [--port P] [--database PATH]
/// [--seed N] [--log-level LEVEL]`. `TODO_DATABASE` and `LOG_LEVEL` stand in for the last flags.
struct ServerOptions {
  var wiring = Wiring.injected
  var host = "127.0.0.1"
  var port = 8080
  var databasePath: String?
  var seed = 0
  var logLevel = Logger.Level.notice

  static let usage = """
    usage: TodoServer [--wiring injected|hand] [--host H] [--port P (0: any free port)]
                      [--database PATH (or TODO_DATABASE)] [--seed N] [--log-level LEVEL (or LOG_LEVEL)]
    """

  /// The options of `arguments` (without the program's name), read over the environment's.
  init(arguments: [String], environment: [String: String]) throws(InvalidOption) {
    databasePath = environment["TODO_DATABASE"]
    if let level = environment["LOG_LEVEL"] { logLevel = try Self.level(level) }
    var remaining = arguments[...]
    while let flag = remaining.popFirst() {
      guard let value = remaining.popFirst() else { throw InvalidOption("\(flag) needs a value") }
      switch flag {
      case "--wiring":
        guard let wiring = Wiring(rawValue: value) else { throw InvalidOption("--wiring is injected or hand") }
        self.wiring = wiring
      case "--host": host = value
      case "--port": port = try Self.number(value, flag)
      case "--database": databasePath = value
      case "--seed": seed = try Self.number(value, flag)
      case "--log-level": logLevel = try Self.level(value)
      default: throw InvalidOption("unknown option \(flag)")
      }
    }
  }

  /// The database file: the one asked for, or a new file in the temporary directory.
  var databaseFile: String {
    databasePath
      ?? FileManager.default.temporaryDirectory
      .appendingPathComponent("todos-\(ProcessInfo.processInfo.processIdentifier).sqlite").path
  }

  private static func number(_ text: String, _ flag: String) throws(InvalidOption) -> Int {
    guard let number = Int(text), number >= 0 else { throw InvalidOption("\(flag) takes a number") }
    return number
  }

  private static func level(_ text: String) throws(InvalidOption) -> Logger.Level {
    guard let level = Logger.Level(rawValue: text) else { throw InvalidOption("unknown log level \(text)") }
    return level
  }
}

/// A command line the server cannot run with.
struct InvalidOption: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
