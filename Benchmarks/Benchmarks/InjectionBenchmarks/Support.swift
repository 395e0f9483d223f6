import Dispatch
import Foundation

// MARK: - Two threads

/// A parked thread that runs one closure at a time beside the benchmark's own thread, so that
/// a measured iteration has exactly two threads filling objects at once, without starting a
/// thread per iteration.
final class HelperThread: @unchecked Sendable {
  private let start = DispatchSemaphore(value: 0)
  private let done = DispatchSemaphore(value: 0)
  // Written before `start` is signalled and read after it is waited on (`work`), or written
  // before `done` is signalled and read after it is waited on (`failure`): the semaphores
  // order every access.
  private var work: (() throws -> Void)?
  private var failure: (any Error)?

  init() {
    let thread = Thread { [self] in
      while true {
        start.wait()
        do {
          try work?()
        } catch {
          failure = error
        }
        done.signal()
      }
    }
    thread.name = "benchmark helper"
    thread.start()
  }

  /// Runs `body` on the helper thread and `mainBody` on the calling thread at the same time,
  /// returns when both are done, and throws what either threw.
  func run(_ body: @escaping () throws -> Void, alongside mainBody: () throws -> Void) throws {
    work = body
    failure = nil
    start.signal()
    var mainFailure: (any Error)?
    do {
      try mainBody()
    } catch {
      mainFailure = error
    }
    done.wait()
    work = nil
    if let error = mainFailure ?? failure { throw error }
  }
}

/// Lets a value that is not `Sendable`, but is only used safely, cross to the helper thread.
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
}
