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

// MARK: - Entries that do not reach the property they name

private final class TwoNamesOneKeyPath: InjectableSettable {
  var injectedPrimary: Cache?
  var injectedSecondary: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedPrimary": \TwoNamesOneKeyPath.injectedPrimary, "injectedSecondary": \TwoNamesOneKeyPath.injectedPrimary]
  }
}

private final class TwoNamesTwoKeyPaths: InjectableSettable {
  var injectedPrimary: Cache?
  var injectedSecondary: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedPrimary": \TwoNamesTwoKeyPaths.injectedPrimary,
      "injectedSecondary": \TwoNamesTwoKeyPaths.injectedSecondary,
    ]
  }
}

private final class Settings {
  var inner: Cache?
}

private final class ThroughAnotherObject: InjectableSettable {
  var injectedInner: Cache?
  let settings = Settings()
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedInner": \ThroughAnotherObject.settings.inner] }
}

private final class Forwardee {
  var injectedCache: Cache?
}

private final class Forwarding: InjectableSettable {
  var injectedCache: Cache?
  var target: Forwardee? = Forwardee()
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \Forwarding.target!.injectedCache] }
}

private final class ForwardingToNothing: InjectableSettable {
  var injectedCache: Cache?
  var target: Forwardee?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \ForwardingToNothing.target!.injectedCache] }
}

private class PlainParent {
  var injectedFirst: Cache?
}

private final class ChildWithParentsKeyPath: PlainParent, InjectableSettable {
  var injectedSecond: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedFirst": \PlainParent.injectedFirst, "injectedSecond": \PlainParent.injectedFirst]
  }
}

private class TableParent: InjectableSettable {
  var injectedFirst: Cache?
  class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedFirst": \TableParent.injectedFirst] }
}

private final class TableChild: TableParent {
  var injectedSecond: Cache?
  override class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedSecond": \TableParent.injectedFirst] }
}

private class NonFinalHolder: InjectableSettable {
  var injectedCache: Cache?
  var spare: Cache?
  class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \NonFinalHolder.spare] }
}

private class SpareHolder: InjectableSettable {
  var injectedCache: Cache?
  var spare: Cache?
  class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \SpareHolder.spare] }
}

private final class StructRooted: InjectableSettable {
  struct Box { var injectedCache: Cache? }
  var injectedCache: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \Box.injectedCache] }
}

private protocol CacheHolding: AnyObject {
  var injectedCache: Cache? { get set }
}

private final class ProtocolRooted: InjectableSettable, CacheHolding {
  var injectedCache: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \(any CacheHolding).injectedCache] }
}

private final class NamingAnother: InjectableSettable {
  var injectedCache: Cache?
  var spare: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \NamingAnother.spare] }
}

private class ParentWithSpare {
  var spare: Cache?
}

private final class ChildReachingUp: ParentWithSpare, InjectableSettable {
  var injectedCache: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedCache": \ParentWithSpare.spare] }
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

  @Test("The same key path under two names is a table error naming both, in inject, validate and explain")
  func sameKeyPathUnderTwoNames() throws {
    let injector = Injector()
    injector.register(Cache())
    let target = TwoNamesOneKeyPath()
    for error in [injectionError { try injector.inject(target) }, injectionError { try injector.validate(target) }] {
      #expect(error.map(codes) == [.duplicateTableEntry])
      #expect(error?.problems.first?.summary.contains("\"injectedPrimary\" and \"injectedSecondary\"") == true)
    }
    #expect(target.injectedPrimary == nil && target.injectedSecondary == nil, "nothing was written")
    let report = injector.explain(target)
    #expect(!report.wouldSucceed)
    #expect(report.entries.map(\.status) == [.invalid, .invalid])
    #expect(report.entries.map { $0.problem?.code } == [.duplicateTableEntry, .duplicateTableEntry], "each says why")

    // The fix the error gives: each entry at the property it names.
    let fixed = TwoNamesTwoKeyPaths()
    try injector.inject(fixed)
    #expect(fixed.injectedPrimary != nil && fixed.injectedSecondary != nil)
  }

