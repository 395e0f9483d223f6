import PropertyInjector
import Testing

// Services shared by the tests. Targets are declared in each test file, next to the rule they exercise.

protocol Logger: AnyObject {
  var name: String { get }
}

/// Inherits `Logger`, for the inherited-protocol rule.
protocol FileLogger: Logger {}

final class ConsoleLogger: Logger {
  let name: String
  init(_ name: String = "console") { self.name = name }
}

final class DiskLogger: FileLogger {
  let name = "disk"
}

class Cache {
  let label: String
  init(_ label: String = "cache") { self.label = label }
}

class ImageCache: Cache {}

final class ThumbnailCache: ImageCache {}

final class Analytics {}

/// Every problem's code, in order.
func codes(of error: InjectionError) -> [InjectionError.Code] {
  error.problems.map(\.code)
}

/// Runs `body`, which must throw an `InjectionError`, and returns it.
func injectionError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> InjectionError? {
  do {
    try body()
    Issue.record("expected an InjectionError, but nothing was thrown", sourceLocation: sourceLocation)
  } catch let error as InjectionError {
    return error
  } catch {
    Issue.record("expected an InjectionError, got \(error)", sourceLocation: sourceLocation)
  }
  return nil
}
