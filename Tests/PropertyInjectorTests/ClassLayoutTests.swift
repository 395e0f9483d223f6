import OtherModuleFixtures
import PropertyInjector
import Testing

// Odd class layouts: generics, other-module superclasses, observers, overrides, local and raw-identifier names,
// tables that forget entries, and @MainActor classes.

/// A value with a number, to tell registrations apart.
private final class LayoutStore: Sendable {
  let number: Int
  init(_ number: Int) { self.number = number }
}

/// A generic class whose candidate's type is its parameter.
private final class GenericHolder<T>: InjectableSettable {
  var injectedItem: T?
  var injectedLogger: (any Logger)?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedItem": \GenericHolder<T>.injectedItem, "injectedLogger": \GenericHolder<T>.injectedLogger]
  }
}

/// A subclass of an injectable class of another module, adding its own candidate.
private final class ForeignSubclass: ForeignInjectableBase {
  var injectedCache: Cache?
  override class var injectableKeyPaths: [String: AnyKeyPath] {
    super.injectableKeyPaths.merging(["injectedCache": \ForeignSubclass.injectedCache]) { $1 }
  }
}

/// A subclass of an other-module injectable class that forgets to extend the table.
private final class ForeignSubclassWithoutEntry: ForeignInjectableBase {
  var injectedCache: Cache?
}

/// Logs every willSet and didSet of its candidates, and counts its callbacks.
private final class ObservedProperties: InjectableSettable {
  var log: [String] = []
  var injectedLogger: (any Logger)? {
    willSet { log.append("will logger \(newValue == nil ? "nil" : "value")") }
    didSet { log.append("did logger \(injectedLogger == nil ? "nil" : "value")") }
  }
  var injectedCache: Cache? { didSet { log.append("did cache \(injectedCache == nil ? "nil" : "value")") } }
  var callbacks = 0
  func didInjectDependencies() { callbacks += 1 }
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedLogger": \ObservedProperties.injectedLogger, "injectedCache": \ObservedProperties.injectedCache]
  }
}

/// A didSet that throws the value away.
private final class DiscardingDidSet: InjectableSettable {
  var injectedCache: Cache?
  var injectedLogger: (any Logger)? { didSet { injectedLogger = nil } }
  var callbacks = 0
  func didInjectDependencies() { callbacks += 1 }
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedCache": \DiscardingDidSet.injectedCache, "injectedLogger": \DiscardingDidSet.injectedLogger]
  }
}

/// Properties whose names are `injected` exactly, contain it, or start with it capitalised.
private final class PrefixEdgeNames: InjectableSettable {
  var injected: (any Logger)?
  var notInjectedLogger: (any Logger)?
  // swift-format-ignore: AlwaysUseLowerCamelCase
  var InjectedLogger: (any Logger)?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injected": \PrefixEdgeNames.injected] }
}

/// A plain (non-injectable) base class with a candidate.
private class PlainBase {
  var injectedLogger: (any Logger)?
}

/// Lists its superclass's property under a key path rooted at itself.
private final class SubclassListingBase: PlainBase, InjectableSettable {
  var injectedCache: Cache?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedLogger": \SubclassListingBase.injectedLogger, "injectedCache": \SubclassListingBase.injectedCache]
  }
}

/// A non-final base whose candidate has a didSet.
private class ObservedBase: InjectableSettable {
  var sets = 0
  var injectedStore: LayoutStore? { didSet { sets += 1 } }
  class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedStore": \ObservedBase.injectedStore] }
}

/// Overrides the base's candidate with a didSet of its own.
private final class ObservedOverride: ObservedBase {
  var subSets = 0
  override var injectedStore: LayoutStore? { didSet { subSets += 1 } }
}

/// A @MainActor class with an isolated conformance.
@MainActor private final class MainActorScreen {
  var injectedStore: LayoutStore?
  var injectedModel: MainActorModel?
}

extension MainActorScreen: @MainActor InjectableSettable {
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedStore": \MainActorScreen.injectedStore, "injectedModel": \MainActorScreen.injectedModel]
  }
}

/// A @MainActor value made by a main-actor factory.
@MainActor private final class MainActorModel {}

/// A non-final base whose entry an injector proves before it meets the subclasses below.
private class ProvenBase: InjectableSettable {
  var injectedStore: LayoutStore?
  class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedStore": \ProvenBase.injectedStore] }
}

/// Answers a default for nil.
private final class DefaultingOverride: ProvenBase {
  override var injectedStore: LayoutStore? {
    get { super.injectedStore ?? LayoutStore(-1) }
    set { super.injectedStore = newValue }
  }
}

