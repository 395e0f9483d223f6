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
