import PropertyInjector
import Testing

private class HomeScreen: InjectableSettable {
  var injectedCache: Cache?
  class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \HomeScreen.injectedCache] }
}

private final class PromoScreen: HomeScreen {}

private final class OtherScreen: InjectableSettable {
  var injectedCache: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \OtherScreen.injectedCache] }
}

@Suite("Target restriction")
struct TargetRestrictionTests {
  @Test("A registration for a class fills objects of that class and its subclasses")
  func targetAndSubclassesAreFilled() throws {
    let injector = Injector()
    let cache = Cache()
    injector.register(cache, for: HomeScreen.self)
    let home = HomeScreen()
    let promo = PromoScreen()
    try injector.inject(home)
    try injector.inject(promo)
    #expect(home.injectedCache === cache)
    #expect(promo.injectedCache === cache)
  }

  @Test("A registration for a class does not fill other classes, and says so")
  func otherClassesAreNotFilled() throws {
    let injector = Injector()
    injector.register(Cache(), for: HomeScreen.self)
    let other = OtherScreen()
    let error = injectionError { try injector.inject(other) }
    #expect(error.map(codes) == [.unresolved])
    #expect(error?.problems.first?.nearMisses.contains { $0.contains("only for HomeScreen") } == true)
    #expect(other.injectedCache == nil)
  }

  @Test("A registration for a subclass does not fill its superclass")
  func superclassIsNotFilledBySubclassRegistration() throws {
    let injector = Injector()
    injector.register(Cache(), for: PromoScreen.self)
    let error = injectionError { try injector.inject(HomeScreen()) }
    #expect(error.map(codes) == [.unresolved])
  }
}
