import PropertyInjector
import Testing

private final class Screen: InjectableSettable {
  var injectedDatabase: Database?
  var injectedRequestID: RequestID?
  var injectedLazyDatabase: Lazy<Database>?
  var injectedRequestIDs: Provider<RequestID>?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedDatabase": \Screen.injectedDatabase,
      "injectedRequestID": \Screen.injectedRequestID,
      "injectedLazyDatabase": \Screen.injectedLazyDatabase,
      "injectedRequestIDs": \Screen.injectedRequestIDs,
    ]
  }
}

private final class DatabaseScreen: InjectableSettable {
  var injectedDatabase: Database?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedDatabase": \DatabaseScreen.injectedDatabase] }
}

/// A singleton that holds a Lazy back to its own injector's registrations: a cycle unless the
/// Lazy holds the injector weakly.
private final class Session: InjectableSettable, @unchecked Sendable {
  var injectedDatabase: Lazy<Database>?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedDatabase": \Session.injectedDatabase] }
}

private final class Unresolvable: InjectableSettable {
  var injectedDatabase: Database?
  var injectedLogger: (any Logger)?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedDatabase": \Unresolvable.injectedDatabase, "injectedLogger": \Unresolvable.injectedLogger]
  }
}

@Suite("Memory")
struct MemoryTests {
  @Test("The injector never keeps an injected object alive")
  func injectedObjectsAreNotRetained() throws {
    let injector = Injector()
    injector.register(Database.self, scope: .singleton) { _ in Database(number: 1) }
    injector.register(RequestID.self) { _ in RequestID() }
    weak var weakScreen: Screen?
    weak var weakFailed: Unresolvable?
    do {
      let screen = Screen()
      try injector.inject(screen)
      _ = try screen.injectedLazyDatabase?.value
      weakScreen = screen
      let failed = Unresolvable()
      #expect(throws: InjectionError.self) { try injector.inject(failed) }
      weakFailed = failed
      _ = injector.explain(screen)
      try injector.validate(screen)
    }
    #expect(weakScreen == nil)
    #expect(weakFailed == nil)
  }

  @Test("Transient factory results are not kept by the injector")
  func factoryResultsAreNotRetained() throws {
    let injector = Injector()
    injector.register(RequestID.self) { _ in RequestID() }
    weak var weakID: RequestID?
    do {
      let id = try injector.resolve(RequestID.self)
      weakID = id
    }
    #expect(weakID == nil)
  }

  @Test("A dropped child injector is released, with its singletons, even one holding a Lazy back to it")
  func droppedChildIsReleased() throws {
    let parent = Injector()
    parent.register(Database(number: 1))
    weak var weakChild: Injector?
    weak var weakSession: Session?
    do {
      let child = Injector(parent: parent)
      child.register(Session.self, scope: .singleton) { _ in Session() }
      let session = try child.resolve(Session.self)
      #expect(try session.injectedDatabase?.value.number == 1)
      try child.inject(DatabaseScreen())
      weakChild = child
      weakSession = session
    }
    #expect(weakChild == nil)
    #expect(weakSession == nil)
  }

  @Test("Unregistering releases what the registration held")
  func unregisteringReleases() throws {
    let injector = Injector()
    weak var weakDatabase: Database?
    do {
      let database = Database(number: 1)
      injector.register(database)
      try injector.inject(DatabaseScreen())  // caches a plan holding the instance
      weakDatabase = database
    }
    injector.unregister(Database.self)
    #expect(weakDatabase == nil)
  }

  @Test("A singleton that keeps the resolver its factory receives does not keep the injector alive")
  func resolverDoesNotOwnTheInjector() throws {
    final class Locator: Sendable {
      let resolver: Resolver
      init(_ resolver: Resolver) { self.resolver = resolver }
    }
    weak var weakInjector: Injector?
    var locator: Locator?
    do {
      let injector = Injector()
      weakInjector = injector
      injector.register(Locator.self, scope: .singleton) { Locator($0) }
      injector.register(Database(number: 1))
      locator = try injector.resolve(Locator.self)
      #expect(try locator?.resolver.resolve(Database.self).number == 1)
    }
    #expect(weakInjector == nil, "the injector is released")
    #expect(injectionErrorCode { _ = try locator?.resolver.resolve(Database.self) } == .injectorReleased)
  }

  @Test(
    "Sixteen threads resolving through kept resolvers while the injector goes each get its value or injectorReleased")
  func resolversSeeTheirInjectorGoUnderContention() {
    for _ in 0..<50 {
      // Only `holder` keeps the injector.
      let holder = Locked2<Injector?>(nil)
      let resolver: Resolver = {
        let injector = Injector()
        injector.register(Database(number: 7))
        holder.mutate { $0 = injector }
        return injector.resolver
      }()
      let outcomes = Locked2<[InjectionError.Code]>([])
      let started = Locked2(0)
      let readers: [@Sendable () -> Void] = (0..<16).map { _ in
        {
          started.mutate { $0 += 1 }
          for _ in 0..<200 {
            var number = 7
            let code = injectionErrorCode { number = try resolver.resolve(Database.self).number }
            outcomes.append(code ?? (number == 7 ? nil : .typeMismatch))
          }
        }
      }
      let releaser: @Sendable () -> Void = {
        while started.value < 16 {}
        // The last reference goes outside the lock, while the readers read.
        var released: Injector?
        holder.mutate { swap(&released, &$0) }
        released = nil
      }
      runConcurrently(readers + [releaser])
      let codes = outcomes.value
      #expect(codes.count == 16 * 200)
      #expect(codes.allSatisfy { $0 == .noErrorThrown || $0 == .injectorReleased }, "a value or the injector's end")
      #expect(injectionErrorCode { _ = try resolver.resolve(Database.self) } == .injectorReleased)
    }
  }
}
