import PropertyInjector
import Testing

// `validate`, `explain` and `inject` against each other, over random registries of every scope and
// match (a hostile probe's model, which found a `.weak` struct registration that `validate` passed):
// for a fresh object, `validate` reports no problem exactly when `explain` says it would succeed, and
// `inject` succeeds then, unless only making a value can tell (a factory that throws, a cycle); and
// every problem `inject` reports, `validate` reports too.

private protocol Service: AnyObject, Sendable {}
private final class ServiceImpl: Service {}
private final class Part: Sendable {}
private final class Extra: Sendable {}
private struct Value: Sendable {}

private class Base: InjectableSettable, @unchecked Sendable {
  var injectedPart: Part?
  var injectedService: (any Service)?
  var extra: Extra?
  var injectedValue: Value?
  class var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedPart": \Base.injectedPart, "injectedService": \Base.injectedService, "extra": \Base.extra,
      "injectedValue": \Base.injectedValue,
    ]
  }
}

private final class Sub: Base, @unchecked Sendable {
  var injectedServicePrimary: (any Service)?
  override class var injectableKeyPaths: [String: AnyKeyPath] {
    ["injectedServicePrimary": \Sub.injectedServicePrimary]
  }
}

private final class Other: InjectableSettable, @unchecked Sendable {
  var injectedPart: Part?
  static var injectableKeyPaths: [String: AnyKeyPath] { ["injectedPart": \Other.injectedPart] }
}

/// Makes one random registration in `injector`, and says what it made.
@MainActor
private func registerAtRandom(in injector: Injector, _ random: inout SplitMix64) -> String {
  let target: AnyClass? = ([nil, nil, Base.self, Sub.self, Other.self] as [AnyClass?]).randomElement(using: &random)!
  let id = ([nil, nil, nil, "primary", "part", "Service", " ", "value"] as [String?]).randomElement(using: &random)!
  let scope = ([.transient, .singleton, .graph, .weak, .cached] as [Scope]).randomElement(using: &random)!
  let match = "for \(target.map { "\($0)" } ?? "-") id \(id ?? "-")"
  switch Int.random(in: 0..<11, using: &random) {
  case 0:
    injector.register(Part(), for: target, id: id)
    return "Part() \(match)"
  case 1:
    injector.register(Part.self, scope: scope, for: target, id: id) { _ in Part() }
    return "Part.self \(scope) \(match)"
  case 2:
    injector.register(ServiceImpl(), includingAncestors: true, for: target, id: id)
    return "ServiceImpl() including ancestors \(match)"
  case 3:
    injector.register(ServiceImpl(), as: (any Service).self, for: target, id: id)
    return "ServiceImpl() as any Service \(match)"
  case 4:
    injector.register((any Service).self, scope: scope, for: target, id: id) { _ in ServiceImpl() }
    return "(any Service).self \(scope) \(match)"
  case 5:
    injector.register(Extra(), named: "extra")
    return "Extra() named extra"
  case 6:
    injector.register("not an Extra", named: "extra")
    return "a String named extra"
  case 7:
    injector.register(Part.self, scope: scope, for: target, id: id, on: MainActor.self) { _ in Part() }
    return "Part.self on the main actor \(scope) \(match)"
  case 8:
    injector.register(Value.self, scope: scope, for: target, id: id) { _ in Value() }
    return "Value.self \(scope) \(match)"
  case 9:
    injector.register(named: "injectedPart") { _ in Part() }
    return "a Part factory named injectedPart"
  default:
    injector.register(Value(), for: target, id: id)
    return "Value() \(match)"
  }
}

/// The problems `body` throws, as `code@location`, sorted; empty if it succeeds.
private func problems(_ body: () throws(InjectionError) -> Void) -> [String] {
  do {
    try body()
    return []
  } catch {
    return error.problems.map { "\($0.code)@\($0.location)" }.sorted()
  }
}

@Suite("validate, explain and inject agree")
struct ValidationModelTests {
  @MainActor
  @Test("Over random registries of every scope and match, in a parent and a child", arguments: [UInt64(1), 2, 3, 11])
  func validateExplainAndInjectAgree(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var disagreements: [String] = []
    for round in 0..<300 {
      let parent = Injector()
      let child = Injector(parent: parent)
      var made: [String] = []
      for _ in 0..<Int.random(in: 0...3, using: &random) {
        made.append("parent: " + registerAtRandom(in: parent, &random))
      }
      for _ in 0..<Int.random(in: 0...5, using: &random) {
        made.append("child: " + registerAtRandom(in: child, &random))
      }
      let objects: [() -> any InjectableSettable] = [{ Base() }, { Sub() }, { Other() }]
      for object in objects {
        let validated = problems { () throws(InjectionError) in try child.validate(object()) }
        let injected = problems { () throws(InjectionError) in try inject(object(), with: child) }
        let wouldSucceed = explain(object(), with: child)
        if validated.isEmpty != injected.isEmpty || wouldSucceed != validated.isEmpty
          || !Set(injected).isSubset(of: validated)
        {
          disagreements.append(
            "seed \(seed) round \(round), \(type(of: object())): \(made)\n  validate: \(validated)\n"
              + "  inject: \(injected)\n  explain would succeed: \(wouldSucceed)")
        }
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, first: \(disagreements.first ?? "")")
  }
}

private func inject(_ object: any InjectableSettable, with injector: Injector) throws(InjectionError) {
  func open<Target: InjectableSettable>(_ target: Target) throws(InjectionError) { try injector.inject(target) }
  try open(object)
}

private func explain(_ object: any InjectableSettable, with injector: Injector) -> Bool {
  func open<Target: InjectableSettable>(_ target: Target) -> Bool { injector.explain(target).wouldSucceed }
  return open(object)
}
