import PropertyInjector

/// A value each test registers with its own number, to tell whose override a read sees.
final class Marker: Sendable {
  let number: Int
  init(_ number: Int) { self.number = number }
}

/// Code under test that reaches its dependency through `Injector.shared`, as app code does.
final class Widget: InjectableSettable {
  var injectedMarker: Marker?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedMarker": \Widget.injectedMarker] }
}

/// Code under test that reads its dependency through `@Injected`.
struct Reader {
  @Injected var marker: Marker?
}

/// Lets `parties` tasks wait until all have arrived, or until `timeout` passes.
actor Barrier {
  private let parties: Int
  private var arrived = 0
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(parties: Int) { self.parties = parties }

  /// Arrives; returns once every party has arrived (or after the timeout). Returns whether all did.
  func arriveAndWait(timeout: Duration) async -> Bool {
    arrived += 1
    if arrived >= parties {
      for continuation in waiting { continuation.resume() }
      waiting.removeAll()
      return true
    }
    let deadline = ContinuousClock.now + timeout
    await withCheckedContinuation { continuation in
      waiting.append(continuation)
      Task {
        try? await Task.sleep(until: deadline)
        self.timeOut()
      }
    }
    return arrived >= parties
  }

  private func timeOut() {
    for continuation in waiting { continuation.resume() }
    waiting.removeAll()
  }
}
