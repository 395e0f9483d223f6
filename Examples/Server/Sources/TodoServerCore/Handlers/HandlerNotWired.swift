/// A handler was asked to serve with a property left nil: a wiring mistake, answered with a 500.
public struct HandlerNotWired: Error, CustomStringConvertible {
  /// The handler's type and the nil property.
  public let description: String

  /// The error for `property` of `handler`.
  public init(_ handler: Any.Type, _ property: String) {
    description = "\(handler).\(property) is nil: the handler was not wired"
  }
}

/// The value of a handler's property, or `HandlerNotWired` when it is nil.
func wired<Value>(_ value: Value?, _ handler: Any.Type, _ property: String) throws(HandlerNotWired) -> Value {
  guard let value else { throw HandlerNotWired(handler, property) }
  return value
}
