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

private final class BusyScreen: InjectableSettable {
  var injectedDatabase: Database?
  var injectedLazyDatabase: Lazy<Database>?
  var injectedRequestIDs: Provider<RequestID>?
  var injectedRequestID: RequestID?
  var injectedLogger: (any Logger)?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedDatabase": \BusyScreen.injectedDatabase,
      "injectedLazyDatabase": \BusyScreen.injectedLazyDatabase,
      "injectedRequestIDs": \BusyScreen.injectedRequestIDs,
      "injectedRequestID": \BusyScreen.injectedRequestID,
      "injectedLogger": \BusyScreen.injectedLogger,
    ]
  }
}

@Suite("Concurrency")
struct ConcurrencyTests {
  @Test("Many threads inject, resolve and register at once; every injection sees a whole registration")
  func concurrentUse() throws {
    let injector = Injector()
    injector.register(Cache("initial"))
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let iterations = 2_000
    DispatchQueue.concurrentPerform(iterations: iterations) { index in
      do {
        if index % 10 == 0 {
          injector.register(Cache("replacement \(index)"))
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

  @Test("Threads register, unregister, inject, resolve singletons and use child injectors at once")
  func stress() throws {
    let root = Injector()
    let creations = Counter()
    root.register(Database.self, scope: .singleton) { _ in Database(number: creations.increment()) }
    root.register(RequestID.self) { _ in RequestID() }
    root.register(ConsoleLogger("root"), as: (any Logger).self)
    let databases = Locked2<Set<ObjectIdentifier>>([])
    let failures = Locked2<[String]>([])

    DispatchQueue.concurrentPerform(iterations: 8) { worker in
      for round in 0..<250 {
        do {
          switch (worker + round) % 5 {
          case 0:
            root.register(Cache("worker \(worker)"), id: "w\(worker)")
            root.unregister(Cache.self, id: "w\(worker)")
          case 1:
            let screen = BusyScreen()
            try root.inject(screen)
            let database = try #require(screen.injectedDatabase)
            databases.mutate { $0.insert(ObjectIdentifier(database)) }
            _ = try screen.injectedRequestIDs?.get()
          case 2:
            let database = try root.resolve(Database.self)
            databases.mutate { $0.insert(ObjectIdentifier(database)) }
          case 3:
            let child = Injector(parent: root)
            child.register(ConsoleLogger("child \(worker)"), as: (any Logger).self)
            let screen = BusyScreen()
            try child.inject(screen)
            #expect(screen.injectedLogger?.name == "child \(worker)")
            let database = try #require(try screen.injectedLazyDatabase?.value)
            databases.mutate { $0.insert(ObjectIdentifier(database)) }
          default:
            let screen = BusyScreen()
            try root.inject(screen)
            _ = try screen.injectedLazyDatabase?.value
          }
        } catch {
          failures.mutate { $0.append("\(error)") }
        }
      }
    }
    #expect(failures.value.isEmpty, "\(failures.value.prefix(3))")
    #expect(creations.value == 1)
    #expect(databases.value.count == 1)
  }
}
