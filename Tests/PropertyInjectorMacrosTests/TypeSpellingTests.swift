#if Macros
  import MacroTesting
  import SwiftDiagnostics
  import Testing

  @testable import PropertyInjector

  /// Every spelling of an optional whose unwrapped type needs parentheses in generated code.
  @Injectable
  final class Spellings {
    var injectedAnyLogger: (any Logger)? = nil
    var injectedComposition: (any Logger & AnyObject)? = nil
    var injectedSendableClosure: (@Sendable () -> Int)? = nil
    var injectedParenthesized: (any Logger)?
    var injectedClosure: (() -> Int)?
  }

  @Suite("@Injectable with optional types spelled in every way", .injectable)
  struct TypeSpellingTests {
    @Test("A bare composition is parenthesized wherever the unwrapped type is written")
    func bareComposition() {
      assertMacro {
        """
        @Injectable final class Screen {
          var injectedLogger: Optional<Logger & AnyObject> = nil
        }
        """
      } expansion: {
        """
        final class Screen {
          var injectedLogger: Optional<Logger & AnyObject> = nil

          static var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            let filler = PropertyInjector::InjectableFiller._$filler(
              of: Screen.self, values: _$InjectableValues(),
              set: { values, name, value in
                switch name {
                case "injectedLogger":
                  guard let value = value as? (Logger & AnyObject) else {
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
              PropertyInjector::InjectableAccessor._$complete(Screen.self),
              PropertyInjector::InjectableAccessor._$property(
                "injectedLogger", of: Screen.self, as: (Logger & AnyObject).self,
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
                }, typeOf: {
                  Swift::type(of: $0)
                }, filler: filler
              )
            ]
          }

          /// The values an injector binds to fill this class's properties in one call (written by @Injectable).
          private struct _$InjectableValues {
            var injectedLogger: (Logger & AnyObject)?
          }
        }

        extension Screen: PropertyInjector::InjectableSettable, PropertyInjector::InjectableThroughAccessors {
        }
        """
      }
    }

    @Test("Optional<any P>, Optional<P & AnyObject>, Optional<@Sendable () -> T>, (any P)? and (() -> T)? are injected")
    func spellingsAreInjected() throws {
      let injector = Injector()
      let logger = ConsoleLogger()
      injector.register(logger, as: (any Logger).self)
      injector.register(logger, as: (any Logger & AnyObject).self)
      injector.register((@Sendable () -> Int).self) { _ in { 7 } }
      injector.register((() -> Int).self) { _ in { 8 } }
      let spellings = Spellings()
      try injector.inject(spellings)
      #expect(spellings.injectedAnyLogger === logger && spellings.injectedParenthesized === logger)
      #expect(spellings.injectedComposition === logger)
      #expect(spellings.injectedSendableClosure?() == 7 && spellings.injectedClosure?() == 8)
    }

    @Test(
      "An optional of an opaque type gets no accessor: a candidate is an error that proposes 'any', another is fixed")
    func opaqueTypes() {
      let candidate = "@Injectable final class Screen {\n  var injectedLogger: (some Logger)? = ConsoleLogger()\n}"
      #expect(
        diagnostics(of: candidate).map(\.diagMessage.message) == [
          "'injectedLogger' is a candidate for injection, but '(some Logger)?' is an opaque type, which the injector's "
            + "accessor cannot name; declare it '(any Logger)?', or rename it"
        ])
      let other = "@Injectable final class Screen {\n  var logger: Optional<some Logger> = ConsoleLogger()\n}"
      #expect(diagnostics(of: other).isEmpty)
      #expect(expandedSource(other).contains("InjectableAccessor._$fixed(\"logger\", of: Screen.self)"))
      #expect(!expandedSource(other).contains("_$property"))
    }

    @Test(
      "A named type that is not written as an optional is an error without a fix-it: it may be an optional typealias")
    func namedTypeMayBeATypealias() {
      assertMacro {
        """
        @Injectable final class Screen {
          var injectedStore: MaybeStore
        }
        """
      } diagnostics: {
        """
        @Injectable final class Screen {
          var injectedStore: MaybeStore
                             ┬─────────
                             ╰─ 🛑 'injectedStore' is a candidate for injection, but 'MaybeStore' is not written as an optional, so it may never be nil for the injector to fill; declare it 'MaybeStore?', or rename it. If 'MaybeStore' is a typealias of an optional, write the optional type itself (such as 'Store?' for 'typealias MaybeStore = Store?'): @Injectable reads the declaration, and cannot see through a typealias
        }
        """
      }
      assertExpansion {
        """
        @Injectable final class Screen {
          var injectedStore: MaybeStore
        }
        """
      } expansion: {
        """
        final class Screen {
          var injectedStore: MaybeStore

          static var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            [
              PropertyInjector::InjectableAccessor._$complete(Screen.self),
              PropertyInjector::InjectableAccessor._$fixed("injectedStore", of: Screen.self, type: (MaybeStore).self)
            ]
          }
        }

        extension Screen: PropertyInjector::InjectableSettable, PropertyInjector::InjectableThroughAccessors {
        }
        """
      }
    }
  }
#endif
