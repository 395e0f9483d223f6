#if Macros
  import MacroTesting
  import Testing

  @Suite("@Injectable expansion", .injectable)
  struct InjectableExpansionTests {
    @Test(
      "A final root class gets the conformances (no key-path table), a typed accessor per optional var, a filler and a list of every stored property"
    )
    func finalRootClass() {
      assertMacro {
        """
        @Injectable final class Screen {
          var injectedLogger: (any Logger)?
          var injectedCache: Cache!
          weak var injectedDelegate: Delegate?
          var analytics: Analytics?
          var title = "Profile"
          let id: Int = 1
        }
        """
      } expansion: {
        """
        final class Screen {
          var injectedLogger: (any Logger)?
          var injectedCache: Cache!
          weak var injectedDelegate: Delegate?
          var analytics: Analytics?
          var title = "Profile"
          let id: Int = 1

          static var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            let filler = PropertyInjector::InjectableFiller._$filler(
              of: Screen.self, values: _$InjectableValues(),
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
              PropertyInjector::InjectableAccessor._$complete(Screen.self),
              PropertyInjector::InjectableAccessor._$fixed("title", of: Screen.self),
              PropertyInjector::InjectableAccessor._$fixed("id", of: Screen.self, type: (Int).self, isConstant: true),
              PropertyInjector::InjectableAccessor._$property(
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
                }, typeOf: {
                  Swift::type(of: $0)
                }, filler: filler
              ),
              PropertyInjector::InjectableAccessor._$property(
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
                }, typeOf: {
                  Swift::type(of: $0)
                }, filler: filler
              ),
              PropertyInjector::InjectableAccessor._$property(
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
                }, typeOf: {
                  Swift::type(of: $0)
                }, filler: filler
              ),
              PropertyInjector::InjectableAccessor._$property(
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
                }, typeOf: {
                  Swift::type(of: $0)
                }, filler: filler
              )
            ]
          }

          /// The values an injector binds to fill this class's properties in one call (written by @Injectable).
          private struct _$InjectableValues {
            var injectedLogger: (any Logger)?
            var injectedCache: Cache?
            var injectedDelegate: Delegate?
            var analytics: Analytics?
          }
        }

        extension Screen: PropertyInjector::InjectableSettable, PropertyInjector::InjectableThroughAccessors {
        }
        """
      }
    }

    @Test("A public generic main-actor class gets class members, public, and isolated conformances")
    func publicGenericMainActorClass() {
      assertMacro {
        """
        @MainActor @Injectable public class Base<T> {
          var injectedValue: T?
          private var injectedSecret: Secret? {
            didSet {}
          }
        }
        """
      } expansion: {
        """
        @MainActor public class Base<T> {
          var injectedValue: T?
          private var injectedSecret: Secret? {
            didSet {}
          }

          public class var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            let filler = PropertyInjector::InjectableFiller._$filler(
              of: Base.self, values: _$InjectableValues(),
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
              PropertyInjector::InjectableAccessor._$complete(Base.self),
              PropertyInjector::InjectableAccessor._$property(
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
                }, typeOf: {
                  Swift::type(of: $0)
                }, filler: filler
              ),
              PropertyInjector::InjectableAccessor._$property(
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
                }, typeOf: {
                  Swift::type(of: $0)
                }, filler: filler
              )
            ]
          }

          /// The values an injector binds to fill this class's properties in one call (written by @Injectable).
          private struct _$InjectableValues {
            var injectedValue: T?
            var injectedSecret: Secret?
          }
        }

        extension Base: @MainActor PropertyInjector::InjectableSettable, @MainActor PropertyInjector::InjectableThroughAccessors {
        }
        """
      }
    }

    @Test("A subclass of an injectable class overrides the accessors with its own, and adds no conformance")
    func subclassOfInjectableClass() {
      assertMacro(subclassSpec) {
        """
        @Injectable final class Leaf: Base {
          unowned(unsafe) var injectedOwner: Owner?
        }
        """
      } expansion: {
        """
        final class Leaf: Base {
          unowned(unsafe) var injectedOwner: Owner?

          override class var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            let filler = PropertyInjector::InjectableFiller._$filler(
              of: Leaf.self, values: _$InjectableValues(),
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
              PropertyInjector::InjectableAccessor._$complete(Leaf.self),
              PropertyInjector::InjectableAccessor._$didInject(Leaf.self) {
                $0.didInjectDependencies()
              },
              PropertyInjector::InjectableAccessor._$property(
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
                }, typeOf: {
                  Swift::type(of: $0)
                }, filler: filler
              )
            ]
          }

          /// The values an injector binds to fill this class's properties in one call (written by @Injectable).
          private struct _$InjectableValues {
            var injectedOwner: Owner?
          }
        }
        """
      }
    }

    @Test("A subclass of a hand-written injectable class declares its accessors, and their conformance")
    func subclassOfHandWrittenClass() {
      assertMacro(handWrittenSubclassSpec) {
        """
        @Injectable open class Panel: LegacyPanel {
          var injectedLogger: Logger?
        }
        """
      } expansion: {
        """
        open class Panel: LegacyPanel {
          var injectedLogger: Logger?

          open class var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            let filler = PropertyInjector::InjectableFiller._$filler(
              of: Panel.self, values: _$InjectableValues(),
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
              PropertyInjector::InjectableAccessor._$complete(Panel.self),
              PropertyInjector::InjectableAccessor._$didInject(Panel.self) {
                $0.didInjectDependencies()
              },
              PropertyInjector::InjectableAccessor._$property(
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
                }, typeOf: {
                  Swift::type(of: $0)
                }, filler: filler
              )
            ]
          }

          /// The values an injector binds to fill this class's properties in one call (written by @Injectable).
          private struct _$InjectableValues {
            var injectedLogger: Logger?
          }
        }

        extension Panel: PropertyInjector::InjectableThroughAccessors {
        }
        """
      }
    }

    @Test("On a struct, an enum, an actor or a protocol, the macro is an error")
    func notAClass() {
      assertMacro {
        "@Injectable struct Thing {}"
      } diagnostics: {
        """
        @Injectable struct Thing {}
        ┬──────────
        ╰─ 🛑 @Injectable applies to classes: the injector fills objects it did not create, in place, through a reference; a struct is not one
        """
      }
      assertExpansion {
        "@Injectable struct Thing {}"
      } expansion: {
        """
        struct Thing {}
        """
      }
      assertMacro {
        "@Injectable enum Thing {}"
      } diagnostics: {
        """
        @Injectable enum Thing {}
        ┬──────────
        ╰─ 🛑 @Injectable applies to classes: the injector fills objects it did not create, in place, through a reference; an enum is not one
        """
      }
      assertExpansion {
        "@Injectable enum Thing {}"
      } expansion: {
        """
        enum Thing {}
        """
      }
      assertMacro {
        "@Injectable actor Thing {}"
      } diagnostics: {
        """
        @Injectable actor Thing {}
        ┬──────────
        ╰─ 🛑 @Injectable applies to classes: the injector fills objects it did not create, in place, through a reference; an actor is not one
        """
      }
      assertExpansion {
        "@Injectable actor Thing {}"
      } expansion: {
        """
        actor Thing {}
        """
      }
      assertMacro {
        "@Injectable protocol Thing {}"
      } diagnostics: {
        """
        @Injectable protocol Thing {}
        ┬──────────
        ╰─ 🛑 @Injectable applies to classes: the injector fills objects it did not create, in place, through a reference; a protocol is not one
        """
      }
      assertExpansion {
        "@Injectable protocol Thing {}"
      } expansion: {
        """
        protocol Thing {}
        """
      }
    }

    @Test("A class with a deprecated property gets a deprecated list, so the code that reads it warns nowhere")
    func deprecatedProperty() {
      let list = """
        @available(*, deprecated, message: "written by @Injectable; it reads deprecated properties")
          static var injectableAccessors
        """
      let deprecated = "@Injectable final class Screen {\n  @available(*, deprecated)\n  var injectedCache: Cache?\n}"
      #expect(expandedSource(deprecated).contains(list))
      let current = "@Injectable final class Screen {\n  var injectedCache: Cache?\n}"
      #expect(!expandedSource(current).contains("deprecated"))
    }

    // The list names every stored property, the one in error too, so the class is never reflected.
    @Test("A candidate that is a let is an error, fixed by var")
    func constantCandidate() {
      assertMacro {
        """
        @Injectable final class Screen {
          let injectedCache: Cache?
        }
        """
      } diagnostics: {
        """
        @Injectable final class Screen {
          let injectedCache: Cache?
          ┬──
          ╰─ 🛑 'injectedCache' is a candidate for injection (its name starts with 'injected'), but a 'let' can never be filled; declare it with 'var', or rename it
             ✏️ Declare it with 'var'
        }
        """
      } fixes: {
        """
        @Injectable final class Screen {
          var injectedCache: Cache?
        }
        """
      } expansion: {
        """
        final class Screen {
          var injectedCache: Cache?

          static var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            let filler = PropertyInjector::InjectableFiller._$filler(
              of: Screen.self, values: _$InjectableValues(),
              set: { values, name, value in
                switch name {
                case "injectedCache":
                  guard let value = value as? Cache else {
                    return false
                  }
                  values.injectedCache = value
                default:
                  return false
                }
                return true
              },
              fill: { object, values in
                var wrote = false
                if let value = values.injectedCache, object.injectedCache == nil {
                  object.injectedCache = value
                  wrote = true
                }
                return wrote
              })
            return [
              PropertyInjector::InjectableAccessor._$complete(Screen.self),
              PropertyInjector::InjectableAccessor._$property(
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
                }, typeOf: {
                  Swift::type(of: $0)
                }, filler: filler
              )
            ]
          }

          /// The values an injector binds to fill this class's properties in one call (written by @Injectable).
          private struct _$InjectableValues {
            var injectedCache: Cache?
          }
        }

        extension Screen: PropertyInjector::InjectableSettable, PropertyInjector::InjectableThroughAccessors {
        }
        """
      }
      assertExpansion {
        """
        @Injectable final class Screen {
          let injectedCache: Cache?
        }
        """
      } expansion: {
        """
        final class Screen {
          let injectedCache: Cache?

          static var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            [
              PropertyInjector::InjectableAccessor._$complete(Screen.self),
              PropertyInjector::InjectableAccessor._$fixed("injectedCache", of: Screen.self, type: (Cache?).self, isConstant: true)
            ]
          }
        }

        extension Screen: PropertyInjector::InjectableSettable, PropertyInjector::InjectableThroughAccessors {
        }
        """
      }
    }

    // The list names every stored property, the one in error too, so the class is never reflected.
    @Test("A lazy candidate is an error, fixed by removing lazy")
    func lazyCandidate() {
      assertMacro {
        """
        @Injectable final class Screen {
          lazy var injectedCache: Cache? = nil
        }
        """
      } diagnostics: {
        """
        @Injectable final class Screen {
          lazy var injectedCache: Cache? = nil
          ┬───
          ╰─ 🛑 'injectedCache' is a candidate for injection, but it is 'lazy': the injector would have to read it to see whether it is nil, which runs its initializer; remove 'lazy', or rename it
             ✏️ Remove 'lazy'
        }
        """
      } fixes: {
        """
        @Injectable final class Screen {
          var injectedCache: Cache? = nil
        }
        """
      } expansion: {
        """
        final class Screen {
          var injectedCache: Cache? = nil

          static var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            let filler = PropertyInjector::InjectableFiller._$filler(
              of: Screen.self, values: _$InjectableValues(),
              set: { values, name, value in
                switch name {
                case "injectedCache":
                  guard let value = value as? Cache else {
                    return false
                  }
                  values.injectedCache = value
                default:
                  return false
                }
                return true
              },
              fill: { object, values in
                var wrote = false
                if let value = values.injectedCache, object.injectedCache == nil {
                  object.injectedCache = value
                  wrote = true
                }
                return wrote
              })
            return [
              PropertyInjector::InjectableAccessor._$complete(Screen.self),
              PropertyInjector::InjectableAccessor._$property(
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
                }, typeOf: {
                  Swift::type(of: $0)
                }, filler: filler
              )
            ]
          }

          /// The values an injector binds to fill this class's properties in one call (written by @Injectable).
          private struct _$InjectableValues {
            var injectedCache: Cache?
          }
        }

        extension Screen: PropertyInjector::InjectableSettable, PropertyInjector::InjectableThroughAccessors {
        }
        """
      }
      assertExpansion {
        """
        @Injectable final class Screen {
          lazy var injectedCache: Cache? = nil
        }
        """
      } expansion: {
        """
        final class Screen {
          lazy var injectedCache: Cache? = nil

          static var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            [
              PropertyInjector::InjectableAccessor._$complete(Screen.self),
              PropertyInjector::InjectableAccessor._$fixed("injectedCache", of: Screen.self, type: (Cache?).self, isLazy: true)
            ]
          }
        }

        extension Screen: PropertyInjector::InjectableSettable, PropertyInjector::InjectableThroughAccessors {
        }
        """
      }
    }

    // The list names every stored property, the one in error too, so the class is never reflected.
    @Test("A non-optional candidate is an error, fixed by making it optional (parenthesized where needed)")
    func nonOptionalCandidate() {
      assertMacro {
        """
        @Injectable final class Screen {
          var injectedLogger: any Logger
        }
        """
      } diagnostics: {
        """
        @Injectable final class Screen {
          var injectedLogger: any Logger
                              ┬─────────
                              ╰─ 🛑 'injectedLogger' is a candidate for injection, but 'any Logger' is not optional, so it can never be nil for the injector to fill; declare it optional, or rename it
                                 ✏️ Declare it optional
        }
        """
      } fixes: {
        """
        @Injectable final class Screen {
          var injectedLogger: (any Logger)?
        }
        """
      } expansion: {
        """
        final class Screen {
          var injectedLogger: (any Logger)?

          static var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            let filler = PropertyInjector::InjectableFiller._$filler(
              of: Screen.self, values: _$InjectableValues(),
              set: { values, name, value in
                switch name {
                case "injectedLogger":
                  guard let value = value as? (any Logger) else {
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
                }, typeOf: {
                  Swift::type(of: $0)
                }, filler: filler
              )
            ]
          }

          /// The values an injector binds to fill this class's properties in one call (written by @Injectable).
          private struct _$InjectableValues {
            var injectedLogger: (any Logger)?
          }
        }

        extension Screen: PropertyInjector::InjectableSettable, PropertyInjector::InjectableThroughAccessors {
        }
        """
      }
      assertExpansion {
        """
        @Injectable final class Screen {
          var injectedLogger: any Logger
        }
        """
      } expansion: {
        """
        final class Screen {
          var injectedLogger: any Logger

          static var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            [
              PropertyInjector::InjectableAccessor._$complete(Screen.self),
              PropertyInjector::InjectableAccessor._$fixed("injectedLogger", of: Screen.self, type: (any Logger).self)
            ]
          }
        }

        extension Screen: PropertyInjector::InjectableSettable, PropertyInjector::InjectableThroughAccessors {
        }
        """
      }
    }

    // The list names every stored property, the one in error too, so the class is never reflected.
    @Test("A candidate with no written type is an error")
    func untypedCandidate() {
      assertMacro {
        """
        @Injectable final class Screen {
          var injectedCache = Cache()
        }
        """
      } diagnostics: {
        """
        @Injectable final class Screen {
          var injectedCache = Cache()
              ┬────────────
              ╰─ 🛑 'injectedCache' is a candidate for injection: write its type (an optional, such as 'var injectedCache: Cache?'), so the injector's accessor can be typed
        }
        """
      }
      assertMacro {
        """
        @Injectable final class Screen {
          var injectedCount = 0
          var injectedSession = makeSession()
        }
        """
      } diagnostics: {
        """
        @Injectable final class Screen {
          var injectedCount = 0
              ┬────────────
              ╰─ 🛑 'injectedCount' is a candidate for injection: write its type (an optional, such as 'var injectedCount: Int?'), so the injector's accessor can be typed
          var injectedSession = makeSession()
              ┬──────────────
              ╰─ 🛑 'injectedSession' is a candidate for injection: write its type (an optional, such as 'var injectedSession: Service?'), so the injector's accessor can be typed
        }
        """
      }
      assertExpansion {
        """
        @Injectable final class Screen {
          var injectedCache = Cache()
        }
        """
      } expansion: {
        """
        final class Screen {
          var injectedCache = Cache()

          static var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            [
              PropertyInjector::InjectableAccessor._$complete(Screen.self),
              PropertyInjector::InjectableAccessor._$fixed("injectedCache", of: Screen.self)
            ]
          }
        }

        extension Screen: PropertyInjector::InjectableSettable, PropertyInjector::InjectableThroughAccessors {
        }
        """
      }
    }

    // The list names every stored property, the one in error too, so the class is never reflected.
    @Test("A wrapped candidate is a warning: its storage is never a candidate")
    func wrappedCandidate() {
      assertMacro {
        """
        @Injectable final class Screen {
          @Clamped var injectedCache: Cache?
        }
        """
      } diagnostics: {
        """
        @Injectable final class Screen {
          @Clamped var injectedCache: Cache?
          ┬───────
          ╰─ ⚠️ 'injectedCache' starts with 'injected' but is wrapped by '@Clamped': a wrapped property's storage is '_injectedCache', which is never a candidate, so it will not be injected (if '@Clamped' is not a property wrapper, the macro cannot list the property, and inject reports it missing from the table); remove the attribute, or rename it
        }
        """
      } expansion: {
        """
        final class Screen {
          @Clamped var injectedCache: Cache?

          static var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            [
              PropertyInjector::InjectableAccessor._$complete(Screen.self)
            ]
          }
        }

        extension Screen: PropertyInjector::InjectableSettable, PropertyInjector::InjectableThroughAccessors {
        }
        """
      }
      assertExpansion {
        """
        @Injectable final class Screen {
          @Clamped var injectedCache: Cache?
        }
        """
      } expansion: {
        """
        final class Screen {
          @Clamped var injectedCache: Cache?

          static var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            [
              PropertyInjector::InjectableAccessor._$complete(Screen.self)
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
