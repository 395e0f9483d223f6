/// A property that reads its value from an injector on every access, by type or by name.
///
/// ```swift
/// final class ReportView {
///   @Injected var logger: any Logger                            // Injector.shared.resolve((any Logger).self)
///   @Injected(named: "luckyNumbers") var numbers: [Int]         // Injector.shared.resolve([Int].self, named:)
///   @Injected(in: appInjector) var clock: any Clock             // a given injector
/// }
/// ```
///
/// Because it resolves on every access, a replaced registration (or an assigned ``Provided``
/// property) is seen at once, and so is the override of the current task
/// (``Injector/withOverrides(_:operation:)``, the `.injecting` test trait).
///
/// ## When it cannot be resolved
/// A wrapped property cannot throw (Swift rejects a `throws` getter on `wrappedValue`: "property
/// wrapper's 'wrappedValue' property cannot define an 'async' or 'throws' getter"), and a `nil`
/// would look like a value that resolved to nothing, the silent wrong answer this library exists
/// to prevent. This is the library's one deliberate stop. So the value is not optional, and reading
/// one that cannot be resolved stops the program with the ``InjectionError``'s full text, as
/// force-unwrapping does. Catch the mistake earlier:
/// - `try $logger.resolve()` throws the error instead;
/// - ``Injector/validate(_:)`` checks every `@Injected` property of the objects it is given
///   (through the injector it names, or the one `validate` is called on), so a test finds what is
///   missing before the app runs.
///
/// An `@Injected` property is not filled by ``Injector/inject(_:)``: its storage, which `Mirror`
/// shows as `_logger`, is never a candidate, and the class need not be ``InjectableSettable``.
@propertyWrapper
public struct Injected<Value>: Sendable {
  let injector: Injector?
  let name: String?

  /// Reads the value registered for `Value`, as ``Injector/resolve(_:for:id:)`` does.
  ///
  /// - Parameter injector: The injector to read from; by default ``Injector/shared`` (the
  ///   current task's override, if any) at the time of each read.
  public init(in injector: Injector? = nil) {
    self.injector = injector
    name = nil
  }

  /// Reads the value registered under `name`, as ``Injector/resolve(_:named:)`` does.
  ///
  /// - Parameters:
  ///   - name: The registered name, compared exactly.
  ///   - injector: The injector to read from; by default ``Injector/shared`` at each read.
  public init(named name: String, in injector: Injector? = nil) {
    self.injector = injector
    self.name = name
  }

  /// The value registered now; reading it when nothing fits stops the program with the error
  /// (see "When it cannot be resolved").
  public var wrappedValue: Value {
    do {
      return try resolve()
    } catch {
      fatalError(
        "@Injected \(readableName(of: Value.self)) cannot be resolved (use `try $property.resolve()` to catch it, and `validate` to find it in tests):\n\(error)"
      )
    }
  }

  /// The wrapper itself, for ``resolve()``: `try $logger.resolve()`.
  public var projectedValue: Self { self }

  /// The value registered now.
  ///
  /// - Throws: ``InjectionError``, as ``Injector/resolve(_:for:id:)`` or ``Injector/resolve(_:named:)`` does.
  public func resolve() throws(InjectionError) -> Value {
    let injector = injector ?? .shared
    if let name { return try injector.resolve(Value.self, named: name) }
    return try injector.resolve(Value.self)
  }
}

/// Marks `Optional`, so that an optional ``Injected`` property can be told apart at compile time.
public protocol _OptionalInjectedValue {}
extension Optional: _OptionalInjectedValue {}

extension Injected where Value: _OptionalInjectedValue {
  /// `@Injected` values are never optional: a nil would look like a value that resolved to
  /// nothing. An optional `Value` always fails to resolve.
  @_documentation(visibility: internal)
  @available(
    *, deprecated,
    message:
      "Declare it non-optional (`@Injected var logger: any Logger`): @Injected never reads nil; use `try $logger.resolve()` where resolution may fail"
  )
  public init(in injector: Injector? = nil) {
    self.injector = injector
    name = nil
  }

  /// `@Injected` values are never optional.
  @_documentation(visibility: internal)
  @available(
    *, deprecated,
    message:
      "Declare it non-optional (`@Injected(named: name) var value: T`): @Injected never reads nil; use `try $value.resolve()` where resolution may fail"
  )
  public init(named name: String, in injector: Injector? = nil) {
    self.injector = injector
    self.name = name
  }
}

/// An ``Injected`` property, seen by ``Injector/validate(_:)`` through `Mirror`.
protocol InjectedProperty {
  /// The problem reading it would hit now, checked against `injector` unless the property names
  /// its own; nil when it resolves.
  func problem(checkedBy injector: Injector, property: String, in owner: Any.Type) -> InjectionError.Problem?
}

extension Injected: InjectedProperty {
  func problem(checkedBy validating: Injector, property: String, in owner: Any.Type) -> InjectionError.Problem? {
    let site = Site(owner: owner, property: property, declared: Value.self)
    let request = Request(
      wanted: Probe<Value>(), classChain: [], label: name, names: name == nil ? .ignored : .only, site: site)
    return (injector ?? validating).problem(resolving: request)
  }
}

extension Injector {
  /// The problem `request` would hit now, without producing anything.
  func problem(resolving request: Request) -> InjectionError.Problem? {
    let chain: SnapshotChain
    do {
      chain = try snapshotChain()
    } catch {
      return error.problems.first
    }
    if let problem = chain.configurationProblems.first { return problem }
    if case .failure(let problem) = Rules.answer(request, in: chain) { return problem }
    return nil
  }

  /// The problems of `object`'s ``Injected`` properties.
  func wrapperProblems(of object: AnyObject) -> [InjectionError.Problem] {
    var problems: [InjectionError.Problem] = []
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror {
      for child in current.children {
        guard let label = child.label, label.hasPrefix("_"), let wrapper = child.value as? any InjectedProperty else {
          continue
        }
        if let problem = wrapper.problem(checkedBy: self, property: String(label.dropFirst()), in: current.subjectType)
        {
          problems.append(problem)
        }
      }
      mirror = current.superclassMirror
    }
    return problems
  }
}
