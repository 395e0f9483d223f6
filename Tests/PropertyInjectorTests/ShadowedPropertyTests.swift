import OtherModuleFixtures
import PropertyInjector
import Testing

/// Declares a candidate named like its base class's private one, which it cannot see.
private final class ShadowsPrivateInjectable: PrivateInjectableBase {
  var injectedLogger: (any Logger)?
  override class var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedLogger": \ShadowsPrivateInjectable.injectedLogger]
  }
}

private final class ShadowsPrivatePlain: PrivatePlainBase, InjectableSettable {
  var injectedLogger: (any Logger)?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedLogger": \ShadowsPrivatePlain.injectedLogger] }
}

/// Declares a candidate named like its base class's internal one in another module.
private final class ShadowsForeignInjectable: ForeignInjectableBase {
  var injectedLogger: ForeignLogger?
  override class var injectableKeyPaths: [String: AnyKeyPath] {
    super.injectableKeyPaths.merging(["injectedLogger": \ShadowsForeignInjectable.injectedLogger]) { $1 }
  }
}

private final class ShadowsForeignPlain: ForeignPlainBase, InjectableSettable {
  var injectedLogger: ForeignLogger?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedLogger": \ShadowsForeignPlain.injectedLogger] }
}

@Suite("Properties named like an invisible superclass property")
struct ShadowedPropertyTests {
  @Test("A subclass property named like a superclass's private one: each table fills its own")
  func privateInAnotherFile() throws {
    let injector = Injector()
    let logger = ConsoleLogger()
    injector.register(logger, as: (any Logger).self)
    let target = ShadowsPrivateInjectable()
    try injector.inject(target)
    #expect(target.injectedLogger === logger)
    #expect(target.baseLogger === logger)
    try injector.validate(target)
  }

  @Test("A subclass property named like a superclass's internal one in another module: both are filled")
  func internalInAnotherModule() throws {
    let injector = Injector()
    let logger = ForeignLogger()
    injector.register(logger)
    let target = ShadowsForeignInjectable()
    try injector.inject(target)
    #expect(target.injectedLogger === logger)
    #expect(target.baseLogger === logger)
  }

  @Test(
    "A private superclass property without a table of its own: the error says it is out of reach, and how to fix it")
  func unreachablePrivateProperty() throws { try expectOutOfReach(ShadowsPrivatePlain()) }

  @Test("An other-module superclass property without a table of its own: the same error")
  func unreachableForeignProperty() throws { try expectOutOfReach(ShadowsForeignPlain()) }

  private func expectOutOfReach(_ target: any InjectableSettable) throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    injector.register(ForeignLogger())
    let error = injectionError { try injector.inject(target) }
    #expect(error.map(codes) == [.missingFromTable])
    let problem = try #require(error?.problems.first)
    #expect(problem.summary.contains("declares another property named \"injectedLogger\""))
    #expect(problem.fix.contains("a table of its own") && problem.fix.contains("rename"))
    #expect(!problem.fix.contains("Add \"injectedLogger\""), "never the fix that is already applied")
  }
}
