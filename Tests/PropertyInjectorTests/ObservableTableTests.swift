#if canImport(Observation)
  import Observation
  import PropertyInjector
  import Testing

  /// A value with a number, to tell registrations apart.
  private final class ObservedStore: Sendable {
    let number: Int
    init(_ number: Int) { self.number = number }
  }

  /// An `@Observable` class whose table forgets one of its candidates.
  @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
  @Observable
  private final class ForgetfulModel: InjectableSettable {
    var injectedStore: ObservedStore?
    var injectedForgotten: ObservedStore?
    static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedStore": \ForgetfulModel.injectedStore] }
  }

  @Suite("Tables of @Observable classes")
  struct ObservableTableTests {
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test("A candidate of an @Observable class missing from the table is missingFromTable, naming it; nothing written")
    func missingCandidateIsReported() throws {
      let injector = Injector()
      injector.register(ObservedStore(1))
      let object = ForgetfulModel()
      let error = injectionError { try injector.inject(object) }
      #expect(error.map(codes) == [.missingFromTable])
      #expect(object.injectedStore == nil)
      let text = error?.description ?? ""
      #expect(text.contains("ForgetfulModel") && text.contains("injectedForgotten") && text.contains("Fix"), "\(text)")
    }
  }
#endif
