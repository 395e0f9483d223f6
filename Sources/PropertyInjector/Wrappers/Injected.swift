/// A property that reads its value from an injector on every access, by type or by name.
///
/// ```swift
/// final class ReportView {
///   @Injected var logger: (any Logger)?  // from Injector.shared, or the current task's override
///   @Injected(named: "luckyNumbers") var numbers: [Int]?
/// }
/// ```
///
/// A property's getter cannot throw, so the property is optional: it reads `nil` when nothing can be
/// resolved, for any reason. `try $logger.resolve()` returns the value or throws the
/// ``InjectionError`` that says why, naming the class and the property, and
/// ``Injector/validate(_:)`` finds it in a test. A non-optional declaration does not compile
/// ("property type 'any Logger' does not match 'wrappedValue' type 'Value?'"). See <doc:Lifecycles>.
@propertyWrapper
public struct Injected<Value>: Sendable {
  let injector: Injector?
  let name: String?
  /// The class and property, when the wrapper was reached through its object.
  var owner: InjectedOwner?

  /// Reads the value registered for `Value`, as ``Injector/resolve(_:for:id:)`` does.
  ///
  /// - Parameter injector: The injector to read from; by default ``Injector/shared`` (the
  ///   current task's override, if any) at the time of each read. One given is kept strongly:
  ///   an object it keeps (an instance, a singleton) that reads from it so makes a cycle.
  public init(in injector: Injector? = nil) {
    self.injector = injector
    name = nil
  }

  /// Reads the value registered under `name`, as ``Injector/resolve(_:named:)`` does.
  ///
  /// - Parameters:
  ///   - name: The registered name, compared exactly.
  ///   - injector: The injector to read from; by default ``Injector/shared`` at each read (kept
  ///     strongly when given, as in ``init(in:)``).
  public init(named name: String, in injector: Injector? = nil) {
    self.injector = injector
    self.name = name
  }

  /// The value registered now, or `nil` when nothing can be resolved; ``resolve()`` says why.
  public var wrappedValue: Value? { try? resolve() }

  /// The wrapper itself, for ``resolve()``: `try $logger.resolve()`.
  public var projectedValue: Self { self }

  /// The value registered now.
  ///
  /// - Throws: ``InjectionError``, as ``Injector/resolve(_:for:id:)`` or ``Injector/resolve(_:named:)``
  ///   does; read through a class's property (`$logger`), its ``InjectionError/operation`` names both.
  public func resolve() throws(InjectionError) -> Value {
    let injector = injector ?? .shared
    do {
      if let name { return try injector.resolve(Value.self, named: name) }
      return try injector.resolve(Value.self)
    } catch {
      guard let owner else { throw error }
      throw error.readingInjected(at: owner.site(of: Value.self), fromShared: self.injector == nil)
    }
  }

  /// The wrapper of an `@Injected` property of a class, for `try $logger.resolve()`: the error it
  /// throws names the class and the property.
  ///
  /// - Parameters:
  ///   - instance: The object whose property's wrapper is read.
  ///   - projectedKeyPath: The projection (`$logger`).
  ///   - storageKeyPath: The wrapper's storage (`_logger`), which names the property.
  public static subscript<EnclosingSelf: AnyObject>(
    _enclosingInstance instance: EnclosingSelf,
    projected projectedKeyPath: KeyPath<EnclosingSelf, Self>,
    storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Self>
  ) -> Self {
    var wrapper = instance[keyPath: storageKeyPath]
    wrapper.owner = InjectedOwner(instance: instance, storage: storageKeyPath)
    return wrapper
  }
}

/// The class and storage of an ``Injected`` property read through its object: what messages name.
struct InjectedOwner: Sendable {
  /// The object's dynamic class.
  let type: AnyObject.Type
  /// The wrapper's storage key path (`\ReportView._logger`). Exempt from the `Sendable` check: a
  /// key path is an immutable value, which `AnyKeyPath` does not declare.
  private let storage: UncheckedSendable<AnyKeyPath>

  init(instance: AnyObject, storage: AnyKeyPath) {
    type = Swift.type(of: instance)
    self.storage = UncheckedSendable(value: storage)
  }

  /// The property's name, from the storage key path's description (`\ReportView._logger`); nil on
  /// the Apple systems whose key paths do not describe themselves (before macOS 14 and iOS 17).
  var property: String? {
    guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return nil }
    let text = storage.value.debugDescription
    // The storage's name follows the last dot, and starts with "_".
    guard let dot = text.lastIndex(of: "."), text[dot...].hasPrefix("._") else { return nil }
    let name = text[dot...].dropFirst(2)
    guard let first = name.first, first.isLetter || first == "_",
      name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
    else { return nil }
    return String(name)
  }

  /// Where a value of `Value` is needed: `ReportView.logger: any Logger`, or the class alone.
  func site<Value>(of _: Value.Type) -> Site {
    Site(owner: type, property: property ?? "(an @Injected property)", declared: Value.self, resolvesOnRead: true)
  }
}

extension Injected: InjectedProperty {
  func problem(checkedBy validating: Injector, property: String, in owner: Any.Type) -> InjectionError.Problem? {
    // What the request would hit now, without producing anything.
    do {
      let chain = try (injector ?? validating).snapshotChain()
      if let problem = chain.configurationProblems.first { return problem }
      let site = Site(owner: owner, property: property, declared: Value.self, resolvesOnRead: true)
      let request = Request(
        wanted: TypeProbe(Value.self), classChain: [], label: name, names: name == nil ? .ignored : .only, site: site)
      return if case .failure(let problem) = Rules.answer(request, in: chain) { problem } else { nil }
    } catch {
      return error.problems.first
    }
  }
}