  @Test("An entry under a name no property has, holding another entry's key path, is stale: the other entry fills")
  func aliasEntryIsStale() throws {
    final class Aliased: InjectableSettable {
      var injectedLogger: (any Logger)?
      static var injectableKeyPaths: [String: AnyKeyPath] {
        ["injectedLogger": \Aliased.injectedLogger, "injectedAlias": \Aliased.injectedLogger]
      }
    }
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let target = Aliased()
    let error = injectionError { try injector.inject(target) }
    #expect(error.map(codes) == [.staleTableEntry])
    #expect(error?.problems.first?.property == "injectedAlias")
    #expect(error?.problems.first?.fix.contains(#"\Aliased.injectedAlias"#) == false, "no fix names a missing property")
    #expect(target.injectedLogger == nil)
  }

  @Test("A misspelt copy of an entry is stale, and its fix is to remove it: a rename would repeat a key, which traps")
  func misspeltCopyOfAnEntry() throws {
    final class Misspelt: InjectableSettable {
      var injectedLogger: (any Logger)?
      static var injectableKeyPaths: [String: AnyKeyPath] {
        ["injectedLogger": \Misspelt.injectedLogger, "injectedLoger": \Misspelt.injectedLogger]
      }
    }
    final class MisspeltAlone: InjectableSettable {
      var injectedLogger: (any Logger)?
      static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedLoger": \MisspeltAlone.injectedLogger] }
    }
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let error = injectionError { try injector.inject(Misspelt()) }
    #expect(error.map(codes) == [.staleTableEntry])
    let fix = try #require(error?.problems.first?.fix)
    #expect(fix.hasPrefix(#"Remove the entry: "injectedLogger" has an entry already"#))
    #expect(!fix.contains("Rename"))
    // Alone, the misspelt entry is the property's only one: renaming it is the fix.
    let alone = injectionError { try injector.inject(MisspeltAlone()) }
    #expect(alone?.problems.first?.fix == #"Rename the entry to "injectedLogger", or remove it."#)
  }

