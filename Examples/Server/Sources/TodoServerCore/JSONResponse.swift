import Foundation
public import HTTPTypes
public import Hummingbird
import NIOCore

// Both names are valid tokens, so `init?` never fails: the fallbacks are never taken.
extension HTTPField.Name {
  /// `X-Request-ID`: read from the request, echoed in the response from the handler's own scope.
  public static let requestID = Self("X-Request-ID") ?? .via
  /// `X-Caller`: who sends the request, recorded as a new todo's `createdBy`.
  public static let caller = Self("X-Caller") ?? .from
}

/// The JSON responses every handler answers with, each carrying the request's id.
public enum JSONResponse {
  /// `body` as JSON, with `status`.
  public static func body(
    _ body: some Encodable, status: HTTPResponse.Status = .ok, requestID: RequestID
  ) throws -> Response {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    let data = try encoder.encode(body)
    return Response(
      status: status,
      headers: [.contentType: "application/json; charset=utf-8", .requestID: requestID.value],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: data))
    )
  }

  /// No body, with `status`.
  public static func empty(status: HTTPResponse.Status, requestID: RequestID) -> Response {
    Response(status: status, headers: [.requestID: requestID.value])
  }

  /// `{"error": message}`, with `status`: all a caller learns of a failure.
  public static func error(_ message: String, status: HTTPResponse.Status, requestID: RequestID) -> Response {
    let escaped = message.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    return Response(
      status: status,
      headers: [.contentType: "application/json; charset=utf-8", .requestID: requestID.value],
      body: ResponseBody(byteBuffer: ByteBuffer(string: "{\"error\":\"\(escaped)\"}"))
    )
  }
}
