import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import PropertyInjector
import Testing
import TodoServerCore

/// The two ways the example fills a request's handler; route tests run against both.
enum TestWiring: String, CaseIterable, CustomTestStringConvertible {
  case injected
  case hand

  var testDescription: String { rawValue }
}

/// When the tests' clock stops.
let testTime = Date(timeIntervalSince1970: 1_700_000_000)

/// The services of a test app: an in-memory store, a captured log and a fixed clock.
func testServices(log: CapturedLog = CapturedLog()) throws -> AppServices {
  AppServices(store: try TodoStore.inMemory(), logger: log.logger, clock: FixedClock(now: testTime))
}

/// The app over `services`, wired as `wiring` says.
func testApp(_ wiring: TestWiring, services: AppServices) -> Application<RouterResponder<BasicRequestContext>> {
  switch wiring {
  case .injected:
    let handlers = InjectedHandlers(app: InjectedHandlers.appInjector(for: services))
    return TodoApplication.application(handlers: handlers, logger: services.logger)
  case .hand:
    return TodoApplication.application(handlers: HandWiredHandlers(services: services), logger: services.logger)
  }
}

/// Headers naming a request's id and caller.
func headers(requestID: String, caller: String) -> HTTPFields {
  [.requestID: requestID, .caller: caller]
}

/// `body` as a JSON request body.
func json(_ body: some Encodable) throws -> ByteBuffer {
  ByteBuffer(bytes: try JSONEncoder().encode(body))
}

/// A response body decoded from JSON.
func decoded<Value: Decodable>(_ type: Value.Type, from body: ByteBuffer) throws -> Value {
  let decoder = JSONDecoder()
  decoder.dateDecodingStrategy = .iso8601
  return try decoder.decode(type, from: Data(body.readableBytesView))
}
