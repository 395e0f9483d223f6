/// The graph-scoped values of the call running on one thread (one `inject`, one top-level `resolve`, or one
/// `Lazy`/`Provider` read outside any call), and the cached values it read, so that it sees one generation of each
/// (see ``CachedFactory``). Kept by the thread's ``CreationStack`` from the first value kept until the thread is
/// idle again (no creation, no injection in progress); never seen by
/// another thread, so never locked, and never shared by two calls. One per thread: a graph's end empties it
/// but keeps its storage, so a call allocates nothing for its values once the thread has run one as large.
final class GraphValues {
  /// A value with its registration, which the entry keeps alive so that its identity is not reused.
  private typealias Entry = (registration: Registration, value: Any)

  /// The values, and their positions once there are many.
  private struct Storage {
    var entries: [Entry] = []
    /// Each value's index in `entries`, once there are more than ``scannedCount``.
    var positions: [ObjectIdentifier: Int] = [:]

    /// Indexes the entries from `start` on, once there are more than ``scannedCount``.
    mutating func index(from start: Int) {
      guard entries.count > GraphValues.scannedCount else { return }
      for index in (positions.isEmpty ? entries.startIndex : start)..<entries.count {
        positions[ObjectIdentifier(entries[index].registration)] = index
      }
    }
  }

  /// Up to this many values, a lookup compares each registration in turn: faster than hashing.
  private static let scannedCount = 8
  /// Nil only while ``update(_:)`` has it out.
  private var storage: Storage? = Storage()

  /// Changes the storage: moved out of its property for `change`, then back, as ``CreationStack`` changes its
  /// state (so the compiler checks each access for exclusivity statically). `change` releases no value: a
  /// `deinit` must never see the storage out.
  @inline(__always)
  private func update<Result>(_ change: (inout Storage) -> Result) -> Result {
    var taken = storage.take() ?? Storage()
    let result = change(&taken)
    var back: Storage? = consume taken
    swap(&back, &storage)
    return result
  }

  var isEmpty: Bool { storage?.entries.isEmpty ?? true }

  /// The call's value of `registration`, as kept: the caller casts it, so no generic `Value?` is made (its
  /// metadata is looked up on every use in unspecialized code).
  @inline(__always)
  func value(for registration: Registration) -> Any? {
    guard let count = storage?.entries.count, count > 0 else { return nil }
    guard count > Self.scannedCount else { return storage?.entries.first { $0.registration === registration }?.value }
    // Read out whole (a retain), then looked up: a lookup inside the read would make every access checked.
    let positions = storage?.positions ?? [:]
    return positions[ObjectIdentifier(registration)].flatMap { storage?.entries[$0].value }
  }

  /// Keeps `value` as the call's value of `registration`, which has none yet.
  func keep(_ value: Any, for registration: Registration) {
    update { storage in
      storage.entries.append((registration, value))
      storage.index(from: storage.entries.count - 1)
    }
  }

  /// Moves `object` out of the storage, under every registration that kept it, for a check that counts who else keeps
  /// it, which must not count the call: the registration whose value filled the property, or another one whose value a
  /// plain factory handed on. Returns one of the values and the registrations, which ``keep(_:for:)`` puts it back for;
  /// the others are released, `object` itself still alive.
  func lend(_ object: AnyObject) -> (value: Any, registrations: [Registration])? {
    guard !isEmpty else { return nil }
    return update { storage -> (value: Any, registrations: [Registration])? in
      var lent: (value: Any, registrations: [Registration])?
      for entry in storage.entries where type(of: entry.value) is AnyClass && entry.value as AnyObject === object {
        lent = (lent?.value ?? entry.value, (lent?.registrations ?? []) + [entry.registration])
      }
      guard let lent else { return nil }
      storage.entries.removeAll { entry in lent.registrations.contains { $0 === entry.registration } }
      if !storage.positions.isEmpty { storage.positions.removeAll(keepingCapacity: true) }
      storage.index(from: 0)
      return lent
    }
  }

  /// Ends the call's graph: empties the storage, then releases the values outside every access to it, so a
  /// deinit that asks the injector again starts a call (and a graph) of its own.
  func end() {
    var ended = update { storage -> [Entry] in
      if !storage.positions.isEmpty { storage.positions.removeAll(keepingCapacity: true) }
      return exchange(&storage.entries, with: [])
    }
    // The values' deinits run here, first made first; the storage stays (without `removeAll`'s work).
    if ended.count == 1 {
      ended.removeLast()
    } else {
      ended.reverse()
      while ended.popLast() != nil {}
    }
    // The storage back for the next call, unless a deinit's call left one at least as large.
    update { storage in
      if storage.entries.isEmpty, storage.entries.capacity < ended.capacity { swap(&storage.entries, &ended) }
    }
  }
}

extension CreationStack {
  /// Ends the call's graph, once nothing runs on this thread any more (see ``GraphValues/end()``).
  @inline(__always)
  func endGraph() {
    guard !graph.isEmpty else { return }
    graph.end()
  }
}

/// A ``Scope/graph`` factory: one value per call, kept in the thread's ``GraphValues``.
struct GraphFactory<Service>: AnyFactory {
  let factory: Factory<Service>

  /// The call's value, made (and injected) on first request within the call.
  @inline(__always)
  func make(_ execution: Execution, for registration: Registration, level: Int, at site: Site)
    throws(InjectionError) -> Service
  {
    // Made already in this call: read without a creation frame or the owners' walk. This factory kept it for
    // this registration, so it is a `Service`; were it not, a new value would be made, never a crash.
    // A `switch` casts into a `Service`; `as?` would make a `Service?`, whose metadata unspecialized code looks up.
    if let kept = execution.stack.graph.value(for: registration) {
      switch kept {
      case let value as Service: return value
      default: break
      }
    }
    // Kept only once made and injected, inside its frame (the call still running): a failure keeps nothing.
    return try execution.make(for: registration, level: level, at: site, keepsForTheCall: true, factory.make)
  }
}
