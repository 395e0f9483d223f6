#if Macros
  import SwiftDiagnostics
  import SwiftSyntaxMacrosGenericTestSupport
  import Testing

  @Suite("@Injectable warns about names one slip away from a candidate's")
  struct NearMissWarningTests {
    @Test(
      "A stored optional var one slip away from 'injected…' is a warning, with a fix-it that renames it",
      arguments: [
        ("injectLogger", "injectedLogger"), ("injectdLogger", "injectedLogger"), ("InjectedAPI", "injectedAPI"),
        ("INJECTEDLogger", "injectedLogger"), ("injectedLogger", nil), ("injectionCount", nil), ("logger", nil),
      ])
    func nearMiss(name: String, suggestion: String?) {
      let declaration = "var \(name): Logger?"
      let source = "@Injectable final class Screen {\n  \(declaration)\n}"
      expectExpansion(
        of: source,
        to: """
          final class Screen {
            \(declaration)

            static var injectableAccessors: [PropertyInjector.InjectableAccessor] {
              let filler = PropertyInjector.InjectableFiller._$filler(
                of: Screen.self, values: InjectableValues(),
                set: { values, name, value in
                  switch name {
                  case "\(name)":
                    guard let value = value as? Logger else {
                      return false
                    }
                    values.\(name) = value
                  default:
                    return false
                  }
                  return true
                },
                fill: { object, values in
                  var wrote = false
                  if let value = values.\(name), object.\(name) == nil {
                    object.\(name) = value
                    wrote = true
                  }
                  return wrote
                })
              return [
                PropertyInjector.InjectableAccessor._$complete(Screen.self),
                PropertyInjector.InjectableAccessor._$property(
                  "\(name)", of: Screen.self, as: Logger.self,
                  ownership: .strong,
                  isNil: {
                    $0.\(name) == nil
                  }, write: {
                    $0.\(name) = $1
                  }, clear: {
                    $0.\(name) = nil
                  },
                  fill: {
                    guard $0.\(name) == nil else {
                      return false
                    }
                    $0.\(name) = $1
                    return true
                  }, filler: filler
                )
              ]
            }

            /// The values an injector binds to fill this class's properties in one call (written by @Injectable).
            private struct InjectableValues {
              var \(name): Logger?
            }
          }

          extension Screen: PropertyInjector.InjectableSettable, PropertyInjector.InjectableThroughAccessors {
          }
          """,
        diagnostics: suggestion.map { suggestion in
          [
            DiagnosticSpec(
              message: """
                '\(name)' is not a candidate for injection: only a name that starts with 'injected' (exactly, \
                lowercase) is, so the injector leaves it nil unless a name registration targets '\(name)'; rename \
                it '\(suggestion)' to inject it
                """,
              line: 2, column: 7, severity: .warning, fixIts: [FixItSpec(message: "Rename it '\(suggestion)'")])
          ]
        } ?? [],
        applyingFixIts: suggestion.map { ["Rename it '\($0)'"] },
        fixedSource: suggestion.map { "@Injectable final class Screen {\n  var \($0): Logger?\n}" })
    }

    @Test("A near miss that is not a stored optional var gets no warning")
    func notAnOptionalVar() {
      expectExpansion(
        of: """
          @Injectable final class Screen {
            let injectLogger: Logger? = nil
          }
          """,
        to: """
          final class Screen {
            let injectLogger: Logger? = nil

            static var injectableAccessors: [PropertyInjector.InjectableAccessor] {
              [
                PropertyInjector.InjectableAccessor._$complete(Screen.self),
                PropertyInjector.InjectableAccessor._$fixed("injectLogger", of: Screen.self, type: (Logger?).self)
              ]
            }
          }

          extension Screen: PropertyInjector.InjectableSettable, PropertyInjector.InjectableThroughAccessors {
          }
          """)
    }
  }
#endif
