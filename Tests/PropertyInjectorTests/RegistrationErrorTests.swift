import PropertyInjector
import Testing

/// Registers through generic code, where the compiler cannot see that `Value` is optional.
private func registerGenerically<Value>(_ value: Value, in injector: Injector) {
  injector.register(unchecked: value)
}

@Suite("Registration problems")
struct RegistrationErrorTests {
  @Test("An optional that reaches register through generic code is a configuration problem, and nothing is registered")
  func optionalThroughGenericsIsAProblem() throws {
    let injector = Injector()
    let maybe: Cache? = Cache()
    registerGenerically(maybe, in: injector)
    let error = injectionError { _ = try injector.resolve(Cache.self) }
    #expect(error.map(codes) == [.optionalRegistration])
    #expect(error?.problems.first?.fix.contains("Unwrap") == true)
  }

  @Test("Following an optional registration's fix, to the letter, clears it")
  func optionalRegistrationFixClearsIt() throws {
    let injector = Injector()
    let maybe: Cache? = Cache()
    registerGenerically(maybe, in: injector)
    if let value = maybe { injector.register(value) }
    let fix = try #require(injectionError { _ = try injector.resolve(Cache.self) }?.problems.first?.fix)
    #expect(fix.contains("injector.unregister((Cache?).self)"))
    #expect(injector.unregister(Cache?.self))
    #expect(try injector.resolve(Cache.self) === maybe)
  }

  @Test("A nil hidden in Any is a configuration problem")
  func nilInAnyIsAProblem() {
    let injector = Injector()
    let hidden: Any = Cache?.none as Any
    injector.register(unchecked: hidden)
    #expect(injectionError { try injector.validate() }.map(codes) == [.optionalRegistration])
  }

  @Test("Asking for an optional type says to ask for the unwrapped one")
  func resolvingAnOptionalSaysWhatToDo() {
    let injector = Injector()
    injector.register(Cache())
    func resolve<Value>(_: Value.Type) throws(InjectionError) -> Value { try injector.resolve(Value.self) }
    let error = injectionError { _ = try resolve(Optional<Cache>.self) }
    #expect(error.map(codes) == [.unresolved])
    #expect(error?.problems.first?.fix.contains("resolve(Cache.self)") == true)
  }
}
