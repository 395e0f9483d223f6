extension Injector {
  /// Registers an instance to fill nil properties of its type.
  ///
  /// ```swift
  /// try injector.register(ConsoleLogger(), as: (any Logger).self)        // fills `Logger?` properties
  /// try injector.register(ImageCache(), includingAncestors: true)        // also `Cache?` properties
  /// try injector.register(ImageCache(), for: ProfileScreen.self, id: "first")  // only `…First` on ProfileScreen
  /// ```
  ///
  /// A registration fills a candidate property (one whose name starts with `injected`) when:
  /// - its type fits: the property's declared type, unwrapped, is exactly `type`; or, with
  ///   `includingAncestors`, `instance` can be cast to it (any superclass, and any protocol it
  ///   conforms to, inherited protocols included);
  /// - `target`, if given, is the object's class or one of its superclasses;
  /// - `id`, if given, ends the property's name, ignoring case (`id: "first"` matches
  ///   `injectedCacheFirst`).
  ///
  /// When several registrations are eligible, the longer id wins, then the more derived
  /// target, then an exact type over an ancestor match, then the later registration.
  /// Registering again with the same type, target and id (ignoring its case) replaces the
  /// earlier registration.
  ///
  /// The instance is used as it is: it is not injected itself. The injector keeps it alive
  /// until it is unregistered or the injector is released.
  ///
  /// - Parameters:
  ///   - instance: The value to hand out. The same instance fills every property it fits.
  ///   - type: The type to register it as; by default, the static type of `instance`.
  ///   - includingAncestors: Whether to also fill properties of every type `instance` can be
  ///     cast to, not just `type`.
  ///   - target: Fill only objects of this class or its subclasses.
  ///   - id: Fill only properties whose names end with this string, compared ignoring case.
  /// - Throws: ``InjectionError`` with ``InjectionError/Code/optionalRegistration`` if
  ///   `Service` is optional or `instance` is `nil`, or ``InjectionError/Code/emptyID`` if `id`
  ///   is empty or blank. Nothing is registered when it throws.
  /// - Complexity: O(1) amortized, plus forgetting the cached plans.
  public func register<Service>(
    _ instance: Service,
    as type: Service.Type = Service.self,
    includingAncestors: Bool = false,
    for target: AnyClass? = nil,
    id: String? = nil
  ) throws {
    try Self.rejectOptional(instance, operation: "register(\(readableName(of: Service.self)))")
    let match = Registration.TypeMatch(
      target: target.map(TargetClass.init),
      id: try id.map {
        try Self.validated(id: $0, for: Service.self, operation: "register(\(readableName(of: Service.self)))")
      },
      includingAncestors: includingAncestors
    )
    updateRegistry { $0.add(Probe<Service>(), .instance(instance), .type(match)) }
  }

  /// Registers a value to fill the property with exactly this name, on any object.
  ///
  /// ```swift
  /// try injector.register(Analytics(), named: "analytics")   // fills `var analytics: Analytics?`
  /// ```
  ///
  /// The property need not start with `injected`: a name registration makes the property with
  /// that name a candidate in every type that has one, so it must be optional and listed in
  /// the type's ``InjectableSettable/injectableKeyPaths``. A name registration comes before
  /// every type registration. When the value does not fit the property's declared type,
  /// injecting a nil property of that name throws ``InjectionError/Code/typeMismatch``.
  /// Registering the same name again replaces the earlier value.
  ///
  /// - Parameters:
  ///   - value: The value to hand out; it fills the property when it can be cast to the
  ///     property's declared type, as a subclass or conforming type.
  ///   - name: The property's name, compared exactly (case-sensitive).
  /// - Throws: ``InjectionError`` with ``InjectionError/Code/emptyName`` for an empty or blank
  ///   name, or ``InjectionError/Code/optionalRegistration`` for an optional value.
  public func register<Value>(_ value: Value, named name: String) throws {
    try Self.rejectOptional(value, operation: "register(\(readableName(of: Value.self)), named: \"\(name)\")")
    try Self.validate(
      name: name, for: Value.self, operation: "register(\(readableName(of: Value.self)), named: \"\(name)\")")
    updateRegistry { $0.add(Probe<Value>(), .instance(value), .name(name)) }
  }

  /// Removes the registration of `type` with this target and id.
  ///
  /// - Parameters:
  ///   - type: The registered type: the `as:` type, or the instance's static type.
  ///   - target: The target the registration was made for, if any.
  ///   - id: The id it was made with, if any; compared ignoring case.
  /// - Throws: ``InjectionError`` with ``InjectionError/Code/notRegistered`` when nothing is
  ///   registered under exactly that type, target and id; the message lists what is.
  public func unregister<Service>(_ type: Service.Type, for target: AnyClass? = nil, id: String? = nil) throws {
    let key = RegistrationKey.type(
      ObjectIdentifier(Service.self), target: target.map(ObjectIdentifier.init), id: id?.lowercased())
    let removed = updateRegistry { $0.remove(key) }
    guard removed == nil else { return }
    let existing = state.withLock { $0.registry.byType[ObjectIdentifier(Service.self)] ?? [] }
    var conditions: [String] = []
    if let target { conditions.append("for \(readableName(of: target))") }
    if let id { conditions.append("with id \"\(id)\"") }
    let name = readableName(of: Service.self)
    throw InjectionError(
      operation: "unregister(\(name))",
      InjectionError.Problem(
        code: .notRegistered, typeName: name,
        summary:
          "nothing is registered as \(name)\(conditions.isEmpty ? " without a target or id" : " " + conditions.joined(separator: " ")).",
        nearMisses: existing.map { "\($0.summary) is registered." },
        fix: existing.isEmpty
          ? "Check the type: registrations are keyed by the `as:` type, or the instance's static type."
          : "Pass the target and id the registration was made with."
      ))
  }

  /// Removes the name registration for `name`.
  ///
  /// - Throws: ``InjectionError`` with ``InjectionError/Code/notRegistered`` when nothing is
  ///   registered under that name.
  public func unregister(named name: String) throws {
    let removed = updateRegistry { $0.remove(.name(name)) }
    guard removed == nil else { return }
    let names = state.withLock { $0.registry.byName.keys.sorted() }
    throw InjectionError(
      operation: "unregister(named: \"\(name)\")",
      InjectionError.Problem(
        code: .notRegistered, typeName: "\"\(name)\"",
        summary: "nothing is registered under the name \"\(name)\".",
        nearMisses: names.map { "\"\($0)\" is registered." },
        fix: "Names are compared exactly, including case."
      ))
  }
}

