import Dispatch
import Testing

@testable import PropertyInjector
@testable import PropertyInjectorTesting

@Suite("The issue the trait records for a registration that escaped its override")
struct EscapedRegistrationTests {
  /// Runs `trait` around a registration that reaches `root` from a dispatch queue, as code that
  /// leaves the test's task does; `root` stands for the process-wide injector, which other tests
  /// running now must not see changed.
  private func escape(through trait: InjectingTrait) async throws {
    let root = Injector(parent: nil, requiresConfiguration: true)
    let test = try #require(Test.current)
    try await trait.provideScope(for: test, watching: root) {
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().async {
          root.register(Marker(7))
          done.resume()
        }
      }
    }
  }

  @Test("It points at the .injecting written in the test's file, not at the library")
  func pointsAtTheTrait() async throws {
    let trait: InjectingTrait = .injecting { $0.register(Marker(1)) }
    let line = #line - 1
    try await withKnownIssue {
      try await escape(through: trait)
    } matching: { issue in
      issue.sourceLocation?.fileID == #fileID && issue.sourceLocation?.line == line
        && String(describing: issue).contains("Marker")
    }
    #expect(trait.sourceLocation?.fileID == #fileID)
  }

  @Test("A suite's .injecting around a test's reports an escaped registration once, not once each")
  func nestedTraitsReportOnce() async throws {
    let root = Injector(parent: nil, requiresConfiguration: true)
    let test = try #require(Test.current)
    let issues = Locked(0)
    let (outer, inner): (InjectingTrait, InjectingTrait) = (.injecting { _ in }, .injecting { _ in })
    try await withKnownIssue {
      try await outer.provideScope(for: test, watching: root) {
        try await inner.provideScope(for: test, watching: root) {
          await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
              root.register(Marker(8))
              done.resume()
            }
          }
        }
      }
    } matching: { issue in
      issues.withLock { $0 += 1 }
      return String(describing: issue).contains("Marker")
    }
    #expect(issues.withLock { $0 } == 1)
  }

  @Test("The bare .injecting, which cannot capture a location, points at the test")
  func bareTraitPointsAtTheTest() async throws {
    let test = try #require(Test.current)
    #expect(InjectingTrait.injecting.sourceLocation == nil)
    try await withKnownIssue {
      try await escape(through: .injecting)
    } matching: { issue in
      issue.sourceLocation == test.sourceLocation && issue.sourceLocation?.fileID == #fileID
    }
  }
}
