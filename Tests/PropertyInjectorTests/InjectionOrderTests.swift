import PropertyInjector
import Testing

/// What happened, in order: factories' calls and properties' writes.
private final class Journal: @unchecked Sendable {
  private let lock = NSLockLike()
  private var entries: [String] = []
  var lines: [String] { lock.withLock { entries } }
  func add(_ line: String) { lock.withLock { entries.append(line) } }
}

private struct First: Sendable {}
private struct Second: Sendable {}
private struct Third: Sendable {}

private final class Ordered: InjectableSettable {
  let journal: Journal
  var injectedFirst: First? { didSet { journal.add("write first") } }
  var injectedSecond: Second? { didSet { journal.add("write second") } }
  var injectedThird: Third? { didSet { journal.add("write third") } }
  init(_ journal: Journal) { self.journal = journal }
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedFirst": \Ordered.injectedFirst, "injectedSecond": \Ordered.injectedSecond,
      "injectedThird": \Ordered.injectedThird,
    ]
  }
}

@Suite("The order of an injection's work")
struct InjectionOrderTests {
  private func injector(_ journal: Journal, failing: Bool = false) -> Injector {
    let injector = Injector()
    injector.register(First.self) { _ in
      journal.add("make first")
      return First()
    }
    injector.register(Second.self) { _ in
      journal.add("make second")
      if failing { throw Failure(reason: "second") }
      return Second()
    }
    injector.register(Third.self) { _ in
      journal.add("make third")
      return Third()
    }
    return injector
  }

  @Test("Every value is made, in declaration order, before the first write; the writes go last to first")
  func valuesAreMadeInOrderThenWrittenInReverse() throws {
    let journal = Journal()
    try injector(journal).inject(Ordered(journal))
    #expect(
      journal.lines == [
        "make first", "make second", "make third", "write third", "write second", "write first",
      ])
  }

  @Test("Registered instances alone are written last to first too, and each only where nil")
  func instancesAreWrittenInReverse() throws {
    let journal = Journal()
    let injector = Injector()
    injector.register(First())
    injector.register(Second())
    injector.register(Third())
    let object = Ordered(journal)
    object.injectedSecond = Second()
    try injector.inject(object)
    #expect(journal.lines == ["write second", "write third", "write first"])
    // The plan is cached now: the second injection takes the same path.
    let again = Ordered(journal)
    try injector.inject(again)
    #expect(journal.lines.dropFirst(3) == ["write third", "write second", "write first"])
  }

  @Test("Singletons and instances are written in the same order when the singletons are made first and when made")
  func madeSingletonsAndInstancesKeepTheirOrder() throws {
    let journal = Journal()
    let injector = Injector()
    injector.register(First.self, scope: .singleton) { _ in
      journal.add("make first")
      return First()
    }
    injector.register(Second())
    injector.register(Third.self, scope: .singleton) { _ in
      journal.add("make third")
      return Third()
    }
    try injector.inject(Ordered(journal))
    let firstInjection = journal.lines
    #expect(firstInjection == ["make first", "make third", "write second", "write third", "write first"])
    // Both singletons made: the plan writes all three without making anything.
    try injector.inject(Ordered(journal))
    #expect(journal.lines.dropFirst(firstInjection.count) == ["write second", "write third", "write first"])
  }

  @Test("A failure to make a value stops the making there, and nothing is written")
  func aFailureStopsBeforeAnyWrite() throws {
    let journal = Journal()
    let object = Ordered(journal)
    #expect(throws: InjectionError.self) { try injector(journal, failing: true).inject(object) }
    #expect(journal.lines == ["make first", "make second"])
    #expect(object.injectedFirst == nil && object.injectedSecond == nil && object.injectedThird == nil)
  }

  @Test("Made singletons in a row are written after the values made after them, last to first, and not on a failure")
  func madeSingletonsInARowAreWrittenLastToFirst() throws {
    let journal = Journal()
    let injector = Injector()
    injector.register(First.self, scope: .singleton) { _ in
      journal.add("make first")
      return First()
    }
    injector.register(Second.self, scope: .singleton) { _ in
      journal.add("make second")
      return Second()
    }
    injector.register(Third.self) { _ in
      journal.add("make third")
      return Third()
    }
    try injector.inject(Ordered(journal))
    try injector.inject(Ordered(journal))
    #expect(
      journal.lines == [
        "make first", "make second", "make third", "write third", "write second", "write first",
        "make third", "write third", "write second", "write first",
      ])
    injector.register(Third.self) { _ in throw Failure(reason: "third") }
    let object = Ordered(journal)
    #expect(throws: InjectionError.self) { try injector.inject(object) }
    #expect(object.injectedFirst == nil && object.injectedSecond == nil && object.injectedThird == nil)
  }
}
