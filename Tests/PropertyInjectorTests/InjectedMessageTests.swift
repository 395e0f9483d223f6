import Testing

@testable import PropertyInjector

private final class ReportView {
  @Injected var logger: any Logger
  @Injected(named: "luckyNumbers") var numbers: [Int]

  init(injector: Injector) {
    _logger = Injected(in: injector)
    _numbers = Injected(named: "luckyNumbers", in: injector)
  }
}

/// Reads `Injector.shared`, as an app's view does.
private final class SharedView {
  @Injected var logger: any Logger

  /// The wrapper's storage, which only the class can name.
  static var loggerStorage: AnyKeyPath { \SharedView._logger }
}

/// Two wrappers of one type: `Mirror` alone cannot tell which property failed.
private final class TwoLoggers {
  @Injected var first: any Logger
  @Injected var second: any Logger
}

/// A struct's wrapper has no enclosing instance: it reads through `wrappedValue`.
private struct Settings {
  @Injected var logger: any Logger
  init(injector: Injector) { _logger = Injected(in: injector) }
}

@Suite("@Injected failures name the owner")
struct InjectedMessageTests {
  @Test("$property.resolve() on an object throws an error that names the class, the property and its type")
  func projectionNamesOwner() throws {
    let view = ReportView(injector: Injector())
    let error = try #require(injectionError { _ = try view.$logger.resolve() })
    #expect(error.code == .unresolved)
    #expect(error.operation == "@Injected ReportView.logger: any Logger")
    #expect(error.description.hasPrefix("@Injected ReportView.logger: any Logger failed with 1 problem"))
    #expect(error.problems[0].fix.contains("(any Logger).self"))
  }

  @Test("A named @Injected property's error names it too")
  func namedProjectionNamesOwner() throws {
    let view = ReportView(injector: Injector())
    let error = try #require(injectionError { _ = try view.$numbers.resolve() })
    #expect(error.code == .unresolved)
    #expect(error.operation == "@Injected ReportView.numbers: Array<Int>")
    #expect(error.description.contains("luckyNumbers"))
  }

  @Test("An @Injected property of a struct still reads its value, and its error is the plain resolve error")
  func structProperty() throws {
    let injector = Injector()
    let settings = Settings(injector: injector)
    let error = try #require(injectionError { _ = try settings.$logger.resolve() })
    injector.register(ConsoleLogger("struct"), as: (any Logger).self)
    #expect(error.operation == "resolve(any Logger)")
    #expect(settings.logger.name == "struct")
  }

  @Test("A wrapper made outside an object keeps the plain resolve error")
  func wrapperAloneKeepsResolveError() throws {
    let wrapper = Injected<any Logger>(in: Injector())
    let error = try #require(injectionError { _ = try wrapper.resolve() })
    #expect(error.operation == "resolve(any Logger)")
  }

  @Test("The stop message names Owner.property: Type, what failed, the fix, and how to catch it")
  func stopMessageIsComplete() throws {
    let view = ReportView(injector: Injector())
    let error = try #require(injectionError { _ = try view.$logger.resolve() })
    let message = InjectedStop.message(for: error, property: "logger")
    #expect(message.hasPrefix("@Injected ReportView.logger: any Logger cannot be read."))
    #expect(message.contains("[unresolved]: nothing registered fills a Logger"))
    #expect(message.contains("Fix: Register a Logger"))
    #expect(message.contains("`try $logger.resolve()`"))
    #expect(message.contains("validate"))
  }

  @Test("Reading Injector.shared before configure says exactly that, and shows Injector.shared.configure")
  func notConfiguredMessage() throws {
    let unconfigured = InjectionError(operation: "resolve(any Logger)", .notConfigured)
    let owner = InjectedOwner(instance: SharedView(), storage: SharedView.loggerStorage)
    let error = unconfigured.readingInjected(at: owner.site(of: (any Logger).self), fromShared: true)
    let message = InjectedStop.message(for: error, property: owner.property)
    #expect(error.code == .notConfigured)
    #expect(error.problems[0].location == "SharedView.logger: any Logger")
    #expect(message.hasPrefix("@Injected SharedView.logger: any Logger cannot be read."))
    #expect(message.contains("Injector.shared was never configured"))
    #expect(message.contains("`Injector.shared.configure { injector in injector.register(...) }`"))
    #expect(message.contains("@Injected(in: injector)"))
  }

  @Test("An injector of the property's own that is not configured keeps the general notConfigured text")
  func ownInjectorNotConfigured() throws {
    let unconfigured = InjectionError(operation: "resolve(any Logger)", .notConfigured)
    let owner = InjectedOwner(instance: SharedView(), storage: SharedView.loggerStorage)
    let error = unconfigured.readingInjected(at: owner.site(of: (any Logger).self), fromShared: false)
    #expect(error.operation == "@Injected SharedView.logger: any Logger")
    #expect(!error.description.contains("never configured"))
  }

  @Test("The property's name comes from Mirror when one wrapper of its type is all there is, and not otherwise")
  func mirroredName() {
    #expect(InjectedOwner.mirroredName(of: (any Logger).self, in: SharedView()) == "logger")
    #expect(InjectedOwner.mirroredName(of: (any Logger).self, in: TwoLoggers()) == nil)
    #expect(InjectedOwner.mirroredName(of: [Int].self, in: ReportView(injector: Injector())) == "numbers")
  }

  @Test("Reading an @Injected property of Injector.shared before configure stops with the complete message")
  func readingUnconfiguredSharedStops() async throws {
    let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      final class LaunchView {
        @Injected var logger: any Logger
      }
      _ = LaunchView().logger
    }
    let output = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(output.contains("@Injected LaunchView.logger: any Logger cannot be read."))
    #expect(output.contains("Injector.shared was never configured"))
    #expect(output.contains("Injector.shared.configure {"))
    #expect(output.contains("try $logger.resolve()"))
  }
}
