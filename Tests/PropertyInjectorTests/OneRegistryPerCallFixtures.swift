// Fixtures the "one registry per call" suites share: values that say which registration made them, objects that
// hold them, and a pause that lets another thread change a registry while a call runs.

import Dispatch

@testable import PropertyInjector

/// A value that says which registration made it.
final class RegisteredVersion: Sendable {
  let number: Int
  init(_ number: Int) { self.number = number }
}

/// What a factory made, and the version its resolve got.
final class UsesVersion: Sendable {
  let version: RegisteredVersion
  init(_ version: RegisteredVersion) { self.version = version }
}

/// An object whose injection fills a version itself and has a factory resolve one: the two must agree.
final class VersionAndUser: InjectableSettable {
  var injectedVersion: RegisteredVersion?
  var injectedUser: UsesVersion?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedVersion": \VersionAndUser.injectedVersion, "injectedUser": \VersionAndUser.injectedUser]
  }
}

/// A made value the injector fills in turn: its injection is nested in the call that made it.
final class Consumer: InjectableSettable {
  var injectedVersion: RegisteredVersion?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedVersion": \Consumer.injectedVersion] }
}

/// An object whose injection fills a version and a made ``Consumer``, whose own injection is nested in it.
final class VersionAndConsumer: InjectableSettable {
  var injectedVersion: RegisteredVersion?
  var injectedConsumer: Consumer?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedVersion": \VersionAndConsumer.injectedVersion, "injectedConsumer": \VersionAndConsumer.injectedConsumer]
  }
}

/// A factory's pause: the first time a factory reaches ``here()``, `change` runs on another thread, and the factory
/// goes on once it returned. So a change lands exactly while a call runs.
final class Pause: Sendable {
  private let armed = Locked2(true)
  private let entered = DispatchSemaphore(value: 0)
  private let proceed = DispatchSemaphore(value: 0)

  init(_ change: @escaping @Sendable () -> Void) {
    DispatchQueue.global().async { [entered, proceed] in
      entered.wait()
      change()
      proceed.signal()
    }
  }

  func here() {
    var first = false
    armed.mutate { armed in (first, armed) = (armed, false) }
    guard first else { return }
    entered.signal()
    proceed.wait()
  }
}

/// What a factory saw of another call it made (an injected object, and a number it resolved), boxed so it is
/// Sendable.
final class NestedCallRecord: @unchecked Sendable {
  let object: VersionAndUser
  let seen: Int?
  init(_ object: VersionAndUser, seen: Int? = nil) {
    self.object = object
    self.seen = seen
  }
}

/// An object whose injection fills a version and a ``NestedCallRecord`` a factory made.
final class VersionAndRecord: InjectableSettable {
  var injectedVersion: RegisteredVersion?
  var injectedRecord: NestedCallRecord?
  static var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedVersion": \VersionAndRecord.injectedVersion, "injectedRecord": \VersionAndRecord.injectedRecord]
  }
}
