import Dispatch
import PropertyInjector
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

// Services shared by the tests. Targets are declared in each test file, next to the rule they exercise.

protocol Logger: AnyObject, Sendable {
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

class Cache: @unchecked Sendable {
  let label: String
  init(_ label: String = "cache") { self.label = label }
}

class ImageCache: Cache, @unchecked Sendable {}

final class ThumbnailCache: ImageCache, @unchecked Sendable {}

final class Analytics: Sendable {}

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

/// A count that several threads can bump: for factories that count their calls.
final class Counter: @unchecked Sendable {
  private let lock = NSLockLike()
  private var count = 0

  var value: Int { lock.withLock { count } }

  @discardableResult
  func increment() -> Int {
    lock.withLock {
      count += 1
      return count
    }
  }
}

/// A minimal lock for test fixtures, so the tests need no Foundation.
final class NSLockLike: @unchecked Sendable {
  private let semaphore = DispatchSemaphore(value: 1)
  func withLock<T>(_ body: () throws -> T) rethrows -> T {
    semaphore.wait()
    defer { semaphore.signal() }
    return try body()
  }
}

struct Failure: Error, Equatable {
  let reason: String
}

/// Lets `parties` threads wait until all have arrived (or `timeout` passes), once.
final class Rendezvous: @unchecked Sendable {
  private let lock = NSLockLike()
  private let gate = DispatchSemaphore(value: 0)
  private var waiting: Int

  init(parties: Int) { waiting = parties }

  /// Arrives; returns when every party has arrived, or after two seconds. Later calls return at once.
  func arriveAndWait() {
    let last = lock.withLock { () -> Int? in
      guard waiting > 0 else { return nil }
      waiting -= 1
      return waiting
    }
    switch last {
    case nil: return
    case 0?: for _ in 0..<8 { gate.signal() }
    default: _ = gate.wait(timeout: .now() + 2)
    }
  }
}

/// Runs each body on a thread of its own, all at the same time, and waits for them; fails the
/// test instead of hanging if they do not finish.
///
/// Real threads, not a dispatch queue: a queue's workers may be busy with other tests, which
/// would run the bodies one after the other instead of at once.
func runConcurrently(_ bodies: [@Sendable () -> Void], sourceLocation: SourceLocation = #_sourceLocation) {
  let finished = DispatchSemaphore(value: 0)
  for body in bodies {
    guard
      startThread(
        stackSize: nil,
        {
          body()
          finished.signal()
        })
    else {
      Issue.record("could not start a thread", sourceLocation: sourceLocation)
      return
    }
  }
  for _ in bodies where finished.wait(timeout: .now() + 20) == .timedOut {
    Issue.record("threads did not finish within 20 seconds: a deadlock", sourceLocation: sourceLocation)
    return
  }
}

/// Runs `body` on a new thread with a stack of `stackSize` bytes, and waits for it; fails the
/// test instead of hanging if it does not finish.
func runOnThread(
  stackSize: Int, sourceLocation: SourceLocation = #_sourceLocation, _ body: @escaping @Sendable () -> Void
) {
  let finished = DispatchSemaphore(value: 0)
  guard
    startThread(
      stackSize: stackSize,
      {
        body()
        finished.signal()
      })
  else {
    Issue.record("could not start a thread", sourceLocation: sourceLocation)
    return
  }
  if finished.wait(timeout: .now() + 60) == .timedOut {
    Issue.record("the thread did not finish within 60 seconds", sourceLocation: sourceLocation)
  }
}

/// Starts a detached thread running `body`, with a stack of `stackSize` bytes (the platform's
/// default when nil); returns whether it started.
private func startThread(stackSize: Int?, _ body: @escaping @Sendable () -> Void) -> Bool {
  let box = Unmanaged.passRetained(ThreadBody(body))
  let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
  pthread_attr_init(attributes)
  defer {
    pthread_attr_destroy(attributes)
    attributes.deallocate()
  }
  if let stackSize { pthread_attr_setstacksize(attributes, stackSize) }
  #if canImport(Darwin)
    var thread: pthread_t?
  #else
    var thread = pthread_t()
  #endif
  let created = pthread_create(
    &thread, attributes,
    { raw in
      #if canImport(Darwin)
        let body = Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue()
      #else
        let body = Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue()
      #endif
      body.run()
      return nil
    }, box.toOpaque())
  guard created == 0 else {
    box.release()
    return false
  }
  #if canImport(Darwin)
    if let thread { pthread_detach(thread) }
  #else
    pthread_detach(thread)
  #endif
  return true
}

/// A closure a new thread runs.
private final class ThreadBody: @unchecked Sendable {
  let run: () -> Void
  init(_ run: @escaping () -> Void) { self.run = run }
}

/// A value several threads can append to.
final class Locked2<Value>: @unchecked Sendable {
  private let lock = NSLockLike()
  private var stored: Value
  init(_ value: Value) { stored = value }
  var value: Value { lock.withLock { stored } }
  func mutate(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}

extension Locked2 where Value == [InjectionError.Code] {
  func append(_ code: InjectionError.Code?) { mutate { $0.append(code ?? .noErrorThrown) } }
}

/// The code of the InjectionError `body` throws, or nil.
func injectionErrorCode(_ body: () throws -> Void) -> InjectionError.Code? {
  do {
    try body()
    return nil
  } catch {
    return (error as? InjectionError)?.code
  }
}
