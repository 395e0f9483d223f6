import PropertyInjector
import Testing

// One way to read a caught error, `if let error = InjectionError(error)`, written in every place a
// `catch` can be: each test compiles only if the pattern does (with warnings as errors), and checks
// that it sees the code.

private final class Unregistered: Sendable {}

/// The code seen in a function body, where `error` is already an `InjectionError`.
private func codeInFunctionBody(_ injector: Injector) -> InjectionError.Code? {
  do {
    _ = try injector.resolve(Unregistered.self)
  } catch {
    if let error = InjectionError(error) { return error.code }
  }
  return nil
}

/// The code seen in an async function.
private func codeInAsyncFunction(_ injector: Injector) async -> InjectionError.Code? {
  await Task.yield()
  do {
    _ = try injector.resolve(Unregistered.self)
  } catch {
    if let error = InjectionError(error) { return error.code }
  }
  return nil
}

/// Calls `body` and returns what it returns: a helper that takes a non-throwing closure.
private func inHelper<Result>(_ body: () -> Result) -> Result { body() }

/// Calls `body`, which may throw: a helper that takes a throwing closure.
private func inThrowingHelper<Result>(_ body: () throws -> Result) rethrows -> Result { try body() }

@Suite("One error-handling pattern for every context")
struct ErrorHandlingPatternTests {
  @Test("In a function body with typed throws, InjectionError(error) sees the code")
  func functionBody() {
    #expect(codeInFunctionBody(Injector()) == .unresolved)
  }

  @Test("In a throwing function body, with a closure inside the catch, it compiles and sees the problems")
  func throwingFunctionWithClosureInCatch() throws {
    let injector = Injector()
    var locations: [String] = []
    do {
      _ = try injector.resolve(Unregistered.self)
    } catch {
      if let error = InjectionError(error) { locations = error.problems.map { $0.location } }
    }
    #expect(locations == ["Unregistered"])
  }

  @Test("In a non-throwing closure, where error is any Error, it sees the code")
  func nonThrowingClosure() {
    let injector = Injector()
    let code = inHelper { () -> InjectionError.Code? in
      do {
        _ = try injector.resolve(Unregistered.self)
      } catch {
        if let error = InjectionError(error) { return error.code }
      }
      return nil
    }
    #expect(code == .unresolved)
  }

  @Test("In a throwing closure it sees the code, and can rethrow the InjectionError")
  func throwingClosure() {
    let injector = Injector()
    var seen: InjectionError.Code?
    #expect(throws: InjectionError.self) {
      try inThrowingHelper {
        do {
          _ = try injector.resolve(Unregistered.self)
        } catch {
          if let error = InjectionError(error) {
            seen = error.code
            throw error
          }
          throw error
        }
      }
    }
    #expect(seen == .unresolved)
  }

  @Test("In a closure declared throws(InjectionError), where error is still any Error, it sees the code")
  func typedThrowingClosure() throws {
    let injector = Injector()
    let body = { () throws(InjectionError) -> InjectionError.Code? in
      do {
        _ = try injector.resolve(Unregistered.self)
      } catch {
        if let error = InjectionError(error) { return error.code }
      }
      return nil
    }
    #expect(try body() == .unresolved)
  }

  @Test("In a Task it sees the code")
  func task() async {
    let injector = Injector()
    let code = await Task { () -> InjectionError.Code? in
      do {
        _ = try injector.resolve(Unregistered.self)
      } catch {
        if let error = InjectionError(error) { return error.code }
      }
      return nil
    }.value
    #expect(code == .unresolved)
  }

  @Test("In an async function it sees the code")
  func asyncFunction() async {
    #expect(await codeInAsyncFunction(Injector()) == .unresolved)
  }

  @Test("As a catch clause's guard, it picks the InjectionError of a given code")
  func catchClauseGuard() {
    let injector = Injector()
    let matched = inHelper { () -> Bool in
      do {
        _ = try injector.resolve(Unregistered.self)
      } catch let error where InjectionError(error)?.code == .unresolved {
        return true
      } catch {
        return false
      }
      return false
    }
    #expect(matched)
  }

  @Test("Any other error is not an InjectionError")
  func otherErrors() {
    #expect(InjectionError(Failure(reason: "offline")) == nil)
  }
}
