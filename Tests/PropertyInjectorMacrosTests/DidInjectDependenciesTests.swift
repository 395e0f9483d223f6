#if Macros
  import MacroTesting
  import SwiftDiagnostics
  import Testing

  @testable import PropertyInjector

  /// A base class that declares no callback.
  @Injectable
  class SilentBase {
    var injectedCache: Cache?
  }

  /// A subclass that declares one: without the macro's entry, the protocol requirement's
  /// witness (the extension's default, chosen for the base) would run instead.
  @Injectable
  class CallingMiddle: SilentBase {
    var injectedLogger: (any Logger)?
    var middleCalls = 0
    func didInjectDependencies() { middleCalls += 1 }
  }

  /// A plain subclass that overrides the middle class's callback.
  final class OverridingLeaf: CallingMiddle {
    var leafCalls = 0
    override func didInjectDependencies() { leafCalls += 1 }
  }

  /// A subclass whose callback is written in an extension, where the macro cannot see it.
  @Injectable
  final class ExtensionCalling: SilentBase {
    var injectedLogger: (any Logger)?
    var extensionCalls = 0
  }

  extension ExtensionCalling {
    func didInjectDependencies() { extensionCalls += 1 }
  }

  /// A base whose callback is written in an extension, and an `@Injectable` subclass that declares none.
  @Injectable
  class ExtensionCallingBase {
    var injectedCache: Cache?
    var baseCalls = 0
  }

  extension ExtensionCallingBase {
    func didInjectDependencies() { baseCalls += 1 }
  }

  @Injectable
  final class InheritingLeaf: ExtensionCallingBase {
    var injectedLogger: (any Logger)?
  }

  @Suite("didInjectDependencies() runs whatever the base class declares", .injectable)
  struct DidInjectDependenciesTests {
    let injector: Injector

    init() {
      injector = Injector()
      injector.register(Cache())
      injector.register(ConsoleLogger(), as: (any Logger).self)
    }

    @Test("A subclass's callback runs after inject though its base class declares none")
    func subclassCallbackRuns() throws {
      let middle = CallingMiddle()
      try injector.inject(middle)
      #expect(middle.middleCalls == 1)
      let asBase: SilentBase = CallingMiddle()
      try injector.inject(asBase)
      #expect((asBase as? CallingMiddle)?.middleCalls == 1, "injected through a base-class reference too")
      try injector.inject(middle)
      #expect(middle.middleCalls == 1, "not called again when nothing was written")
    }

    @Test("A callback written in an extension runs once, in a subclass or inherited from its base's extension")
    func extensionCallbacksRun() throws {
      let screen = ExtensionCalling()
      try injector.inject(screen)
      #expect(screen.extensionCalls == 1 && screen.injectedLogger != nil && screen.injectedCache != nil)
      let leaf = InheritingLeaf()
      try injector.inject(leaf)
      #expect(leaf.baseCalls == 1 && leaf.injectedLogger != nil)
      let base = ExtensionCallingBase()
      try injector.inject(base)
      #expect(base.baseCalls == 1, "a root's conformance binds its extension's callback")
      try injector.inject(screen)
      #expect(screen.extensionCalls == 1, "nothing written, so no callback")
    }

    @Test("An override in a further subclass runs instead, once")
    func overrideRuns() throws {
      let leaf = OverridingLeaf()
      try injector.inject(leaf)
      #expect(leaf.leafCalls == 1 && leaf.middleCalls == 0)
    }

    @Test("The macro lists a declared callback, and calls it through the class")
    func expansionListsTheCallback() {
      assertMacro(subclassSpec) {
        """
        @Injectable final class Screen: Base {
          func didInjectDependencies() {}
        }
        """
      } expansion: {
        """
        final class Screen: Base {
          func didInjectDependencies() {}

          override class var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            [
              PropertyInjector::InjectableAccessor._$complete(Screen.self),
              PropertyInjector::InjectableAccessor._$didInject(Screen.self) {
                $0.didInjectDependencies()
              }
            ]
          }
        }
        """
      }
    }

    @Test("Beside the callback itself, an overload with parameters or a static one is not an error, and is not listed")
    func overloadsBesideTheCallback() {
      let source = """
        @Injectable final class Screen {
          var injectedLogger: Logger?
          func didInjectDependencies() {}
          func didInjectDependencies(_ count: Int) {}
          static func didInjectDependencies() {}
        }
        """
      #expect(diagnostics(of: source).isEmpty)
      #expect(expandedSource(source).contains("var injectableAccessors"))
      // Without the callback itself, the same overload is the mistake it looks like.
      let alone = "@Injectable final class Screen {\n  func didInjectDependencies(_ count: Int) {}\n}"
      #expect(diagnostics(of: alone).map(\.diagMessage.message).contains { $0.contains("takes parameters") })
    }

    @Test(
      "A callback isolated to a global actor in a class that is not is an error on the callback, not in the conformance"
    )
    func isolatedCallbackInANonisolatedClass() {
      assertMacro {
        """
        @Injectable final class Screen {
          var injectedLogger: Logger?
          @MainActor func didInjectDependencies() {}
        }
        """
      } diagnostics: {
        """
        @Injectable final class Screen {
          var injectedLogger: Logger?
          @MainActor func didInjectDependencies() {}
                          ┬────────────────────
                          ╰─ 🛑 this 'didInjectDependencies' is isolated to '@MainActor' and the class is not, so its conformance, which calls it from whichever thread injects, cannot use it; isolate the class too ('@MainActor' on the class, or '@Injectable(isolation: MainActor.self)'), or remove '@MainActor' and reach the actor inside ('Task { @MainActor in ... }')
        }
        """
      }
    }

    @Test(
      "A didInjectDependencies in an #if clause, nested or not, is checked as one outside: it would never run either")
    func callbacksInConditionalClauses() {
      let source = """
        @Injectable final class Screen {
          var injectedLogger: Logger?
          #if DEBUG
            func didInjectDependencies() throws {}
          #else
            #if os(Linux)
              func didInjectDependencies() async {}
            #else
              func didInjectDependencies() {}
            #endif
          #endif
        }
        """
      let messages = diagnostics(of: source).map(\.diagMessage.message)
      #expect(messages.count == 2, "\(messages)")
      #expect(messages.contains { $0.hasPrefix("this 'didInjectDependencies' throws,") })
      #expect(messages.contains { $0.hasPrefix("this 'didInjectDependencies' is async,") })
      let fine = "@Injectable final class Screen {\n  #if DEBUG\n  func didInjectDependencies() {}\n  #endif\n}"
      #expect(diagnostics(of: fine).isEmpty)
    }

    @Test("A didInjectDependencies that throws, is async or takes parameters is an error: it would never be called")
    func otherSignaturesAreErrors() {
      assertMacro {
        """
        @Injectable final class Screen {
          var injectedLogger: Logger?
          func didInjectDependencies() throws {}
          func didInjectDependencies(_ flag: Bool = true) async throws {}
          static func didInjectDependencies() {}
        }
        """
      } diagnostics: {
        """
        @Injectable final class Screen {
          var injectedLogger: Logger?
          func didInjectDependencies() throws {}
               ┬────────────────────
               ╰─ 🛑 this 'didInjectDependencies' throws, so it is not the callback the injector calls after an injection, 'func didInjectDependencies()', and would never run; give it that signature (handle errors inside it, start asynchronous work with 'Task { }'), or rename it
          func didInjectDependencies(_ flag: Bool = true) async throws {}
               ┬────────────────────
               ╰─ 🛑 this 'didInjectDependencies' takes parameters, throws and is async, so it is not the callback the injector calls after an injection, 'func didInjectDependencies()', and would never run; give it that signature (handle errors inside it, start asynchronous work with 'Task { }'), or rename it
          static func didInjectDependencies() {}
                      ┬────────────────────
                      ╰─ 🛑 this 'didInjectDependencies' is not an instance method, so it is not the callback the injector calls after an injection, 'func didInjectDependencies()', and would never run; give it that signature (handle errors inside it, start asynchronous work with 'Task { }'), or rename it
        }
        """
      }
    }
  }
#endif
