import PropertyInjector
import Testing

private class Screen: InjectableSettable {
  var injectedDatabase: Database?
  var injectedLogger: (any Logger)?
  class var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedDatabase": \Screen.injectedDatabase, "injectedLogger": \Screen.injectedLogger]
  }
}

private final class DetailScreen: Screen {}

/// Made by a parent's factory from what it resolves.
private final class ChildLoggedReport: Sendable {
  let logger: any Logger
  init(logger: any Logger) { self.logger = logger }
}

/// Needs a reporter.
private final class ReportScreen: InjectableSettable {
  var injectedReport: ChildLoggedReport?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedReport": \ReportScreen.injectedReport] }
}

@Suite("Child injectors")
struct ChildInjectorTests {
  @Test("A parent's factory needing what only the child that asked registers: the error says where it is, and why")
  func parentFactoryCannotSeeTheChild() throws {
    let parent = Injector()
    parent.register(ChildLoggedReport.self) { resolver in
      ChildLoggedReport(logger: try resolver.resolve((any Logger).self))
    }
    let child = Injector(parent: parent)
    child.register(ConsoleLogger("child"), as: (any Logger).self)
    let grandchild = Injector(parent: child)
    let onTheWay = "a child injector 1 level below it, on the way to the one this call started from"
    for (asker, holder) in [(child, "the child injector this call started from"), (grandchild, onTheWay)] {
      let errors = [
        injectionError { _ = try asker.resolve(ChildLoggedReport.self) },
        injectionError { try asker.inject(ReportScreen()) },
      ]
      for error in errors {
        let problem = try #require(error?.problems.first { $0.code == .unresolved }, "\(String(describing: error))")
        #expect(problem.nearMisses == ["any Logger is registered in \(holder)."])
        #expect(problem.summary.contains("A factory registered in a parent resolves from that parent"))
        #expect(problem.fix.hasPrefix("Register any Logger in the injector that holds the factory"))
      }
    }
    // Asked of the parent itself, the plain error: nothing below it was asked.
    let alone = try #require(injectionError { _ = try parent.resolve(ChildLoggedReport.self) })
    #expect(alone.problems.allSatisfy { $0.nearMisses.isEmpty && !$0.summary.contains("A factory registered") })
  }

  @Test("A child sees its parent's registrations, and its own win")
  func childFallsBackOnParent() throws {
    let parent = Injector()
    let logger = ConsoleLogger("parent")
    parent.register(logger, as: (any Logger).self)
    parent.register(Database(number: 1))
    let child = Injector(parent: parent)
    let fake = Database(number: 99)
    child.register(fake)
    let screen = Screen()
    try child.inject(screen)
    #expect(screen.injectedLogger === logger)
    #expect(screen.injectedDatabase === fake)
  }

  @Test("Registering and unregistering in a child never changes the parent")
  func parentIsUntouched() throws {
    let parent = Injector()
    let real = Database(number: 1)
    parent.register(real)
    let child = Injector(parent: parent)
    child.register(Database(number: 2))
    #expect(try parent.resolve(Database.self) === real)
    #expect(child.unregister(Database.self))
    #expect(!child.unregister(Database.self))
    #expect(try parent.resolve(Database.self) === real)
    #expect(try child.resolve(Database.self) === real)
  }

  @Test("The child's precedence applies first: any eligible registration in the child beats a better one in the parent")
  func childPrecedenceFirst() throws {
    let parent = Injector()
    parent.register(Database(number: 1), for: DetailScreen.self)
    let child = Injector(parent: parent)
    let plain = Database(number: 2)
    child.register(plain)
    child.register(ConsoleLogger(), as: (any Logger).self)
    let screen = DetailScreen()
    try child.inject(screen)
    #expect(screen.injectedDatabase === plain)
  }

  @Test("A parent's singleton is built by the parent, once, and shared by every child")
  func parentSingletonIsShared() throws {
    let parent = Injector()
    let builtBy = Locked2<[ObjectIdentifier]>([])
    parent.register(Database.self, scope: .singleton) { injector in
      builtBy.mutate { $0.append(ObjectIdentifier(injector.injector!)) }
      return Database(number: 1)
    }
    let first = Injector(parent: parent)
    let second = Injector(parent: parent)
    #expect(try first.resolve(Database.self) === second.resolve(Database.self))
    #expect(builtBy.value == [ObjectIdentifier(parent)])
  }

  @Test("A registration made in the parent after the child cached a plan is seen by the child")
  func childSeesLaterParentRegistrations() throws {
    let parent = Injector()
    parent.register(ConsoleLogger(), as: (any Logger).self)
    let child = Injector(parent: parent)
    #expect(throws: InjectionError.self) { try child.inject(Screen()) }
    let database = Database(number: 5)
    parent.register(database)
    let screen = Screen()
    try child.inject(screen)
    #expect(screen.injectedDatabase === database)
  }

  @Test("Tests swap in fakes with a child of the app's injector")
  func swappingFakes() throws {
    let app = Injector()
    app.register(Database.self, scope: .singleton) { _ in Database(number: 1) }
    app.register(ConsoleLogger("app"), as: (any Logger).self)
    let tests = Injector(parent: app)
    tests.register(Database(number: 42))
    let screen = Screen()
    try tests.inject(screen)
    #expect(screen.injectedDatabase?.number == 42)
    #expect(screen.injectedLogger?.name == "app")
  }

  @Test(
    "After a parent unregisters an instance, nothing in the injector tree keeps it: not a child's plans, not its resolutions"
  )
  func parentUnregisterReleasesEverywhere() throws {
    let parent = Injector()
    let child = Injector(parent: parent)
    let grandchild = Injector(parent: child)
    child.register(ConsoleLogger(), as: (any Logger).self)
    weak var released: Database?
    do {
      let database = Database(number: 1)
      released = database
      parent.register(database)
      try child.inject(Screen())
      try grandchild.inject(Screen())
      #expect(try child.resolve(Database.self) === database)
      #expect(try grandchild.resolve(Database.self) === database)
    }
    #expect(released != nil, "registered: kept by the parent")
    #expect(parent.unregister(Database.self))
    #expect(released == nil, "no plan or resolution of a child or grandchild keeps it")
    #expect(injectionErrorCode { try child.inject(Screen()) } == .unresolved)
  }

  @Test("A change in a parent reaches a child's cached answers at once")
  func parentChangeReachesChildAtOnce() throws {
    let parent = Injector()
    let child = Injector(parent: parent)
    parent.register(Database(number: 1))
    #expect(try child.resolve(Database.self).number == 1)
    parent.register(Database(number: 2))
    #expect(try child.resolve(Database.self).number == 2)
  }
}
