import PropertyInjector
import Testing

/// The example graph: Feed needs a Database, which needs a Cache, which needs the Database.
private enum Graph {
  final class Feed: InjectableSettable {
    var injectedDatabase: Database?
    static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedDatabase": \Feed.injectedDatabase] }
  }

  final class Database: InjectableSettable, @unchecked Sendable {
    var injectedCache: Cache?
    static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \Database.injectedCache] }
  }

  final class Cache: InjectableSettable, @unchecked Sendable {
    var injectedDatabase: Database?
    static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedDatabase": \Cache.injectedDatabase] }
  }

  /// The same graph with the back edge deferred.
  final class LazyCache: InjectableSettable, @unchecked Sendable {
    var injectedDatabase: Lazy<LazyDatabase>?
    static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedDatabase": \LazyCache.injectedDatabase] }
  }

  final class LazyDatabase: InjectableSettable, @unchecked Sendable {
    var injectedCache: LazyCache?
    var injectedCacheProvider: Provider<LazyCache>?
    static var injectableKeyPaths: [String: AnyKeyPath] {
      ["injectedCache": \LazyDatabase.injectedCache, "injectedCacheProvider": \LazyDatabase.injectedCacheProvider]
    }
  }
}

private final class A: Sendable {}
private final class B: Sendable {}
private final class C: Sendable {}

/// A type that needs a new, bigger type of itself: creation never ends on its own.
private struct Nest<Inner>: InjectorCreatable {
  init(resolver: Resolver) throws { _ = try resolver.resolve(Nest<Nest<Inner>>.self) }
}

/// An injector whose factories of B and C each resolve the other.
private func loopOfFactories() -> Injector {
  let injector = Injector()
  injector.register(B.self) { resolver in
    _ = try resolver.resolve(C.self)
    return B()
  }
  injector.register(C.self) { resolver in
    _ = try resolver.resolve(B.self)
    return C()
  }
  return injector
}

