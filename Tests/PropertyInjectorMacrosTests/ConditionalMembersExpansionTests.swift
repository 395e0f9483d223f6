#if Macros
  import MacroTesting
  import Testing

  @Suite("@Injectable expansion of #if clauses and tuple patterns", .injectable)
  struct ConditionalMembersExpansionTests {
    @Test("A property in an #if clause gets its accessor in the same clause, nested clauses too")
    func conditionalMembers() {
      assertMacro {
        """
        @Injectable final class Screen {
          var injectedLogger: Logger?
          #if FLAG
          var injectedCache: Cache?
          #elseif OTHER
          #if DEBUG
          let id: Int = 1
          #endif
          #else
          func helper() {}
          #endif
        }
        """
      } expansion: {
        """
        final class Screen {
          var injectedLogger: Logger?
          #if FLAG
          var injectedCache: Cache?
          #elseif OTHER
          #if DEBUG
          let id: Int = 1
          #endif
          #else
          func helper() {}
          #endif

          static var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            let filler = PropertyInjector::InjectableFiller._$filler(
              of: Screen.self, values: _$InjectableValues(),
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
            var accessors: [PropertyInjector::InjectableAccessor] = [
              PropertyInjector::InjectableAccessor._$complete(Screen.self),
              PropertyInjector::InjectableAccessor._$property(
                "injectedLogger", of: Screen.self, as: Logger.self,
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
            #if FLAG
            accessors += [
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
                }
              )
            ]
            #elseif OTHER
            #if DEBUG
            accessors += [
              PropertyInjector::InjectableAccessor._$fixed("id", of: Screen.self, type: (Int).self, isConstant: true)
            ]
            #endif
            #else
            #endif
            return accessors
          }

          /// The values an injector binds to fill this class's properties in one call (written by @Injectable).
          private struct _$InjectableValues {
            var injectedLogger: Logger?
          }
        }

        extension Screen: PropertyInjector::InjectableSettable, PropertyInjector::InjectableThroughAccessors {
        }
        """
      }
    }

    @Test("Each name a tuple pattern binds gets its own accessor, typed by its element of the tuple type")
    func tuplePattern() {
      assertMacro {
        """
        @Injectable final class Screen {
          var (injectedLeft, right): (Left?, Int)
        }
        """
      } expansion: {
        """
        final class Screen {
          var (injectedLeft, right): (Left?, Int)

          static var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            let filler = PropertyInjector::InjectableFiller._$filler(
              of: Screen.self, values: _$InjectableValues(),
              set: { values, name, value in
                switch name {
                case "injectedLeft":
                  guard let value = value as? Left else {
                    return false
                  }
                  values.injectedLeft = value
                default:
                  return false
                }
                return true
              },
              fill: { object, values in
                var wrote = false
                if let value = values.injectedLeft, object.injectedLeft == nil {
                  object.injectedLeft = value
                  wrote = true
                }
                return wrote
              })
            return [
              PropertyInjector::InjectableAccessor._$complete(Screen.self),
              PropertyInjector::InjectableAccessor._$fixed("right", of: Screen.self, type: (Int).self),
              PropertyInjector::InjectableAccessor._$property(
                "injectedLeft", of: Screen.self, as: Left.self,
                ownership: .strong,
                isNil: {
                  $0.injectedLeft == nil
                }, write: {
                  $0.injectedLeft = $1
                }, clear: {
                  $0.injectedLeft = nil
                },
                fill: {
                  guard $0.injectedLeft == nil else {
                    return false
                  }
                  $0.injectedLeft = $1
                  return true
                }, typeOf: {
                  Swift::type(of: $0)
                }, filler: filler
              )
            ]
          }

          /// The values an injector binds to fill this class's properties in one call (written by @Injectable).
          private struct _$InjectableValues {
            var injectedLeft: Left?
          }
        }

        extension Screen: PropertyInjector::InjectableSettable, PropertyInjector::InjectableThroughAccessors {
        }
        """
      }
    }

    @Test("A candidate bound by a tuple pattern without a type is an error")
    func untypedTuplePattern() {
      assertMacro {
        """
        @Injectable final class Screen {
          var (injectedLeft, right) = (Left(), 1)
        }
        """
      } diagnostics: {
        """
        @Injectable final class Screen {
          var (injectedLeft, right) = (Left(), 1)
               ┬───────────
               ╰─ 🛑 'injectedLeft' is a candidate for injection, bound by a tuple pattern without a type: write the tuple's type, with an optional for each candidate (such as 'var (injectedLeft, other): (Logger?, Int)')
        }
        """
      }
      assertExpansion {
        """
        @Injectable final class Screen {
          var (injectedLeft, right) = (Left(), 1)
        }
        """
      } expansion: {
        """
        final class Screen {
          var (injectedLeft, right) = (Left(), 1)

          static var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            [
              PropertyInjector::InjectableAccessor._$complete(Screen.self),
              PropertyInjector::InjectableAccessor._$fixed("injectedLeft", of: Screen.self),
              PropertyInjector::InjectableAccessor._$fixed("right", of: Screen.self)
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
