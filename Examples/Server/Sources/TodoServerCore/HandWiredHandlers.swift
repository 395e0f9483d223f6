/// Fills each request's handler by hand: the baseline the injected server is measured against.
public struct HandWiredHandlers: HandlerFactory {
  /// What lives as long as the app.
  public let services: AppServices

  /// Handlers filled from `services`.
  public init(services: AppServices) {
    self.services = services
  }

  /// The handler of `GET /todos`, filled by hand.
  public func listTodos(for request: RequestValues) -> ListTodos {
    let handler = ListTodos()
    handler.injectedStore = services.store
    handler.injectedRequestID = request.requestID
    return handler
  }

  /// The handler of `GET /todos/:id`, filled by hand.
  public func showTodo(for request: RequestValues) -> ShowTodo {
    let handler = ShowTodo()
    handler.injectedStore = services.store
    handler.injectedRequestID = request.requestID
    return handler
  }

  /// The handler of `POST /todos`, filled by hand.
  public func createTodo(for request: RequestValues) -> CreateTodo {
    let handler = CreateTodo()
    handler.injectedStore = services.store
    handler.injectedClock = services.clock
    handler.injectedRequestID = request.requestID
    handler.injectedCaller = request.caller
    return handler
  }

  /// The handler of `DELETE /todos/:id`, filled by hand.
  public func deleteTodo(for request: RequestValues) -> DeleteTodo {
    let handler = DeleteTodo()
    handler.injectedStore = services.store
    handler.injectedLogger = services.logger
    handler.injectedRequestID = request.requestID
    handler.injectedCaller = request.caller
    return handler
  }
}
