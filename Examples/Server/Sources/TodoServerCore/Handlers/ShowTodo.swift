public import Hummingbird
public import PropertyInjector

/// `GET /todos/:id`: one todo, or 404.
public final class ShowTodo: InjectableSettable {
  /// The app's store.
  public var injectedStore: TodoStore?
  /// This request's id.
  public var injectedRequestID: RequestID?

  /// A handler to fill.
  public init() {}

  /// The properties the injector may write.
  public static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedStore": \ShowTodo.injectedStore,
      "injectedRequestID": \ShowTodo.injectedRequestID,
    ]
  }

  /// Answers the todo with this id.
  public func respond(id: Int64) async throws -> Response {
    let store = try wired(injectedStore, Self.self, "injectedStore")
    let requestID = try wired(injectedRequestID, Self.self, "injectedRequestID")
    guard let todo = try await store.todo(id: id) else {
      return JSONResponse.error("not found", status: .notFound, requestID: requestID)
    }
    return try JSONResponse.body(todo, requestID: requestID)
  }
}
