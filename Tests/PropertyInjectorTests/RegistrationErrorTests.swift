import PropertyInjector
import Testing

@Suite("Registration errors")
struct RegistrationErrorTests {
  @Test("Registering an optional is rejected with a fix, and nothing is registered")
  func optionalIsRejected() throws {
    let injector = Injector()
    let maybe: Cache? = Cache()
    let error = injectionError { try injector.register(maybe) }
    #expect(error.map(codes) == [.optionalRegistration])
    #expect(error?.problems.first?.fix.contains("Unwrap") == true)
    #expect(throws: InjectionError.self) { try injector.resolve(Cache.self) }
    #expect(throws: InjectionError.self) { try injector.resolve(Cache?.self) }
  }

  @Test("Registering nil is rejected")
  func nilIsRejected() {
    let error = injectionError { try Injector().register(nil as Cache?) }
    #expect(error.map(codes) == [.optionalRegistration])
  }

  @Test("Registering an optional hidden in Any is rejected")
  func optionalInAnyIsRejected() {
    let hidden: Any = Cache?.none as Any
    let error = injectionError { try Injector().register(hidden) }
    #expect(error.map(codes) == [.optionalRegistration])
  }

  @Test("Registering an optional by name is rejected")
  func optionalByNameIsRejected() {
    let error = injectionError { try Injector().register(nil as Analytics?, named: "analytics") }
    #expect(error.map(codes) == [.optionalRegistration])
  }
}
