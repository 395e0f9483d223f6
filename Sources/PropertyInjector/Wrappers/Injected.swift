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
/// force-unwrapping does. Read from a class's property, the message starts with the class, the
/// property and its type (`@Injected ReportView.logger: any Logger cannot be read.`), then says
/// what failed and how to fix it; when ``Injector/shared`` was never configured, it says exactly
/// that and shows `Injector.shared.configure { ... }`. Catch the mistake earlier:
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
  /// The class and property, when the wrapper was reached through its object.
  var owner: InjectedOwner?

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
  ///
  /// Read from a class's property, the value comes through
  /// `subscript(_enclosingInstance:wrapped:storage:)` instead, whose message also names the
  /// class and the property; this getter serves the other places a wrapper can be declared (a
  /// struct's property, a local variable).
  public var wrappedValue: Value {
    do {
      return try resolve()
    } catch {
      let site = Site(resolving: Value.self)
      fatalError(InjectedStop.message(for: error.readingInjected(at: site, fromShared: injector == nil), property: nil))
    }
  }

  /// The wrapper itself, for ``resolve()``: `try $logger.resolve()`.
  public var projectedValue: Self { self }

  /// The value registered now.
  ///
  /// ```swift
  /// do {
  ///   let logger = try $logger.resolve()
  /// } catch {
  ///   print(error)  // "@Injected ReportView.logger: any Logger failed with 1 problem: ..."
  /// }
  /// ```
  ///
  /// When the wrapper was reached through a class's property (`$logger` inside or on an instance
  /// of the class), the error's ``InjectionError/operation`` names the class, the property and its
  /// type, and a read of ``Injector/shared`` before ``Injector/configure(_:)`` ran says so, with
  /// the call to add.
  ///
  /// - Throws: ``InjectionError``, as ``Injector/resolve(_:for:id:)`` or ``Injector/resolve(_:named:)`` does.
  ///
  /// Thread safety: call from any thread, as `resolve`.
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

  /// Reads the value of an `@Injected` property of a class: what `object.property` compiles to.
  ///
  /// ```swift
  /// final class ReportView {
  ///   @Injected var logger: any Logger   // `view.logger` calls this subscript
  /// }
  /// ```
  ///
  /// Like ``wrappedValue``, but it knows the object and the property, so when the value cannot be
  /// resolved the message that stops the program starts with `@Injected ReportView.logger: any Logger`,
  /// says what failed and how to fix it, and, when ``Injector/shared`` was never configured, says
  /// exactly that and shows `Injector.shared.configure { ... }`.
  ///
  /// - Parameters:
  ///   - instance: The object whose property is read.
  ///   - wrappedKeyPath: The property.
  ///   - storageKeyPath: The wrapper's storage (`_logger`), which names the property.
  ///
  /// Thread safety: as ``resolve()``; the wrapper is immutable.
  public static subscript<EnclosingSelf: AnyObject>(
    _enclosingInstance instance: EnclosingSelf,
    wrapped wrappedKeyPath: KeyPath<EnclosingSelf, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Self>
  ) -> Value {
    let wrapper = instance[keyPath: storageKeyPath]
    do {
      return try wrapper.resolve()
    } catch {
      // Only on the way to stopping: naming the property may need `Mirror`.
      var owner = InjectedOwner(instance: instance, storage: storageKeyPath)
      if owner.property == nil { owner.mirroredName = InjectedOwner.mirroredName(of: Value.self, in: instance) }
      let sited = error.readingInjected(at: owner.site(of: Value.self), fromShared: wrapper.injector == nil)
      fatalError(InjectedStop.message(for: sited, property: owner.property))
    }
  }

  /// The wrapper of an `@Injected` property of a class, for `try $logger.resolve()`: it knows the
  /// object's class and the property, so the error it throws names them.
  ///
  /// - Parameters:
  ///   - instance: The object whose property's wrapper is read.
  ///   - projectedKeyPath: The projection (`$logger`).
  ///   - storageKeyPath: The wrapper's storage (`_logger`), which names the property.
  ///
  /// Thread safety: reads the wrapper, which is immutable.
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
  var storage: AnyKeyPath { unsafe uncheckedStorage }
  private nonisolated(unsafe) let uncheckedStorage: AnyKeyPath
  /// The property's name found through `Mirror` when the key path does not tell it; only set on
  /// the path that stops the program.
  var mirroredName: String?

  init(instance: AnyObject, storage: AnyKeyPath) {
    type = Swift.type(of: instance)
    unsafe uncheckedStorage = storage
  }

  /// The property's name: from the storage key path's description (`\ReportView._logger`), where
  /// the runtime can tell it, or from `Mirror`; nil when neither can.
  var property: String? {
    if let name = Self.name(fromStorage: storage) { return name }
    return mirroredName
  }

  /// Where a value of `Value` is needed: `ReportView.logger: any Logger`, or the class alone.
  func site<Value>(of _: Value.Type) -> Site {
    Site(owner: type, property: property ?? "(an @Injected property)", declared: Value.self)
  }

  private static func name(fromStorage storage: AnyKeyPath) -> String? {
    guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return nil }
    let text = storage.debugDescription
    guard let dot = text.lastIndex(of: ".") else { return nil }
    let storageName = text[text.index(after: dot)...]
    guard storageName.hasPrefix("_") else { return nil }
    let name = storageName.dropFirst()
    guard let first = name.first, first.isLetter || first == "_",
      name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
    else { return nil }
    return String(name)
  }

  /// The name of the one `@Injected` property of `Value` in `instance`, found through `Mirror`
  /// (its storage is labelled `_name`); nil when there is none, or more than one.
  static func mirroredName<Value>(of _: Value.Type, in instance: AnyObject) -> String? {
    var found: [String] = []
    var mirror: Mirror? = Mirror(reflecting: instance)
    while let current = mirror {
      for child in current.children where child.value is Injected<Value> {
        if let label = child.label, label.hasPrefix("_") { found.append(String(label.dropFirst())) }
      }
      mirror = current.superclassMirror
    }
    return found.count == 1 ? found[0] : nil
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
      wanted: TypeProbe(Value.self), classChain: [], label: name, names: name == nil ? .ignored : .only, site: site)
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
