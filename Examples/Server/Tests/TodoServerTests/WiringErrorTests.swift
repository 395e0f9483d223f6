import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PropertyInjector
import Testing
import TodoServerCore

/// A registration missing from the app injector: the caller gets a generic 500, the log the whole
/// `InjectionError`.
@Suite struct WiringErrorTests {
  @Test func aMissingRegistrationIsA500WithTheErrorLogged() async throws {
    let log = CapturedLog()
    let services = try testServices(log: log)
    let injector = Injector()  // the clock is not registered
    injector.register(services.store)
    injector.register(services.logger)
    let handlers = InjectedHandlers(app: injector)
    let app = TodoApplication.application(handlers: handlers, logger: services.logger)

    try await app.test(.router) { client in
      let response = try await client.execute(
        uri: "/todos", method: .post, headers: headers(requestID: "r-500", caller: "ada"),
        body: try json(NewTodo(title: "never stored")))
      #expect(response.status == .internalServerError)
      #expect(String(buffer: response.body) == #"{"error":"internal error"}"#)
      #expect(response.headers[.requestID] == "r-500")
      #expect(try await client.execute(uri: "/todos", method: .get).status == .ok)  // other routes still serve
    }

    let expected = try #require(wiringError(handlers))
    #expect(expected.contains("TodoClock"))
    #expect(log.text.contains("wiring failed: \(expected)"))
  }

  /// The text of the error `createTodo` throws, made again outside the server.
  private func wiringError(_ handlers: InjectedHandlers) -> String? {
    do {
      _ = try handlers.createTodo(for: RequestValues(requestID: RequestID("r"), caller: Caller("c")))
      return nil
    } catch {
      return "\(error)"
    }
  }
}
