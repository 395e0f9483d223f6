#if Macros
  import MacroTesting
  import Testing

  @testable import PropertyInjector

  /// A main-actor value, as a label of a UI framework is.
  @MainActor final class IsolatedLabel {}

  /// A nonisolated class that keeps a main-actor property it does not inject.
  @Injectable
  final class KeepsALabel {
    var injectedCache: Cache?
    @MainActor var label: IsolatedLabel?
    nonisolated var injectedLogger: (any Logger)?
  }

  /// A main-actor class with a candidate it lets any thread reach.
  @Injectable @MainActor
  final class MainActorWithUnsafeCandidate {
    nonisolated(unsafe) var injectedCache: Cache?
    @MainActor var injectedLabel: IsolatedLabel?
  }

  /// A class and its candidate isolated to the main actor, spelled two ways.
  @Injectable @Swift.MainActor
  final class QualifiedMainActorScreen {
    @MainActor var injectedLabel: IsolatedLabel?
  }

  @Suite("Classes with a property isolated to a global actor")
  struct IsolatedPropertyBehaviorTests {
    @MainActor @Test("`@Swift.MainActor` and `@MainActor` are the same actor: the candidate is filled")
    func qualifiedActorName() throws {
      let injector = Injector()
      injector.register(IsolatedLabel.self, on: MainActor.self) { _ in IsolatedLabel() }
      let screen = QualifiedMainActorScreen()
      try injector.inject(screen)
      #expect(screen.injectedLabel != nil)
    }

    @Test("A nonisolated class's main-actor property is never touched, and a name registration for it is refused")
    func nonCandidateIsLeftAlone() throws {
      let injector = Injector()
      let cache = Cache()
      injector.register(cache)
      injector.register(ConsoleLogger(), as: (any Logger).self)
      let screen = KeepsALabel()
      try injector.inject(screen)
      #expect(screen.injectedCache === cache)
      #expect(screen.injectedLogger is ConsoleLogger)

      injector.register(unchecked: 1, named: "label")
      let error = try #require(throws: InjectionError.self) { try injector.inject(KeepsALabel()) }
      #expect(error.problems.map(\.location).contains { $0.hasPrefix("KeepsALabel.label") }, "\(error)")
    }

    @MainActor @Test("A main-actor class fills its main-actor and nonisolated(unsafe) candidates")
    func mainActorClass() throws {
      let injector = Injector()
      let cache = Cache()
      injector.register(cache)
      injector.register(IsolatedLabel.self, on: MainActor.self) { _ in IsolatedLabel() }
      let screen = MainActorWithUnsafeCandidate()
      try injector.inject(screen)
      #expect(screen.injectedCache === cache)
      #expect(screen.injectedLabel != nil)
    }
  }

  @Suite("@Injectable and a property isolated to a global actor", .injectable)
  struct IsolatedPropertyTests {
    @Test("A @MainActor candidate of a class that is not main-actor is an error, with a fix-it that removes it")
    func mainActorCandidateInNonisolatedClass() {
      assertMacro {
        """
        @Injectable final class Screen {
          var injectedLogger: Logger?
          @MainActor var injectedLabel: Label?
        }
        """
      } diagnostics: {
        """
        @Injectable final class Screen {
          var injectedLogger: Logger?
          @MainActor var injectedLabel: Label?
          ┬─────────
          ╰─ 🛑 'injectedLabel' is a candidate for injection isolated to 'MainActor', and the class is not (that @Injectable can see): the injector writes it through the class's accessors, which run where the class is injected and cannot reach another actor's property; mark the class '@MainActor' (a subclass of a class isolated to it: '@Injectable(isolation: MainActor.self)'), or remove '@MainActor' from the property (or rename it, if it is not to be injected)
             ✏️ Remove '@MainActor'
        }
        """
      } fixes: {
        """
        @Injectable final class Screen {
          var injectedLogger: Logger?
          var injectedLabel: Label?
        }
        """
      } expansion: {
        """
        final class Screen {
          var injectedLogger: Logger?
          var injectedLabel: Label?

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
                case "injectedLabel":
                  guard let value = value as? Label else {
                    return false
                  }
                  values.injectedLabel = value
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
                if let value = values.injectedLabel, object.injectedLabel == nil {
                  object.injectedLabel = value
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
              ),
              PropertyInjector::InjectableAccessor._$property(
                "injectedLabel", of: Screen.self, as: Label.self,
                ownership: .strong,
                isNil: {
                  $0.injectedLabel == nil
                }, write: {
                  $0.injectedLabel = $1
                }, clear: {
                  $0.injectedLabel = nil
                },
                fill: {
                  guard $0.injectedLabel == nil else {
                    return false
                  }
                  $0.injectedLabel = $1
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
            var injectedLabel: Label?
          }
        }

        extension Screen: PropertyInjector::InjectableSettable, PropertyInjector::InjectableThroughAccessors {
        }
        """
      }
    }

    @Test("An actor's name qualified by its module is the same actor: no diagnostic, isolated conformances")
    func qualifiedActorNames() {
      let source = """
        @Injectable @Swift.MainActor final class Screen {
          @MainActor var injectedLabel: Label?
          @Swift.MainActor var injectedStore: Store?
        }
        """
      #expect(diagnostics(of: source).isEmpty)
      #expect(expandedSource(source).contains("@Swift.MainActor PropertyInjector::InjectableSettable"))
      let named = """
        @Injectable(isolation: Swift.MainActor.self) final class Screen: Base {
          @MainActor var injectedLabel: Label?
        }
        """
      #expect(diagnostics(of: named).isEmpty)
    }

    @Test("A candidate isolated to another actor than the class's is an error that names both")
    func candidateOfAnotherActor() {
      assertMacro {
        """
        @Injectable @MainActor final class Screen {
          @DatabaseActor var injectedStore: Store?
        }
        """
      } diagnostics: {
        """
        @Injectable @MainActor final class Screen {
          @DatabaseActor var injectedStore: Store?
          ┬─────────────
          ╰─ 🛑 'injectedStore' is a candidate for injection isolated to 'DatabaseActor', and the class is isolated to 'MainActor': the injector writes it through the class's accessors, which run where the class is injected and cannot reach another actor's property; isolate the property and the class to the same actor, or remove '@DatabaseActor' from the property (or rename it, if it is not to be injected)
             ✏️ Remove '@DatabaseActor'
        }
        """
      } fixes: {
        """
        @Injectable @MainActor final class Screen {
          var injectedStore: Store?
        }
        """
      } expansion: {
        """
        @MainActor final class Screen {
          var injectedStore: Store?

          static var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            let filler = PropertyInjector::InjectableFiller._$filler(
              of: Screen.self, values: _$InjectableValues(),
              set: { values, name, value in
                switch name {
                case "injectedStore":
                  guard let value = value as? Store else {
                    return false
                  }
                  values.injectedStore = value
                default:
                  return false
                }
                return true
              },
              fill: { object, values in
                var wrote = false
                if let value = values.injectedStore, object.injectedStore == nil {
                  object.injectedStore = value
                  wrote = true
                }
                return wrote
              })
            return [
              PropertyInjector::InjectableAccessor._$complete(Screen.self),
              PropertyInjector::InjectableAccessor._$property(
                "injectedStore", of: Screen.self, as: Store.self,
                ownership: .strong,
                isNil: {
                  $0.injectedStore == nil
                }, write: {
                  $0.injectedStore = $1
                }, clear: {
                  $0.injectedStore = nil
                },
                fill: {
                  guard $0.injectedStore == nil else {
                    return false
                  }
                  $0.injectedStore = $1
                  return true
                }, typeOf: {
                  Swift::type(of: $0)
                }, filler: filler
              )
            ]
          }

          /// The values an injector binds to fill this class's properties in one call (written by @Injectable).
          private struct _$InjectableValues {
            var injectedStore: Store?
          }
        }

        extension Screen: @MainActor PropertyInjector::InjectableSettable, @MainActor PropertyInjector::InjectableThroughAccessors {
        }
        """
      }
    }

    @Test("A @MainActor candidate of a class isolated to the main actor gets its accessor")
    func sameActor() {
      assertMacro {
        """
        @Injectable(isolation: MainActor.self) final class Screen: FrameworkViewController {
          @MainActor var injectedLabel: Label?
        }
        """
      } expansion: {
        """
        final class Screen: FrameworkViewController {
          @MainActor var injectedLabel: Label?

          static var injectableAccessors: [PropertyInjector::InjectableAccessor] {
            let filler = PropertyInjector::InjectableFiller._$filler(
              of: Screen.self, values: _$InjectableValues(),
              set: { values, name, value in
                switch name {
                case "injectedLabel":
                  guard let value = value as? Label else {
                    return false
                  }
                  values.injectedLabel = value
                default:
                  return false
                }
                return true
              },
              fill: { object, values in
                var wrote = false
                if let value = values.injectedLabel, object.injectedLabel == nil {
                  object.injectedLabel = value
                  wrote = true
                }
                return wrote
              })
            return [
              PropertyInjector::InjectableAccessor._$complete(Screen.self),
              PropertyInjector::InjectableAccessor._$property(
                "injectedLabel", of: Screen.self, as: Label.self,
                ownership: .strong,
                isNil: {
                  $0.injectedLabel == nil
                }, write: {
                  $0.injectedLabel = $1
                }, clear: {
                  $0.injectedLabel = nil
                },
                fill: {
                  guard $0.injectedLabel == nil else {
                    return false
                  }
                  $0.injectedLabel = $1
                  return true
                }, typeOf: {
                  Swift::type(of: $0)
                }, filler: filler
              )
            ]
          }

          /// The values an injector binds to fill this class's properties in one call (written by @Injectable).
          private struct _$InjectableValues {
            var injectedLabel: Label?
          }
        }

        extension Screen: @MainActor PropertyInjector::InjectableSettable, @MainActor PropertyInjector::InjectableThroughAccessors {
        }
        """
      }
    }

    @Test("A @MainActor property that is no candidate is listed as one the injector cannot fill, without a warning")
    func nonCandidate() {
      assertMacro {
        """
        @Injectable final class Screen {
          var injectedLogger: Logger?
          @MainActor var label: Label?
        }
        """
      } expansion: {
        """
        final class Screen {
          var injectedLogger: Logger?
          @MainActor var label: Label?

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
              PropertyInjector::InjectableAccessor._$fixed("label", of: Screen.self, type: (Label?).self),
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
    }

    @Test("A nonisolated candidate of a nonisolated class gets its accessor")
    func nonisolatedCandidate() {
      assertMacro {
        """
        @Injectable final class Screen {
          nonisolated var injectedLogger: Logger?
        }
        """
      } expansion: {
        """
        final class Screen {
          nonisolated var injectedLogger: Logger?

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
    }
  }
#endif
