import Dispatch
import PropertyInjector
import Testing

private final class Screen: InjectableSettable {
  var injectedCache: Cache?
  var injectedLogger: (any Logger)?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedCache": \Screen.injectedCache, "injectedLogger": \Screen.injectedLogger]
  }
}

@Suite("Concurrency")
struct ConcurrencyTests {
  @Test("Many threads inject, resolve and register at once; every injection sees a whole registration")
  func concurrentUse() throws {
    let injector = Injector()
    try injector.register(Cache("initial"))
    try injector.register(ConsoleLogger(), as: (any Logger).self)
    let iterations = 2_000
    DispatchQueue.concurrentPerform(iterations: iterations) { index in
      do {
        if index % 10 == 0 {
          try injector.register(Cache("replacement \(index)"))
        }
        let screen = Screen()
        try injector.inject(screen)
        #expect(screen.injectedCache != nil)
        #expect(screen.injectedLogger != nil)
        _ = try injector.resolve(Cache.self)
      } catch {
        Issue.record(error)
      }
    }
  }
}