@Suite("Cycles")
struct CycleTests {
  @Test("A cycle through a Lazy or Provider read while its value is made says to read it later, not to add a Lazy")
  func cycleThroughAHandleRead() throws {
    let lazy = Injector()
    lazy.register(A.self) { resolver in
      let handle: Lazy<A> = try resolver.resolve()
      _ = try handle.value
      return A()
    }
    let provider = Injector()
    provider.register(A.self) { resolver in
      let handle: Provider<A> = try resolver.resolve()
      _ = try handle.get()
      return A()
    }
    for (injector, handle) in [(lazy, "Lazy<A>.value"), (provider, "Provider<A>.get()")] {
      let error = injectionError { _ = try injector.resolve(A.self) }
      #expect(error.map(codes) == [.cycle])
      let fix = try #require(error?.problems.first?.fix)
      #expect(fix.hasPrefix("Break the cycle: \(handle) is read while its value is being made. Read it later"))
      #expect(!fix.contains("declare one of these properties"), "the cycle already goes through a handle")
    }
    // A handle read only where the loop is entered is not in it; nor does a plain resolve inside the loop take the
    // handle's site from the resolution it first built.
    let plain = loopOfFactories()
    let handle: Provider<B> = try plain.resolve()
    let error = injectionError { _ = try handle.get() }
    #expect(error?.path == ["resolve(Provider<B>)", "resolve(C)", "resolve(B)"])
    #expect(
      error?.problems.first?.fix.hasPrefix(
        "Break the cycle: in the factory that calls resolve(C), resolve a handle instead, "
          + "`try resolver.resolve(Lazy<C>.self)`, and read its value once the creation is over; or restructure")
        == true, "the loop has no property to declare lazy")
  }

  @Test("A cycle between factories says to resolve a handle in one of them, and doing that breaks it")
  func cycleBetweenFactoriesFix() throws {
    final class Screen: InjectableSettable {
      var injectedB: B?
      static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedB": \Screen.injectedB] }
    }
    let injector = loopOfFactories()
    let error = try #require(injectionError { try injector.inject(Screen()) })
    #expect(error.path == ["Screen.injectedB", "resolve(C)", "resolve(B)"])
    let fix = error.problems[0].fix
    #expect(
      fix.contains(
        "in the factory that calls resolve(C), resolve a handle instead, `try resolver.resolve(Lazy<C>.self)`"))
    #expect(!fix.contains("declare"), "Screen.injectedB only enters the loop: a Lazy there moves the cycle to its read")
    // The fix, to the letter: B's factory resolves a Lazy<C>, whose value is read once B is made.
    injector.register(B.self) { resolver in
      _ = try resolver.resolve(Lazy<C>.self)
      return B()
    }
    let screen = Screen()
    try injector.inject(screen)
    #expect(screen.injectedB != nil)
    _ = try injector.resolve(Lazy<C>.self).value  // C, made outside B's creation: no cycle
  }

  @Test("A creation that needs itself through others throws a cycle error showing the whole path")
  func cycleShowsThePath() throws {
    let injector = Injector()
    injector.register(Graph.Database.self, scope: .singleton) { _ in Graph.Database() }
    injector.register(Graph.Cache.self) { _ in Graph.Cache() }
    let feed = Graph.Feed()
    let error = injectionError { try injector.inject(feed) }
    #expect(error.map(codes) == [.cycle])
    #expect(
      error?.path == ["Graph.Feed.injectedDatabase", "Graph.Database.injectedCache", "Graph.Cache.injectedDatabase"])
    #expect(
      error?.description.contains(
        "Graph.Feed.injectedDatabase → Graph.Database.injectedCache → Graph.Cache.injectedDatabase") == true)
    #expect(
      error?.problems.first?.fix.hasPrefix(
        "Break the cycle: declare Graph.Database.injectedCache or Graph.Cache.injectedDatabase as Lazy<T>?") == true)
    #expect(error?.operation == "inject(Graph.Feed)", "reported as the call the user made")
    #expect(error?.problems.first?.typeName == "Graph.Cache", "the problem is where the loop closes")
    #expect(error?.problems.first?.property == "injectedDatabase")
    #expect(feed.injectedDatabase == nil)
  }

  @Test("A factory that needs its own type directly is a cycle, even through a captured injector")
  func directCycleThroughACapturedInjector() throws {
    let injector = Injector()
    injector.register(A.self, scope: .singleton) { [weak injector] _ in
      _ = try injector?.resolve(A.self)  // ignores its argument: still detected
      return A()
    }
    let error = injectionError { _ = try injector.resolve(A.self) }
    #expect(error.map(codes) == [.cycle])
    #expect(error?.path == ["resolve(A)", "resolve(A)"])

    injector.register(B.self) { injector in
      _ = try injector.resolve(B.self)
      return B()
    }
    #expect(injectionError { _ = try injector.resolve(B.self) }.map(codes) == [.cycle])
  }

  @Test(
    "A creation of any scope that needs itself on one thread is this thread's cycle, with the whole path",
    arguments: [Scope.weak, .cached, .singleton, .graph, .transient])
  func sameThreadCycleOfEveryScope(scope: Scope) throws {
    final class Loop: Sendable {}
    final class Step: Sendable {}
    let injector = Injector()
    injector.register(Loop.self, scope: scope) { resolver in
      _ = try resolver.resolve(Step.self)
      return Loop()
    }
    injector.register(Step.self, scope: .weak) { resolver in
      _ = try resolver.resolve(Loop.self)
      return Step()
    }
    let error = injectionError { _ = try injector.resolve(Loop.self) }
    #expect(error.map(codes) == [.cycle])
    #expect(error?.path == ["resolve(Loop)", "resolve(Step)", "resolve(Loop)"])
    #expect(error?.description.contains("another thread") == false, "one thread: \(String(describing: error))")
  }

  @Test("Creation nested past the depth limit fails instead of overflowing the stack")
  func endlessCreationIsStopped() {
    let error = injectionError { _ = try Injector().resolve(Nest<Int>.self) }
    #expect(error.map(codes) == [.tooDeep])
    #expect(error?.path.count == 65)
  }

  @Test("A Lazy breaks the cycle: the graph resolves, and the Lazy reaches the singleton")
  func lazyBreaksTheCycle() throws {
    let injector = Injector()
    injector.register(Graph.LazyDatabase.self, scope: .singleton) { _ in Graph.LazyDatabase() }
    injector.register(Graph.LazyCache.self) { _ in Graph.LazyCache() }
    let database = try injector.resolve(Graph.LazyDatabase.self)
    let cache = try #require(database.injectedCache)
    #expect(try cache.injectedDatabase?.value === database)
    #expect(try database.injectedCacheProvider?.get() !== cache, "a transient factory makes a new cache")
    // A Lazy breaks the creation cycle, not the reference cycle: once read, it holds its value.
    cache.injectedDatabase = nil
  }

  @Test("Two threads building a cyclic graph at the same moment both get a cycle error, and neither deadlocks")
  func concurrentCycleDoesNotDeadlock() throws {
    let injector = Injector()
    let bothCreating = Rendezvous(parties: 2)
    injector.register(A.self, scope: .singleton) { injector in
      bothCreating.arriveAndWait()
      _ = try injector.resolve(B.self)
      return A()
    }
    injector.register(B.self, scope: .singleton) { injector in
      bothCreating.arriveAndWait()
      _ = try injector.resolve(A.self)
      return B()
    }
    let errors = Locked2<[InjectionError.Code]>([])
    runConcurrently([
      { errors.append(injectionErrorCode { _ = try injector.resolve(A.self) }) },
      { errors.append(injectionErrorCode { _ = try injector.resolve(B.self) }) },
    ])
    #expect(errors.value == [.cycle, .cycle])
  }

  @Test("Two threads needing the same singleton at the same moment share one instance")
  func concurrentOverlapSharesTheSingleton() throws {
    let injector = Injector()
    let bothArrived = Rendezvous(parties: 2)
    let creations = Counter()
    injector.register(C.self, scope: .singleton) { _ in
      creations.increment()
      return C()
    }
    injector.register(A.self, scope: .singleton) { injector in
      bothArrived.arriveAndWait()
      _ = try injector.resolve(C.self)
      return A()
    }
    injector.register(B.self, scope: .singleton) { injector in
      bothArrived.arriveAndWait()
      _ = try injector.resolve(C.self)
      return B()
    }
    runConcurrently([
      { _ = try? injector.resolve(A.self) },
      { _ = try? injector.resolve(B.self) },
    ])
    #expect(creations.value == 1)
    #expect(try injector.resolve(A.self) === injector.resolve(A.self))
  }

  @Test(
    "Runaway nesting on a thread with a 256 KiB stack ends in tooDeep, not a crash",
    arguments: [256 * 1024, 512 * 1024])
  func runawayNestingOnASmallStack(stackSize: Int) throws {
    let injector = Injector()
    let code = Locked2<InjectionError.Code?>(nil)
    runOnThread(stackSize: stackSize) {
      let screen = NestScreen()
      code.mutate { $0 = injectionErrorCode { try injector.inject(screen) } }
    }
    #expect(code.value == .tooDeep)
  }
}

/// Needs a `Nest` whose creation never ends on its own.
private final class NestScreen: InjectableSettable {
  var injectedNest: Nest<Int>?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedNest": \NestScreen.injectedNest] }
}
