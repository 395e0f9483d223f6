/// A value resolved on first use, then kept: a property type that breaks creation cycles.
///
/// ```swift
/// final class Feed: InjectableSettable {
///   var injectedDatabase: Lazy<Database>?   // resolvable is checked by inject; created on first .value
///   ...
///   func load() throws { try injectedDatabase?.value.query() }
/// }
/// ```
///
/// When ``Injector/inject(_:)`` fills a `Lazy<T>?` property, it checks that a `T` can be
/// resolved for that property (with its name, id and target), so a wiring mistake still fails
/// the injection; nothing is created until ``value`` is first read. Because creation waits, a
/// cycle through a `Lazy` resolves: `A` can hold a `Lazy<B>` while `B` holds an `A`.
///
/// A `Lazy` breaks a *creation* cycle, not a *reference* cycle: once read, it keeps its value
/// strongly, like any stored property. When `B` holds a `Lazy<A>` to the `A` that holds `B`,
/// the two keep each other alive once the `Lazy` is read; declare the back-reference `weak`
/// elsewhere, or clear it, where that matters (a singleton living as long as its injector
/// usually does not).
///
/// Reading ``value`` from several threads at once creates the value exactly once. A creation
/// that throws is not remembered: the next read tries again. A `Lazy` made by an injector
/// keeps that injector weakly.
///
/// In tests, make one directly: `screen.injectedDatabase = Lazy { FakeDatabase() }`.
public final class Lazy<Value> {
  private let resolution: @Sendable () throws -> Any
  private let cell: OnceCell

  /// A `Lazy` that calls `create` on first use.
  ///
  /// - Parameter create: Makes the value; called at most once successfully.
  public init(_ create: @escaping @Sendable () throws -> Value) {
    resolution = create
    cell = OnceCell(label: "Lazy<\(readableName(of: Value.self))>")
  }

  init(resolution: @escaping @Sendable () throws -> Any) {
    self.resolution = resolution
    cell = OnceCell(label: "Lazy<\(readableName(of: Value.self))>")
  }

  /// The value, created on first read.
  ///
  /// - Throws: ``InjectionError`` when it cannot be created: nothing eligible is registered
  ///   any more (``InjectionError/Code/unresolved``), its factory threw
  ///   (``InjectionError/Code/factoryFailed``), it needs itself (``InjectionError/Code/cycle``),
  ///   or the injector is gone (``InjectionError/Code/injectorReleased``).
  public var value: Value {
    get throws {
      let site = Site(named: cell.label, property: "value")
      let value = try CreationStack.current.within(ObjectIdentifier(self), for: site) {
        try cell.value(for: site, create: resolution)
      }
      guard let typed = value as? Value else {
        throw InjectionError(
          operation: "\(cell.label).value",
          InjectionError.Problem(
            code: .typeMismatch, typeName: cell.label,
            summary:
              "the value made is \(aOrAn(readableName(of: type(of: value)))), not \(aOrAn(readableName(of: Value.self))).",
            fix: "Register \(aOrAn(readableName(of: Value.self)))."))
      }
      return typed
    }
  }
}

extension Lazy: @unchecked Sendable where Value: Sendable {}

extension Lazy: DeferredValue {
  static var deferral: Deferral {
    Deferral(inner: Probe<Value>(), timing: "on first .value, then kept") { resolution in Lazy(resolution: resolution) }
  }
}
