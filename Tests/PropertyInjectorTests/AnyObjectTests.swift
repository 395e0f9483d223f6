import Testing

@testable import PropertyInjector

/// An `AnyObject?` property, as a delegate is often declared.
private final class HoldsAnObject: InjectableSettable {
  var injectedObject: AnyObject?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedObject": \HoldsAnObject.injectedObject] }
}

/// A weak `AnyObject?` delegate.
private final class HoldsADelegate: InjectableSettable {
  weak var injectedDelegate: AnyObject?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedDelegate": \HoldsADelegate.injectedDelegate] }
}

/// An `AnyObject?` property a name registration targets.
private final class NamedDelegate: InjectableSettable {
  var delegate: AnyObject?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["delegate": \NamedDelegate.delegate] }
}

/// A cast to `AnyObject` succeeds for any value, boxed: the rule that only a class instance fits it.
@Suite("Only a class instance fills AnyObject")
struct AnyObjectTests {
  @Test("A value type registered includingAncestors fills no AnyObject? property, and resolves as no AnyObject")
  func valueTypeIsNoObject() throws {
    let registrations: [(Injector) -> Void] = [
      { $0.register(5, includingAncestors: true) }, { $0.register("text", includingAncestors: true) },
      { $0.register([1, 2, 3], includingAncestors: true) },
    ]
    for register in registrations {
      let injector = Injector()
      register(injector)
      let object = HoldsAnObject()
      let error = try #require(injectionError { try injector.inject(object) })
      #expect(codes(of: error) == [.unresolved])
      #expect(object.injectedObject == nil)
      #expect(injectionError { _ = try injector.resolve(AnyObject.self) }?.code == .unresolved)
    }
  }

  @Test("A value type registered includingAncestors after a class instance does not take its AnyObject? delegate")
  func valueTypeDoesNotTakeTheDelegate() throws {
    let injector = Injector()
    let delegate = Cache()
    injector.register(delegate, includingAncestors: true)
    injector.register("config", includingAncestors: true)
    let object = HoldsADelegate()
    try injector.inject(object)
    #expect(object.injectedDelegate === delegate)
    #expect(try injector.resolve(AnyObject.self) === delegate)
  }

  @Test("A class instance registered includingAncestors fills an AnyObject? property")
  func classInstanceFills() throws {
    let injector = Injector()
    let cache = Cache()
    injector.register(cache, includingAncestors: true)
    let object = HoldsAnObject()
    try injector.inject(object)
    #expect(object.injectedObject === cache)
  }

  @Test("A name registration of a value type for an AnyObject? property is a type mismatch, not a boxed value")
  func namedValueTypeIsAMismatch() throws {
    let injector = Injector()
    injector.register(5, named: "delegate")
    let object = NamedDelegate()
    let error = try #require(injectionError { try injector.inject(object) })
    #expect(codes(of: error) == [.typeMismatch])
    #expect(object.delegate == nil)
  }

  @Test("A named factory of a value type for an AnyObject? property is a type mismatch")
  func namedFactoryOfAValueTypeIsAMismatch() throws {
    let injector = Injector()
    injector.register(named: "delegate") { _ -> Int in 5 }
    let object = NamedDelegate()
    let error = try #require(injectionError { try injector.inject(object) })
    #expect(codes(of: error) == [.typeMismatch])
    #expect(object.delegate == nil)
  }

  @Test("A named factory of an existential that makes a value type fills no AnyObject? property")
  func namedExistentialFactoryMakingAValueIsAMismatch() throws {
    let injector = Injector()
    injector.register(named: "delegate") { _ -> any Sendable in 5 }
    let object = NamedDelegate()
    let error = try #require(injectionError { try injector.inject(object) })
    #expect(object.delegate == nil)
    #expect(error.problems.allSatisfy { $0.property == "delegate" })
  }
}
