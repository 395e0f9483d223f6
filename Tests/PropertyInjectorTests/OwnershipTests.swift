import PropertyInjector
import Testing

final class Delegate: Sendable {}

/// Made fresh when nothing is registered for it: nothing else keeps it.
final class Assistant: InjectorCreatable, Sendable {
  init(resolver: Resolver) {}
}

private final class WeakHolder: InjectableSettable {
  weak var injectedDelegate: Delegate?
  var injectedCache: Cache?
  var callbacks = 0
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedDelegate": \WeakHolder.injectedDelegate, "injectedCache": \WeakHolder.injectedCache]
  }
  func didInjectDependencies() { callbacks += 1 }
}

private final class UnownedHolder: InjectableSettable {
  unowned var injectedDelegate: Delegate?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedDelegate": \UnownedHolder.injectedDelegate] }
}

private final class UnsafeUnownedHolder: InjectableSettable {
  unowned(unsafe) var injectedDelegate: Delegate?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedDelegate": \UnsafeUnownedHolder.injectedDelegate] }
}

private final class WeakAssistantHolder: InjectableSettable {
  weak var injectedAssistant: Assistant?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedAssistant": \WeakAssistantHolder.injectedAssistant] }
}

/// A weak candidate declared before a strong one that a factory also fills: the strong one is written first.
private final class WeakBeforeStrong: InjectableSettable {
  weak var injectedDelegate: Delegate?
  var injectedAssistant: Assistant?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedDelegate": \WeakBeforeStrong.injectedDelegate, "injectedAssistant": \WeakBeforeStrong.injectedAssistant]
  }
}

/// Two properties that keep nothing, and a strong one between them.
private final class TwoWeakHolder: InjectableSettable {
  weak var injectedDelegate: Delegate?
  var injectedAssistant: Assistant?
  unowned(unsafe) var injectedOtherDelegate: Delegate?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedDelegate": \TwoWeakHolder.injectedDelegate, "injectedAssistant": \TwoWeakHolder.injectedAssistant,
      "injectedOtherDelegate": \TwoWeakHolder.injectedOtherDelegate,
    ]
  }
}

@Suite("Weak and unowned candidates")
struct OwnershipTests {
  @Test("A weak candidate filled by a transient factory is an error, and every write of the injection is undone")
  func weakWithTransientFactoryIsAnError() throws {
    let injector = Injector()
    injector.register(Delegate.self) { _ in Delegate() }
    injector.register(Cache())
    let holder = WeakHolder()
    let error = injectionError { try injector.inject(holder) }
    #expect(error.map(codes) == [.notRetained])
    #expect(error?.problems.first?.property == "injectedDelegate")
    #expect(error?.problems.first?.fix.contains("instance or a singleton") == true)
    #expect(holder.injectedCache == nil, "the injection's other writes were undone")
    #expect(holder.callbacks == 0, "the callback never saw a nil it was promised")
  }

  @Test("Every property that did not keep its value is named, and the object is left unchanged")
  func everyPropertyNotKeptIsNamed() throws {
    let injector = Injector()
    injector.register(Delegate.self) { _ in Delegate() }
    let holder = TwoWeakHolder()
    let error = injectionError { try injector.inject(holder) }
    #expect(error.map(codes) == [.notRetained, .notRetained])
    #expect(error?.problems.map(\.property) == ["injectedDelegate", "injectedOtherDelegate"])
    #expect(holder.injectedDelegate == nil && holder.injectedAssistant == nil)
    let delegate = Delegate()
    injector.register(delegate)
    try injector.inject(holder)
    #expect(holder.injectedDelegate === delegate && holder.injectedOtherDelegate === delegate)
    #expect(holder.injectedAssistant != nil)
  }

  @Test("A strong checked write that came first is set back to nil when a later weak one is not kept")
  func earlierCheckedWritesAreUndone() throws {
    let injector = Injector()
    injector.register(Delegate.self) { _ in Delegate() }
    let holder = WeakBeforeStrong()
    #expect(injectionError { try injector.inject(holder) }.map(codes) == [.notRetained])
    #expect(holder.injectedAssistant == nil, "the assistant, written and kept, was set back to nil")
    let kept = WeakBeforeStrong()
    let delegate = Delegate()
    injector.register(delegate)
    try injector.inject(kept)
    #expect(kept.injectedDelegate === delegate && kept.injectedAssistant != nil)
  }

  @Test("A weak candidate filled by an instance or a singleton is fine: the injector keeps the value")
  func weakWithKeptValuesIsFine() throws {
    let instance = Injector()
    let delegate = Delegate()
    instance.register(delegate)
    instance.register(Cache())
    let first = WeakHolder()
    try instance.inject(first)
    #expect(first.injectedDelegate === delegate)

    let singleton = Injector()
    singleton.register(Delegate.self, scope: .singleton) { _ in Delegate() }
    singleton.register(Cache())
    let second = WeakHolder()
    try singleton.inject(second)
    #expect(second.injectedDelegate != nil)
    #expect(second.callbacks == 1)
  }

  @Test("An unowned candidate filled by a transient factory is an error, and is left nil, never dangling")
  func unownedWithTransientFactoryIsAnError() throws {
    let injector = Injector()
    injector.register(Delegate.self) { _ in Delegate() }
    let holder = UnownedHolder()
    #expect(injectionError { try injector.inject(holder) }.map(codes) == [.notRetained])
    #expect(holder.injectedDelegate == nil, "reading it does not trap")
  }

  @Test("An unowned(unsafe) candidate filled by a transient factory is an error, and is left nil")
  func unsafeUnownedWithTransientFactoryIsAnError() throws {
    let injector = Injector()
    injector.register(Delegate.self) { _ in Delegate() }
    let holder = UnsafeUnownedHolder()
    #expect(injectionError { try injector.inject(holder) }.map(codes) == [.notRetained])
    #expect(holder.injectedDelegate == nil, "set back to nil, never dangling")
  }

  @Test("A weak candidate filled by auto-creation is an error")
  func weakWithAutoCreationIsAnError() throws {
    let holder = WeakAssistantHolder()
    #expect(injectionError { try Injector().inject(holder) }.map(codes) == [.notRetained])
    #expect(holder.injectedAssistant == nil)
  }
}
