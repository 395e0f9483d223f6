import Testing

@testable import PropertyInjector

private final class ReportView {
  @Injected var logger: (any Logger)?
  @Injected(named: "luckyNumbers") var numbers: [Int]?

  init(injector: Injector) {
    _logger = Injected(in: injector)
    _numbers = Injected(named: "luckyNumbers", in: injector)
  }
}

/// Reads `Injector.shared`, as an app's view does.
private final class SharedView {
  @Injected var logger: (any Logger)?

  /// The wrapper's storage, which only the class can name.
  static var loggerStorage: AnyKeyPath { \SharedView._logger }
}

/// A struct's wrapper has no enclosing instance: it reads through `wrappedValue`.
private struct Settings {
  @Injected var logger: (any Logger)?
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
    #expect(settings.logger?.name == "struct")
  }

  @Test("A wrapper made outside an object keeps the plain resolve error")
  func wrapperAloneKeepsResolveError() throws {
    let wrapper = Injected<any Logger>(in: Injector())
    let error = try #require(injectionError { _ = try wrapper.resolve() })
    #expect(error.operation == "resolve(any Logger)")
  }

  @Test("Reading Injector.shared before configure says exactly that, and shows Injector.shared.configure")
  func notConfiguredMessage() throws {
    let unconfigured = InjectionError(operation: "resolve(any Logger)", .notConfigured)
    let owner = InjectedOwner(instance: SharedView(), storage: SharedView.loggerStorage)
    let error = unconfigured.readingInjected(at: owner.site(of: (any Logger).self), fromShared: true)
    #expect(error.code == .notConfigured)
    #expect(error.problems[0].location == "SharedView.logger: any Logger")
    #expect(error.operation == "@Injected SharedView.logger: any Logger")
    #expect(error.description.contains("Injector.shared was never configured"))
    #expect(error.description.contains("`Injector.shared.configure { injector in injector.register(...) }`"))
    #expect(error.description.contains("@Injected(in: injector)"))
  }

  @Test("An injector of the property's own that is not configured keeps the general notConfigured text")
  func ownInjectorNotConfigured() throws {
    let unconfigured = InjectionError(operation: "resolve(any Logger)", .notConfigured)
    let owner = InjectedOwner(instance: SharedView(), storage: SharedView.loggerStorage)
    let error = unconfigured.readingInjected(at: owner.site(of: (any Logger).self), fromShared: false)
    #expect(error.operation == "@Injected SharedView.logger: any Logger")
    #expect(!error.description.contains("never configured"))
  }
}
