public import Hummingbird
public import Logging
public import PropertyInjector

/// `DELETE /todos/:id`: deletes one todo (204), or 404.
public final class DeleteTodo: InjectableSettable {
  /// The app's store.
  public var injectedStore: TodoStore?
  /// The app's logger.
  public var injectedLogger: Logger?
  /// This request's id.
  public var injectedRequestID: RequestID?
  /// This request's caller.
  public var injectedCaller: Caller?

  /// A handler to fill.
  public init() {}

  /// The properties the injector may write.
  public static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedStore": \DeleteTodo.injectedStore,
      "injectedLogger": \DeleteTodo.injectedLogger,
      "injectedRequestID": \DeleteTodo.injectedRequestID,
      "injectedCaller": \DeleteTodo.injectedCaller,
    ]
  }

  /// Deletes the todo with this id.
  public func respond(id: Int64) async throws -> Response {
    let store = try wired(injectedStore, Self.self, "injectedStore")
    let logger = try wired(injectedLogger, Self.self, "injectedLogger")
    let requestID = try wired(injectedRequestID, Self.self, "injectedRequestID")
    let caller = try wired(injectedCaller, Self.self, "injectedCaller")
    guard try await store.delete(id: id) else {
      return JSONResponse.error("not found", status: .notFound, requestID: requestID)
    }
    logger.debug("todo deleted", metadata: ["id": "\(id)", "caller": "\(caller)", "request": "\(requestID)"])
    return JSONResponse.empty(status: .noContent, requestID: requestID)
  }
}
