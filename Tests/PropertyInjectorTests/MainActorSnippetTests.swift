// The snippets of the README ("Factories, singletons and the main actor"), Lifecycles.md ("Main-actor
// and non-Sendable registrations") and the Swinject and Factory guides (a service that is not
// Sendable; view models on the main actor), letter for letter between `// snippet` and
// `// end snippet`, except lines marked `// (test only)`.

import Dispatch
import Testing

@testable import PropertyInjector

enum MainActorSnippets {
  final class RequestID {}
  final class Settings: Sendable {}
  final class APIClient: Sendable {}

  /// A main-actor view model: not Sendable, made only on the main actor.
  @MainActor final class FeedViewModel {
    let api: APIClient
    init(api: APIClient) { self.api = api }
  }

  @MainActor final class FeedStore {}

  /// A class written before Swift 6: not Sendable, but safe to share (it is used from one thread).
  final class Database {}
  final class ImageStore {}
}

@Suite("Main-actor and non-Sendable registrations, as the README and guides show them")
struct MainActorSnippetTests {
  typealias RequestID = MainActorSnippets.RequestID
  typealias Settings = MainActorSnippets.Settings
  typealias FeedViewModel = MainActorSnippets.FeedViewModel
  typealias FeedStore = MainActorSnippets.FeedStore
  typealias Database = MainActorSnippets.Database
  typealias ImageStore = MainActorSnippets.ImageStore

  @MainActor
  @Test("README and Lifecycles: factories, singletons, main-actor and unchecked registrations")
  func readmeRegistrations() throws {
    let injector = Injector()
    injector.register(MainActorSnippets.APIClient())  // (test only)
    // snippet
    injector.register(RequestID.self) { _ in RequestID() }  // transient: a new value every time
    injector.register(Settings.self, scope: .singleton) { _ in Settings() }  // made once, on first use
    // A factory isolated to the main actor: for view models, coordinators, view controllers.
    injector.register(FeedViewModel.self, on: MainActor.self) { resolver in FeedViewModel(api: try resolver.resolve()) }
    // A main-actor singleton: made once, on the main actor; the type need not be Sendable.
    injector.register(FeedStore.self, scope: .singleton, on: MainActor.self) { _ in FeedStore() }
    // A singleton that is not Sendable, on your promise that sharing it is safe.
    injector.register(unchecked: Database.self, scope: .singleton) { _ in Database() }
    // end snippet
    #expect(try injector.resolve(RequestID.self) !== injector.resolve(RequestID.self))
    #expect(try injector.resolve(Settings.self) === injector.resolve(Settings.self))
    #expect(try injector.resolve(FeedViewModel.self) !== injector.resolve(FeedViewModel.self))
    #expect(try injector.resolve(FeedStore.self) === injector.resolve(FeedStore.self))
    #expect(try injector.resolve(Database.self) === injector.resolve(Database.self))
  }

  @Test("Off the main actor, a main-actor registration throws, naming the actor, and makes nothing")
  func offMainActorThrows() {
    let injector = Injector()
    injector.register(MainActorSnippets.APIClient())
    injector.register(FeedStore.self, scope: .singleton, on: MainActor.self) { _ in FeedStore() }
    let codes = Locked2<[InjectionError.Code]>([])
    runConcurrently([{ codes.append(injectionErrorCode { _ = try injector.resolve(FeedStore.self) }) }])
    #expect(codes.value == [.mainActorRequired])
  }

  @MainActor
  @Test("The Swinject and Factory guides: a service that is not Sendable, on the main actor or unchecked")
  func guidesNonSendableService() throws {
    let onMain = Injector()
    let unchecked = Injector()
    var injector = onMain  // (test only)
    // snippet
    // Made once, on the main actor:
    injector.register(ImageStore.self, scope: .singleton, on: MainActor.self) { _ in ImageStore() }
    // end snippet
    injector = unchecked  // (test only)
    // snippet
    // or, for a class written before Swift 6 that is safe to share:
    injector.register(unchecked: ImageStore.self, scope: .singleton) { _ in ImageStore() }
    // end snippet
    #expect(try onMain.resolve(ImageStore.self) === onMain.resolve(ImageStore.self))
    #expect(try unchecked.resolve(ImageStore.self) === unchecked.resolve(ImageStore.self))
  }

  @MainActor
  @Test("The Swinject and Factory guides: view models on the main actor")
  func guidesMainActorViewModel() throws {
    let injector = Injector()
    injector.register(MainActorSnippets.APIClient())  // (test only)
    // snippet
    injector.register(FeedViewModel.self, on: MainActor.self) { resolver in FeedViewModel(api: try resolver.resolve()) }
    // end snippet
    #expect(try injector.resolve(FeedViewModel.self).api === injector.resolve(MainActorSnippets.APIClient.self))
  }
}