/// Drops every write.
private final class DroppingOverride: ProvenBase {
  override var injectedStore: LayoutStore? {
    get { super.injectedStore }
    set {}
  }
}

/// A generic base whose candidate's type is its parameter.
private class GenericBase<T>: InjectableSettable {
  var injectedItem: T?
  class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedItem": \GenericBase<T>.injectedItem] }
}

/// A non-generic subclass of a generic base, adding its own candidate.
private final class GenericBaseSubclass: GenericBase<Int> {
  var injectedLogger: (any Logger)?
  override class var injectableKeyPaths: [String: AnyKeyPath] {
    super.injectableKeyPaths.merging(["injectedLogger": \GenericBaseSubclass.injectedLogger]) { $1 }
  }
}

/// A generic namespace.
private enum GenericNamespace<Tag> {
  /// A class nested in a generic type, whose entries are swapped.
  final class Swapped: InjectableSettable {
    var injectedStore: LayoutStore?
    var injectedOther: LayoutStore?
    static var injectableKeyPaths: [String: AnyKeyPath] {
      ["injectedStore": \Swapped.injectedOther, "injectedOther": \Swapped.injectedStore]
    }
  }
}

/// A class whose raw-identifier name has a space and a dot, with a raw-identifier property with a dot.
private final class `Dotted Screen.Layout`: InjectableSettable {
  var injectedStore: LayoutStore?
  var `injected.other`: LayoutStore?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedStore": \`Dotted Screen.Layout`.injectedStore,
      "`injected.other`": \`Dotted Screen.Layout`.`injected.other`,
    ]
  }
}

/// A non-final raw-identifier class whose entries are swapped.
private class `Dotted Base.Layout`: InjectableSettable {
  var injectedStore: LayoutStore?
  var injectedOther: LayoutStore?
  class var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedStore": \`Dotted Base.Layout`.injectedOther, "injectedOther": \`Dotted Base.Layout`.injectedStore]
  }
}

/// A base whose subclass's table forgets the base's entries.
private class UnmergedBase: InjectableSettable {
  var injectedStore: LayoutStore?
  class var injectableKeyPaths: [String: AnyKeyPath] { ["injectedStore": \UnmergedBase.injectedStore] }
}

/// Its table forgets the superclass's entries.
private final class UnmergedSubclass: UnmergedBase {
  var injectedLogger: (any Logger)?
  override class var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedLogger": \UnmergedSubclass.injectedLogger]
  }
}

/// A non-final class with a `static` table: subclasses cannot extend it.
private class StaticTableBase: InjectableSettable {
  var injectedStore: LayoutStore?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedStore": \StaticTableBase.injectedStore] }
}

/// Adds a candidate its superclass's static table cannot list.
private final class StaticTableSubclass: StaticTableBase {
  var injectedLogger: (any Logger)?
}

/// Lists a property that is not a candidate.
private final class ListsNonCandidate: InjectableSettable {
  var injectedStore: LayoutStore?
  var title: String?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedStore": \ListsNonCandidate.injectedStore, "title": \ListsNonCandidate.title]
  }
}

/// Counts how often its table is read.
private final class CountedTable: InjectableSettable {
  nonisolated(unsafe) static var reads = 0
  var injectedStore: LayoutStore?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    reads += 1
    return ["injectedStore": \CountedTable.injectedStore]
  }
}

/// Expects the error's message to name the type and the property and to carry a fix.
private func expectMessage(
  of error: InjectionError?, names type: String, _ property: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  let text = error?.description ?? ""
  #expect(text.contains(type), "the message does not name \(type): \(text)", sourceLocation: sourceLocation)
  #expect(text.contains(property), "the message does not name \(property): \(text)", sourceLocation: sourceLocation)
  #expect(text.contains("Fix"), "the message has no fix: \(text)", sourceLocation: sourceLocation)
}

@Suite("Odd class layouts")
struct ClassLayoutTests {
  @Test("Each specialization of a generic class gets its own values; an unfillable one is named with its parameter")
  func genericSpecializationsAreSeparate() throws {
    let injector = Injector()
    injector.register(42, as: Int.self)
    injector.register("text", as: String.self)
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let ints = GenericHolder<Int>()
    let strings = GenericHolder<String>()
    try injector.inject(ints)
    try injector.inject(strings)
    #expect(ints.injectedItem == 42)
    #expect(strings.injectedItem == "text")
    #expect(ints.injectedLogger != nil && strings.injectedLogger != nil)
    let doubles = GenericHolder<Double>()
    let error = injectionError { try injector.inject(doubles) }
    #expect(error?.code == .unresolved)
    #expect(doubles.injectedLogger == nil, "all or nothing")
    expectMessage(of: error, names: "GenericHolder<Double>", "injectedItem")
  }

