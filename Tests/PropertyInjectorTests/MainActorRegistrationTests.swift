import Dispatch
import PropertyInjector
import Testing

/// A main-actor view model: its initializer can run only on the main actor.
@MainActor
private final class FeedViewModel {
  let logger: any Logger
  init(logger: any Logger) { self.logger = logger }
}

/// A main-actor service that is not `Sendable` in any way but its isolation.
@MainActor
private final class FeedStore {
  var items: [String] = []
}

/// A main-actor screen, injected on the main actor through its isolated conformance.
@MainActor
private final class FeedScreen {
  var injectedViewModel: FeedViewModel?
  var injectedStore: FeedStore?
}

extension FeedScreen: @MainActor InjectableSettable {
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedViewModel": \FeedScreen.injectedViewModel, "injectedStore": \FeedScreen.injectedStore]
  }
}

/// A class that is not main-actor isolated, with a property of a main-actor type.
private final class BackgroundReport: InjectableSettable {
  var injectedViewModel: FeedViewModel?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedViewModel": \BackgroundReport.injectedViewModel]
  }
}

/// Two properties of a main-actor type, and one a plain factory fills.
private final class TwoModelsReport: InjectableSettable {
  var injectedViewModel: FeedViewModel?
  var injectedOtherViewModel: FeedViewModel?
  var injectedTitle: String?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedViewModel": \TwoModelsReport.injectedViewModel,
      "injectedOtherViewModel": \TwoModelsReport.injectedOtherViewModel,
      "injectedTitle": \TwoModelsReport.injectedTitle,
    ]
  }
}

/// Lazy and Provider handles of a main-actor type.
private final class DeferredFeed: InjectableSettable {
  var injectedViewModel: Lazy<FeedViewModel>?
  var injectedModels: Provider<FeedViewModel>?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedViewModel": \DeferredFeed.injectedViewModel, "injectedModels": \DeferredFeed.injectedModels]
  }
}

/// Reads a main-actor value through `@Injected`.
@MainActor
private final class InjectedFeed {
  @Injected var viewModel: FeedViewModel?
  init(injector: Injector) { _viewModel = Injected(in: injector) }
}

/// Runs `body` on a thread of the global dispatch queue (never the main thread) and returns its result.
private func offMainThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
  await withCheckedContinuation { continuation in
    DispatchQueue.global().async { continuation.resume(returning: body()) }
  }
}

/// The `InjectionError` that `body` throws, or nil.
private func thrown(_ body: () throws -> Void) -> InjectionError? {
  do {
    try body()
    return nil
  } catch {
    return error as? InjectionError
  }
}

/// An injector with a main-actor view model factory and a main-actor singleton store.
private func mainActorInjector(factoryCalls: Counter, storeCalls: Counter) -> Injector {
  let injector = Injector()
  let logger = ConsoleLogger("feed")
  injector.register(logger, as: (any Logger).self)
  injector.register(FeedViewModel.self, on: MainActor.self) { resolver in
    factoryCalls.increment()
    return FeedViewModel(logger: try resolver.resolve((any Logger).self))
  }
  injector.register(FeedStore.self, scope: .singleton, on: MainActor.self) { _ in
    storeCalls.increment()
    return FeedStore()
  }
  return injector
}

@Suite("Main-actor factories and singletons")
struct MainActorRegistrationTests {
  @Test("Injecting a main-actor object on the main actor fills it from main-actor factories")
  @MainActor
  func injectOnMainActor() throws {
    let factoryCalls = Counter()
    let storeCalls = Counter()
    let injector = mainActorInjector(factoryCalls: factoryCalls, storeCalls: storeCalls)
    let screen = FeedScreen()
    try injector.inject(screen)
    #expect(screen.injectedViewModel?.logger.name == "feed")
    #expect(screen.injectedStore != nil)
    #expect(factoryCalls.value == 1)
  }

  @Test("A main-actor singleton is made once, on the main actor, and shared there")
  @MainActor
  func singletonOnMainActor() throws {
    let storeCalls = Counter()
    let injector = mainActorInjector(factoryCalls: Counter(), storeCalls: storeCalls)
    let first = try injector.resolve(FeedStore.self)
    let second = try injector.resolve(FeedStore.self)
    let screen = FeedScreen()
    try injector.inject(screen)
    #expect(first === second)
    #expect(screen.injectedStore === first)
    #expect(storeCalls.value == 1)
  }

  @Test("resolve, Lazy, Provider and @Injected work on the main actor")
  @MainActor
  func handlesOnMainActor() throws {
    let factoryCalls = Counter()
    let injector = mainActorInjector(factoryCalls: factoryCalls, storeCalls: Counter())
    let resolved = try injector.resolve(FeedViewModel.self)
    let deferred = DeferredFeed()
    try injector.inject(deferred)
    let lazy = try deferred.injectedViewModel?.value
    let provided = try deferred.injectedModels?.get()
    let injected = InjectedFeed(injector: injector).viewModel
    #expect(resolved.logger.name == "feed")
    #expect(lazy != nil && provided != nil && lazy !== provided)
    #expect(injected?.logger.name == "feed")
    #expect(factoryCalls.value == 4)
  }

