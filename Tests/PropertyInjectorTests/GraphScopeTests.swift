import Dispatch
import PropertyInjector
import Testing

/// A value of the graph scope: counts how many were made.
private final class EditSession: Sendable {
  let number: Int
  init(number: Int) { self.number = number }
}

/// Made by a factory, and injected itself: the session reaches it both ways.
private final class Toolbar: InjectableSettable, @unchecked Sendable {
  var injectedSession: EditSession?
  let madeWith: EditSession?
  init(madeWith: EditSession?) { self.madeWith = madeWith }
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedSession": \Toolbar.injectedSession] }
}

/// Typed accessors, as `@Injectable` writes them: strong properties a plan fills from one graph value at once.
private final class TypedEditor: InjectableSettable, InjectableThroughAccessors {
  var injectedSession: EditSession?
  var injectedSecondSession: EditSession?
  var injectedThirdSession: EditSession?
  var injectedAny: (any Sendable)?
  static var injectableAccessors: [InjectableAccessor] {
    [
      accessor("injectedSession", \.injectedSession), accessor("injectedSecondSession", \.injectedSecondSession),
      accessor("injectedThirdSession", \.injectedThirdSession),
      InjectableAccessor(
        "injectedAny", of: TypedEditor.self, as: (any Sendable).self, isNil: { $0.injectedAny == nil },
        write: { $0.injectedAny = $1 }, clear: { $0.injectedAny = nil }),
    ]
  }

  private static func accessor(_ name: String, _ path: ReferenceWritableKeyPath<TypedEditor, EditSession?>)
    -> InjectableAccessor
  {
    InjectableAccessor(
      name, of: TypedEditor.self, as: EditSession.self, isNil: { $0[keyPath: path] == nil },
      write: { $0[keyPath: path] = $1 }, clear: { $0[keyPath: path] = nil })
  }
}

/// Typed accessors in a superclass and its subclass, two strong properties each: a plan groups each class's own,
/// and every group of the call must still get the one value.
private class TypedEditorBase: InjectableSettable, InjectableThroughAccessors {
  var injectedSession: EditSession?
  var injectedBaseSession: EditSession?
  class var injectableAccessors: [InjectableAccessor] {
    [
      typedSession("injectedSession", \TypedEditorBase.injectedSession),
      typedSession("injectedBaseSession", \TypedEditorBase.injectedBaseSession),
    ]
  }
}

private final class TypedEditorLeaf: TypedEditorBase {
  var injectedLeafSession: EditSession?
  var injectedOtherLeafSession: EditSession?
  override class var injectableAccessors: [InjectableAccessor] {
    [
      typedSession("injectedLeafSession", \TypedEditorLeaf.injectedLeafSession),
      typedSession("injectedOtherLeafSession", \TypedEditorLeaf.injectedOtherLeafSession),
    ]
  }

  var sessions: [EditSession?] {
    [injectedSession, injectedBaseSession, injectedLeafSession, injectedOtherLeafSession]
  }
}

/// The typed accessor of an `EditSession?` property of `Root`.
private func typedSession<Root: AnyObject>(_ name: String, _ path: ReferenceWritableKeyPath<Root, EditSession?>)
  -> InjectableAccessor
{
  InjectableAccessor(
    name, of: Root.self, as: EditSession.self, isNil: { $0[keyPath: path] == nil },
    write: { $0[keyPath: path] = $1 }, clear: { $0[keyPath: path] = nil })
}

/// A non-final class whose table reaches its properties through their accessors (an observer, and a
/// subclass's override): one graph value must still fill every one, through the setters.
private class ObservedEditorBase: InjectableSettable {
  var injectedSession: EditSession? { didSet { setterCalls += 1 } }
  var injectedOtherSession: EditSession?
  var setterCalls = 0
  class var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedSession": \ObservedEditorBase.injectedSession,
      "injectedOtherSession": \ObservedEditorBase.injectedOtherSession,
    ]
  }
}

