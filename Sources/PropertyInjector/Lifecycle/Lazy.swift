/// A value resolved on first use, then kept: a property type that breaks creation cycles.
///
/// ```swift
/// @Injectable final class Feed {
///   var injectedDatabase: Lazy<Database>?   // resolvable is checked by inject; created on first .value
///
///   func load() throws { try injectedDatabase?.value.query() }
/// }
/// ```
///
/// When ``Injector/inject(_:)`` fills a `Lazy<T>?` property, it checks that a `T` can be
/// resolved for that property (with its name, id and target), so a wiring mistake still fails
/// the injection; nothing is created until ``value`` is first read. Because creation waits, a
/// cycle through a `Lazy` resolves: `A` can hold a `Lazy<B>` while `B` holds an `A`.
/// ``Injector/resolve(_:for:id:)`` of a `Lazy<T>` follows the same rules.
///
/// A `Lazy` breaks a *creation* cycle, not a *reference* cycle: once read, it keeps its value
/// strongly, like any stored property.
///
/// Reading ``value`` from several threads at once creates the value exactly once. A creation
/// that throws is not remembered: the next read tries again. A `Lazy` made by an injector
/// keeps that injector weakly.
///
/// In tests, make one directly: `screen.injectedDatabase = Lazy { FakeDatabase() }`.
public final class Lazy<Value> {
  private let resolution: @Sendable () throws(InjectionError) -> Value
  private let cell: SingletonCell<Value>
  private let waitLimit: Double

  /// A `Lazy` that calls `create` on first use.
  ///
  /// - Parameter create: Makes the value; called at most once successfully. An error it throws
  ///   is reported as ``InjectionError/Code/factoryFailed``, wrapping it.
  public init(_ create: @escaping @Sendable () throws -> Value) {
    let label = "Lazy<\(readableName(of: Value.self))>"
    resolution = { () throws(InjectionError) -> Value in
      do {
        return try create()
      } catch let error as InjectionError {
        throw error
      } catch {
        let site = Site(named: label, property: "value")
        throw InjectionError(
          operation: "\(label).value", .factoryFailed(at: site, making: "the Lazy's closure", error: error),
          underlyingError: error)
      }
    }
    cell = SingletonCell(label: label)
    waitLimit = Injector.defaultCreationWaitLimit
  }

  init(_ resolution: DeferredResolution<Value>) {
    self.resolution = { () throws(InjectionError) -> Value in try resolution() }
    cell = SingletonCell(label: "Lazy<\(readableName(of: Value.self))>")
    waitLimit = resolution.waitLimit
  }

  /// The value, created on first read.
  ///
  /// - Throws: ``InjectionError`` when it cannot be created: nothing eligible is registered
  ///   any more (``InjectionError/Code/unresolved``), its factory threw
  ///   (``InjectionError/Code/factoryFailed``), it needs itself (``InjectionError/Code/cycle``),
  ///   or the injector is gone (``InjectionError/Code/injectorReleased``).
  public var value: Value {
    get throws(InjectionError) {
      let site = Site(named: cell.label, property: "value")
      return try CreationStack.current.within(ObjectIdentifier(self), for: site) { () throws(InjectionError) in
        try cell.value(for: site, waitLimit: waitLimit, create: resolution)
      }
    }
  }
}

// Safe when the value is: the value is created once, behind the cell's lock, and never changes.
extension Lazy: @unchecked Sendable where Value: Sendable {}

extension Lazy: DeferredValue {
  static var deferral: Deferral { Deferral(inner: TypeProbe(Value.self), timing: "on first .value, then kept") }

  convenience init(resolving request: Request, through link: InjectorLink) {
    self.init(DeferredResolution(link: link, request: request))
  }
}
