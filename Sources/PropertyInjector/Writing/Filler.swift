/// Fills, in one call, every property of one class that registered instances fill: what
/// `@Injectable` writes beside a class's accessors, so that a cached injection makes one call
/// per class, not one per property.
///
/// A plan binds the registered instances into a `Values` (one optional stored property per
/// accessor, typed) once, when it is built; each injection then calls `fill` with them, which
/// writes each bound value into its property if the property is nil, as plain assignments.
public struct InjectableFiller {
  let filler: any AnyFiller

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
    filler = Filler(empty: values, set: set, fill: fill)
  }
}

/// An ``InjectableFiller``, its types erased: what the accessors of its class refer to.
protocol AnyFiller: AnyObject {
  /// A step that fills the properties in `bindings` in one call; nil when a value does not fit its property.
  func step(binding bindings: [(name: String, value: Any)], for candidate: Candidate) -> (any ConstantStep)?
}

/// The typed ``AnyFiller`` behind an ``InjectableFiller``.
final class Filler<Root: AnyObject, Values>: AnyFiller {
  let empty: Values
  let set: (inout Values, String, Any) -> Bool
  let fill: (Root, Values) -> Bool

  init(empty: Values, set: @escaping (inout Values, String, Any) -> Bool, fill: @escaping (Root, Values) -> Bool) {
    self.empty = empty
    self.set = set
    self.fill = fill
  }

  func step(binding bindings: [(name: String, value: Any)], for candidate: Candidate) -> (any ConstantStep)? {
    var values = empty
    for (name, value) in bindings {
      guard set(&values, name, value) else { return nil }
    }
    return FusedStep(candidate: candidate, fill: fill, values: values)
  }
}

/// Fills several properties of one class with registered instances, in one call.
final class FusedStep<Root: AnyObject, Values>: ConstantStep {
  let candidate: Candidate
  let fillAll: (Root, Values) -> Bool
  let values: Values

  init(candidate: Candidate, fill: @escaping (Root, Values) -> Bool, values: Values) {
    self.candidate = candidate
    fillAll = fill
    self.values = values
  }

  func fill(_ object: AnyObject) -> Bool {
    // Sound as `Accessor.root(_:)` is: a plan is only applied to objects of its own type.
    fillAll(unsafe unsafeDowncast(object, to: Root.self), values)
  }
}

/// A registered instance awaiting its class's filler (``TypePlan/fused(_:)``), uncast; ``alone`` if refused.
final class FusibleStep {
  let candidate: Candidate
  let accessor: AnyAccessor
  let filler: any AnyFiller
  let value: Any

  init(candidate: Candidate, accessor: AnyAccessor, filler: any AnyFiller, value: Any) {
    self.candidate = candidate
    self.accessor = accessor
    self.filler = filler
    self.value = value
  }

  var alone: Step { accessor.constantStep(for: candidate, value: value) }
}