private final class ObservedEditor: ObservedEditorBase {
  var overrideCalls = 0
  var injectedThirdSession: EditSession?
  var injectedLogger: (any Logger)?
  override var injectedOtherSession: EditSession? {
    get { super.injectedOtherSession }
    set {
      overrideCalls += 1
      super.injectedOtherSession = newValue
    }
  }
  override class var injectableKeyPaths: [String: AnyKeyPath] {
    super.injectableKeyPaths.merging([
      "injectedThirdSession": \ObservedEditor.injectedThirdSession, "injectedLogger": \ObservedEditor.injectedLogger,
    ]) { $1 }
  }
}

/// An injector held weakly, for a factory that uses its own injector without keeping it alive.
private final class WeakInjector: Sendable {
  weak let injector: Injector?
  init(_ injector: Injector) { self.injector = injector }
}

/// A hand-written table's weak property: the key path cannot tell it from a strong one.
private final class WeakSessionHolder: InjectableSettable {
  weak var injectedSession: EditSession?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedSession": \WeakSessionHolder.injectedSession] }
}

/// An unowned table property: reading it once its value is released would trap, so its observer tells whether it
/// holds one (read as it is written, while the value is alive).
private final class UnownedSessionHolder: InjectableSettable {
  unowned var injectedSession: EditSession? { didSet { holdsOne = injectedSession != nil } }
  private(set) var holdsOne = false
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedSession": \UnownedSessionHolder.injectedSession] }
}

/// A weak and a strong property one graph value fills: the strong one keeps it for the weak one.
private final class WeakAndStrongHolder: InjectableSettable {
  weak var injectedSession: EditSession?
  var injectedOtherSession: EditSession?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedSession": \WeakAndStrongHolder.injectedSession,
      "injectedOtherSession": \WeakAndStrongHolder.injectedOtherSession,
    ]
  }
}

private final class Editor: InjectableSettable {
  var injectedSession: EditSession?
  var injectedOtherSession: EditSession?
  var injectedToolbar: Toolbar?
  var sessionInCallback: EditSession?
  var resolveInCallback: (() -> EditSession?)?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedSession": \Editor.injectedSession, "injectedOtherSession": \Editor.injectedOtherSession,
      "injectedToolbar": \Editor.injectedToolbar,
    ]
  }
  func didInjectDependencies() { sessionInCallback = resolveInCallback?() }
}

/// Two sessions and a property nothing can fill until its factory stops failing.
private final class FailingEditor: InjectableSettable {
  var injectedSession: EditSession?
  var injectedOtherSession: EditSession?
  var injectedToolbar: Toolbar?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedSession": \FailingEditor.injectedSession, "injectedOtherSession": \FailingEditor.injectedOtherSession,
      "injectedToolbar": \FailingEditor.injectedToolbar,
    ]
  }
}

private final class LazyEditor: InjectableSettable {
  var injectedSession: EditSession?
  var injectedLater: Lazy<EditSession>?
  var injectedEach: Provider<EditSession>?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedSession": \LazyEditor.injectedSession, "injectedLater": \LazyEditor.injectedLater,
      "injectedEach": \LazyEditor.injectedEach,
    ]
  }
}

/// Not `Sendable`: registered `unchecked:`.
private final class Draft {
  var text = ""
}

private final class DraftEditor: InjectableSettable {
  var injectedDraft: Draft?
  var injectedOtherDraft: Draft?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedDraft": \DraftEditor.injectedDraft, "injectedOtherDraft": \DraftEditor.injectedOtherDraft]
  }
}

@MainActor private final class SessionViewModel {
  let id = ObjectIdentifier(EditSession.self)
}

@MainActor private final class MainEditor {
  var injectedModel: SessionViewModel?
  var injectedOtherModel: SessionViewModel?
}

extension MainEditor: @MainActor InjectableSettable {
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedModel": \MainEditor.injectedModel, "injectedOtherModel": \MainEditor.injectedOtherModel]
  }
}

private func sessions(_ injector: Injector, counter: Counter) {
  injector.register(EditSession.self, scope: .graph) { _ in EditSession(number: counter.increment()) }
}

