import PropertyInjector
import Testing

private final class OwnMirror: InjectableSettable, CustomReflectable {
  var injectedCache: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \OwnMirror.injectedCache] }
  var customMirror: Mirror { Mirror(self, children: ["summary": "a mirror that hides the stored properties"]) }
}

private class MirroredBase: CustomReflectable {
  var customMirror: Mirror { Mirror(self, children: []) }
}

/// Inherits a custom mirror, and has an empty table: without the check, injecting it would
/// silently do nothing.
private final class InheritedMirror: MirroredBase, InjectableSettable {
  var injectedCache: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] { [:] }
}

@Suite("Custom mirrors")
struct CustomMirrorTests {
  @Test("An own customMirror that hides the stored properties is an error")
  func ownCustomMirror() throws { try expectHiddenByCustomMirror(OwnMirror()) }

  @Test("An inherited customMirror, with an empty table, is an error, not a silent no-op")
  func inheritedCustomMirror() throws { try expectHiddenByCustomMirror(InheritedMirror()) }

  private func expectHiddenByCustomMirror(_ target: any InjectableSettable) throws {
    let injector = Injector()
    injector.register(Cache())
    let error = injectionError { try injector.inject(target) }
    #expect(error.map(codes) == [.unsupportedProperty])
    let problem = try #require(error?.problems.first)
    #expect(problem.summary.contains("customMirror"))
    #expect(problem.fix.contains("CustomReflectable"))
    #expect(injectionError { try injector.validate(target) }.map(codes) == [.unsupportedProperty])
    #expect(!injector.explain(target).wouldSucceed)
  }
}