  @Test("The for: and id: conditions apply to main-actor factories as to any other")
  @MainActor
  func targetAndID() throws {
    let injector = Injector()
    injector.register(FeedViewModel.self, for: FeedScreen.self, on: MainActor.self) { _ in
      FeedViewModel(logger: ConsoleLogger("screen"))
    }
    injector.register(FeedStore.self, scope: .singleton, id: "store", on: MainActor.self) { _ in FeedStore() }
    let screen = FeedScreen()
    try injector.inject(screen)
    #expect(screen.injectedViewModel?.logger.name == "screen")
    #expect(screen.injectedStore != nil)
    let error = thrown { _ = try injector.resolve(FeedViewModel.self) }
    #expect(error?.code == .unresolved)
  }

  @Test("Injecting off the main actor is a mainActorRequired error naming the property, the type and the fix")
  func injectOffMainThread() async throws {
    let factoryCalls = Counter()
    let injector = mainActorInjector(factoryCalls: factoryCalls, storeCalls: Counter())
    let (error, leftNil) = await offMainThread { () -> (InjectionError?, Bool) in
      let report = BackgroundReport()
      let error = thrown { try injector.inject(report) }
      return (error, report.injectedViewModel == nil)
    }
    let problem = try #require(error?.problems.first)
    #expect(error?.code == .mainActorRequired)
    #expect(problem.typeName == "BackgroundReport")
    #expect(problem.property == "injectedViewModel")
    #expect(problem.summary.contains("main-actor factory of FeedViewModel"))
    #expect(problem.summary.contains("off the main actor"))
    #expect(problem.fix.contains("on the main actor"))
    #expect(problem.fix.contains("register a factory that is not main-actor isolated"))
    #expect(leftNil)
    #expect(factoryCalls.value == 0)
  }

  @Test(
    "Off the main actor, inject names every nil candidate a main-actor registration fills, as validate does, and makes nothing"
  )
  func injectOffMainThreadNamesEveryCandidate() async throws {
    let (factoryCalls, titles) = (Counter(), Counter())
    let injector = mainActorInjector(factoryCalls: factoryCalls, storeCalls: Counter())
    injector.register(String.self) { _ in
      titles.increment()
      return "Feed"
    }
    let model = await MainActor.run { FeedViewModel(logger: ConsoleLogger("set")) }
    let (injected, validated, leftNil, partly) = await offMainThread {
      () -> ([String?]?, [String?]?, Bool, [String?]?) in
      let report = TwoModelsReport()
      let injected = thrown { try injector.inject(report) }?.problems.map(\.property)
      let validated = thrown { try injector.validate(TwoModelsReport()) }?.problems.map(\.property)
      let leftNil = report.injectedTitle == nil && report.injectedViewModel == nil
      // A candidate already set is left alone, so only the other one is named.
      let partlySet = TwoModelsReport()
      partlySet.injectedViewModel = model
      return (injected, validated, leftNil, thrown { try injector.inject(partlySet) }?.problems.map(\.property))
    }
    #expect(injected == ["injectedViewModel", "injectedOtherViewModel"])
    #expect(validated == injected)
    #expect(partly == ["injectedOtherViewModel"])
    #expect(leftNil)
    #expect(factoryCalls.value == 0 && titles.value == 0, "nothing is made")
  }

  @Test("Resolving off the main actor is a mainActorRequired error naming the resolve call")
  func resolveOffMainThread() async throws {
    let factoryCalls = Counter()
    let injector = mainActorInjector(factoryCalls: factoryCalls, storeCalls: Counter())
    let error = await offMainThread { thrown { _ = try injector.resolve(FeedViewModel.self) } }
    #expect(error?.code == .mainActorRequired)
    #expect(error?.operation == "resolve(FeedViewModel)")
    #expect(error?.description.contains("main actor") == true)
    #expect(factoryCalls.value == 0)
  }

  @Test("A first singleton request off the main actor makes nothing; a later one on the main actor makes it")
  func singletonFirstRequestOffMain() async throws {
    let storeCalls = Counter()
    let injector = mainActorInjector(factoryCalls: Counter(), storeCalls: storeCalls)
    let error = await offMainThread { thrown { _ = try injector.resolve(FeedStore.self) } }
    #expect(error?.code == .mainActorRequired)
    #expect(error?.problems.first?.summary.contains("main-actor singleton FeedStore") == true)
    #expect(storeCalls.value == 0)
    let made = await MainActor.run { () -> Bool in (try? injector.resolve(FeedStore.self)) != nil }
    #expect(made)
    #expect(storeCalls.value == 1)
  }

