/// A weak reference to a made value, published through a ``SingletonCell`` once made.
final class WeakBox {
  weak var object: AnyObject?

  init(_ object: AnyObject) { self.object = object }
}

/// A ``Scope/weak`` factory: the value is shared while anything outside the injector holds it.
struct WeakFactory<Service>: AnyFactory {
  let factory: Factory<Service>
  /// The value, held weakly by a ``SingletonCell`` per generation: one thread makes it (outside every lock) while
  /// the others wait; once released, the next request starts a new generation.
  let cell: CachedCell<WeakBox>

  /// The value alive now, or a new one; never a released one. If an override sits in between, the override's own,
  /// in cells of its own, unless the home value is alive when it asks (as a singleton's): never one the override
  /// made in the home cell, however the app releases its value meanwhile.
  func make(_ execution: Execution, for registration: Registration, level: Int, at site: Site)
    throws(InjectionError) -> Service
  {
    let notClass = { (type: Any.Type) in
      InjectionError(
        operation: site.label, .weakNotClass(at: site, registration: registration.named, made: readableName(of: type)))
    }
    // A `Service` may be a class instance if it is a class, or an existential a class may conform to.
    guard Service.self is AnyClass || isExistential(Service.self) else { throw notClass(Service.self) }
    let cell: CachedCell<WeakBox>
    switch execution.source(
      self.cell, of: registration, level: level, value: { $0.generation.madeValue?.object as? Service },
      fresh: { CachedCell(label: self.cell.generation.label) })
    {
    case .value(let value): return value
    case .cell(let chosen): cell = chosen
    }
    while true {
      let generation = cell.generation
      if let value = generation.madeValue?.object as? Service { return value }
      // The maker keeps its value strongly until it returns; a waiter reads it weakly, and may find it gone.
      var made: Service?
      let waitLimit = execution.injector.waitLimitSeconds
      let box = try generation.value(for: site, waitLimit: waitLimit) { () throws(InjectionError) -> WeakBox in
        let value = try execution.make(for: registration, level: level, at: site, factory.make)
        let type = Swift.type(of: value as Any)
        guard type is AnyClass else { throw notClass(type) }
        made = value
        return WeakBox(value as AnyObject)
      }
      if let made { return made }
      if let value = box.object as? Service { return value }
      cell.replace(generation)
    }
  }
}