/// A graph value that asks the injector again from its deinit, which runs as its call's graph ends.
private final class Recorder: Sendable {
  let onDeinit: @Sendable () -> Void
  init(onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
  deinit { onDeinit() }
}

@Suite("Graph scope")
struct GraphScopeTests {
  @Test("Every property one inject fills shares one graph value")
  func oneInjectSharesOneValue() throws {
    let injector = Injector()
    let made = Counter()
    sessions(injector, counter: made)
    injector.register(Toolbar.self) { _ in Toolbar(madeWith: nil) }
    let editor = Editor()
    try injector.inject(editor)
    #expect(made.value == 1)
    #expect(editor.injectedSession === editor.injectedOtherSession)
    #expect(editor.injectedToolbar?.injectedSession === editor.injectedSession)
  }

  @Test("The next inject makes a new graph value")
  func nextInjectMakesANewValue() throws {
    let injector = Injector()
    let made = Counter()
    sessions(injector, counter: made)
    injector.register(Toolbar.self) { _ in Toolbar(madeWith: nil) }
    let first = Editor()
    let second = Editor()
    try injector.inject(first)
    try injector.inject(second)
    #expect(made.value == 2)
    #expect(first.injectedSession !== second.injectedSession)
    #expect(second.injectedSession === second.injectedOtherSession)
  }

  @Test("Factories run for the call and the values they make, injected along the way, share the graph value")
  func factoriesAndMadeValuesShareTheValue() throws {
    let injector = Injector()
    let made = Counter()
    sessions(injector, counter: made)
    injector.register(Toolbar.self) { resolver in Toolbar(madeWith: try resolver.resolve(EditSession.self)) }
    let editor = Editor()
    try injector.inject(editor)
    let toolbar = try #require(editor.injectedToolbar)
    #expect(made.value == 1)
    #expect(toolbar.madeWith === editor.injectedSession)
    #expect(toolbar.injectedSession === editor.injectedSession)
  }

  @Test("One top-level resolve shares its graph value down through its factories; the next resolve gets a new one")
  func topLevelResolveIsOneGraph() throws {
    let injector = Injector()
    let made = Counter()
    sessions(injector, counter: made)
    injector.register(Toolbar.self) { resolver in Toolbar(madeWith: try resolver.resolve(EditSession.self)) }
    let toolbar = try injector.resolve(Toolbar.self)
    #expect(toolbar.madeWith === toolbar.injectedSession)
    #expect(made.value == 1)
    let first = try injector.resolve(EditSession.self)
    let second = try injector.resolve(EditSession.self)
    #expect(first !== second)
    #expect(made.value == 3)
  }

  @Test("A resolve from the injection's callback belongs to the injection's graph")
  func callbackSharesTheGraph() throws {
    let injector = Injector()
    let made = Counter()
    sessions(injector, counter: made)
    injector.register(Toolbar.self) { _ in Toolbar(madeWith: nil) }
    let editor = Editor()
    editor.resolveInCallback = { try? injector.resolve(EditSession.self) }
    try injector.inject(editor)
    #expect(editor.sessionInCallback === editor.injectedSession)
    #expect(made.value == 1)
  }

  @Test("A Lazy read or a Provider asked after the call returned starts a graph of its own")
  func deferredAfterTheCallIsANewGraph() throws {
    let injector = Injector()
    let made = Counter()
    sessions(injector, counter: made)
    let editor = LazyEditor()
    try injector.inject(editor)
    let lazy = try #require(editor.injectedLater)
    let provider = try #require(editor.injectedEach)
    let later = try lazy.value
    #expect(later !== editor.injectedSession)
    #expect(try lazy.value === later)
    let first = try provider.get()
    let second = try provider.get()
    #expect(first !== second && first !== later)
    #expect(made.value == 4)
  }

  @Test("@Injected reads a new graph value on every read: each read is a top-level resolve")
  func injectedWrapperReadsANewValueEachTime() {
    let injector = Injector()
    let made = Counter()
    sessions(injector, counter: made)
    struct Reader {
      @Injected var session: EditSession?
    }
    let reader = Reader(session: Injected(in: injector))
    #expect(reader.session !== reader.session)
    #expect(made.value == 2)
  }