  @Test("A main-actor singleton already made is still refused off the main actor")
  func singletonMadeIsNotHandedOffMain() async throws {
    let storeCalls = Counter()
    let injector = mainActorInjector(factoryCalls: Counter(), storeCalls: storeCalls)
    let made = await MainActor.run { () -> Bool in (try? injector.resolve(FeedStore.self)) != nil }
    let error = await offMainThread { thrown { _ = try injector.resolve(FeedStore.self) } }
    #expect(made)
    #expect(error?.code == .mainActorRequired)
    #expect(storeCalls.value == 1)
  }

  @Test("Lazy and Provider of a main-actor type throw mainActorRequired when read off the main actor")
  func handlesOffMainThread() async throws {
    let factoryCalls = Counter()
    let injector = mainActorInjector(factoryCalls: factoryCalls, storeCalls: Counter())
    let codes = await offMainThread { () -> [InjectionError.Code?] in
      let deferred = DeferredFeed()
      let injection = thrown { try injector.inject(deferred) }
      let lazy = thrown { _ = try deferred.injectedViewModel?.value }
      let provided = thrown { _ = try deferred.injectedModels?.get() }
      return [injection?.code, lazy?.code, provided?.code]
    }
    #expect(codes == [nil, .mainActorRequired, .mainActorRequired])
    #expect(factoryCalls.value == 0)
  }

  @Test("A plain factory resolving a main-actor service off the main actor gets mainActorRequired, not factoryFailed")
  func nestedResolveOffMainThread() async throws {
    let injector = mainActorInjector(factoryCalls: Counter(), storeCalls: Counter())
    injector.register(String.self) { resolver in
      _ = try resolver.resolve(FeedViewModel.self)
      return "made"
    }
    let error = await offMainThread { thrown { _ = try injector.resolve(String.self) } }
    #expect(error?.code == .mainActorRequired)
    #expect(error?.operation == "resolve(String)")
  }

  @Test("A detached task is off the main actor: resolving there is mainActorRequired, and nothing is made")
  func detachedTask() async throws {
    let factoryCalls = Counter()
    let injector = mainActorInjector(factoryCalls: factoryCalls, storeCalls: Counter())
    let error = await Task.detached { thrown { _ = try injector.resolve(FeedViewModel.self) } }.value
    #expect(error?.code == .mainActorRequired)
    #expect(factoryCalls.value == 0)
  }

  @Test("A child injector uses its parent's main-actor registrations, and one main-actor factory can resolve another")
  @MainActor
  func childAndNested() throws {
    let parent = mainActorInjector(factoryCalls: Counter(), storeCalls: Counter())
    let child = Injector(parent: parent)
    child.register(String.self, on: MainActor.self) { resolver in
      let store = try resolver.resolve(FeedStore.self)
      store.items.append("made")
      return "\(store.items.count) item"
    }
    let screen = FeedScreen()
    try child.inject(screen)
    #expect(try child.resolve(String.self) == "1 item")
    #expect(screen.injectedViewModel != nil)
    #expect(screen.injectedStore?.items == ["made"])
  }

  @Test("explain names a main-actor registration as such")
  @MainActor
  func explainNamesMainActor() {
    let injector = mainActorInjector(factoryCalls: Counter(), storeCalls: Counter())
    let text = injector.explain(FeedScreen()).description
    #expect(text.contains("main-actor factory of FeedViewModel"))
    #expect(text.contains("main-actor singleton FeedStore"))
  }

  @Test("validate off the main actor reports a main-actor registration filling a class that is not main-actor isolated")
  func validateOffMainActorReportsAheadOfTime() async throws {
    let injector = mainActorInjector(factoryCalls: Counter(), storeCalls: Counter())
    let error = await offMainThread { thrown { try injector.validate(BackgroundReport()) } }
    #expect(error?.code == .mainActorRequired)
    #expect(error?.problems.first?.location.contains("BackgroundReport.injectedViewModel") == true)
  }

  @Test("explain off the main actor agrees with inject: a main-actor registration's candidate cannot be filled there")
  func explainOffMainActorAgreesWithInject() async throws {
    let injector = mainActorInjector(factoryCalls: Counter(), storeCalls: Counter())
    let (report, error) = await offMainThread { () -> (InjectionReport, InjectionError?) in
      (injector.explain(BackgroundReport()), thrown { try injector.inject(BackgroundReport()) })
    }
    #expect(error?.code == .mainActorRequired)
    #expect(!report.wouldSucceed)
    let entry = try #require(report.entries.first { $0.property == "injectedViewModel" })
    #expect(entry.status == .unresolved)
    #expect(entry.problem?.code == .mainActorRequired)
    #expect(report.description.contains("main actor"))
  }

  @Test("validate on the main actor of a main-actor class reports nothing about main-actor registrations")
  @MainActor
  func validateOnMainActorOfMainActorClass() throws {
    let injector = mainActorInjector(factoryCalls: Counter(), storeCalls: Counter())
    try injector.validate(FeedScreen())
  }
}
