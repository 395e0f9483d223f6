/// Makes the handler that serves one request, filled for that request: the only thing the two
/// servers do differently. The routes, the handlers and the store are the same.
public protocol HandlerFactory: Sendable {
  /// The handler of `GET /todos`.
  func listTodos(for request: RequestValues) throws -> ListTodos
  /// The handler of `GET /todos/:id`.
  func showTodo(for request: RequestValues) throws -> ShowTodo
  /// The handler of `POST /todos`.
  func createTodo(for request: RequestValues) throws -> CreateTodo
  /// The handler of `DELETE /todos/:id`.
  func deleteTodo(for request: RequestValues) throws -> DeleteTodo
}
