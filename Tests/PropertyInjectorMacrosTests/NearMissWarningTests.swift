#if Macros
  import MacroTesting
  import Testing

  @Suite("@Injectable warns about names one slip away from a candidate's", .injectable)
  struct NearMissWarningTests {
    @Test("A stored optional var one slip away from 'injected…' is a warning, with a fix-it that renames it")
    func nearMiss() {
      assertMacro {
        """
        @Injectable final class Screen {
          var injectLogger: Logger?
        }
        """
      } diagnostics: {
        """
        @Injectable final class Screen {
          var injectLogger: Logger?
              ┬───────────
              ╰─ ⚠️ 'injectLogger' is not a candidate for injection: only a name that starts with 'injected' (exactly, lowercase) is, so the injector leaves it nil unless a name registration targets 'injectLogger'; rename it 'injectedLogger' to inject it
                 ✏️ Rename it 'injectedLogger'
        }
        """
      } fixes: {
        """
        @Injectable final class Screen {
          var injectedLogger: Logger?
        }
        """
      } expansion: {
        """
        final class Screen {
          var injectedLogger: Logger?

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
            return [
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
      assertExpansion {
        """
        @Injectable final class Screen {
          var injectLogger: Logger?
        }
        """
      } expansion: {
        """
        final class Screen {
          var injectLogger: Logger?

          static var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            let filler = PropertyInjector::InjectableFiller._$filler(
              of: Screen.self, values: _$InjectableValues(),
              set: { values, name, value in
                switch name {
                case "injectLogger":
                  guard let value = value as? Logger else {
                    return false
                  }
                  values.injectLogger = value
                default:
                  return false
                }
                return true
              },
              fill: { object, values in
                var wrote = false
                if let value = values.injectLogger, object.injectLogger == nil {
                  object.injectLogger = value
                  wrote = true
                }
                return wrote
              })
            return [
              PropertyInjector::InjectableAccessor._$complete(Screen.self),
              PropertyInjector::InjectableAccessor._$property(
                "injectLogger", of: Screen.self, as: Logger.self,
                ownership: .strong,
                isNil: {
                  $0.injectLogger == nil
                }, write: {
                  $0.injectLogger = $1
                }, clear: {
                  $0.injectLogger = nil
                },
                fill: {
                  guard $0.injectLogger == nil else {
                    return false
                  }
                  $0.injectLogger = $1
                  return true
                }, typeOf: {
                  Swift::type(of: $0)
                }, filler: filler
              )
            ]
          }

          /// The values an injector binds to fill this class's properties in one call (written by @Injectable).
          private struct _$InjectableValues {
            var injectLogger: Logger?
          }
        }

        extension Screen: PropertyInjector::InjectableSettable, PropertyInjector::InjectableThroughAccessors {
        }
        """
      }
      assertMacro {
        """
        @Injectable final class Screen {
          var injectdLogger: Logger?
        }
        """
      } diagnostics: {
        """
        @Injectable final class Screen {
          var injectdLogger: Logger?
              ┬────────────
              ╰─ ⚠️ 'injectdLogger' is not a candidate for injection: only a name that starts with 'injected' (exactly, lowercase) is, so the injector leaves it nil unless a name registration targets 'injectdLogger'; rename it 'injectedLogger' to inject it
                 ✏️ Rename it 'injectedLogger'
        }
        """
      } fixes: {
        """
        @Injectable final class Screen {
          var injectedLogger: Logger?
        }
        """
      } expansion: {
        """
        final class Screen {
          var injectedLogger: Logger?

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
            return [
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
      assertExpansion {
        """
        @Injectable final class Screen {
          var injectdLogger: Logger?
        }
        """
      } expansion: {
        """
        final class Screen {
          var injectdLogger: Logger?

          static var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            let filler = PropertyInjector::InjectableFiller._$filler(
              of: Screen.self, values: _$InjectableValues(),
              set: { values, name, value in
                switch name {
                case "injectdLogger":
                  guard let value = value as? Logger else {
                    return false
                  }
                  values.injectdLogger = value
                default:
                  return false
                }
                return true
              },
              fill: { object, values in
                var wrote = false
                if let value = values.injectdLogger, object.injectdLogger == nil {
                  object.injectdLogger = value
                  wrote = true
                }
                return wrote
              })
            return [
              PropertyInjector::InjectableAccessor._$complete(Screen.self),
              PropertyInjector::InjectableAccessor._$property(
                "injectdLogger", of: Screen.self, as: Logger.self,
                ownership: .strong,
                isNil: {
                  $0.injectdLogger == nil
                }, write: {
                  $0.injectdLogger = $1
                }, clear: {
                  $0.injectdLogger = nil
                },
                fill: {
                  guard $0.injectdLogger == nil else {
                    return false
                  }
                  $0.injectdLogger = $1
                  return true
                }, typeOf: {
                  Swift::type(of: $0)
                }, filler: filler
              )
            ]
          }

          /// The values an injector binds to fill this class's properties in one call (written by @Injectable).
          private struct _$InjectableValues {
            var injectdLogger: Logger?
          }
        }

        extension Screen: PropertyInjector::InjectableSettable, PropertyInjector::InjectableThroughAccessors {
        }
        """
      }
      assertMacro {
        """
        @Injectable final class Screen {
          var InjectedAPI: Logger?
        }
        """
      } diagnostics: {
        """
        @Injectable final class Screen {
          var InjectedAPI: Logger?
              ┬──────────
              ╰─ ⚠️ 'InjectedAPI' is not a candidate for injection: only a name that starts with 'injected' (exactly, lowercase) is, so the injector leaves it nil unless a name registration targets 'InjectedAPI'; rename it 'injectedAPI' to inject it
                 ✏️ Rename it 'injectedAPI'
        }
        """
      } fixes: {
        """
        @Injectable final class Screen {
          var injectedAPI: Logger?
        }
        """
      } expansion: {
        """
        final class Screen {
          var injectedAPI: Logger?

          static var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            let filler = PropertyInjector::InjectableFiller._$filler(
              of: Screen.self, values: _$InjectableValues(),
              set: { values, name, value in
                switch name {
                case "injectedAPI":
                  guard let value = value as? Logger else {
                    return false
                  }
                  values.injectedAPI = value
                default:
                  return false
                }
                return true
              },
              fill: { object, values in
                var wrote = false
                if let value = values.injectedAPI, object.injectedAPI == nil {
                  object.injectedAPI = value
                  wrote = true
                }
                return wrote
              })
            return [
              PropertyInjector::InjectableAccessor._$complete(Screen.self),
              PropertyInjector::InjectableAccessor._$property(
                "injectedAPI", of: Screen.self, as: Logger.self,
                ownership: .strong,
                isNil: {
                  $0.injectedAPI == nil
                }, write: {
                  $0.injectedAPI = $1
                }, clear: {
                  $0.injectedAPI = nil
                },
                fill: {
                  guard $0.injectedAPI == nil else {
                    return false
                  }
                  $0.injectedAPI = $1
                  return true
                }, typeOf: {
                  Swift::type(of: $0)
                }, filler: filler
              )
            ]
          }

          /// The values an injector binds to fill this class's properties in one call (written by @Injectable).
          private struct _$InjectableValues {
            var injectedAPI: Logger?
          }
        }

        extension Screen: PropertyInjector::InjectableSettable, PropertyInjector::InjectableThroughAccessors {
        }
        """
      }
      assertExpansion {
        """
        @Injectable final class Screen {
          var InjectedAPI: Logger?
        }
        """
      } expansion: {
        """
        final class Screen {
          var InjectedAPI: Logger?

          static var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            let filler = PropertyInjector::InjectableFiller._$filler(
              of: Screen.self, values: _$InjectableValues(),
              set: { values, name, value in
                switch name {
                case "InjectedAPI":
                  guard let value = value as? Logger else {
                    return false
                  }
                  values.InjectedAPI = value
                default:
                  return false
                }
                return true
              },
              fill: { object, values in
                var wrote = false
                if let value = values.InjectedAPI, object.InjectedAPI == nil {
                  object.InjectedAPI = value
                  wrote = true
                }
                return wrote
              })
            return [
              PropertyInjector::InjectableAccessor._$complete(Screen.self),
              PropertyInjector::InjectableAccessor._$property(
                "InjectedAPI", of: Screen.self, as: Logger.self,
                ownership: .strong,
                isNil: {
                  $0.InjectedAPI == nil
                }, write: {
                  $0.InjectedAPI = $1
                }, clear: {
                  $0.InjectedAPI = nil
                },
                fill: {
                  guard $0.InjectedAPI == nil else {
                    return false
                  }
                  $0.InjectedAPI = $1
                  return true
                }, typeOf: {
                  Swift::type(of: $0)
                }, filler: filler
              )
            ]
          }

          /// The values an injector binds to fill this class's properties in one call (written by @Injectable).
          private struct _$InjectableValues {
            var InjectedAPI: Logger?
          }
        }

        extension Screen: PropertyInjector::InjectableSettable, PropertyInjector::InjectableThroughAccessors {
        }
        """
      }
      assertMacro {
        """
        @Injectable final class Screen {
          var INJECTEDLogger: Logger?
        }
        """
      } diagnostics: {
        """
        @Injectable final class Screen {
          var INJECTEDLogger: Logger?
              ┬─────────────
              ╰─ ⚠️ 'INJECTEDLogger' is not a candidate for injection: only a name that starts with 'injected' (exactly, lowercase) is, so the injector leaves it nil unless a name registration targets 'INJECTEDLogger'; rename it 'injectedLogger' to inject it
                 ✏️ Rename it 'injectedLogger'
        }
        """
      } fixes: {
        """
        @Injectable final class Screen {
          var injectedLogger: Logger?
        }
        """
      } expansion: {
        """
        final class Screen {
          var injectedLogger: Logger?

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
            return [
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
      assertExpansion {
        """
        @Injectable final class Screen {
          var INJECTEDLogger: Logger?
        }
        """
      } expansion: {
        """
        final class Screen {
          var INJECTEDLogger: Logger?

          static var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            let filler = PropertyInjector::InjectableFiller._$filler(
              of: Screen.self, values: _$InjectableValues(),
              set: { values, name, value in
                switch name {
                case "INJECTEDLogger":
                  guard let value = value as? Logger else {
                    return false
                  }
                  values.INJECTEDLogger = value
                default:
                  return false
                }
                return true
              },
              fill: { object, values in
                var wrote = false
                if let value = values.INJECTEDLogger, object.INJECTEDLogger == nil {
                  object.INJECTEDLogger = value
                  wrote = true
                }
                return wrote
              })
            return [
              PropertyInjector::InjectableAccessor._$complete(Screen.self),
              PropertyInjector::InjectableAccessor._$property(
                "INJECTEDLogger", of: Screen.self, as: Logger.self,
                ownership: .strong,
                isNil: {
                  $0.INJECTEDLogger == nil
                }, write: {
                  $0.INJECTEDLogger = $1
                }, clear: {
                  $0.INJECTEDLogger = nil
                },
                fill: {
                  guard $0.INJECTEDLogger == nil else {
                    return false
                  }
                  $0.INJECTEDLogger = $1
                  return true
                }, typeOf: {
                  Swift::type(of: $0)
                }, filler: filler
              )
            ]
          }

          /// The values an injector binds to fill this class's properties in one call (written by @Injectable).
          private struct _$InjectableValues {
            var INJECTEDLogger: Logger?
          }
        }

        extension Screen: PropertyInjector::InjectableSettable, PropertyInjector::InjectableThroughAccessors {
        }
        """
      }
    }

    @Test("A candidate's name, or a name far from one, gets no warning")
    func notANearMiss() {
      assertMacro {
        """
        @Injectable final class Screen {
          var injectedLogger: Logger?
        }
        """
      } expansion: {
        """
        final class Screen {
          var injectedLogger: Logger?

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
            return [
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
      assertMacro {
        """
        @Injectable final class Screen {
          var injectionCount: Logger?
        }
        """
      } expansion: {
        """
        final class Screen {
          var injectionCount: Logger?

          static var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            let filler = PropertyInjector::InjectableFiller._$filler(
              of: Screen.self, values: _$InjectableValues(),
              set: { values, name, value in
                switch name {
                case "injectionCount":
                  guard let value = value as? Logger else {
                    return false
                  }
                  values.injectionCount = value
                default:
                  return false
                }
                return true
              },
              fill: { object, values in
                var wrote = false
                if let value = values.injectionCount, object.injectionCount == nil {
                  object.injectionCount = value
                  wrote = true
                }
                return wrote
              })
            return [
              PropertyInjector::InjectableAccessor._$complete(Screen.self),
              PropertyInjector::InjectableAccessor._$property(
                "injectionCount", of: Screen.self, as: Logger.self,
                ownership: .strong,
                isNil: {
                  $0.injectionCount == nil
                }, write: {
                  $0.injectionCount = $1
                }, clear: {
                  $0.injectionCount = nil
                },
                fill: {
                  guard $0.injectionCount == nil else {
                    return false
                  }
                  $0.injectionCount = $1
                  return true
                }, typeOf: {
                  Swift::type(of: $0)
                }, filler: filler
              )
            ]
          }

          /// The values an injector binds to fill this class's properties in one call (written by @Injectable).
          private struct _$InjectableValues {
            var injectionCount: Logger?
          }
        }

        extension Screen: PropertyInjector::InjectableSettable, PropertyInjector::InjectableThroughAccessors {
        }
        """
      }
      assertMacro {
        """
        @Injectable final class Screen {
          var logger: Logger?
        }
        """
      } expansion: {
        """
        final class Screen {
          var logger: Logger?

          static var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            let filler = PropertyInjector::InjectableFiller._$filler(
              of: Screen.self, values: _$InjectableValues(),
              set: { values, name, value in
                switch name {
                case "logger":
                  guard let value = value as? Logger else {
                    return false
                  }
                  values.logger = value
                default:
                  return false
                }
                return true
              },
              fill: { object, values in
                var wrote = false
                if let value = values.logger, object.logger == nil {
                  object.logger = value
                  wrote = true
                }
                return wrote
              })
            return [
              PropertyInjector::InjectableAccessor._$complete(Screen.self),
              PropertyInjector::InjectableAccessor._$property(
                "logger", of: Screen.self, as: Logger.self,
                ownership: .strong,
                isNil: {
                  $0.logger == nil
                }, write: {
                  $0.logger = $1
                }, clear: {
                  $0.logger = nil
                },
                fill: {
                  guard $0.logger == nil else {
                    return false
                  }
                  $0.logger = $1
                  return true
                }, typeOf: {
                  Swift::type(of: $0)
                }, filler: filler
              )
            ]
          }

          /// The values an injector binds to fill this class's properties in one call (written by @Injectable).
          private struct _$InjectableValues {
            var logger: Logger?
          }
        }

        extension Screen: PropertyInjector::InjectableSettable, PropertyInjector::InjectableThroughAccessors {
        }
        """
      }
    }

    @Test("A near miss that is not a stored optional var gets no warning")
    func notAnOptionalVar() {
      assertMacro {
        """
        @Injectable final class Screen {
          let injectLogger: Logger? = nil
        }
        """
      } expansion: {
        """
        final class Screen {
          let injectLogger: Logger? = nil

          static var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            [
              PropertyInjector::InjectableAccessor._$complete(Screen.self),
              PropertyInjector::InjectableAccessor._$fixed("injectLogger", of: Screen.self, type: (Logger?).self, isConstant: true)
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
