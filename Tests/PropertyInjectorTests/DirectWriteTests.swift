import Dispatch
import Testing

@testable import PropertyInjector

private final class Plain: InjectableSettable {
  var injectedCache: Cache?
  var injectedLogger: (any Logger)?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedCache": \Plain.injectedCache, "injectedLogger": \Plain.injectedLogger]
  }
}

private final class Observed: InjectableSettable {
  var sets = 0
  var injectedCache: Cache? { didSet { sets += 1 } }
  weak var injectedWeakCache: ImageCache?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedCache": \Observed.injectedCache, "injectedWeakCache": \Observed.injectedWeakCache]
  }
}

private class Base: InjectableSettable {
  var injectedCache: Cache?
  final var injectedFinalCache: Cache?
  class var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedCache": \Base.injectedCache, "injectedFinalCache": \Base.injectedFinalCache]
  }
}

private final class Derived: Base {}

/// What the accessor for `label` of `object`'s type has learned about where writes land.
private func storage(of label: String, in object: some InjectableSettable, by injector: Injector) -> String {
  let accessor = injector.blueprints.blueprint(for: object).properties.first { $0.label == label }?.accessor
  switch accessor?.storage {
  case .field?: return "field"
  case .accessors?: return "accessors"
  case .unknown?: return "unknown"
  case .untried?: return "untried"
  case nil: return "none"
  }
}

@Suite("Direct writes")
struct DirectWriteTests {
  @Test("After the first write, a plain stored property is written directly; values stay right")
  func plainPropertiesLearnTheirField() throws {
    let injector = Injector()
    let cache = Cache()
    let logger = ConsoleLogger()
    try injector.register(cache)
    try injector.register(logger, as: (any Logger).self)
    for round in 0..<5 {
      let object = Plain()
      if round == 3 { object.injectedCache = Cache("own") }
      try injector.inject(object)
      #expect(object.injectedLogger === logger)
      #expect(round == 3 ? object.injectedCache?.label == "own" : object.injectedCache === cache)
    }
    // Direct writes exist where the toolchain tells field offsets (Linux), unless turned off.
    let proven = StoredFields.availableOnThisPlatform ? "field" : "accessors"
    #expect(storage(of: "injectedCache", in: Plain(), by: injector) == proven)
    #expect(storage(of: "injectedLogger", in: Plain(), by: injector) == proven)
  }

  @Test("Observed, weak and overridable properties are never written directly: observers run every time")
  func propertiesWithAccessorsKeepTheirKeyPath() throws {
    let injector = Injector()
    let image = ImageCache()
    try injector.register(Cache())
    try injector.register(image)
    for _ in 0..<4 {
      let object = Observed()
      try injector.inject(object)
      #expect(object.sets == 1)
      #expect(object.injectedWeakCache === image)
    }
    #expect(storage(of: "injectedCache", in: Observed(), by: injector) == "accessors")
    #expect(storage(of: "injectedWeakCache", in: Observed(), by: injector) == "accessors")
    let derived = Derived()
    try injector.inject(derived)
    try injector.inject(Derived())
    #expect(storage(of: "injectedCache", in: derived, by: injector) == "accessors")
    let proven = StoredFields.availableOnThisPlatform ? "field" : "accessors"
    #expect(storage(of: "injectedFinalCache", in: derived, by: injector) == proven)
  }

  @Test("A weak property stays weak when the injector writes it")
  func weakStaysWeak() throws {
    let injector = Injector()
    try injector.register(Cache())
    let object = Observed()
    do {
      let image = ImageCache()
      try injector.register(image)
      for _ in 0..<3 { try injector.inject(Observed()) }
      try injector.inject(object)
      #expect(object.injectedWeakCache === image)
      try injector.unregister(ImageCache.self)
    }
    #expect(object.injectedWeakCache == nil, "the only strong reference was the registration")
  }

  @Test("Many threads injecting a new type at once learn its fields without a race")
  func concurrentLearning() throws {
    let injector = Injector()
    try injector.register(Cache("shared"))
    try injector.register(ConsoleLogger(), as: (any Logger).self)
    let wrong = Counter()
    DispatchQueue.concurrentPerform(iterations: 200) { _ in
      let object = Plain()
      do {
        try injector.inject(object)
      } catch {
        wrong.increment()
      }
      if object.injectedCache?.label != "shared" || object.injectedLogger == nil { wrong.increment() }
    }
    #expect(wrong.value == 0)
  }
}

private protocol Describing { var text: String { get } }
private struct Description: Describing { let text: String }

/// One property of each optional layout the direct path must read correctly.
private final class Layouts: InjectableSettable {
  var injectedCache: Cache?  // class reference: nil is a zero word
  var injectedLogger: (any Logger)?  // class-bound existential
  var injectedDescribing: (any Describing)?  // existential whose nil lives in its metadata word
  var injectedCount: Int?  // nil in an extra tag byte; zero is a valid value
  var injectedName: String?  // an empty string may be all zeros
  var injectedNumbers: [Int]?  // an empty array is a shared singleton
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedCache": \Layouts.injectedCache, "injectedLogger": \Layouts.injectedLogger,
      "injectedDescribing": \Layouts.injectedDescribing, "injectedCount": \Layouts.injectedCount,
      "injectedName": \Layouts.injectedName, "injectedNumbers": \Layouts.injectedNumbers,
    ]
  }
}

@Suite("Direct writes of every layout")
struct DirectWriteLayoutTests {
  @Test("Every optional layout is read right: nil is filled, and a value that looks like zero is left alone")
  func everyLayoutIsReadRight() throws {
    let injector = Injector()
    let cache = Cache()
    let logger = ConsoleLogger()
    try injector.register(cache)
    try injector.register(logger, as: (any Logger).self)
    try injector.register(Description(text: "registered") as any Describing)
    try injector.register(42)
    try injector.register("registered")
    try injector.register([1, 2, 3])
    for round in 0..<6 {
      let object = Layouts()
      if round >= 3 {
        // Values whose representation may be zero-filled must still read as "not nil".
        object.injectedCount = 0
        object.injectedName = ""
        object.injectedNumbers = []
        object.injectedDescribing = Description(text: "own")
      }
      try injector.inject(object)
      #expect(object.injectedCache === cache)
      #expect(object.injectedLogger === logger)
      if round >= 3 {
        #expect(object.injectedCount == 0)
        #expect(object.injectedName == "")
        #expect(object.injectedNumbers == [])
        #expect(object.injectedDescribing?.text == "own")
      } else {
        #expect(object.injectedCount == 42)
        #expect(object.injectedName == "registered")
        #expect(object.injectedNumbers == [1, 2, 3])
        #expect(object.injectedDescribing?.text == "registered")
      }
    }
  }

  @Test("Only an optional class reference has its nil read as a zero word; other layouts take the general check")
  func nilAsZeroWordOnlyForClassReferences() {
    #expect(DirectAccess<Cache?>.nilIsZeroFirstWord())
    #expect(DirectAccess<ImageCache?>.nilIsZeroFirstWord())
    #expect(!DirectAccess<String?>.nilIsZeroFirstWord(), "an empty string may start with a zero word")
    #expect(!DirectAccess<Int?>.nilIsZeroFirstWord())
    #expect(!DirectAccess<[Int]?>.nilIsZeroFirstWord())
    #expect(!DirectAccess<(any Describing)?>.nilIsZeroFirstWord())
    #expect(!DirectAccess<(any Logger)?>.nilIsZeroFirstWord())
    #expect(!DirectAccess<Any?>.nilIsZeroFirstWord())
  }
}
