import Dispatch
import Testing

@testable import PropertyInjector

/// A value that says which registration made it.
private final class Version: Sendable {
  let number: Int
  init(_ number: Int) { self.number = number }
}

private final class Screen: InjectableSettable {
  var injectedVersion: Version?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedVersion": \Screen.injectedVersion] }
}

private final class Titled: InjectableSettable {
  var title: String?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["title": \Titled.title] }
}

@Suite("Registry changes")
struct RegistryChangeTests {
  @Test(
    "Once a replacement in a root returns, no injection through a child or grandchild that starts after it sees the old value"
  )
  func replacementsReachDescendantsAtOnce() {
    let root = Injector()
    root.register(Version(0))
    let child = Injector(parent: root)
    let grandchild = Injector(parent: child)
    let published = Locked2(0)
    let stale = Locked2<[String]>([])
    let done = Locked2(false)
    let injectors = [child, grandchild, child, grandchild]
    let injecting: [@Sendable () -> Void] = injectors.enumerated().map { index, injector in
      {
        while !done.value {
          let before = published.value
          let screen = Screen()
          do {
            try injector.inject(screen)
          } catch {
            stale.mutate { $0.append("thread \(index): \(error)") }
            return
          }
          if let seen = screen.injectedVersion?.number, seen < before {
            stale.mutate { $0.append("thread \(index) saw version \(seen) after \(before) was registered") }
          }
        }
      }
    }
    let replacing: @Sendable () -> Void = {
      for number in 1...400 {
        root.register(Version(number))
        published.mutate { $0 = number }
        let screen = Screen()
        try? grandchild.inject(screen)
        if screen.injectedVersion?.number != number {
          stale.mutate { $0.append("the replacing thread saw \(String(describing: screen.injectedVersion?.number))") }
        }
      }
      done.mutate { $0 = true }
    }
    runConcurrently(injecting + [replacing])
    #expect(stale.value.isEmpty, "\(stale.value.prefix(3))")
  }

  @Test("Once a replacement returns, resolve through a child sees it, however many threads resolve meanwhile")
  func replacementsReachChildResolutionsAtOnce() {
    let root = Injector()
    root.register(Version(0))
    let child = Injector(parent: root)
    let published = Locked2(0)
    let stale = Locked2<[Int]>([])
    let done = Locked2(false)
    let resolving: [@Sendable () -> Void] = (0..<3).map { _ in
      {
        while !done.value {
          let before = published.value
          if let seen = try? child.resolve(Version.self).number, seen < before {
            stale.mutate { $0.append(seen) }
          }
        }
      }
    }
    let replacing: @Sendable () -> Void = {
      for number in 1...400 {
        root.register(Version(number))
        published.mutate { $0 = number }
      }
      done.mutate { $0 = true }
    }
    runConcurrently(resolving + [replacing])
    #expect(stale.value.isEmpty)
  }

  @Test("16 threads asking a new injector for its link at once get one link, pointing at it; none is made unasked")
  func oneLinkPerInjectorUnderContention() {
    for _ in 0..<100 {
      let injector = Injector(parent: Injector())
      #expect(!injector.madeLink.isSet)
      let seen = Locked2<[ObjectIdentifier]>([])
      let ready = Locked2(0)
      runConcurrently(
        (0..<16).map { _ in
          {
            // All started before any asks, so that they ask at once.
            ready.mutate { $0 += 1 }
            while ready.value < 16 {}
            let link = ObjectIdentifier(injector.link)
            seen.mutate { $0.append(link) }
          }
        })
      let links = Set(seen.value)
      #expect(seen.value.count == 16)
      #expect(links.count == 1)
      #expect(links.first == ObjectIdentifier(injector.link))
      #expect(injector.link.injector === injector)
    }
  }

  @Test(
    "A child that caches joins its parent and is forgotten when it goes; one that caches nothing costs it nothing")
  func childrenForgetThemselves() throws {
    let parent = Injector()
    parent.register(Version(1))
    var alive: [Injector] = []
    for _ in 0..<2_000 {
      let child = Injector(parent: parent)
      _ = try child.resolve(Version.self)
      alive.append(child)
    }
    for _ in 0..<5_000 { _ = try Injector(parent: parent).resolve(Version.self) }
    for _ in 0..<5_000 { _ = Injector(parent: parent) }
    #expect(parent.state.withLock { $0.children.count } == 2_000)
    alive.removeAll()
    #expect(parent.state.withLock { $0.children.isEmpty })
  }

  @Test("A parent's change still reaches every child alive")
  func changesReachLiveChildren() throws {
    let parent = Injector()
    parent.register(Version(1))
    let children = (0..<100).map { _ in Injector(parent: parent) }
    for child in children { _ = try child.resolve(Version.self) }
    parent.register(Version(2))
    #expect(try children.allSatisfy { try $0.resolve(Version.self).number == 2 })
  }

