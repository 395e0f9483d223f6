/// A type the injector creates, fresh, when a property needs one and nothing is registered
/// for it.
///
/// ```swift
/// struct Clock: InjectorCreatable {
///   let logger: any Logger
///   init(resolver: Resolver) throws { logger = try resolver.resolve((any Logger).self) }
/// }
///
/// @Injectable final class Feed {
///   var injectedClock: Clock?   // nothing registered for Clock: a new Clock(resolver:) fills it
/// }
/// ```
///
/// Auto-creation comes last: only when nothing is registered for the type, with any id or
/// target, in the injector or its parents. Every property it fills gets a new instance. An
/// instance that is ``InjectableSettable`` is injected before it is handed over. The
/// initializer runs outside every lock and may resolve what it needs; an initializer that
/// (directly or through others) needs its own type fails with ``InjectionError/Code/cycle``,
/// and one that throws fails the injection with ``InjectionError/Code/factoryFailed``.
public protocol InjectorCreatable {
  /// Creates an instance, resolving what it needs from `resolver`.
  ///
  /// - Parameter resolver: The injector filling the property.
  /// - Throws: Any error; the injection that needed the instance fails, wrapping it.
  init(resolver: Resolver) throws
}
