import PropertyInjector
import Testing

private final class Screen: InjectableSettable {
  var injectedCacheFirst: Cache!
  var injectedCacheSecond: Cache!
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedCacheFirst": \Screen.injectedCacheFirst, "injectedCacheSecond": \Screen.injectedCacheSecond]
  }
}

private final class PrefixScreen: InjectableSettable {
  var injectedFirstCache: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedFirstCache": \PrefixScreen.injectedFirstCache] }
}

@Suite("Ids")
struct IDMatchingTests {
  @Test("An id fills only properties whose name ends with it, ignoring case")
  func idIsACaseInsensitiveSuffix() throws {
    let injector = Injector()
    let first = Cache("first")
    let second = Cache("second")
    injector.register(first, id: "FIRST")
    injector.register(second, id: "second")
    let screen = Screen()
    try injector.inject(screen)
    #expect(screen.injectedCacheFirst === first)
    #expect(screen.injectedCacheSecond === second)
  }

  @Test("An id elsewhere in the name does not match")
  func idMustEndTheName() throws {
    let injector = Injector()
    injector.register(Cache(), id: "first")
    let error = injectionError { try injector.inject(PrefixScreen()) }
    #expect(error.map(codes) == [.unresolved])
    #expect(error?.problems.first?.nearMisses.contains { $0.contains("does not end with it") } == true)
  }

  @Test("A resolve whose id does not end with a registration's names the id it asked for, and the one that would match")
  func resolveNearMissNamesTheID() throws {
    let injector = Injector()
    injector.register(Cache(), id: "other")
    let error = injectionError { _ = try injector.resolve(Cache.self, id: "injectedOtherCache") }
    #expect(error.map(codes) == [.unresolved])
    let miss = error?.problems.first?.nearMisses.first ?? ""
    #expect(
      miss.contains(
        #"has id "other", and the id asked for, "injectedOtherCache", does not end with it (id "otherCache" would)"#),
      "\(miss)")
  }

  @Test("An id does not make a registration of another type fit")
  func idStillNeedsTheType() throws {
    let injector = Injector()
    injector.register(Analytics(), id: "first")
    injector.register(Cache(), id: "second")
    let screen = Screen()
    let error = injectionError { try injector.inject(screen) }
    #expect(error?.problems.map(\.property) == ["injectedCacheFirst"])
    #expect(screen.injectedCacheSecond == nil)
  }

  @Test(
    "An id that can never match (empty, blank, with whitespace) registers nothing and is reported until unregistered",
    arguments: ["", "  ", "cache first", "first\n"])
  func unusableIDIsAConfigurationProblem(id: String) throws {
    let injector = Injector()
    injector.register(Cache(), id: "second")
    injector.register(Cache(), id: id)
    let screen = Screen()
    for error in [
      injectionError { try injector.validate() }, injectionError { try injector.inject(screen) },
      injectionError { _ = try injector.resolve(Cache.self, id: "second") },
    ] {
      #expect(error.map(codes) == [.invalidID])
      #expect(error?.problems.first?.typeName == "Cache")
      #expect(error?.problems.first?.fix.contains("id: nil") == true)
    }
    #expect(screen.injectedCacheSecond == nil, "nothing is injected while the problem stands")
    #expect(injector.unregister(Cache.self, id: id), "the rejected registration is removed like any other")
    _ = try injector.resolve(Cache.self, id: "second")
    try injector.validate()
  }

  @Test("An id and a name that can never match say why, word for word")
  func unusableIDAndNameTextsArePinned() throws {
    let injector = Injector()
    injector.register(Cache(), id: "")
    injector.register(Cache(), for: Screen.self, id: "  ")
    injector.register(Cache(), id: "cache first")
    injector.register(Analytics(), named: "analytics ")
    let matched =
      "an id is matched against the end of property names and holds no whitespace (a raw identifier's, such as "
      + "`injected main cache`, is its last word: \"cache\")"
    let never = "so this registration can never fill anything. It was not registered."
    let fix =
      "Pass `id: nil` to register without an id, or an id such as \"first\" (then unregister this one, from the "
      + "injector it was registered with: "
    let error = injectionError { try injector.validate() }
    #expect(
      Set(error?.problems.map(\.description) ?? []) == [
        "Cache [invalidID]: the id \"\" is empty: \(matched), \(never)\n"
          + "  Fix: \(fix)`injector.unregister(Cache.self, id: \"\")`).",
        "Cache [invalidID]: the id \"  \" is blank: \(matched), \(never)\n"
          + "  Fix: \(fix)`injector.unregister(Cache.self, for: Screen.self, id: \"  \")`).",
        "Cache [invalidID]: the id \"cache first\" is not usable (it contains whitespace): \(matched), "
          + "\(never)\n  Fix: \(fix)`injector.unregister(Cache.self, id: \"cache first\")`).",
        "Analytics [invalidName]: the name \"analytics \" is not usable (it contains whitespace): a name registration "
          + "names a property without whitespace (a raw identifier with spaces, such as `injected main cache`, is "
          + "filled by its type), \(never)\n  Fix: Pass the exact name of the property to fill, such as "
          + "\"analytics\" (then unregister this one: `injector.unregister(named: \"analytics \")`).",
      ])
  }
}
