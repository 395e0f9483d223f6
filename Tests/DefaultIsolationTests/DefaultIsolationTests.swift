// Built with `.defaultIsolation(MainActor.self)`, a new Xcode project's setting: every declaration
// here is main-actor unless it says otherwise. The snippets between the markers are the README's
// and Getting Started's, word for word.

import PropertyInjector
import PropertyInjectorTesting
import Testing

// snippet: default-isolation
// Services any thread may use: nonisolated, and Sendable.
nonisolated protocol Clock: AnyObject, Sendable { var now: Int { get } }
nonisolated final class SystemClock: Clock { var now: Int { 1_000 } }
nonisolated final class Database: Sendable {}

// Main-actor types, the default here: registered on the main actor, with no `unchecked:`.
final class FeedViewModel {
  let clock: any Clock
  init(clock: any Clock) { self.clock = clock }
}

final class FeedScreen: InjectableSettable {
  var injectedViewModel: FeedViewModel?
  var injectedDatabase: Database?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedViewModel": \FeedScreen.injectedViewModel, "injectedDatabase": \FeedScreen.injectedDatabase]
  }
}

enum AppWiring {
  // nonisolated: a suite trait's closure, and any thread, can call it.
  nonisolated static func configure(_ injector: Injector) {
    injector.register(SystemClock(), as: (any Clock).self)
    injector.register(Database.self, scope: .singleton) { _ in Database() }
    injector.register(FeedViewModel.self, on: MainActor.self) { resolver in
      FeedViewModel(clock: try resolver.resolve((any Clock).self))
    }
  }
}
// end snippet

// snippet: default-isolation-test
nonisolated final class FixedClock: Clock { var now: Int { 42 } }

@Suite(.injecting { AppWiring.configure($0) })
struct FeedTests {
  @Test(.injecting { $0.register(FixedClock(), as: (any Clock).self) })
  func showsTheFixedTime() throws {
    let screen = FeedScreen()
    try Injector.shared.inject(screen)
    #expect(screen.injectedViewModel?.clock.now == 42)
  }
}
// end snippet

@Suite("The wiring of a module whose default isolation is the main actor")
struct DefaultIsolationTests {
  @Test("The services, the singleton and the main-actor factory fill a main-actor screen")
  func wiringWorks() throws {
    let injector = Injector()
    AppWiring.configure(injector)
    let screen = FeedScreen()
    try injector.inject(screen)
    #expect(screen.injectedViewModel?.clock.now == 1_000)
    let second = FeedScreen()
    try injector.inject(second)
    #expect(second.injectedDatabase === screen.injectedDatabase, "one Database, a singleton")
    try injector.validate(FeedScreen())
  }

  @Test("The wiring runs off the main actor too: a detached task registers and resolves the services")
  func wiringOffTheMainActor() async throws {
    let clock = try await Task.detached {
      let injector = Injector()
      AppWiring.configure(injector)
      return try injector.resolve((any Clock).self).now
    }.value
    #expect(clock == 1_000)
  }
}
