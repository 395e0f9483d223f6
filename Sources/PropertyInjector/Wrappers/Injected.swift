/// A property that reads its value from an injector on every access, by type or by name.
///
/// ```swift
/// final class ReportView {
///   @Injected var logger: any Logger  // from Injector.shared, or the current task's override
///   @Injected(named: "luckyNumbers") var numbers: [Int]
/// }
/// ```
///
/// The value is not optional, and a property cannot throw: reading one that cannot be resolved stops
/// the program with the ``InjectionError``'s text, as `!` does. `try $logger.resolve()` throws the
/// error instead, and ``Injector/validate(_:)`` finds it in a test. See <doc:Lifecycles>.
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

  /// The value registered now; when nothing fits, reading it stops the program with the error.
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

  /// Reads an `@Injected` property of a class, as `object.property` does; when the value cannot be
  /// resolved, the message that stops the program names the class and the property.
  ///
  /// - Parameters:
  ///   - instance: The object whose property is read.
  ///   - wrappedKeyPath: The property.
  ///   - storageKeyPath: The wrapper's storage (`_logger`), which names the property.
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
  var storage: AnyKeyPath { sharedStorage.value }
  private let sharedStorage: UncheckedSendable<AnyKeyPath>
  /// The property's name found through `Mirror`, set only on the path that stops the program.
  var mirroredName: String?

  init(instance: AnyObject, storage: AnyKeyPath) {
    type = Swift.type(of: instance)
    sharedStorage = UncheckedSendable(value: storage)
  }

  /// The property's name, from the storage key path's description or from `Mirror`; nil when neither tells.
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

  /// The name of the one `@Injected` property of `Value` in `instance`, through `Mirror`; nil if none or several.
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

extension Injected: InjectedProperty {
  func problem(checkedBy validating: Injector, property: String, in owner: Any.Type) -> InjectionError.Problem? {
    let site = Site(owner: owner, property: property, declared: Value.self)
    let request = Request(
      wanted: TypeProbe(Value.self), classChain: [], label: name, names: name == nil ? .ignored : .only, site: site)
    return (injector ?? validating).problem(resolving: request)
  }
}
