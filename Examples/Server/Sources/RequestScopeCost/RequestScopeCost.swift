import Foundation
import Logging
import PropertyInjector
import TodoServerCore

/// The cost of exactly one request scope, in a release build: a child of the app injector, two
/// request values registered in it, one `CreateTodo` (four properties) injected from it; beside the
/// same handler filled by hand. `swift run -c release RequestScopeCost [iterations]`.
@main
enum RequestScopeCost {
  static func main() throws {
    let iterations = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 200_000
    let services = AppServices(
      store: try TodoStore.inMemory(), logger: Logger(label: "cost", factory: { _ in SwiftLogNoOpLogHandler() }),
      clock: SystemClock())
    let injected = InjectedHandlers(app: InjectedHandlers.appInjector(for: services))
    let hand = HandWiredHandlers(services: services)
    let requests = (0..<1_024).map {
      RequestValues(requestID: RequestID("request-\($0)"), caller: Caller("caller-\($0)"))
    }

    let stages: [(String, (RequestValues) throws -> Int)] = [
      ("child only", { _ in childOnly(injected.app) }),
      ("child + 2 registrations", { injected.scope(for: $0) === injected.app ? 0 : 1 }),
      ("request scope (child, 2 registrations, inject)", { try injected.createTodo(for: $0).checksum }),
      ("hand-wired", { hand.createTodo(for: $0).checksum }),
    ]
    print("RequestScopeCost: \(iterations) iterations per stage, best of 3 rounds, release build")
    for (name, body) in stages {
      let rssBefore = residentKiB()
      var best = Duration.seconds(1_000)
      var checksum = 0
      for _ in 0..<3 {
        let elapsed = try ContinuousClock().measure {
          for index in 0..<iterations { checksum &+= try body(requests[index & 1_023]) }
        }
        best = min(best, elapsed)
      }
      let micros = (best / iterations) / .microseconds(1)
      let growth = residentKiB() - rssBefore
      let label = name.padding(toLength: 48, withPad: " ", startingAt: 0)
      print(label + String(format: "%7.3f µs per request, rss growth %5d KiB (checksum %d)", micros, growth, checksum))
    }
  }

  private static func childOnly(_ app: Injector) -> Int {
    Injector(parent: app) === app ? 0 : 1
  }

  /// VmRSS of this process, in KiB (0 where /proc is missing).
  private static func residentKiB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return 0 }
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
  }
}

extension CreateTodo {
  /// Something of every property, so the optimizer cannot drop the filling.
  fileprivate var checksum: Int {
    (injectedStore == nil ? 0 : 1) + (injectedClock == nil ? 0 : 1) + (injectedRequestID?.value.utf8.count ?? 0)
      + (injectedCaller?.name.utf8.count ?? 0)
  }
}