  @Test("A subclass of a generic base gets the base's parameter-typed candidate and its own filled")
  func genericBaseSubclassIsFilled() throws {
    let injector = Injector()
    injector.register(11, as: Int.self)
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let object = GenericBaseSubclass()
    try injector.inject(object)
    #expect(object.injectedItem == 11)
    #expect(object.injectedLogger != nil)
  }

  @Test("A subclass of an other-module injectable class gets both its own and the base's candidate filled")
  func foreignSubclassIsFilled() throws {
    let injector = Injector()
    injector.register(ForeignLogger())
    injector.register(Cache("c"))
    let screen = ForeignSubclass()
    try injector.inject(screen)
    #expect(screen.baseLogger != nil)
    #expect(screen.injectedCache?.label == "c")
  }

  @Test("A subclass of an other-module class that does not extend the table is missingFromTable; nothing is written")
  func foreignSubclassWithoutEntryIsRefused() throws {
    let injector = Injector()
    injector.register(ForeignLogger())
    injector.register(Cache("c"))
    let screen = ForeignSubclassWithoutEntry()
    let error = injectionError { try injector.inject(screen) }
    #expect(error.map(codes) == [.missingFromTable])
    #expect(screen.baseLogger == nil)
    #expect(screen.injectedCache == nil)
    expectMessage(of: error, names: "ForeignSubclassWithoutEntry", "injectedCache")
  }

  @Test("A subclass table may list its plain superclass's property with a key path rooted at itself")
  func subclassListsPlainBaseProperty() throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    injector.register(Cache())
    let object = SubclassListingBase()
    try injector.inject(object)
    #expect(object.injectedLogger != nil)
    #expect(object.injectedCache != nil)
  }

  @Test("A subclass table that does not merge its superclass's still gets the base's candidate filled, not left nil")
  func unmergedSubclassTableFillsTheBase() throws {
    let injector = Injector()
    injector.register(LayoutStore(1))
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let object = UnmergedSubclass()
    try injector.inject(object)
    #expect(object.injectedStore?.number == 1)
    #expect(object.injectedLogger != nil)
  }

  @Test("A subclass adding a candidate to a non-final class with a static table is missingFromTable, with a fix")
  func staticTableSubclassIsRefused() throws {
    let injector = Injector()
    injector.register(LayoutStore(1))
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let object = StaticTableSubclass()
    let error = injectionError { try injector.inject(object) }
    #expect(error.map(codes) == [.missingFromTable])
    #expect(object.injectedStore == nil)
    expectMessage(of: error, names: "StaticTableSubclass", "injectedLogger")
  }

  @Test("A listed property that is not a candidate is never written, even with a registration of its type")
  func listedNonCandidateIsLeftAlone() throws {
    let injector = Injector()
    injector.register(LayoutStore(1))
    injector.register("title", as: String.self)
    let object = ListsNonCandidate()
    try injector.inject(object)
    #expect(object.injectedStore != nil)
    #expect(object.title == nil)
  }

  @Test("`injected` exactly is a candidate; names merely containing it, or capitalised, are untouched")
  func onlyTheExactPrefixMakesACandidate() throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let object = PrefixEdgeNames()
    try injector.inject(object)
    #expect(object.injected != nil)
    #expect(object.notInjectedLogger == nil)
    #expect(object.InjectedLogger == nil)
  }

  @Test("The table's getter is read once per type, whatever the number of injections and injectors")
  func tableIsReadOncePerType() throws {
    for _ in 0..<3 {
      let injector = Injector()
      injector.register(LayoutStore(1))
      for _ in 0..<3 { try injector.inject(CountedTable()) }
    }
    #expect(CountedTable.reads == 1)
  }

  @MainActor
  @Test("A @MainActor class with an isolated conformance is injected on the main actor, with a main-actor factory")
  func mainActorClassIsInjected() throws {
    let injector = Injector()
    injector.register(LayoutStore(5))
    injector.register(MainActorModel.self, on: MainActor.self) { _ in MainActorModel() }
    let screen = MainActorScreen()
    try injector.inject(screen)
    #expect(screen.injectedStore?.number == 5)
    #expect(screen.injectedModel != nil)
  }
}

