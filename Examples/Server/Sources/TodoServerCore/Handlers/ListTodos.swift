public import Hummingbird
public import PropertyInjector

/// `GET /todos`: every todo.
public final class ListTodos: InjectableSettable {
  /// The app's store.
  public var injectedStore: TodoStore?
  /// This request's id.
  public var injectedRequestID: RequestID?

  /// A handler to fill.
  public init() {}

  /// The properties the injector may write.
  public static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedStore": \ListTodos.injectedStore,
      "injectedRequestID": \ListTodos.injectedRequestID,
    ]
  }

  /// Answers every todo.
  public func respond() async throws -> Response {
    let store = try wired(injectedStore, Self.self, "injectedStore")
    let requestID = try wired(injectedRequestID, Self.self, "injectedRequestID")
    return try JSONResponse.body(try await store.all(), requestID: requestID)
  }
}
