#if Macros
  import SwiftDiagnostics
  import SwiftSyntaxMacrosGenericTestSupport
  import Testing

  @Suite("@Injectable expansion")
  struct InjectableExpansionTests {
    @Test(
      "A final root class gets the conformances (no key-path table), a typed accessor per optional var, a filler and a list of every stored property"
    )
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

            static var injectableAccessors: [PropertyInjector.InjectableAccessor] {
              let filler = PropertyInjector.InjectableFiller._$filler(
                of: Screen.self, values: InjectableValues(),
                set: { values, name, value in
                  switch name {
                  case "injectedLogger":
                    guard let value = value as? (any Logger) else {
                      return false
                    }
                    values.injectedLogger = value
                  case "injectedCache":
                    guard let value = value as? Cache else {
                      return false
                    }
                    values.injectedCache = value
                  case "injectedDelegate":
                    guard let value = value as? Delegate else {
                      return false
                    }
                    values.injectedDelegate = value
                  case "analytics":
                    guard let value = value as? Analytics else {
                      return false
                    }
                    values.analytics = value
                  default:
                    return false
                  }
                  return true
                },
                fill: { object, values in
                  var wrote = false
                  if let value = values.injectedLogger, object.injectedLogger == nil {
                    object.injectedLogger = value
                    wrote = true
                  }
                  if let value = values.injectedCache, object.injectedCache == nil {
                    object.injectedCache = value
                    wrote = true
                  }
                  if let value = values.injectedDelegate, object.injectedDelegate == nil {
                    object.injectedDelegate = value
                    wrote = true
                  }
                  if let value = values.analytics, object.analytics == nil {
                    object.analytics = value
                    wrote = true
                  }
                  return wrote
                })
              return [
                PropertyInjector.InjectableAccessor._$complete(Screen.self),
                PropertyInjector.InjectableAccessor._$fixed("title", of: Screen.self),
                PropertyInjector.InjectableAccessor._$fixed("id", of: Screen.self, type: (Int).self),
                PropertyInjector.InjectableAccessor._$property(
                  "injectedLogger", of: Screen.self, as: (any Logger).self,
                  ownership: .strong,
                  isNil: {
                    $0.injectedLogger == nil
                  }, write: {
                    $0.injectedLogger = $1
                  }, clear: {
                    $0.injectedLogger = nil
                  },
                  fill: {
                    guard $0.injectedLogger == nil else {
                      return false
                    }
                    $0.injectedLogger = $1
                    return true
                  }, filler: filler
                ),
                PropertyInjector.InjectableAccessor._$property(
                  "injectedCache", of: Screen.self, as: Cache.self,
                  ownership: .strong,
                  isNil: {
                    $0.injectedCache == nil
                  }, write: {
                    $0.injectedCache = $1
                  }, clear: {
                    $0.injectedCache = nil
                  },
                  fill: {
                    guard $0.injectedCache == nil else {
                      return false
                    }
                    $0.injectedCache = $1
                    return true
                  }, filler: filler
                ),
                PropertyInjector.InjectableAccessor._$property(
                  "injectedDelegate", of: Screen.self, as: Delegate.self,
                  ownership: .weak,
                  isNil: {
                    $0.injectedDelegate == nil
                  }, write: {
                    $0.injectedDelegate = $1
                  }, clear: {
                    $0.injectedDelegate = nil
                  },
                  fill: {
                    guard $0.injectedDelegate == nil else {
                      return false
                    }
                    $0.injectedDelegate = $1
                    return true
                  }, filler: filler
                ),
                PropertyInjector.InjectableAccessor._$property(
                  "analytics", of: Screen.self, as: Analytics.self,
                  ownership: .strong,
                  isNil: {
                    $0.analytics == nil
                  }, write: {
                    $0.analytics = $1
                  }, clear: {
                    $0.analytics = nil
                  },
                  fill: {
                    guard $0.analytics == nil else {
                      return false
                    }
                    $0.analytics = $1
                    return true
                  }, filler: filler
                )
              ]
            }

            /// The values an injector binds to fill this class's properties in one call (written by @Injectable).
            private struct InjectableValues {
              var injectedLogger: (any Logger)?
              var injectedCache: Cache?
              var injectedDelegate: Delegate?
              var analytics: Analytics?
            }
          }

          extension Screen: PropertyInjector.InjectableSettable, PropertyInjector.InjectableThroughAccessors {
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

            public class var injectableAccessors: [PropertyInjector.InjectableAccessor] {
              let filler = PropertyInjector.InjectableFiller._$filler(
                of: Base.self, values: InjectableValues(),
                set: { values, name, value in
                  switch name {
                  case "injectedValue":
                    guard let value = value as? T else {
                      return false
                    }
                    values.injectedValue = value
                  case "injectedSecret":
                    guard let value = value as? Secret else {
                      return false
                    }
                    values.injectedSecret = value
                  default:
                    return false
                  }
                  return true
                },
                fill: { object, values in
                  var wrote = false
                  if let value = values.injectedValue, object.injectedValue == nil {
                    object.injectedValue = value
                    wrote = true
                  }
                  if let value = values.injectedSecret, object.injectedSecret == nil {
                    object.injectedSecret = value
                    wrote = true
                  }
                  return wrote
                })
              return [
                PropertyInjector.InjectableAccessor._$complete(Base.self),
                PropertyInjector.InjectableAccessor._$property(
                  "injectedValue", of: Base.self, as: T.self,
                  ownership: .strong,
                  isNil: {
                    $0.injectedValue == nil
                  }, write: {
                    $0.injectedValue = $1
                  }, clear: {
                    $0.injectedValue = nil
                  },
                  fill: {
                    guard $0.injectedValue == nil else {
                      return false
                    }
                    $0.injectedValue = $1
                    return true
                  }, filler: filler
                ),
                PropertyInjector.InjectableAccessor._$property(
                  "injectedSecret", of: Base.self, as: Secret.self,
                  ownership: .strong,
                  isNil: {
                    $0.injectedSecret == nil
                  }, write: {
                    $0.injectedSecret = $1
                  }, clear: {
                    $0.injectedSecret = nil
                  },
                  fill: {
                    guard $0.injectedSecret == nil else {
                      return false
                    }
                    $0.injectedSecret = $1
                    return true
                  }, filler: filler
                )
              ]
            }

            /// The values an injector binds to fill this class's properties in one call (written by @Injectable).
            private struct InjectableValues {
              var injectedValue: T?
              var injectedSecret: Secret?
            }
          }

          extension Base: @MainActor PropertyInjector.InjectableSettable, @MainActor PropertyInjector.InjectableThroughAccessors {
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
              let filler = PropertyInjector.InjectableFiller._$filler(
                of: Leaf.self, values: InjectableValues(),
                set: { values, name, value in
                  switch name {
                  case "injectedOwner":
                    guard let value = value as? Owner else {
                      return false
                    }
                    values.injectedOwner = value
                  default:
                    return false
                  }
                  return true
                },
                fill: { object, values in
                  var wrote = false
                  if let value = values.injectedOwner, object.injectedOwner == nil {
                    object.injectedOwner = value
                    wrote = true
                  }
                  return wrote
                })
              return [
                PropertyInjector.InjectableAccessor._$complete(Leaf.self),
                PropertyInjector.InjectableAccessor._$property(
                  "injectedOwner", of: Leaf.self, as: Owner.self,
                  ownership: .unowned,
                  isNil: {
                    $0.injectedOwner == nil
                  }, write: {
                    $0.injectedOwner = $1
                  }, clear: {
                    $0.injectedOwner = nil
                  },
                  fill: {
                    guard $0.injectedOwner == nil else {
                      return false
                    }
                    $0.injectedOwner = $1
                    return true
                  }, filler: filler
                )
              ]
            }

            /// The values an injector binds to fill this class's properties in one call (written by @Injectable).
            private struct InjectableValues {
              var injectedOwner: Owner?
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
              let filler = PropertyInjector.InjectableFiller._$filler(
                of: Panel.self, values: InjectableValues(),
                set: { values, name, value in
                  switch name {
                  case "injectedLogger":
                    guard let value = value as? Logger else {
                      return false
                    }
                    values.injectedLogger = value
                  default:
                    return false
                  }
                  return true
                },
                fill: { object, values in
                  var wrote = false
                  if let value = values.injectedLogger, object.injectedLogger == nil {
                    object.injectedLogger = value
                    wrote = true
                  }
                  return wrote
                })
              return [
                PropertyInjector.InjectableAccessor._$complete(Panel.self),
                PropertyInjector.InjectableAccessor._$property(
                  "injectedLogger", of: Panel.self, as: Logger.self,
                  ownership: .strong,
                  isNil: {
                    $0.injectedLogger == nil
                  }, write: {
                    $0.injectedLogger = $1
                  }, clear: {
                    $0.injectedLogger = nil
                  },
                  fill: {
                    guard $0.injectedLogger == nil else {
                      return false
                    }
                    $0.injectedLogger = $1
                    return true
                  }, filler: filler
                )
              ]
            }

            /// The values an injector binds to fill this class's properties in one call (written by @Injectable).
            private struct InjectableValues {
              var injectedLogger: Logger?
            }
          }

          extension Panel: PropertyInjector.InjectableThroughAccessors {
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
        column: 3, fixIt: "Declare it with 'var'",
        described: #"_$fixed("injectedCache", of: Screen.self, type: (Cache?).self)"#)
    }

    @Test("A lazy candidate is an error, fixed by removing lazy")
    func lazyCandidate() {
      expectDiagnostic(
        in: "lazy var injectedCache: Cache? = nil", fixed: "var injectedCache: Cache? = nil",
        message:
          "'injectedCache' is a candidate for injection, but it is 'lazy': the injector would have to read it to see whether it is nil, which runs its initializer; remove 'lazy', or rename it",
        column: 3, fixIt: "Remove 'lazy'",
        described: #"_$fixed("injectedCache", of: Screen.self, type: (Cache?).self, isLazy: true)"#)
    }

    @Test("A non-optional candidate is an error, fixed by making it optional (parenthesized where needed)")
    func nonOptionalCandidate() {
      expectDiagnostic(
        in: "var injectedLogger: any Logger", fixed: "var injectedLogger: (any Logger)?",
        message:
          "'injectedLogger' is a candidate for injection, but 'any Logger' is not optional, so it can never be nil for the injector to fill; declare it optional, or rename it",
        column: 23, fixIt: "Declare it optional",
        described: #"_$fixed("injectedLogger", of: Screen.self, type: (any Logger).self)"#)
    }

    @Test("A candidate with no written type is an error")
    func untypedCandidate() {
      expectDiagnostic(
        in: "var injectedCache = Cache()", fixed: String?.none,
        message:
          "'injectedCache' is a candidate for injection: write its type (an optional, such as 'var injectedCache: Logger?'), so the injector's accessor can be typed",
        column: 7, fixIt: String?.none, described: #"_$fixed("injectedCache", of: Screen.self)"#)
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
      described: String? = nil,
      sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
      let source = "@Injectable final class Screen {\n  \(declaration)\n}"
      // The list names every stored property, the one in error too, so the class is never reflected.
      let entries = ["_$complete(Screen.self)"] + (described.map { [$0] } ?? [])
      let list = entries.map { "      PropertyInjector.InjectableAccessor.\($0)" }.joined(separator: ",\n")
      expectExpansion(
        of: source,
        to: """
          final class Screen {
            \(declaration)

            static var injectableAccessors: [PropertyInjector.InjectableAccessor] {
              [
          \(list)
              ]
            }
          }

          extension Screen: PropertyInjector.InjectableSettable, PropertyInjector.InjectableThroughAccessors {
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
