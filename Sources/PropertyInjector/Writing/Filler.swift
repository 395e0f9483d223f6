/// Fills, in one call, every property of one class that registered instances fill: what
/// `@Injectable` writes beside a class's accessors, so that a cached injection makes one call
/// per class, not one per property.
///
/// A plan binds the registered instances into a `Values` (one optional stored property per
/// accessor, typed) once, when it is built; each injection then calls `fill` with them, which
/// writes each bound value into its property if the property is nil, as plain assignments.
public struct InjectableFiller {
  let filler: Filler

  /// A filler of `Root`'s properties.
  ///
  /// - Parameters:
  ///   - root: The class whose own properties it fills.
  ///   - values: The values, none bound: every property of `Values` nil.
  ///   - set: Binds `value` to the property `name`; returns false when the value does not fit
  ///     it (the plan then fills that class property by property).
  ///   - fill: Writes every bound value into its property where the property is nil; returns
  ///     whether it wrote any.
  public init<Root: AnyObject, Values>(
    of root: Root.Type,
    values: Values,
    set: @escaping (inout Values, String, Any) -> Bool,
    fill: @escaping (Root, Values) -> Bool
  ) {
    filler = Filler { bindings in
      var bound = values
      for (name, value) in bindings {
        guard set(&bound, name, value) else { return nil }
      }
      return Filling { [bound] in fill(downcast($0, to: Root.self), bound) }
    }
  }
}

/// An ``InjectableFiller``, its types erased: what the accessors of its class refer to (by identity).
final class Filler {
  /// What fills the properties in `bindings` in one call (returning whether it wrote any); nil when a value
  /// does not fit its property.
  let bind: (_ bindings: [(name: String, value: Any)]) -> Filling?

  init(bind: @escaping (_ bindings: [(name: String, value: Any)]) -> Filling?) { self.bind = bind }
}

/// Writes values into an object, and returns whether it wrote any. A struct: a closure in an optional or an array is
/// kept maximally abstracted, and each call to it goes through reabstraction thunks.
struct Filling {
  let write: (AnyObject) -> Bool
}