  @Test("Resolving with thousands of distinct ids and names keeps a bounded number of answers")
  func resolutionCacheIsBounded() throws {
    let injector = Injector()
    injector.register(Version(1))
    injector.register(Version(2), named: "version")
    var answers = 0
    var unresolvedNames = 0
    for number in 0..<5_000 {
      if try injector.resolve(Version.self, id: "request\(number)").number == 1 { answers += 1 }
      if (try? injector.resolve(Version.self, named: "name\(number)")) == nil { unresolvedNames += 1 }
    }
    #expect(answers == 5_000 && unresolvedNames == 5_000, "an id no registration has falls back on the one without")
    #expect(injector.cachedResolutionCount <= Injector.resolutionCacheLimit)
    #expect(try injector.resolve(Version.self).number == 1, "still answers after the cache started again")
    #expect(try injector.resolve(Version.self, named: "version").number == 2)
  }

  @Test("validate, explain and inject agree on a name factory whose declared type cannot fill the property")
  func nameFactoryOfAnotherTypeIsReportedEverywhere() {
    let injector = Injector()
    injector.register(named: "title") { _ in 42 }
    let validation = injectionError { try injector.validate(Titled()) }
    #expect(validation.map(codes) == [.typeMismatch])
    #expect(validation?.problems.first?.summary.contains("Int") == true)
    #expect(!injector.explain(Titled()).wouldSucceed)
    let screen = Titled()
    let injection = injectionError { try injector.inject(screen) }
    #expect(injection.map(codes) == [.typeMismatch])
    #expect(screen.title == nil)
  }

  @Test("A name factory whose declared type may fit is left to the value it makes")
  func nameFactoryThatMayFitIsAccepted() throws {
    let injector = Injector()
    injector.register(named: "title") { _ -> Any in "Profile" }
    try injector.validate(Titled())
    let screen = Titled()
    try injector.inject(screen)
    #expect(screen.title == "Profile")
  }

  @Test("Two distinct value types never fit, unrelated classes never fit, and what may bridge or conform is left open")
  func neverFitsIsConservative() {
    #expect(Rules.neverFits(Int.self, String.self))
    #expect(Rules.neverFits(Version.self, Screen.self))
    #expect(!Rules.neverFits(Int.self, Int.self))
    #expect(!Rules.neverFits(Int.self, AnyHashable.self))
    #expect(!Rules.neverFits(Int.self, (any Sendable).self))
    #expect(!Rules.neverFits((() -> Int).self, (@Sendable () -> Int).self))
    #expect(!Rules.neverFits(ThumbnailCache.self, Cache.self), "a subclass fits")
    #expect(!Rules.neverFits(Cache.self, ThumbnailCache.self), "a superclass's factory may make the subclass")
  }
}

@Suite("Configuration")
struct ConfigurationTests {
  @Test("A configuration that throws undoes only what it registered, never what other threads registered meanwhile")
  func rollbackKeepsOtherThreadsRegistrations() throws {
    let injector = Injector()
    injector.register(Version(0), named: "before")
    let registeredElsewhere = DispatchSemaphore(value: 0)
    #expect(throws: Failure.self) {
      try injector.configure { injector in
        injector.register(Version(1))
        injector.register(Version(9), named: "before")
        DispatchQueue.global().async {
          injector.register(Version(2), named: "other")
          registeredElsewhere.signal()
        }
        registeredElsewhere.wait()
        throw Failure(reason: "configuration failed")
      }
    }
    #expect(try injector.resolve(Version.self, named: "other").number == 2, "another thread's registration stays")
    #expect(try injector.resolve(Version.self, named: "before").number == 0, "what the body replaced is back")
    #expect(throws: InjectionError.self) { try injector.resolve(Version.self) }
    #expect(injector.configure { $0.register(Version(3)) }, "a later configure runs")
  }

  @Test("A configuration that never ends makes others wait no longer than the wait limit")
  func waitsForConfigurationAreBounded() {
    let injector = Injector(creationWaitLimit: .milliseconds(200))
    let started = DispatchSemaphore(value: 0)
    let finish = DispatchSemaphore(value: 0)
    let outcomes = Locked2<[String]>([])
    runConcurrently([
      {
        injector.configure { _ in
          started.signal()
          finish.wait()
        }
      },
      {
        started.wait()
        let ran = injector.configure { _ in outcomes.mutate { $0.append("second body ran") } }
        outcomes.mutate { $0.append("configure returned \(ran)") }
        let code = injectionErrorCode { _ = try injector.resolve(Version.self) }
        outcomes.mutate { $0.append("resolve threw \(code.map { "\($0)" } ?? "nothing")") }
        finish.signal()
      },
    ])
    #expect(outcomes.value == ["configure returned false", "resolve threw timedOut"])
  }
}
