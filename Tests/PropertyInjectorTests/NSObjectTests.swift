// Foundation is imported for NSObject, the superclass these cases are about; no other test file needs it.
import Foundation
import PropertyInjector
import Testing

/// A value with a number, to tell registrations apart.
private final class ObjCStore: Sendable {
  let number: Int
  init(_ number: Int) { self.number = number }
}

/// A final NSObject subclass with a table.
private final class NSObjectScreen: NSObject, InjectableSettable {
  var injectedStore: ObjCStore?
  var injectedLogger: (any Logger)?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedStore": \NSObjectScreen.injectedStore, "injectedLogger": \NSObjectScreen.injectedLogger]
  }
}

/// A non-final NSObject subclass with a class table.
private class NSObjectBase: NSObject, InjectableSettable {
  var injectedStore: ObjCStore?
  class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedStore": \NSObjectBase.injectedStore] }
}

/// Extends its NSObject superclass's table.
private final class NSObjectSubclass: NSObjectBase {
  var injectedLogger: (any Logger)?
  override class var injectableKeyPaths: [String: AnyKeyPath] {
    super.injectableKeyPaths.merging(["injectedLogger": \NSObjectSubclass.injectedLogger]) { $1 }
  }
}

@Suite("NSObject subclasses")
struct NSObjectTests {
  @Test("An NSObject subclass with a table is injected, and so is a subclass extending its superclass's table")
  func nsObjectSubclassesAreInjected() throws {
    let injector = Injector()
    injector.register(ObjCStore(1))
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let screen = NSObjectScreen()
    try injector.inject(screen)
    #expect(screen.injectedStore?.number == 1 && screen.injectedLogger != nil)
    let subclass = NSObjectSubclass()
    try injector.inject(subclass)
    #expect(subclass.injectedStore?.number == 1 && subclass.injectedLogger != nil)
  }
}
