public import PropertyInjector

/// Fills each request's handler from a child of the app's injector that holds the request's values.
///
/// The app injector holds what lives as long as the app (the store, the logger, the clock); each
/// request's child adds its `RequestID` and `Caller`, and is dropped with the request, so nothing
/// a request registered is seen by another.
public struct InjectedHandlers: HandlerFactory {
  /// The app-wide injector every request's child descends from.
  public let app: Injector

  /// Handlers filled from children of `app`.
  public init(app: Injector) {
    self.app = app
  }

  /// The app injector for these services: register once, at launch.
  public static func appInjector(for services: AppServices) -> Injector {
    let injector = Injector()
    injector.register(services.store)
    injector.register(services.logger)
    injector.register(services.clock, as: (any TodoClock).self)
    return injector
  }

  /// A child of `app` holding this request's values: the request scope.
  public func scope(for request: RequestValues) -> Injector {
    let scope = Injector(parent: app)
    scope.register(request.requestID)
    scope.register(request.caller)
    return scope
  }

  /// The handler of `GET /todos`, injected.
  public func listTodos(for request: RequestValues) throws(InjectionError) -> ListTodos {
    try filled(ListTodos(), for: request)
  }

  /// The handler of `GET /todos/:id`, injected.
  public func showTodo(for request: RequestValues) throws(InjectionError) -> ShowTodo {
    try filled(ShowTodo(), for: request)
  }

  /// The handler of `POST /todos`, injected.
  public func createTodo(for request: RequestValues) throws(InjectionError) -> CreateTodo {
    try filled(CreateTodo(), for: request)
  }

  /// The handler of `DELETE /todos/:id`, injected.
  public func deleteTodo(for request: RequestValues) throws(InjectionError) -> DeleteTodo {
    try filled(DeleteTodo(), for: request)
  }

  private func filled<Handler: InjectableSettable>(
    _ handler: Handler, for request: RequestValues
  ) throws(InjectionError) -> Handler {
    try scope(for: request).inject(handler)
    return handler
  }
}
