/// A type the injector creates, fresh for each property, when nothing is registered for it.
///
/// Any registration of the type (with any id or target, here or in a parent) turns auto-creation
/// off. A created value that is ``InjectableSettable`` is injected first. See <doc:Lifecycles>.
public protocol InjectorCreatable {
  /// Creates an instance, resolving what it needs from `resolver`.
  ///
  /// - Parameter resolver: The injector filling the property.
  /// - Throws: Any error; the injection that needed the instance fails, wrapping it.
  init(resolver: Resolver) throws
}
