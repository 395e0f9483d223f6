#if Macros
  import SwiftDiagnostics
  import SwiftSyntaxMacrosGenericTestSupport
  import Testing

  @Suite("@Injectable expansion")
  struct InjectableExpansionTests {
    @Test("A final root class gets the conformances, its key-path table and a typed accessor per optional var")
    func finalRootClass() {
      expectExpansion(
        of: """
          @Injectable final class Screen {
            var injectedLogger: (any Logger)?
            var injectedCache: Cache!
            weak var injectedDelegate: Delegate?
            var analytics: Analytics?
            var title = "Profile"
            let id: Int = 1
          }
          """,
        to: """
          final class Screen {
            var injectedLogger: (any Logger)?
            var injectedCache: Cache!
            weak var injectedDelegate: Delegate?
            var analytics: Analytics?
            var title = "Profile"
            let id: Int = 1

            static var injectableKeyPaths: [String: AnyKeyPath] {
              [
                "injectedLogger": \\Screen.injectedLogger,
                "injectedCache": \\Screen.injectedCache,
                "injectedDelegate": \\Screen.injectedDelegate,
                "analytics": \\Screen.analytics,
              ]
            }

            static var injectableAccessors: [PropertyInjector.InjectableAccessor] {
              [
                PropertyInjector.InjectableAccessor(
                  "injectedLogger", \\Screen.injectedLogger, ownership: .strong,
                  isNil: {
                    $0.injectedLogger == nil
                  }, write: {
                    $0.injectedLogger = $1
                  }, clear: {
                    $0.injectedLogger = nil
                  }
                ),
                PropertyInjector.InjectableAccessor(
                  "injectedCache", \\Screen.injectedCache, ownership: .strong,
                  isNil: {
                    $0.injectedCache == nil
                  }, write: {
                    $0.injectedCache = $1
                  }, clear: {
                    $0.injectedCache = nil
                  }
                ),
                PropertyInjector.InjectableAccessor(
                  "injectedDelegate", \\Screen.injectedDelegate, ownership: .weak,
                  isNil: {
                    $0.injectedDelegate == nil
                  }, write: {
                    $0.injectedDelegate = $1
                  }, clear: {
                    $0.injectedDelegate = nil
                  }
                ),
                PropertyInjector.InjectableAccessor(
                  "analytics", \\Screen.analytics, ownership: .strong,
                  isNil: {
                    $0.analytics == nil
                  }, write: {
                    $0.analytics = $1
                  }, clear: {
                    $0.analytics = nil
                  }
                )
              ]
            }
          }

          extension Screen: PropertyInjector.InjectableSettable, PropertyInjector.InjectableAccessors {
          }
          """)
    }

    @Test("A public generic main-actor class gets class members, public, and isolated conformances")
    func publicGenericMainActorClass() {
      expectExpansion(
        of: """
          @MainActor @Injectable public class Base<T> {
            var injectedValue: T?
            private var injectedSecret: Secret? {
              didSet {}
            }
          }
          """,
        to: """
          @MainActor public class Base<T> {
            var injectedValue: T?
            private var injectedSecret: Secret? {
              didSet {}
            }

            public class var injectableKeyPaths: [String: AnyKeyPath] {
              [
                "injectedValue": \\Base.injectedValue,
                "injectedSecret": \\Base.injectedSecret,
              ]
            }

            public class var injectableAccessors: [PropertyInjector.InjectableAccessor] {
              [
                PropertyInjector.InjectableAccessor(
                  "injectedValue", \\Base.injectedValue, ownership: .strong,
                  isNil: {
                    $0.injectedValue == nil
                  }, write: {
                    $0.injectedValue = $1
                  }, clear: {
                    $0.injectedValue = nil
                  }
                ),
                PropertyInjector.InjectableAccessor(
                  "injectedSecret", \\Base.injectedSecret, ownership: .strong,
                  isNil: {
                    $0.injectedSecret == nil
                  }, write: {
                    $0.injectedSecret = $1
                  }, clear: {
                    $0.injectedSecret = nil
                  }
                )
              ]
            }
          }

          extension Base: @MainActor PropertyInjector.InjectableSettable, @MainActor PropertyInjector.InjectableAccessors {
          }
          """)
    }

    @Test("A subclass of an injectable class overrides the accessors with its own, and adds no conformance")
    func subclassOfInjectableClass() {
      expectExpansion(
        of: """
          @Injectable final class Leaf: Base {
            unowned(unsafe) var injectedOwner: Owner?
          }
          """,
        to: """
          final class Leaf: Base {
            unowned(unsafe) var injectedOwner: Owner?

            override class var injectableAccessors: [PropertyInjector.InjectableAccessor] {
              [
                PropertyInjector.InjectableAccessor(
                  "injectedOwner", \\Leaf.injectedOwner, ownership: .unowned,
                  isNil: {
                    $0.injectedOwner == nil
                  }, write: {
                    $0.injectedOwner = $1
                  }, clear: {
                    $0.injectedOwner = nil
                  }
                )
              ]
            }
          }
          """,
        specs: subclassSpec)
    }

    @Test("A subclass of a hand-written injectable class declares its accessors, and their conformance")
    func subclassOfHandWrittenClass() {
      expectExpansion(
        of: """
          @Injectable open class Panel: LegacyPanel {
            var injectedLogger: Logger?
          }
          """,
        to: """
          open class Panel: LegacyPanel {
            var injectedLogger: Logger?

            open class var injectableAccessors: [PropertyInjector.InjectableAccessor] {
              [
                PropertyInjector.InjectableAccessor(
                  "injectedLogger", \\Panel.injectedLogger, ownership: .strong,
                  isNil: {
                    $0.injectedLogger == nil
                  }, write: {
                    $0.injectedLogger = $1
                  }, clear: {
                    $0.injectedLogger = nil
                  }
                )
              ]
            }
          }

          extension Panel: PropertyInjector.InjectableAccessors {
          }
          """,
        specs: handWrittenSubclassSpec)
    }

    @Test(
      "On a struct, an enum, an actor or a protocol, the macro is an error",
      arguments: ["struct", "enum", "actor", "protocol"])
    func notAClass(kind: String) {
      expectExpansion(
        of: "@Injectable \(kind) Thing {}",
        to: "\(kind) Thing {}",
        diagnostics: [
          DiagnosticSpec(
            message: """
              @Injectable applies to classes: the injector fills objects it did not create, in place, through a \
              reference; \(kind == "enum" || kind == "actor" ? "an" : "a") \(kind) is not one
              """,
            line: 1, column: 1)
        ])
    }

    @Test("A candidate that is a let is an error, fixed by var")
    func constantCandidate() {
      expectDiagnostic(
        in: "let injectedCache: Cache?", fixed: "var injectedCache: Cache?",
        message:
          "'injectedCache' is a candidate for injection (its name starts with 'injected'), but a 'let' can never be filled; declare it with 'var', or rename it",
        column: 3, fixIt: "Declare it with 'var'")
    }

    @Test("A lazy candidate is an error, fixed by removing lazy")
    func lazyCandidate() {
      expectDiagnostic(
        in: "lazy var injectedCache: Cache? = nil", fixed: "var injectedCache: Cache? = nil",
        message:
          "'injectedCache' is a candidate for injection, but it is 'lazy': the injector would have to read it to see whether it is nil, which runs its initializer; remove 'lazy', or rename it",
        column: 3, fixIt: "Remove 'lazy'", accessors: true)
    }

    @Test("A non-optional candidate is an error, fixed by making it optional (parenthesized where needed)")
    func nonOptionalCandidate() {
      expectDiagnostic(
        in: "var injectedLogger: any Logger", fixed: "var injectedLogger: (any Logger)?",
        message:
          "'injectedLogger' is a candidate for injection, but 'any Logger' is not optional, so it can never be nil for the injector to fill; declare it optional, or rename it",
        column: 23, fixIt: "Declare it optional")
    }

    @Test("A candidate with no written type is an error")
    func untypedCandidate() {
      expectDiagnostic(
        in: "var injectedCache = Cache()", fixed: String?.none,
        message:
          "'injectedCache' is a candidate for injection: write its type (an optional, such as 'var injectedCache: Logger?'), so the injector's accessor can be typed",
        column: 7, fixIt: String?.none)
    }

    @Test("A wrapped candidate is a warning: its storage is never a candidate")
    func wrappedCandidate() {
      expectDiagnostic(
        in: "@Clamped var injectedCache: Cache?", fixed: String?.none,
        message:
          "'injectedCache' starts with 'injected' but is wrapped by '@Clamped': a wrapped property's storage is '_injectedCache', which is never a candidate, so it will not be injected; remove the wrapper, or rename it",
        column: 3, fixIt: String?.none, severity: DiagnosticSeverity.warning)
    }

    /// Expands a class with one `declaration`, expecting one diagnostic (and its fix-it).
    private func expectDiagnostic(
      in declaration: String,
      fixed: String?,
      message: String,
      column: Int,
      fixIt: String?,
      severity: DiagnosticSeverity = .error,
      accessors: Bool = false,
      sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
      let source = "@Injectable final class Screen {\n  \(declaration)\n}"
      expectExpansion(
        of: source,
        to: """
          final class Screen {
            \(declaration)

            static var injectableKeyPaths: [String: AnyKeyPath] {
              [:]
            }

            static var injectableAccessors: [PropertyInjector.InjectableAccessor] {
              []
            }
          }

          extension Screen: PropertyInjector.InjectableSettable, PropertyInjector.InjectableAccessors {
          }
          """,
        diagnostics: [
          DiagnosticSpec(
            message: message, line: 2, column: column, severity: severity,
            fixIts: fixIt.map { [FixItSpec(message: $0)] } ?? [])
        ],
        applyingFixIts: fixIt.map { [$0] },
        fixedSource: fixed.map { "@Injectable final class Screen {\n  \($0)\n}" },
        sourceLocation: sourceLocation)
    }
  }
#endif