  @Test("A key path that unwraps its optional property is a table error naming the entry, not a non-optional one")
  func forceUnwrappingKeyPath() throws {
    final class Unwrapping: InjectableSettable {
      var injectedLogger: (any Logger)?
      static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedLogger": \Unwrapping.injectedLogger!] }
    }
    class OpenUnwrapping: InjectableSettable {
      var injectedLogger: (any Logger)?
      class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedLogger": \OpenUnwrapping.injectedLogger!] }
    }
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    for target in [Unwrapping() as any InjectableSettable, OpenUnwrapping()] {
      let error = injectionError { try injector.inject(target) }
      #expect(error.map(codes) == [.keyPathMismatch])
      #expect(error?.problems.first?.property == "injectedLogger")
      #expect(
        error?.description.contains("optional") == false, "the property is optional: \(String(describing: error))")
    }
  }

  @Test("A key path that goes through another object is a table error, and nothing is written anywhere")
  func keyPathThroughAnotherObject() throws {
    let injector = Injector()
    injector.register(Cache())
    let target = ThroughAnotherObject()
    for error in [injectionError { try injector.inject(target) }, injectionError { try injector.validate(target) }] {
      #expect(error.map(codes) == [.keyPathMismatch])
      #expect(error?.problems.first?.summary.contains("settings.inner") == true)
      #expect(error?.problems.first?.fix.contains(#"\ThroughAnotherObject.injectedInner"#) == true)
    }
    #expect(target.injectedInner == nil && target.settings.inner == nil)
    #expect(injector.explain(target).entries.map(\.status) == [.invalid])
  }

  @Test("A key path through a reference is never written into the object's own storage")
  func keyPathThroughAReference() throws {
    let injector = Injector()
    injector.register(Cache())
    let target = Forwarding()
    let error = injectionError { try injector.inject(target) }
    #expect(error.map(codes) == [.keyPathMismatch])
    #expect(target.injectedCache == nil)
    #expect(target.target?.injectedCache == nil)
  }

  @Test("A key path that force-unwraps a nil object is a table error before it is ever read, never a trap")
  func keyPathThroughANilObject() throws {
    let injector = Injector()
    injector.register(Cache())
    let target = ForwardingToNothing()
    for error in [injectionError { try injector.inject(target) }, injectionError { try injector.validate(target) }] {
      #expect(error.map(codes) == [.keyPathMismatch])
      #expect(error?.problems.first?.summary.contains("target!.injectedCache") == true)
    }
    #expect(target.injectedCache == nil && target.target == nil)
  }

  @Test("A superclass's key path under a subclass property's name is a table error naming both entries")
  func superclassKeyPathUnderSubclassName() throws {
    let injector = Injector()
    injector.register(Cache())
    let plain = ChildWithParentsKeyPath()
    let first = injectionError { try injector.inject(plain) }
    #expect(first.map(codes) == [.duplicateTableEntry])
    #expect(first?.problems.first?.summary.contains("\"injectedFirst\" and \"injectedSecond\"") == true)

    let child = TableChild()
    let second = injectionError { try injector.inject(child) }
    #expect(second.map(codes) == [.duplicateTableEntry])
    #expect(child.injectedFirst == nil && child.injectedSecond == nil)
  }

  @Test("An entry that reads another property of the same type is caught when their values differ")
  func entryReadingAnotherProperty() throws {
    let injector = Injector()
    injector.register(Cache())
    let target = NonFinalHolder()
    target.spare = Cache()
    let error = injectionError { try injector.inject(target) }
    #expect(error.map(codes) == [.keyPathMismatch])
    #expect(error?.problems.first?.property == "injectedCache")
  }

  @Test("An entry that reaches another property fails even when both are nil, and the object is left unchanged")
  func entryReachingAnotherPropertyWhenBothAreNil() throws {
    // Both properties nil: reading cannot tell, so the write is checked, and undone.
    let injector = Injector()
    injector.register(Cache())
    let unseen = SpareHolder()
    let error = injectionError { try injector.inject(unseen) }
    #expect(error.map(codes) == [.keyPathMismatch])
    #expect(error?.problems.first?.property == "injectedCache")
    #expect(unseen.spare == nil && unseen.injectedCache == nil)

    // A later object whose own property holds a value is refused before anything is made.
    let target = SpareHolder()
    target.injectedCache = Cache()
    #expect(injectionError { try injector.inject(target) }.map(codes) == [.keyPathMismatch])
    #expect(target.spare == nil)
  }

  @Test("A key path from a struct is called what it is, not read-only")
  func structRootedKeyPath() throws {
    let error = injectionError { try Injector().inject(StructRooted()) }
    #expect(error.map(codes) == [.keyPathMismatch])
    let summary = try #require(error?.problems.first?.summary)
    #expect(summary.contains("value type") && !summary.contains("read-only"))
  }

  @Test("An entry whose key path names another property of its type says which, word for word")
  func entryNamingAnotherProperty() throws {
    let error = try #require(injectionError { try Injector().inject(NamingAnother()) })
    #expect(
      error.problems.map(\.description) == [
        #"NamingAnother.injectedCache: Cache? [keyPathMismatch]: the entry for "injectedCache" is \NamingAnother.spare, "#
          + #"which leads to "spare"."# + "\n"
          + #"  Fix: Point the entry at the property it names: "injectedCache": \NamingAnother.injectedCache."#
      ])
  }

  @Test("An entry whose key path starts at a superclass of the property's class says it cannot reach, word for word")
  func entryStartingAtASuperclass() throws {
    let error = try #require(injectionError { try Injector().inject(ChildReachingUp()) })
    // The runtime names the key path's component by address: the message says it in words.
    #expect(
      error.problems.map(\.description) == [
        #"ChildReachingUp.injectedCache [keyPathMismatch]: the entry for "injectedCache" is a key path from "#
          + "ParentWithSpare through a property's accessors, which starts at ParentWithSpare: a key path from "
          + "ParentWithSpare cannot reach ChildReachingUp.injectedCache, declared in its subclass.\n"
          + #"  Fix: Point the entry at the property it names: "injectedCache": \ChildReachingUp.injectedCache."#
      ])
  }

  @Test("A key path from a protocol the object conforms to is called what it is")
  func protocolRootedKeyPath() throws {
    let error = injectionError { try Injector().inject(ProtocolRooted()) }
    #expect(error.map(codes) == [.keyPathMismatch])
    let summary = try #require(error?.problems.first?.summary)
    #expect(summary.contains("protocol") && !summary.contains("which ProtocolRooted is not"))
    #expect(error?.problems.first?.fix.contains(#"\ProtocolRooted.injectedCache"#) == true)
  }
}
