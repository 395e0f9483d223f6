/// What a factory receives: a handle on its injector that resolves what the factory needs,
/// without keeping the injector alive.
///
/// ```swift
/// injector.register(Database.self, scope: .singleton) { resolver in
///   Database(log: try resolver.resolve((any Logger).self))
/// }
/// ```
///
/// A factory's result may keep its resolver (a singleton that resolves later, say): the
/// resolver holds its injector weakly, so the injector, and every singleton it holds, is still
/// released when the app lets go of it. Using a resolver after that throws
/// ``InjectionError/Code/injectorReleased``.
///
/// The resolver of a parent's registration resolves from the parent, even when a child
/// injector asked for the value: a parent's singleton is the same for every child. The one
/// exception is an override (``Injector/withOverrides(_:operation:)``, the `.injecting` trait):
/// asked through one, a parent's factory resolves through the override.
public struct Resolver: Sendable {
  let link: InjectorLink

  /// Resolves a value as ``Injector/resolve(_:for:id:)`` does.
  ///
  /// - Throws: ``InjectionError``, or ``InjectionError/Code/injectorReleased`` when the injector
  ///   is gone.
  public func resolve<Service>(
    _ type: Service.Type = Service.self,
    for target: AnyClass? = nil,
    id: String? = nil
  ) throws(InjectionError) -> Service {
    try live(operation: "resolve(\(readableName(of: Service.self)))").resolve(type, for: target, id: id)
  }

  /// Resolves a name registration as ``Injector/resolve(_:named:)`` does.
  public func resolve<Value>(_ type: Value.Type = Value.self, named name: String) throws(InjectionError) -> Value {
    try live(operation: "resolve(\(readableName(of: Value.self)), named: \"\(name)\")").resolve(type, named: name)
  }

  /// Injects `target` as ``Injector/inject(_:)`` does.
  public func inject<Target: InjectableSettable>(_ target: Target) throws(InjectionError) {
    try live(operation: "inject(\(readableName(of: Target.self)))").inject(target)
  }

  private func live(operation: @autoclosure () -> String) throws(InjectionError) -> any InjectorRuntime {
    guard let injector = link.injector else { throw .injectorReleased(operation: operation(), site: nil) }
    return injector
  }
}
