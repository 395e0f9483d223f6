import Foundation
import HTTPTypes
public import Hummingbird
public import Logging
import PropertyInjector

/// The todo API's four routes, the same for both servers; `handlers` decides how each request's
/// handler is filled.
public struct TodoRoutes<Handlers: HandlerFactory>: Sendable {
  /// Makes each request's handler.
  public let handlers: Handlers
  /// Where wiring errors and failures are logged (never the response body).
  public let logger: Logger

  /// Routes whose handlers `handlers` makes.
  public init(handlers: Handlers, logger: Logger) {
    self.handlers = handlers
    self.logger = logger
  }

  /// Adds `GET /todos`, `POST /todos`, `GET /todos/:id` and `DELETE /todos/:id` to `router`.
  public func add(to router: Router<some RequestContext>) {
    router.get("todos") { request, _ in
      await serve(request, make: handlers.listTodos) { handler, _ in try await handler.respond() }
    }
    router.post("todos") { request, context in
      await serve(request, make: handlers.createTodo) { handler, requestID in
        guard let body = try? await request.decode(as: NewTodo.self, context: context) else {
          return JSONResponse.error("bad request", status: .badRequest, requestID: requestID)
        }
        return try await handler.respond(to: body)
      }
    }
    router.get("todos/:id") { request, context in
      await serve(request, make: handlers.showTodo) { handler, requestID in
        guard let id = context.parameters.get("id", as: Int64.self) else {
          return JSONResponse.error("bad request", status: .badRequest, requestID: requestID)
        }
        return try await handler.respond(id: id)
      }
    }
    router.delete("todos/:id") { request, context in
      await serve(request, make: handlers.deleteTodo) { handler, requestID in
        guard let id = context.parameters.get("id", as: Int64.self) else {
          return JSONResponse.error("bad request", status: .badRequest, requestID: requestID)
        }
        return try await handler.respond(id: id)
      }
    }
  }

  /// Reads the request's values, makes its handler and lets it respond. A failure is logged in
  /// full and answered with a generic 500: the caller never sees the wiring.
  private func serve<Handler>(
    _ request: Request,
    make: (RequestValues) throws -> Handler,
    respond: (Handler, RequestID) async throws -> Response
  ) async -> Response {
    let values = RequestValues(of: request)
    let handler: Handler
    do {
      handler = try make(values)
    } catch {
      let kind = InjectionError(error) == nil ? "handler failed" : "wiring failed"
      return internalError(kind, error, values.requestID)
    }
    do {
      return try await respond(handler, values.requestID)
    } catch {
      return internalError("request failed", error, values.requestID)
    }
  }

  private func internalError(_ kind: String, _ error: any Error, _ requestID: RequestID) -> Response {
    logger.error("\(kind): \(error)", metadata: ["request": "\(requestID)"])
    return JSONResponse.error("internal error", status: .internalServerError, requestID: requestID)
  }
}

extension RequestValues {
  /// The values of `request`: its `X-Request-ID` (or a new id) and its `X-Caller` (or `anonymous`).
  public init(of request: Request) {
    let id = request.headers[.requestID] ?? UUID().uuidString
    self.init(requestID: RequestID(id), caller: Caller(request.headers[.caller] ?? "anonymous"))
  }
}