  @Test("Two calls running at once on different threads never share a graph value")
  func concurrentCallsNeverShare() {
    let injector = Injector()
    let made = Counter()
    let bothInside = Rendezvous(parties: 2)
    injector.register(EditSession.self, scope: .graph) { _ in
      let session = EditSession(number: made.increment())
      bothInside.arriveAndWait()  // both calls are making their session at once
      return session
    }
    injector.register(Toolbar.self) { resolver in Toolbar(madeWith: try resolver.resolve(EditSession.self)) }
    let editors = Locked2<[Editor]>([])
    runConcurrently(
      (0..<2).map { _ in
        {
          let editor = Editor()
          do {
            try injector.inject(editor)
          } catch {
            Issue.record(error)
          }
          editors.mutate { $0.append(editor) }
        }
      })
    let both = editors.value
    #expect(made.value == 2)
    #expect(both.count == 2)
    guard both.count == 2 else { return }
    #expect(both[0].injectedSession !== both[1].injectedSession)
    for editor in both {
      #expect(editor.injectedSession === editor.injectedOtherSession)
      #expect(editor.injectedToolbar?.madeWith === editor.injectedSession)
    }
  }

  @Test("Many threads injecting at once each get one value of their own, shared within their call")
  func manyThreadsEachGetTheirOwn() {
    let injector = Injector()
    let made = Counter()
    sessions(injector, counter: made)
    injector.register(Toolbar.self) { resolver in Toolbar(madeWith: try resolver.resolve(EditSession.self)) }
    let editors = Locked2<[Editor]>([])
    runConcurrently(
      (0..<8).map { _ in
        {
          for _ in 0..<200 {
            let editor = Editor()
            try? injector.inject(editor)
            editors.mutate { $0.append(editor) }
          }
        }
      })
    let all = editors.value
    #expect(all.count == 1600)
    #expect(made.value == 1600)
    #expect(Set(all.compactMap { $0.injectedSession.map(ObjectIdentifier.init) }).count == 1600)
    #expect(
      all.allSatisfy {
        $0.injectedSession === $0.injectedOtherSession && $0.injectedToolbar?.madeWith === $0.injectedSession
      })
  }

  @Test("A failed injection leaves the object unchanged and keeps no graph value: the next call makes a new one")
  func failedInjectionKeepsNothing() throws {
    let injector = Injector()
    let made = Counter()
    sessions(injector, counter: made)
    let failing = Locked2(true)
    injector.register(Toolbar.self) { resolver in
      if failing.value { throw Failure(reason: "no toolbar yet") }
      return Toolbar(madeWith: try resolver.resolve(EditSession.self))
    }
    let editor = FailingEditor()
    #expect(throws: InjectionError.self) { try injector.inject(editor) }
    #expect(editor.injectedSession == nil && editor.injectedOtherSession == nil && editor.injectedToolbar == nil)
    let madeBefore = made.value
    failing.mutate { $0 = false }
    try injector.inject(editor)
    #expect(made.value == madeBefore + 1)
    #expect(editor.injectedSession === editor.injectedOtherSession)
    #expect(editor.injectedToolbar?.madeWith === editor.injectedSession)
  }

  @Test("A graph value whose own injection failed is not kept: a later request in the call makes a whole one")
  func halfMadeValueIsNotKept() throws {
    let injector = Injector()
    let toolbars = Counter()
    let sessionsMade = Counter()
    injector.register(EditSession.self) { _ in
      if sessionsMade.increment() == 1 { throw Failure(reason: "first session fails") }
      return EditSession(number: sessionsMade.value)
    }
    injector.register(Toolbar.self, scope: .graph) { _ in
      toolbars.increment()
      return Toolbar(madeWith: nil)
    }
    // The first toolbar's injection fails (its session's factory throws); the factory tries again.
    injector.register(Editor.self) { resolver in
      _ = try? resolver.resolve(Toolbar.self)
      let editor = Editor()
      editor.injectedToolbar = try resolver.resolve(Toolbar.self)
      editor.injectedOtherSession = try resolver.resolve(Toolbar.self).injectedSession
      return editor
    }
    let editor = try injector.resolve(Editor.self)
    #expect(toolbars.value == 2)
    #expect(editor.injectedToolbar?.injectedSession != nil)
    #expect(editor.injectedOtherSession === editor.injectedToolbar?.injectedSession)
  }