extension Injector {
  static func rejectOptional<Value>(_ value: Value, operation: @autoclosure () -> String) throws {
    guard Value.self is any OptionalProtocol.Type else {
      // Only an existential (`Any`, `any P`) can hide an optional, and `type(of:)` does not see
      // through `Any` for a generic value, so the value itself is cast; a class instance never
      // is one, and skipping the cast saves most of a registration's cost.
      guard !(Value.self is AnyObject.Type), value is any OptionalProtocol else { return }
      throw optionalRegistration(Value.self, operation: operation())
    }
    throw optionalRegistration(Value.self, operation: operation())
  }

  static func optionalRegistration(_ type: Any.Type, operation: String) -> InjectionError {
    let name = readableName(of: type)
    return InjectionError(
      operation: operation,
      InjectionError.Problem(
        code: .optionalRegistration, typeName: name,
        summary: "the value registered is an optional (\(name)), which could hand out nil.",
        fix: "Unwrap it before registering (`if let value { try injector.register(value) }`), "
          + "and register it as the non-optional type."
      ))
  }

  static func validated<Service>(id: String, for _: Service.Type, operation: @autoclosure () -> String) throws
    -> RegistrationID
  {
    guard id.allSatisfy(\.isWhitespace) else { return RegistrationID(id) }
    throw InjectionError(
      operation: operation(),
      InjectionError.Problem(
        code: .emptyID, typeName: readableName(of: Service.self),
        summary:
          "the id is \(id.isEmpty ? "empty" : "blank"); an id is matched against the end of property names, and an empty one would match every property.",
        fix: "Pass `id: nil` to register without an id, or a non-empty id such as \"first\"."
      ))
  }

  static func validate<Value>(name: String, for _: Value.Type, operation: @autoclosure () -> String) throws {
    guard name.allSatisfy(\.isWhitespace) else { return }
    throw InjectionError(
      operation: operation(),
      InjectionError.Problem(
        code: .emptyName, typeName: readableName(of: Value.self),
        summary: "the name is \(name.isEmpty ? "empty" : "blank"), so it can never match a property.",
        fix: "Pass the exact name of the property to fill, such as \"analytics\"."
      ))
  }
}