@Suite("Property observers and overrides")
struct PropertyObserverTests {
  @Test("willSet and didSet run exactly once per property, and the callback once")
  func observersRunOnce() throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    injector.register(Cache())
    let object = ObservedProperties()
    try injector.inject(object)
    #expect(object.log.filter { $0.hasPrefix("will logger") } == ["will logger value"])
    #expect(object.log.filter { $0.hasPrefix("did logger") } == ["did logger value"])
    #expect(object.log.filter { $0.hasPrefix("did cache") } == ["did cache value"])
    #expect(object.callbacks == 1)
  }

  @Test("A didSet that throws the value away fails the injection, undoes every write and calls nothing back")
  func discardingDidSetFails() throws {
    let injector = Injector()
    injector.register(ConsoleLogger(), as: (any Logger).self)
    injector.register(Cache())
    let object = DiscardingDidSet()
    let error = injectionError { try injector.inject(object) }
    #expect(error?.code == .keyPathMismatch)
    #expect(object.injectedCache == nil, "all or nothing")
    #expect(object.callbacks == 0)
    expectMessage(of: error, names: "DiscardingDidSet", "injectedLogger")
  }

  @Test("An override adding a didSet to an observed base property runs each observer once and keeps the value")
  func overriddenObserverRunsOnce() throws {
    let injector = Injector()
    injector.register(LayoutStore(1))
    let object = ObservedOverride()
    try injector.inject(object)
    #expect(object.injectedStore?.number == 1)
    #expect(object.sets == 1)
    #expect(object.subSets == 1)
  }

  @Test("After the base's entry is proven, a subclass whose getter answers a default for nil is still refused")
  func provenBaseThenDefaultingOverride() throws {
    let injector = Injector()
    injector.register(LayoutStore(1))
    for _ in 0..<3 { try injector.inject(ProvenBase()) }
    let error = injectionError { try injector.inject(DefaultingOverride()) }
    #expect(error.map(codes) == [.keyPathMismatch])
  }

  @Test("After the base's entry is proven, a subclass whose setter drops writes is refused, not left nil")
  func provenBaseThenDroppingOverride() throws {
    let injector = Injector()
    injector.register(LayoutStore(1))
    for _ in 0..<3 { try injector.inject(ProvenBase()) }
    let child = DroppingOverride()
    let error = injectionError { try injector.inject(child) }
    #expect(error.map(codes) == [.keyPathMismatch])
    #expect(child.injectedStore == nil)
  }
}

@Suite("Odd type names")
struct OddTypeNameTests {
  @Test("A class declared in a function is injected, and its errors name it without runtime mangling")
  func localClassIsNamedReadably() throws {
    /// A class local to this test.
    final class LocalScreen: InjectableSettable {
      var injectedStore: LayoutStore?
      var injectedLogger: (any Logger)?
      static var injectableKeyPaths: [String: AnyKeyPath] {
        ["injectedStore": \LocalScreen.injectedStore, "injectedLogger": \LocalScreen.injectedLogger]
      }
    }
    let injector = Injector()
    injector.register(LayoutStore(1))
    let object = LocalScreen()
    let error = injectionError { try injector.inject(object) }
    #expect(error?.code == .unresolved)
    #expect(object.injectedStore == nil)
    #expect(error?.problems.first?.typeName == "LocalScreen")
    #expect(error.map { !$0.description.contains("$") } == true, "\(String(describing: error))")
    injector.register(ConsoleLogger(), as: (any Logger).self)
    try injector.inject(object)
    #expect(object.injectedStore?.number == 1)
  }

  @Test("A raw-identifier class name with a dot and a space is injected; a raw-identifier property is a candidate")
  func rawIdentifierClassIsInjected() throws {
    let injector = Injector()
    injector.register(LayoutStore(1))
    let object = `Dotted Screen.Layout`()
    try injector.inject(object)
    #expect(object.injectedStore?.number == 1)
    #expect(object.`injected.other`?.number == 1)
  }

  @Test("Swapped entries of a non-final raw-identifier class are caught, and nothing is written")
  func rawIdentifierSwappedEntriesAreCaught() throws {
    let injector = Injector()
    injector.register(LayoutStore(1), id: "store")
    injector.register(LayoutStore(2), id: "other")
    let object = `Dotted Base.Layout`()
    let error = injectionError { try injector.inject(object) }
    #expect(error?.code == .keyPathMismatch)
    #expect(object.injectedStore == nil && object.injectedOther == nil)
  }

  @Test("Swapped entries of a class nested in a generic type are caught, and nothing is written")
  func swappedEntriesInAGenericNamespaceAreCaught() throws {
    let injector = Injector()
    injector.register(LayoutStore(1), id: "store")
    injector.register(LayoutStore(2), id: "other")
    let object = GenericNamespace<Int>.Swapped()
    let error = injectionError { try injector.inject(object) }
    #expect(error?.code == .keyPathMismatch)
    #expect(object.injectedStore == nil && object.injectedOther == nil)
  }
}