  @Test("A child injector's call shares its parent's graph registration within the call")
  func childInjectorsShareWithinTheCall() throws {
    let parent = Injector()
    let made = Counter()
    sessions(parent, counter: made)
    let child = Injector(parent: parent)
    child.register(Toolbar.self) { resolver in Toolbar(madeWith: try resolver.resolve(EditSession.self)) }
    let editor = Editor()
    try child.inject(editor)
    #expect(made.value == 1)
    #expect(editor.injectedToolbar?.madeWith === editor.injectedSession)
    #expect(editor.injectedOtherSession === editor.injectedSession)
  }

  @Test("An override's graph registration is shared within the call")
  func overridesShareWithinTheCall() throws {
    let made = Counter()
    let editor = Editor()
    try Injector.withOverrides { injector in
      sessions(injector, counter: made)
      injector.register(Toolbar.self) { resolver in Toolbar(madeWith: try resolver.resolve(EditSession.self)) }
    } operation: {
      try Injector.shared.inject(editor)
    }
    #expect(made.value == 1)
    #expect(editor.injectedToolbar?.madeWith === editor.injectedSession)
  }

  @Test("A non-Sendable type registered unchecked is shared within the call")
  func uncheckedValuesAreShared() throws {
    let injector = Injector()
    injector.register(unchecked: Draft.self, scope: .graph) { _ in Draft() }
    let editor = DraftEditor()
    try injector.inject(editor)
    #expect(editor.injectedDraft != nil && editor.injectedDraft === editor.injectedOtherDraft)
  }

  @MainActor
  @Test("A main-actor graph registration is shared within the call, and refused off the main actor")
  func mainActorGraphValues() async throws {
    let injector = Injector()
    injector.register(SessionViewModel.self, scope: .graph, on: MainActor.self) { _ in SessionViewModel() }
    let editor = MainEditor()
    try injector.inject(editor)
    #expect(editor.injectedModel != nil && editor.injectedModel === editor.injectedOtherModel)
    let offMainActor = Task.detached { () -> InjectionError? in
      do {
        _ = try injector.resolve(SessionViewModel.self)
        return nil
      } catch {
        return error as? InjectionError
      }
    }
    let code = await offMainActor.value?.code
    #expect(code == .mainActorRequired)
  }

