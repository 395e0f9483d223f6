@testable import PropertyInjector

extension InjectionError.Code {
  /// Not a code the library throws: what a test records when a call it expected to fail did not.
  static let noErrorThrown = Self("noErrorThrown")
}
