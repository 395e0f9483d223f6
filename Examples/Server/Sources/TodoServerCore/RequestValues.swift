/// The id of one request: the caller's `X-Request-ID` header, or one the server makes.
public struct RequestID: Sendable, Hashable, CustomStringConvertible {
  /// The id's text, echoed in the response's `X-Request-ID` header.
  public let value: String

  /// An id with this text.
  public init(_ value: String) {
    self.value = value
  }

  /// The id's text.
  public var description: String { value }
}

/// Who sent a request: its `X-Caller` header, or `anonymous`.
public struct Caller: Sendable, Hashable, CustomStringConvertible {
  /// The caller's name.
  public let name: String

  /// A caller with this name.
  public init(_ name: String) {
    self.name = name
  }

  /// The caller's name.
  public var description: String { name }
}

/// What a request brings to its handler: the values of its scope, registered in its child injector.
public struct RequestValues: Sendable {
  /// The request's id.
  public let requestID: RequestID
  /// The request's caller.
  public let caller: Caller

  /// The values of one request.
  public init(requestID: RequestID, caller: Caller) {
    self.requestID = requestID
    self.caller = caller
  }
}