  @Test("Past eight graph registrations in one call, each still has one value per call, and the next call new ones")
  func manyRegistrationsInOneCall() throws {
    let injector = Injector()
    let made = Counter()
    let ids = (0..<12).map { "n\($0)" }
    for id in ids {
      injector.register(EditSession.self, scope: .graph, id: id) { _ in EditSession(number: made.increment()) }
    }
    injector.register([EditSession].self) { resolver in
      try ids.flatMap { id in
        [try resolver.resolve(EditSession.self, id: id), try resolver.resolve(EditSession.self, id: id)]
      }
    }
    let first = try injector.resolve([EditSession].self)
    #expect(made.value == ids.count)
    for index in ids.indices { #expect(first[2 * index] === first[2 * index + 1]) }
    #expect(Set(first.map(ObjectIdentifier.init)).count == ids.count)
    let second = try injector.resolve([EditSession].self)
    #expect(made.value == 2 * ids.count)
    #expect(Set((first + second).map(ObjectIdentifier.init)).count == 2 * ids.count)
  }

  @Test("A call keeps its graph values only while it runs; one whose deinit asks the injector starts a call of its own")
  func endedGraphReleasesItsValues() throws {
    let injector = Injector()
    let made = Counter()
    sessions(injector, counter: made)
    let fromDeinit = Locked2<[Int]>([])
    // Weakly: a factory that kept its own injector would keep it alive for ever (a cycle through the registry).
    let link = WeakInjector(injector)
    injector.register(Recorder.self, scope: .graph) { _ in
      Recorder {
        // Runs as the call's graph ends: a new call, with a graph of its own, not the ended one.
        let first = try? link.injector?.resolve(EditSession.self)
        let second = try? link.injector?.resolve(EditSession.self)
        fromDeinit.mutate { $0 += [first?.number ?? 0, second?.number ?? 0] }
      }
    }
    // Only the graph holds the recorder and the session: both are released when the call ends.
    injector.register(Int.self) { resolver in
      let recorder = try resolver.resolve(Recorder.self)
      #expect(try resolver.resolve(Recorder.self) === recorder)
      return try resolver.resolve(EditSession.self).number
    }
    weak var session: EditSession?
    let number = try injector.resolve(Int.self)
    #expect(number == 1)
    #expect(fromDeinit.value == [2, 3])
    let editor = Editor()
    injector.register(Toolbar.self) { _ in Toolbar(madeWith: nil) }
    try injector.inject(editor)
    session = editor.injectedSession
    #expect(session?.number == 4)
    #expect(editor.injectedToolbar?.injectedSession === session)
    editor.injectedSession = nil
    editor.injectedOtherSession = nil
    editor.injectedToolbar = nil
    #expect(session == nil)
  }

  @Test("explain names the graph scope, and validate accepts it")
  func explainNamesTheScope() throws {
    let injector = Injector()
    sessions(injector, counter: Counter())
    injector.register(Toolbar.self) { _ in Toolbar(madeWith: nil) }
    let report = injector.explain(Editor())
    let entry = try #require(report.entries.first { $0.property == "injectedSession" })
    #expect(entry.source == "a graph-scoped EditSession")
    #expect(entry.reasons.contains { $0.contains("graph scope") })
    #expect(throws: Never.self) { try injector.validate(Editor()) }
    // A handle's entry says once when it resolves (its source), then why its value's registration answers.
    let later = try #require(injector.explain(LazyEditor()).entries.first { $0.property == "injectedLater" })
    #expect(later.source == "a new handle resolving a graph-scoped EditSession on first .value, then kept")
    #expect(!later.reasons.contains { $0.contains("first .value") })
    #expect(later.reasons.contains { $0.contains("graph scope") })
  }

  @Test("A weak property of a hand-written table is not kept by a graph value alone: refused, not nil after the call")
  func weakTablePropertyIsRefused() throws {
    let injector = Injector()
    let made = Counter()
    injector.register(EditSession.self, scope: .graph) { _ in EditSession(number: made.increment()) }
    let holder = WeakSessionHolder()
    #expect(injectionError { try injector.inject(holder) }.map(codes) == [.notRetained])
    #expect(holder.injectedSession == nil)
    let shared = WeakAndStrongHolder()
    try injector.inject(shared)
    #expect(shared.injectedSession != nil, "kept by the strong property the same value filled")
    #expect(shared.injectedSession === shared.injectedOtherSession)
  }

  @Test(
    "A weak or unowned table property that a plain factory fills with the call's graph value is refused: the call's hold ends with it"
  )
  func graphValueThroughAPlainFactoryIsNotKept() throws {
    let injector = Injector()
    let made = Counter()
    injector.register(EditSession.self, scope: .graph, id: "shared") { _ in EditSession(number: made.increment()) }
    // A transient factory that hands out the call's graph value: only the call holds it, until the call ends.
    injector.register(EditSession.self) { resolver in try resolver.resolve(EditSession.self, id: "shared") }
    let holder = WeakSessionHolder()
    #expect(injectionError { try injector.inject(holder) }.map(codes) == [.notRetained])
    #expect(holder.injectedSession == nil)
    let unowned = UnownedSessionHolder()
    #expect(injectionError { try injector.inject(unowned) }.map(codes) == [.notRetained])
    #expect(!unowned.holdsOne, "cleared, never left dangling")
    let shared = WeakAndStrongHolder()
    try injector.inject(shared)
    #expect(shared.injectedSession != nil, "kept by the strong property")
  }

  @Test("Typed properties one graph registration fills get one value, made once, whatever their declared type")
  func typedPropertiesShareOneMadeValue() throws {
    let injector = Injector()
    let made = Counter()
    injector.register(EditSession.self, scope: .graph) { _ in EditSession(number: made.increment()) }
    injector.register((any Sendable).self, scope: .graph) { resolver in try resolver.resolve(EditSession.self) }
    let first = TypedEditor()
    first.injectedSecondSession = EditSession(number: 0)
    try injector.inject(first)
    #expect(made.value == 1, "one value for the call")
    #expect(first.injectedSession === first.injectedThirdSession && first.injectedSession?.number == 1)
    #expect(first.injectedSecondSession?.number == 0, "a set property is left alone")
    #expect((first.injectedAny as? EditSession) === first.injectedSession, "the factory of another type shares it")
    let second = TypedEditor()
    try injector.inject(second)
    #expect(made.value == 2 && second.injectedSession?.number == 2 && second.injectedSecondSession?.number == 2)
  }

  @Test("Typed properties of a superclass and its subclass, grouped by class, share the call's one value")
  func typedGroupsOfAHierarchyShareOneValue() throws {
    let injector = Injector()
    let made = Counter()
    injector.register(EditSession.self, scope: .graph) { _ in EditSession(number: made.increment()) }
    for round in 1...3 {
      let editor = TypedEditorLeaf()
      try injector.inject(editor)
      #expect(made.value == round, "one value per call")
      #expect(editor.sessions.allSatisfy { $0 != nil && $0 === editor.injectedSession })
      #expect(editor.injectedSession?.number == round)
    }
    let partly = TypedEditorLeaf()
    partly.injectedLeafSession = EditSession(number: 0)
    try injector.inject(partly)
    #expect(partly.injectedLeafSession?.number == 0, "a set property is left alone")
    #expect(partly.injectedOtherLeafSession === partly.injectedBaseSession && partly.injectedSession?.number == 4)
  }

  @Test("A typed graph group whose value cannot be made leaves every property nil")
  func typedGroupFailureLeavesNothing() throws {
    let injector = Injector()
    injector.register(EditSession.self, scope: .graph) { _ in throw Failure(reason: "no session") }
    injector.register((any Sendable).self) { _ in 1 }
    let editor = TypedEditor()
    #expect(injectionError { try injector.inject(editor) }.map(codes) == [.factoryFailed])
    #expect(editor.injectedSession == nil && editor.injectedSecondSession == nil && editor.injectedAny == nil)
  }

  @Test(
    "A non-final table's entries, through an observer and an override, share one graph value; a failure writes none")
  func nonFinalTableEntriesShareOneValue() throws {
    let injector = Injector()
    let made = Counter()
    injector.register(EditSession.self, scope: .graph) { _ in EditSession(number: made.increment()) }
    let failing = ObservedEditor()
    #expect(injectionError { try injector.inject(failing) }.map(codes) == [.unresolved])
    #expect(
      failing.injectedSession == nil && failing.injectedOtherSession == nil && failing.injectedThirdSession == nil)
    #expect(failing.setterCalls == 0 && failing.overrideCalls == 0, "no setter ran for a failed injection")
    injector.register(ConsoleLogger(), as: (any Logger).self)
    let editor = ObservedEditor()
    try injector.inject(editor)
    let session = try #require(editor.injectedSession)
    #expect(editor.injectedOtherSession === session && editor.injectedThirdSession === session)
    #expect(editor.setterCalls == 1 && editor.overrideCalls == 1, "each write went through the property's own setter")
    let next = ObservedEditor()
    try injector.inject(next)
    #expect(next.injectedSession !== session && next.injectedSession === next.injectedThirdSession)
  }
}
