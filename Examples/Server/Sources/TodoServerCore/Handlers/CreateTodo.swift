public import Hummingbird
public import PropertyInjector

/// `POST /todos`: creates a todo for this request's caller, at the app clock's time.
public final class CreateTodo: InjectableSettable {
  /// The app's store.
  public var injectedStore: TodoStore?
  /// The app's clock.
  public var injectedClock: (any TodoClock)?
  /// This request's id.
  public var injectedRequestID: RequestID?
  /// This request's caller.
  public var injectedCaller: Caller?

  /// A handler to fill.
  public init() {}

  /// The properties the injector may write.
  public static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedStore": \CreateTodo.injectedStore,
      "injectedClock": \CreateTodo.injectedClock,
      "injectedRequestID": \CreateTodo.injectedRequestID,
      "injectedCaller": \CreateTodo.injectedCaller,
    ]
  }

  /// Inserts a todo titled as `body` says, and answers it with 201.
  public func respond(to body: NewTodo) async throws -> Response {
    let store = try wired(injectedStore, Self.self, "injectedStore")
    let clock = try wired(injectedClock, Self.self, "injectedClock")
    let requestID = try wired(injectedRequestID, Self.self, "injectedRequestID")
    let caller = try wired(injectedCaller, Self.self, "injectedCaller")
    let todo = try await store.insert(Todo(title: body.title, createdBy: caller.name, createdAt: clock.now))
    return try JSONResponse.body(todo, status: .created, requestID: requestID)
  }
}
