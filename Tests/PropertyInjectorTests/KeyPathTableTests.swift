import PropertyInjector
import Testing

private final class MissingEntry: InjectableSettable {
  var injectedLogger: (any Logger)?
  var injectedCache: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedLogger": \MissingEntry.injectedLogger] }
}

private final class StaleEntry: InjectableSettable {
  var injectedLogger: (any Logger)?
  var spare: (any Logger)?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedLogger": \StaleEntry.injectedLogger, "injectedLoger": \StaleEntry.spare]
  }
}

private final class Elsewhere {
  var injectedLogger: (any Logger)?
}

private final class WrongRoot: InjectableSettable {
  var injectedLogger: (any Logger)?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedLogger": \Elsewhere.injectedLogger] }
}

private final class WrongValue: InjectableSettable {
  var injectedLogger: (any Logger)?
  var injectedCache: Cache?
  var spareLogger: (any Logger)?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedLogger": \WrongValue.injectedLogger, "injectedCache": \WrongValue.spareLogger]
  }
}

private final class ReadOnly: InjectableSettable {
  let injectedLogger: (any Logger)? = nil
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedLogger": \ReadOnly.injectedLogger] }
}

private class Base: InjectableSettable {
  var injectedLogger: (any Logger)?
  class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedLogger": \Base.injectedLogger] }
}

private final class Derived: Base {
  var injectedCache: Cache?
  override class var injectableKeyPaths: [String: AnyKeyPath] {
    super.injectableKeyPaths.merging(["injectedCache": \Derived.injectedCache]) { $1 }
  }
}

@Suite("Key-path tables")
struct KeyPathTableTests {
  @Test("A candidate missing from the table is an error naming the type, the property and the entry to add")
  func missingEntryIsAnError() throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    injector.register(Cache())
    let target = MissingEntry()
    let error = injectionError { try injector.inject(target) }
    #expect(error.map(codes) == [.missingFromTable])
    let problem = try #require(error?.problems.first)
    #expect(problem.typeName == "MissingEntry")
    #expect(problem.property == "injectedCache")
    #expect(problem.fix.contains(#"\MissingEntry.injectedCache"#))
    #expect(target.injectedLogger == nil, "the target is unchanged")
  }

  @Test("A table entry that names no stored property is an error with a suggestion")
  func staleEntryIsAnError() throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let target = StaleEntry()
    let error = injectionError { try injector.inject(target) }
    #expect(error.map(codes) == [.staleTableEntry])
    #expect(error?.problems.first?.property == "injectedLoger")
    #expect(error?.problems.first?.fix.contains("\"injectedLogger\"") == true)
    #expect(target.injectedLogger == nil)
  }

  @Test("A key path whose root the object is not is an error")
  func wrongRootIsAnError() throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let error = injectionError { try injector.inject(WrongRoot()) }
    #expect(error.map(codes) == [.keyPathMismatch])
    #expect(error?.problems.first?.summary.contains("Elsewhere") == true)
    #expect(error?.problems.first?.property == "injectedLogger")
  }

  @Test("A key path whose value type is not the property's declared type is an error")
  func wrongValueTypeIsAnError() throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    injector.register(Cache())
    let target = WrongValue()
    let error = injectionError { try injector.inject(target) }
    #expect(error.map(codes) == [.keyPathMismatch])
    #expect(error?.problems.first?.property == "injectedCache")
    #expect(error?.problems.first?.declaredType == "Cache?")
    #expect(target.injectedLogger == nil)
  }

  @Test("A read-only key path (a `let`) is an error")
  func readOnlyKeyPathIsAnError() throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let error = injectionError { try injector.inject(ReadOnly()) }
    #expect(error.map(codes) == [.keyPathNotWritable])
    #expect(error?.problems.first?.fix.contains("var") == true)
  }

  @Test("Declaration errors are reported even when every property already holds a value")
  func declarationErrorsIgnoreCurrentValues() throws {
    let target = WrongValue()
    target.injectedLogger = ConsoleLogger()
    target.injectedCache = Cache()
    let error = injectionError { try Injector().inject(target) }
    #expect(error.map(codes) == [.keyPathMismatch])
  }

  @Test("A subclass's table builds on its superclass's; both tables' properties are injected")
  func subclassTableExtendsSuperclassTable() throws {
    let injector = Injector()
    let logger = ConsoleLogger()
    let cache = Cache()
    injector.register(logger, as: (any Logger).self)
    injector.register(cache)
    let derived = Derived()
    try injector.inject(derived)
    #expect(derived.injectedLogger === logger)
    #expect(derived.injectedCache === cache)

    let base = Base()
    try injector.inject(base)
    #expect(base.injectedLogger === logger)
  }

  @Test("The table of the object's dynamic type is used, even through a base-class reference")
  func dynamicTypeTableIsUsed() throws {
    let injector = Injector()
    let cache = Cache()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    injector.register(cache)
    let derived: Base = Derived()
    try injector.inject(derived)
    #expect((derived as? Derived)?.injectedCache === cache)
  }
}
