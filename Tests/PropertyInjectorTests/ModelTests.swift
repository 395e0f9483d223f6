import PropertyInjector
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#endif

// A randomized model test (issue 5): thousands of random registration sets and objects, each
// injected by the library and predicted by a small reference model of the rules written here,
// which knows the zoo only from hand-written tables and never asks the library or Swift's
// casts. Every script ends by checking, for a fresh object of each target class it injected,
// that `inject` and `resolve` agree: what injecting put into a candidate is what resolving its
// type (for the class, with the property's name as id; by name when a name registration targets
// it) returns, or both fail alike; and that `validate` lists what the model expects. Every
// divergence is shrunk to a short script and reported with the seed that replays it.
//
// Replay:
//   MODEL_CASE_SEED=0x…  swift test --filter Model   one case, by the seed a failure reports
//   MODEL_SEED=0x… MODEL_CASES=n                        a whole run (MODEL_SEED=random: a fresh seed)

// MARK: - The zoo: services

// Registering an instance takes a `Sendable` one, so the zoo is `Sendable`: its classes hold
// no state (`@unchecked` only because a non-final class cannot be checked).
private protocol ZooP: AnyObject, Sendable {}
private protocol ZooQ: ZooP {}
private protocol ZooR: AnyObject, Sendable {}

private class ZooBase: @unchecked Sendable {}
private class ZooMid: ZooBase, ZooQ, @unchecked Sendable {}
private final class ZooLeaf: ZooMid, ZooR, @unchecked Sendable {}
private final class ZooSide: ZooBase, ZooR, @unchecked Sendable {}
private final class ZooOther: ZooP {}
private final class ZooLone: Sendable {}

/// A type of the zoo, as the reference model sees it: a name, nothing Swift knows.
private enum ZooType: Int, CaseIterable, Hashable {
  case base, mid, leaf, side, other, lone, p, q, r

  /// The types that have instances.
  static let classes: [ZooType] = [.base, .mid, .leaf, .side, .other, .lone]

  /// Every type an instance of this class can be cast to, itself included.
  var castableTo: Set<ZooType> { Self.castTable[rawValue] }

  /// The classes whose instances fit a property of this type.
  var fittingClasses: [ZooType] { Self.fittingTable[rawValue] }

  private static let castTable = allCases.map(\.handWrittenCasts)
  private static let fittingTable = allCases.map { type in classes.filter { $0.castableTo.contains(type) } }

  /// Written by hand from the declarations above; `zooTablesMatchSwift` checks it against Swift's casts.
  private var handWrittenCasts: Set<ZooType> {
    switch self {
    case .base: [.base]
    case .mid: [.mid, .base, .q, .p]
    case .leaf: [.leaf, .mid, .base, .q, .p, .r]
    case .side: [.side, .base, .r]
    case .other: [.other, .p]
    case .lone: [.lone]
    case .p, .q, .r: []
    }
  }

  var swiftName: String {
    switch self {
    case .base: "ZooBase"
    case .mid: "ZooMid"
    case .leaf: "ZooLeaf"
    case .side: "ZooSide"
    case .other: "ZooOther"
    case .lone: "ZooLone"
    case .p: "any ZooP"
    case .q: "any ZooQ"
    case .r: "any ZooR"
    }
  }

  var metatypeName: String { self.rawValue >= ZooType.p.rawValue ? "(\(swiftName)).self" : "\(swiftName).self" }
}

// MARK: - The zoo: targets

private protocol ModelTarget: InjectableSettable {
  var callbacks: Int { get }
  var title: String { get }
  func read(_ property: String) -> AnyObject?
  func write(_ property: String, _ value: AnyObject?)
}

private class TargetBase: InjectableSettable, ModelTarget {
  var injectedFirst: ZooBase?
  var injectedCacheFirst: ZooBase?
  var injectedP: (any ZooP)?
  var helper: ZooMid?  // filled only by a name registration
  var spare: ZooBase?  // in the table, but never a candidate: no prefix, never registered by name
  var title = "untouched"  // not optional, never a candidate
  var callbacks = 0

  class var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedFirst": \TargetBase.injectedFirst,
      "injectedCacheFirst": \TargetBase.injectedCacheFirst,
      "injectedP": \TargetBase.injectedP,
      "helper": \TargetBase.helper,
      "spare": \TargetBase.spare,
    ]
  }

  func didInjectDependencies() { callbacks += 1 }

  func read(_ property: String) -> AnyObject? {
    switch property {
    case "injectedFirst": return injectedFirst
    case "injectedCacheFirst": return injectedCacheFirst
    case "injectedP": return injectedP
    case "helper": return helper
    case "spare": return spare
    default: preconditionFailure("no property \(property)")
    }
  }

  func write(_ property: String, _ value: AnyObject?) {
    switch property {
    case "injectedFirst": injectedFirst = value.map { $0 as! ZooBase }
    case "injectedCacheFirst": injectedCacheFirst = value.map { $0 as! ZooBase }
    case "injectedP": injectedP = value.map { $0 as! any ZooP }
    case "helper": helper = value.map { $0 as! ZooMid }
    case "spare": spare = value.map { $0 as! ZooBase }
    default: preconditionFailure("no property \(property)")
    }
  }
}

private class TargetMid: TargetBase {
  var injectedSecond: ZooMid?
  var injectedQFirst: (any ZooQ)?
  var injectedR: (any ZooR)?
  var extra: (any ZooP)?  // filled only by a name registration

  override class var injectableKeyPaths: [String: AnyKeyPath] {
    super.injectableKeyPaths.merging(
      [
        "injectedSecond": \TargetMid.injectedSecond,
        "injectedQFirst": \TargetMid.injectedQFirst,
        "injectedR": \TargetMid.injectedR,
        "extra": \TargetMid.extra,
      ]
    ) { $1 }
  }

  override func read(_ property: String) -> AnyObject? {
    switch property {
    case "injectedSecond": return injectedSecond
    case "injectedQFirst": return injectedQFirst
    case "injectedR": return injectedR
    case "extra": return extra
    default: return super.read(property)
    }
  }

  override func write(_ property: String, _ value: AnyObject?) {
    switch property {
    case "injectedSecond": injectedSecond = value.map { $0 as! ZooMid }
    case "injectedQFirst": injectedQFirst = value.map { $0 as! any ZooQ }
    case "injectedR": injectedR = value.map { $0 as! any ZooR }
    case "extra": extra = value.map { $0 as! any ZooP }
    default: super.write(property, value)
    }
  }
}

private final class TargetLeaf: TargetMid {
  var injectedLeaf: ZooLeaf?
  var injectedOtherSecond: ZooOther?
  var injectedLone: ZooLone?

  override class var injectableKeyPaths: [String: AnyKeyPath] {
    super.injectableKeyPaths.merging(
      [
        "injectedLeaf": \TargetLeaf.injectedLeaf,
        "injectedOtherSecond": \TargetLeaf.injectedOtherSecond,
        "injectedLone": \TargetLeaf.injectedLone,
      ]
    ) { $1 }
  }

  override func read(_ property: String) -> AnyObject? {
    switch property {
    case "injectedLeaf": return injectedLeaf
    case "injectedOtherSecond": return injectedOtherSecond
    case "injectedLone": return injectedLone
    default: return super.read(property)
    }
  }

  override func write(_ property: String, _ value: AnyObject?) {
    switch property {
    case "injectedLeaf": injectedLeaf = value.map { $0 as! ZooLeaf }
    case "injectedOtherSecond": injectedOtherSecond = value.map { $0 as! ZooOther }
    case "injectedLone": injectedLone = value.map { $0 as! ZooLone }
    default: super.write(property, value)
    }
  }
}

private final class TargetOther: ModelTarget {
  var injectedFirst: ZooMid?  // the name of a `ZooBase?` of TargetBase
  var injectedSide: ZooSide?
  var injectedQ: (any ZooQ)?
  var helper: (any ZooR)?  // the name of a `ZooMid?` of TargetBase; only by name
  // swift-format-ignore: AlwaysUseLowerCamelCase
  var InjectedCaps: ZooBase?  // wrong case for the prefix: only by name
  var title = "untouched"
  var callbacks = 0

  static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedFirst": \TargetOther.injectedFirst,
      "injectedSide": \TargetOther.injectedSide,
      "injectedQ": \TargetOther.injectedQ,
      "helper": \TargetOther.helper,
      "InjectedCaps": \TargetOther.InjectedCaps,
    ]
  }

  func didInjectDependencies() { callbacks += 1 }

  func read(_ property: String) -> AnyObject? {
    switch property {
    case "injectedFirst": return injectedFirst
    case "injectedSide": return injectedSide
    case "injectedQ": return injectedQ
    case "helper": return helper
    case "InjectedCaps": return InjectedCaps
    default: preconditionFailure("no property \(property)")
    }
  }

  func write(_ property: String, _ value: AnyObject?) {
    switch property {
    case "injectedFirst": injectedFirst = value.map { $0 as! ZooMid }
    case "injectedSide": injectedSide = value.map { $0 as! ZooSide }
    case "injectedQ": injectedQ = value.map { $0 as! any ZooQ }
    case "helper": helper = value.map { $0 as! any ZooR }
    case "InjectedCaps": InjectedCaps = value.map { $0 as! ZooBase }
    default: preconditionFailure("no property \(property)")
    }
  }
}

/// An optional property of a target, as the reference model sees it.
private struct PropertySpec: Hashable {
  let name: String
  let type: ZooType
}

/// A target class, as the reference model sees it.
private enum TargetKind: Int, CaseIterable, Hashable {
  case base, mid, leaf, other

  /// The class and its superclasses, most derived first. By hand.
  var lineage: [TargetKind] {
    switch self {
    case .base: [.base]
    case .mid: [.mid, .base]
    case .leaf: [.leaf, .mid, .base]
    case .other: [.other]
    }
  }

  /// How deep the class is in its hierarchy: 1 for a root class.
  var depth: Int { lineage.count }

  /// The optional properties the class itself declares. By hand, from the declarations above.
  var ownProperties: [PropertySpec] {
    switch self {
    case .base:
      [
        .init(name: "injectedFirst", type: .base), .init(name: "injectedCacheFirst", type: .base),
        .init(name: "injectedP", type: .p), .init(name: "helper", type: .mid), .init(name: "spare", type: .base),
      ]
    case .mid:
      [
        .init(name: "injectedSecond", type: .mid), .init(name: "injectedQFirst", type: .q),
        .init(name: "injectedR", type: .r), .init(name: "extra", type: .p),
      ]
    case .leaf:
      [
        .init(name: "injectedLeaf", type: .leaf), .init(name: "injectedOtherSecond", type: .other),
        .init(name: "injectedLone", type: .lone),
      ]
    case .other:
      [
        .init(name: "injectedFirst", type: .mid), .init(name: "injectedSide", type: .side),
        .init(name: "injectedQ", type: .q), .init(name: "helper", type: .r), .init(name: "InjectedCaps", type: .base),
      ]
    }
  }

  /// Every optional property of an instance, base classes first.
  var properties: [PropertySpec] { Self.propertyTable[rawValue] }

  private static let propertyTable = allCases.map { $0.lineage.reversed().flatMap(\.ownProperties) }

  var swiftName: String {
    switch self {
    case .base: "TargetBase"
    case .mid: "TargetMid"
    case .leaf: "TargetLeaf"
    case .other: "TargetOther"
    }
  }
}

// MARK: - The zoo, in Swift (the harness; the model never uses these)

private enum Zoo {
  static func make(_ type: ZooType) -> AnyObject {
    switch type {
    case .base: ZooBase()
    case .mid: ZooMid()
    case .leaf: ZooLeaf()
    case .side: ZooSide()
    case .other: ZooOther()
    case .lone: ZooLone()
    case .p, .q, .r: preconditionFailure("a protocol has no instances")
    }
  }

  static func make(_ kind: TargetKind) -> any ModelTarget {
    switch kind {
    case .base: TargetBase()
    case .mid: TargetMid()
    case .leaf: TargetLeaf()
    case .other: TargetOther()
    }
  }

  static func targetClass(_ kind: TargetKind) -> AnyClass {
    switch kind {
    case .base: TargetBase.self
    case .mid: TargetMid.self
    case .leaf: TargetLeaf.self
    case .other: TargetOther.self
    }
  }

  /// Swift's answer to "is `object` a `type`?", for checking the hand-written tables only.
  static func swiftCasts(_ object: AnyObject, to type: ZooType) -> Bool {
    switch type {
    case .base: object is ZooBase
    case .mid: object is ZooMid
    case .leaf: object is ZooLeaf
    case .side: object is ZooSide
    case .other: object is ZooOther
    case .lone: object is ZooLone
    case .p: object is any ZooP
    case .q: object is any ZooQ
    case .r: object is any ZooR
    }
  }

  static func swiftIsSubclass(_ object: AnyObject, of kind: TargetKind) -> Bool {
    switch kind {
    case .base: object is TargetBase
    case .mid: object is TargetMid
    case .leaf: object is TargetLeaf
    case .other: object is TargetOther
    }
  }

  /// `register(instance, as: type, …)`, with `instance` given the static type `type`.
  static func register(
    _ instance: AnyObject, as type: ZooType, includingAncestors: Bool, for target: TargetKind?, id: String?,
    on injector: Injector
  ) {
    let target: AnyClass? = target.map(targetClass)
    switch type {
    case .base:
      injector.register(instance as! ZooBase, includingAncestors: includingAncestors, for: target, id: id)
    case .mid:
      injector.register(instance as! ZooMid, includingAncestors: includingAncestors, for: target, id: id)
    case .leaf:
      injector.register(instance as! ZooLeaf, includingAncestors: includingAncestors, for: target, id: id)
    case .side:
      injector.register(instance as! ZooSide, includingAncestors: includingAncestors, for: target, id: id)
    case .other:
      injector.register(instance as! ZooOther, includingAncestors: includingAncestors, for: target, id: id)
    case .lone:
      injector.register(instance as! ZooLone, includingAncestors: includingAncestors, for: target, id: id)
    case .p:
      injector.register(
        instance as! any ZooP, as: (any ZooP).self, includingAncestors: includingAncestors, for: target, id: id)
    case .q:
      injector.register(
        instance as! any ZooQ, as: (any ZooQ).self, includingAncestors: includingAncestors, for: target, id: id)
    case .r:
      injector.register(
        instance as! any ZooR, as: (any ZooR).self, includingAncestors: includingAncestors, for: target, id: id)
    }
  }

  /// `unregister(type, for: target, id: id)`: whether something was registered under that key.
  static func unregister(_ type: ZooType, for target: TargetKind?, id: String?, on injector: Injector) -> Bool {
    let target: AnyClass? = target.map(targetClass)
    return switch type {
    case .base: injector.unregister(ZooBase.self, for: target, id: id)
    case .mid: injector.unregister(ZooMid.self, for: target, id: id)
    case .leaf: injector.unregister(ZooLeaf.self, for: target, id: id)
    case .side: injector.unregister(ZooSide.self, for: target, id: id)
    case .other: injector.unregister(ZooOther.self, for: target, id: id)
    case .lone: injector.unregister(ZooLone.self, for: target, id: id)
    case .p: injector.unregister((any ZooP).self, for: target, id: id)
    case .q: injector.unregister((any ZooQ).self, for: target, id: id)
    case .r: injector.unregister((any ZooR).self, for: target, id: id)
    }
  }

  /// `register(value, named: name)`, with `value` of its own class, or of static type `AnyObject`
  /// (which is not `Sendable`, so it goes through `register(unchecked:named:)`). The `as
  /// AnyObject` keeps Swift from opening the existential, which would register it as its class.
  static func register(
    _ value: AnyObject, ofClass type: ZooType, asAnyObject: Bool, named name: String, on injector: Injector
  ) {
    if asAnyObject { return injector.register(unchecked: value as AnyObject, named: name) }
    switch type {
    case .base: injector.register(value as! ZooBase, named: name)
    case .mid: injector.register(value as! ZooMid, named: name)
    case .leaf: injector.register(value as! ZooLeaf, named: name)
    case .side: injector.register(value as! ZooSide, named: name)
    case .other: injector.register(value as! ZooOther, named: name)
    case .lone: injector.register(value as! ZooLone, named: name)
    case .p, .q, .r: preconditionFailure("a protocol has no instances")
    }
  }

  /// `inject(object)`, with `object` of static type `kind`, or opened from `any ModelTarget` when `kind` is nil.
  static func inject(_ object: any ModelTarget, as kind: TargetKind?, with injector: Injector) throws(InjectionError) {
    switch kind {
    case .base?: try injector.inject(object as! TargetBase)
    case .mid?: try injector.inject(object as! TargetMid)
    case .leaf?: try injector.inject(object as! TargetLeaf)
    case .other?: try injector.inject(object as! TargetOther)
    case nil: try injector.inject(object)
    }
  }

  /// `resolve(type, for: target, id: id)`, with `type` as its Swift metatype.
  static func resolve(
    _ type: ZooType, for target: TargetKind?, id: String?, with injector: Injector
  ) throws(InjectionError) -> AnyObject {
    let target: AnyClass? = target.map(targetClass)
    switch type {
    case .base: return try injector.resolve(ZooBase.self, for: target, id: id)
    case .mid: return try injector.resolve(ZooMid.self, for: target, id: id)
    case .leaf: return try injector.resolve(ZooLeaf.self, for: target, id: id)
    case .side: return try injector.resolve(ZooSide.self, for: target, id: id)
    case .other: return try injector.resolve(ZooOther.self, for: target, id: id)
    case .lone: return try injector.resolve(ZooLone.self, for: target, id: id)
    case .p: return try injector.resolve((any ZooP).self, for: target, id: id)
    case .q: return try injector.resolve((any ZooQ).self, for: target, id: id)
    case .r: return try injector.resolve((any ZooR).self, for: target, id: id)
    }
  }

  /// `resolve(type, named: name)`, with `type` as its Swift metatype.
  static func resolve(
    _ type: ZooType, named name: String, with injector: Injector
  ) throws(InjectionError) -> AnyObject {
    switch type {
    case .base: return try injector.resolve(ZooBase.self, named: name)
    case .mid: return try injector.resolve(ZooMid.self, named: name)
    case .leaf: return try injector.resolve(ZooLeaf.self, named: name)
    case .side: return try injector.resolve(ZooSide.self, named: name)
    case .other: return try injector.resolve(ZooOther.self, named: name)
    case .lone: return try injector.resolve(ZooLone.self, named: name)
    case .p: return try injector.resolve((any ZooP).self, named: name)
    case .q: return try injector.resolve((any ZooQ).self, named: name)
    case .r: return try injector.resolve((any ZooR).self, named: name)
    }
  }
}

// MARK: - The reference model

/// The rules, written again from their description: a list of registrations, a table of names,
/// and the registrations kept as configuration problems, resolved with the hand-written zoo
/// tables. It never calls the library.
private struct ReferenceModel {
  enum Code: String {
    case unresolved, typeMismatch, invalidID, invalidName
  }

  struct Key: Hashable {
    let type: ZooType
    let target: TargetKind?
    let id: String?  // case-folded
  }

  struct TypeRegistration {
    let registeredAs: ZooType
    let instanceClass: ZooType
    let token: Int
    let includingAncestors: Bool
    let target: TargetKind?
    /// Case-folded.
    let id: String?
    let sequence: Int

    var key: Key { Key(type: registeredAs, target: target, id: id) }
  }

  enum NamedValue {
    case object(ZooType, token: Int)
    case text
    case number
  }

  /// Whether, and how, name registrations answer a request.
  enum NameRule {
    /// A name registration for the label first, then type registrations: a property.
    case consulted
    /// Only type registrations: `resolve(_:for:id:)`.
    case ignored
    /// Only the name registration for the label: `resolve(_:named:)`.
    case only
  }

  /// What decided which registration fills a property.
  enum Reason: String, CaseIterable {
    case name, onlyExact, onlyAncestor, idLength, target, exactness, order
  }

  enum Resolution {
    case filled(token: Int, reason: Reason)
    case problem(Code)
  }

  /// A problem of an `InjectionError`, as far as the model tells problems apart.
  struct Problem: Hashable, Comparable {
    let code: String
    /// The property, for a problem of a property.
    let property: String?
    /// For a configuration problem, the registered type and the id or name as a Swift literal:
    /// `ZooBase "first cache"`.
    let registration: String?

    static func < (lhs: Problem, rhs: Problem) -> Bool {
      (lhs.property ?? "", lhs.code, lhs.registration ?? "") < (rhs.property ?? "", rhs.code, rhs.registration ?? "")
    }

    var text: String { [code, property ?? registration].compactMap { $0 }.joined(separator: " ") }
  }

  enum Outcome {
    /// Every property filled (name to token), and why.
    case success([String: (token: Int, reason: Reason)])
    /// The problems, sorted.
    case failure([Problem])
  }

  /// What a `resolve` does.
  enum Answer {
    case instance(token: Int)
    /// The problems, sorted.
    case failure([Problem])
  }

  private(set) var typeRegistrations: [TypeRegistration] = []
  private(set) var names: [String: NamedValue] = [:]
  /// Type registrations whose id can never match, by the key they were made under.
  private var rejectedTypes: [Key: Problem] = [:]
  /// Name registrations whose name can never match, by that name.
  private var rejectedNames: [String: Problem] = [:]
  private var sequence = 0

  static let prefix = "injected"

  /// `text` with its case folded, as ids are compared: `"ﬁrst"` and `"FIRST"` are both `"first"`.
  static func folded(_ text: String) -> String { text.uppercased().lowercased() }

  /// Whether an id or a name could end a property name: not empty, and no whitespace in it.
  static func isUsable(_ text: String) -> Bool { !text.isEmpty && !text.contains(where: \.isWhitespace) }

  /// The problems every `inject` and `resolve` throws, before anything else, while there are any.
  var configurationProblems: [Problem] { (Array(rejectedTypes.values) + Array(rejectedNames.values)).sorted() }

  var configurationProblemCount: Int { rejectedTypes.count + rejectedNames.count }

  var hasConfigurationProblems: Bool { configurationProblemCount > 0 }

  /// Registers by type, or keeps a configuration problem when the id can never match; either
  /// replaces what was under the key. Returns whether something was.
  @discardableResult
  mutating func register(
    _ instanceClass: ZooType, token: Int, as type: ZooType, includingAncestors: Bool, target: TargetKind?,
    id: String?
  ) -> Bool {
    let key = Key(type: type, target: target, id: id.map(Self.folded))
    let replaced = remove(key)
    if let id, !Self.isUsable(id) {
      rejectedTypes[key] = Problem(
        code: Code.invalidID.rawValue, property: nil, registration: "\(type.swiftName) \(literal(id))")
      return replaced
    }
    sequence += 1
    typeRegistrations.append(
      TypeRegistration(
        registeredAs: type, instanceClass: instanceClass, token: token, includingAncestors: includingAncestors,
        target: target, id: key.id, sequence: sequence))
    return replaced
  }

  /// Registers by name (`registeredAs`: the value's static type, as Swift writes it), or keeps a
  /// configuration problem when the name can never match. Returns whether it replaced something.
  @discardableResult
  mutating func register(_ value: NamedValue, as registeredAs: String, named name: String) -> Bool {
    let replaced = unregister(named: name)
    if Self.isUsable(name) {
      names[name] = value
    } else {
      rejectedNames[name] = Problem(
        code: Code.invalidName.rawValue, property: nil, registration: "\(registeredAs) \(literal(name))")
    }
    return replaced
  }

  /// Unregisters by type; returns whether something (a registration or a problem) was under the key.
  mutating func unregister(_ type: ZooType, target: TargetKind?, id: String?) -> Bool {
    remove(Key(type: type, target: target, id: id.map(Self.folded)))
  }

  mutating func unregister(named name: String) -> Bool {
    let registered = names.removeValue(forKey: name) != nil
    let rejected = rejectedNames.removeValue(forKey: name) != nil
    return registered || rejected
  }

  private mutating func remove(_ key: Key) -> Bool {
    let registered = typeRegistrations.contains { $0.key == key }
    typeRegistrations.removeAll { $0.key == key }
    let rejected = rejectedTypes.removeValue(forKey: key) != nil
    return registered || rejected
  }

  /// Whether an object of class `kind` is a `target` or a subclass of it.
  static func isA(_ kind: TargetKind, _ target: TargetKind) -> Bool { kind.lineage.contains(target) }

  /// Whether `inject` fills `property` when it is nil: its name starts with the prefix, or a name
  /// registration targets it.
  func isCandidate(_ property: PropertySpec) -> Bool {
    property.name.hasPrefix(Self.prefix) || names[property.name] != nil
  }

  /// What answers a request for a `wanted` on an object of class `kind` (nil: no object, which
  /// sees only registrations without a target), labelled `label` (a property's name, or the id
  /// of a `resolve`; nil sees only registrations without an id).
  func answer(_ wanted: ZooType, for kind: TargetKind?, label: String?, names rule: NameRule) -> Resolution {
    if rule != .ignored, let label, let named = names[label] {
      guard case .object(let type, let token) = named, type.castableTo.contains(wanted) else {
        return .problem(.typeMismatch)
      }
      return .filled(token: token, reason: .name)
    }
    if rule == .only { return .problem(.unresolved) }

    let foldedLabel = label.map(Self.folded)
    typealias Rank = (idLength: Int, targetDepth: Int, exact: Int, sequence: Int)
    var eligible: [(rank: Rank, token: Int)] = []
    for registration in typeRegistrations {
      var idLength = 0
      if let id = registration.id {
        guard let foldedLabel, foldedLabel.hasSuffix(id) else { continue }
        idLength = id.count
      }
      var targetDepth = 0
      if let target = registration.target {
        guard let kind, Self.isA(kind, target) else { continue }
        targetDepth = target.depth
      }
      let exact = registration.registeredAs == wanted
      if !exact {
        guard registration.includingAncestors, registration.instanceClass.castableTo.contains(wanted) else {
          continue
        }
      }
      eligible.append(((idLength, targetDepth, exact ? 1 : 0, registration.sequence), registration.token))
    }
    eligible.sort { $0.rank > $1.rank }
    guard let best = eligible.first else { return .problem(.unresolved) }
    guard eligible.count > 1 else {
      return .filled(token: best.token, reason: best.rank.exact == 1 ? .onlyExact : .onlyAncestor)
    }
    let runnerUp = eligible[1].rank
    let reason: Reason =
      best.rank.idLength != runnerUp.idLength
      ? .idLength
      : best.rank.targetDepth != runnerUp.targetDepth
        ? .target : best.rank.exact != runnerUp.exact ? .exactness : .order
    return .filled(token: best.token, reason: reason)
  }

  /// How a nil property `property` of an object of class `kind` is resolved; nil when it is not
  /// a candidate.
  func resolve(_ property: PropertySpec, of kind: TargetKind) -> Resolution? {
    guard isCandidate(property) else { return nil }
    return answer(property.type, for: kind, label: property.name, names: .consulted)
  }

  /// What injecting an object of class `kind` does, given which properties hold values: the
  /// injector's configuration problems alone, when it has any (fix the registrations first),
  /// else what its candidates get.
  func inject(_ kind: TargetKind, holding state: [String: Int]) -> Outcome {
    guard !hasConfigurationProblems else { return .failure(configurationProblems) }
    return candidates(of: kind, holding: state)
  }

  /// What `validate` reports for an object of class `kind`: every problem at once, the
  /// configuration problems first, then the candidates' (each as if nil).
  func validate(_ kind: TargetKind) -> [Problem] {
    let candidates: [Problem]
    switch self.candidates(of: kind, holding: [:]) {
    case .success: candidates = []
    case .failure(let problems): candidates = problems
    }
    return configurationProblems + candidates
  }

  /// What the candidates of an object of class `kind` get, given which properties hold values.
  private func candidates(of kind: TargetKind, holding state: [String: Int]) -> Outcome {
    var fills: [String: (token: Int, reason: Reason)] = [:]
    var problems: [Problem] = []
    for property in kind.properties where state[property.name] == nil {
      switch resolve(property, of: kind) {
      case nil: break
      case .filled(let token, let reason)?: fills[property.name] = (token, reason)
      case .problem(let code)?:
        problems.append(Problem(code: code.rawValue, property: property.name, registration: nil))
      }
    }
    return problems.isEmpty ? .success(fills) : .failure(problems.sorted())
  }

  /// What `resolve(wanted, for: target, id: id)` does: as for a nil property named `id` of an
  /// object of class `target`, without name registrations.
  func resolve(_ wanted: ZooType, for target: TargetKind?, id: String?) -> Answer {
    answer(of: answer(wanted, for: target, label: id, names: .ignored))
  }

  /// What `resolve(wanted, named: name)` does: only the name registration counts.
  func resolve(_ wanted: ZooType, named name: String) -> Answer {
    answer(of: answer(wanted, for: nil, label: name, names: .only))
  }

  private func answer(of resolution: Resolution) -> Answer {
    guard !hasConfigurationProblems else { return .failure(configurationProblems) }
    switch resolution {
    case .filled(let token, _): return .instance(token: token)
    case .problem(let code): return .failure([Problem(code: code.rawValue, property: nil, registration: nil)])
    }
  }
}

// MARK: - Random scripts

/// SplitMix64: small, fast, and the same on every platform, so a seed replays anywhere.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<count`; not the standard library's algorithm, so it cannot change under us.
  mutating func below(_ count: Int) -> Int { Int(next() % UInt64(count)) }

  mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

  mutating func pick<Element>(_ items: [Element]) -> Element { items[below(items.count)] }

  mutating func shuffled<Element>(_ items: [Element]) -> [Element] {
    var items = items
    for index in items.indices.reversed() where index > 0 {
      items.swapAt(index, below(index + 1))
    }
    return items
  }
}

/// A value registered by name.
private enum NamedValue {
  case object(ZooType, asAnyObject: Bool)
  case text
  case number
}

private struct Preset {
  let property: String
  let type: ZooType
}

/// One step of a case.
private enum Operation {
  case register(ZooType, as: ZooType, includingAncestors: Bool, target: TargetKind?, id: String?)
  case registerNamed(NamedValue, name: String)
  case unregister(ZooType, target: TargetKind?, id: String?)
  case unregisterNamed(String)
  /// Injects a new object whose listed properties hold fresh instances; `staticLevel` picks the
  /// static type it is injected as (0: its class, 1: its superclass, …; past the root: opened
  /// from an existential).
  case injectNew(TargetKind, presets: [Preset], staticLevel: Int)
  /// Injects again an object of an earlier step (by index, modulo the objects made so far),
  /// after setting the listed properties back to nil.
  case injectAgain(object: Int, clearing: [String], staticLevel: Int)
  /// `resolve(type, for: target, id: id)`.
  case resolve(ZooType, target: TargetKind?, id: String?)
  /// `resolve(type, named: name)`.
  case resolveNamed(ZooType, name: String)
  /// Injects a fresh object of the class, then resolves the type of each of its candidates with
  /// the class as target and the property's name as id (by name, when a name registration
  /// targets it): the two must agree.
  case agreement(TargetKind)
}

private struct ScriptGenerator {
  static let ids = [
    "first", "First", "FIRST", "st", "t", "cachefirst", "CacheFirst", "qFirst", "second", "Second", "nd",
    "otherSecond", "p", "R", "leaf", "Side", "caps", "helper", "nomatch",
    // Folding case is more than lowercasing: these fold to "first", "st" (two characters, so it
    // outranks "t"), "side" and "cachefirst".
    "\u{FB01}rst", "\u{FB05}", "\u{017F}ide", "CACHE\u{FB01}RST",
  ]

  /// Ids that can never end a property name: registering with one is a configuration problem.
  static let unusableIDs = ["", "  ", "first cache", "First Cache", "\t", "second\u{A0}"]

  /// Names that can never be a property's: registering one is a configuration problem.
  static let unusableNames = ["", " ", "injected First", "helper\t", "\u{A0}extra"]

  /// Labels a `resolve` may give besides the ids: property names, and labels with spaces.
  static let labels = [
    "injectedFirst", "injectedCacheFirst", "injectedQ", "helper", "spare", "InjectedCaps", "my first", "cache first",
  ]

  /// Every (class, property) a name registration may aim at: all but the decoy `spare`.
  static let namedProperties: [(kind: TargetKind, property: PropertySpec)] = TargetKind.allCases.flatMap { kind in
    kind.properties.filter { $0.name != "spare" }.map { (kind, $0) }
  }

  /// Names that match no property exactly.
  static let strayNames = ["Helper", "injectedfirst", "analytics"]

  var rng: SplitMix64
  /// The keys registered so far (some since unregistered or rejected), for replacements and unregisters.
  private var keys: [(type: ZooType, target: TargetKind?, id: String?)] = []
  private var names: [String] = []
  private var objects = 0
  private var injectedKinds: Set<TargetKind> = []

  init(seed: UInt64) { rng = SplitMix64(seed: seed) }

  mutating func script() -> [Operation] {
    var operations: [Operation] = []
    if rng.chance(45) {
      // A registration for every type, so that more injections succeed and precedence is exercised.
      for type in rng.shuffled(ZooType.allCases) {
        operations.append(register(rng.pick(type.fittingClasses), as: type, target: nil, id: nil))
      }
    }
    for _ in 0..<rng.below(16) {
      operations.append(randomOperation())
    }
    for _ in 0...rng.below(3) {
      operations.append(injection())
    }
    // The classes the script injected: their shapes are scanned already, which keeps the check cheap.
    for kind in TargetKind.allCases where injectedKinds.contains(kind) {
      operations.append(.agreement(kind))
    }
    return operations
  }

  private mutating func randomOperation() -> Operation {
    let roll = rng.below(100)
    switch roll {
    case ..<42:
      let type = rng.pick(ZooType.allCases)
      let id: String? =
        rng.chance(2) ? rng.pick(Self.unusableIDs) : rng.chance(45) ? rng.pick(Self.ids) : nil
      return register(
        rng.pick(type.fittingClasses), as: type, target: rng.chance(50) ? rng.pick(TargetKind.allCases) : nil, id: id)
    case ..<54 where !keys.isEmpty:
      let key = rng.pick(keys)
      return register(rng.pick(key.type.fittingClasses), as: key.type, target: key.target, id: varied(key.id))
    case ..<68:
      return registerNamed()
    case ..<76 where !keys.isEmpty:
      let key = rng.pick(keys)
      return .unregister(key.type, target: key.target, id: varied(key.id))
    case ..<80:
      return .unregister(
        rng.pick(ZooType.allCases), target: rng.chance(50) ? rng.pick(TargetKind.allCases) : nil,
        id: rng.chance(50) ? rng.pick(Self.ids) : nil)
    case ..<85:
      return .unregisterNamed(
        !names.isEmpty && rng.chance(75) ? rng.pick(names) : rng.pick(Self.namedProperties).property.name)
    case ..<88:
      return .resolve(
        rng.pick(ZooType.allCases), target: rng.chance(60) ? rng.pick(TargetKind.allCases) : nil,
        id: rng.chance(60) ? rng.pick(rng.chance(50) ? Self.ids : Self.labels) : nil)
    case ..<90:
      let name = !names.isEmpty && rng.chance(60) ? rng.pick(names) : rng.pick(Self.namedProperties).property.name
      return .resolveNamed(rng.pick(ZooType.allCases), name: name)
    default:
      return injection()
    }
  }

  private mutating func register(_ instance: ZooType, as type: ZooType, target: TargetKind?, id: String?)
    -> Operation
  {
    keys.append((type, target, id))
    return .register(instance, as: type, includingAncestors: rng.chance(40), target: target, id: id)
  }

  private mutating func registerNamed() -> Operation {
    let (_, property) = rng.pick(Self.namedProperties)
    let name =
      rng.chance(3) ? rng.pick(Self.unusableNames) : rng.chance(8) ? rng.pick(Self.strayNames) : property.name
    names.append(name)
    let roll = rng.below(100)
    let value: NamedValue
    switch roll {
    case ..<60: value = .object(rng.pick(property.type.fittingClasses), asAnyObject: rng.chance(50))
    case ..<88: value = .object(rng.pick(ZooType.classes), asAnyObject: rng.chance(50))
    case ..<94: value = .text
    default: value = .number
    }
    return .registerNamed(value, name: name)
  }

  private mutating func injection() -> Operation {
    let staticLevel = rng.chance(60) ? 0 : rng.below(4)
    if objects > 0 && rng.chance(35) {
      let object = rng.below(objects)
      let clearing =
        TargetKind.leaf.properties.map(\.name).filter { _ in rng.chance(40) }
        + TargetKind.other.properties.map(\.name).filter { _ in rng.chance(40) }
      return .injectAgain(object: object, clearing: clearing, staticLevel: staticLevel)
    }
    objects += 1
    let kind = rng.pick(TargetKind.allCases)
    injectedKinds.insert(kind)
    let presetChance = rng.pick([0, 20, 40, 60])
    let presets = kind.properties.filter { _ in rng.chance(presetChance) }.map {
      Preset(property: $0.name, type: rng.pick($0.type.fittingClasses))
    }
    return .injectNew(kind, presets: presets, staticLevel: staticLevel)
  }

  /// The id, or the same id with its characters' case changed at random (`ﬁ` may become `FI`).
  private mutating func varied(_ id: String?) -> String? {
    guard let id, rng.chance(50) else { return id }
    return id.map { rng.chance(50) ? $0.uppercased() : $0.lowercased() }.joined()
  }
}

// MARK: - Running a script against the library and the model

/// Where the library and the model first disagree in a script.
private struct Divergence {
  /// The index of the operation.
  let step: Int
  let detail: String
}

/// What a run exercised, to show that every rule was reached.
private struct Coverage {
  var cases = 0
  var operations = 0
  var injections = 0
  var succeeded = 0
  var failedUnresolved = 0
  var failedMismatch = 0
  var failedConfiguration = 0
  var replacements = 0
  var unregisterMisses = 0
  /// Registrations kept as configuration problems, and unregisters that took one away.
  var rejected = 0
  var cleared = 0
  /// Registrations whose id folds to something else than it lowercases to (`ﬁrst`).
  var foldedIDs = 0
  var resolves = 0
  var resolveFailures = 0
  var validations = 0
  /// Candidates on which `inject` and `resolve` were compared, by how they agreed.
  var agreedInstances = 0
  var agreedUnresolved = 0
  var agreedMismatch = 0
  var agreedConfiguration = 0
  var fills: [ReferenceModel.Reason: Int] = [:]

  var agreements: Int { agreedInstances + agreedUnresolved + agreedMismatch + agreedConfiguration }

  mutating func add(_ run: Coverage) {
    cases += 1
    operations += run.operations
    injections += run.injections
    succeeded += run.succeeded
    failedUnresolved += run.failedUnresolved
    failedMismatch += run.failedMismatch
    failedConfiguration += run.failedConfiguration
    replacements += run.replacements
    unregisterMisses += run.unregisterMisses
    rejected += run.rejected
    cleared += run.cleared
    foldedIDs += run.foldedIDs
    resolves += run.resolves
    resolveFailures += run.resolveFailures
    validations += run.validations
    agreedInstances += run.agreedInstances
    agreedUnresolved += run.agreedUnresolved
    agreedMismatch += run.agreedMismatch
    agreedConfiguration += run.agreedConfiguration
    fills.merge(run.fills) { $0 + $1 }
  }

  var summary: String {
    let reasons = ReferenceModel.Reason.allCases.map { "\($0.rawValue) \(fills[$0, default: 0])" }
    return "\(cases) cases, \(operations) operations, \(injections) injections "
      + "(\(succeeded) succeeded, \(failedUnresolved) failed with unresolved properties, "
      + "\(failedMismatch) with a name mismatch, \(failedConfiguration) with configuration problems), "
      + "\(resolves) resolves (\(resolveFailures) threw), \(validations) validations, \(agreements) inject/resolve agreement checks "
      + "(\(agreedInstances) same instance, \(agreedUnresolved) both unresolved, \(agreedMismatch) both "
      + "mismatched, \(agreedConfiguration) both with the configuration problems), \(replacements) replacements, "
      + "\(unregisterMisses) unregisters of nothing, \(rejected) registrations kept as configuration problems "
      + "(\(cleared) taken away), \(foldedIDs) ids that fold unlike they lowercase; properties filled, by what "
      + "decided: \(reasons.joined(separator: ", "))"
  }
}

/// What injecting a fresh object put into a candidate, or why it put nothing there.
private enum Injected {
  case instance(AnyObject)
  /// The injection reported this problem for the property.
  case problem(InjectionError.Code)
  /// The injection failed with the injector's configuration problems, before looking at any property.
  case configuration([InjectionError.Problem])
}

extension ReferenceModel.Problem {
  /// A problem the library reported, as the model sees it. For a configuration problem, the id or
  /// name is the first quoted text of the summary.
  init(_ problem: InjectionError.Problem) {
    var registration: String?
    if isConfigurationProblem(problem) {
      let quoted = problem.summary.split(separator: "\"", omittingEmptySubsequences: false).dropFirst().first
      registration = "\(problem.typeName) \(literal(quoted.map(String.init) ?? "(nothing quoted)"))"
    }
    self.init(code: problem.code.description, property: problem.property, registration: registration)
  }
}

/// Whether `problem` is one of the injector's configuration problems (a registration that can never match).
private func isConfigurationProblem(_ problem: InjectionError.Problem) -> Bool {
  problem.code == .invalidID || problem.code == .invalidName
}

/// The value `body` returns, or the error it throws.
private func outcome(of body: () throws(InjectionError) -> AnyObject) -> Result<AnyObject, InjectionError> {
  do {
    return .success(try body())
  } catch {
    return .failure(error)
  }
}

/// `text` as a Swift string literal, whitespace other than spaces and non-ASCII characters escaped.
private func literal(_ text: String) -> String {
  var result = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case " "..."~": result.unicodeScalars.append(scalar)
    default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    }
  }
  return result + "\""
}

/// Runs one script on a fresh injector and on the reference model, in step, and stops at the
/// first disagreement. Also writes the script out as Swift, the model's predictions in comments.
private final class Execution {
  private let injector = Injector()
  private var model = ReferenceModel()
  /// Every instance made, by token: registered ones and the values properties were preset to.
  private var instances: [AnyObject] = []
  private var objects: [(kind: TargetKind, object: any ModelTarget, state: [String: Int], callbacks: Int)] = []
  /// Whether to write the script out as Swift: only to report a divergence, as it is slow.
  private let recording: Bool
  private(set) var lines = ["let injector = Injector()"]
  private(set) var coverage = Coverage()

  init(recording: Bool) { self.recording = recording }

  private func record(_ line: @autoclosure () -> String) {
    if recording { lines.append(line()) }
  }

  func run(_ operations: [Operation]) -> Divergence? {
    for (step, operation) in operations.enumerated() {
      coverage.operations += 1
      if let detail = perform(operation) {
        if recording { lines[lines.count - 1] += "  // <- diverges" }
        return Divergence(step: step, detail: detail)
      }
    }
    return nil
  }

  private func make(_ type: ZooType) -> (token: Int, name: String) {
    instances.append(Zoo.make(type))
    let name = "v\(instances.count - 1)"
    return (instances.count - 1, name)
  }

  private func name(of token: Int?) -> String { token.map { "v\($0)" } ?? "nil" }

  private func name(of object: AnyObject?) -> String {
    guard let object else { return "nil" }
    guard let token = instances.firstIndex(where: { $0 === object }) else {
      return "an object the script never made (\(type(of: object)))"
    }
    return "v\(token)"
  }

  private func describe(_ problems: [ReferenceModel.Problem]) -> String {
    problems.map(\.text).joined(separator: ", ")
  }

  private func describe(_ answer: ReferenceModel.Answer) -> String {
    switch answer {
    case .instance(let token): "returns \(name(of: token))"
    case .failure(let problems): "throws \(describe(problems))"
    }
  }

  private func describe(_ result: Result<AnyObject, InjectionError>) -> String {
    switch result {
    case .success(let value): "returned \(name(of: value))"
    case .failure(let error): "threw \(describe(error.problems.map(ReferenceModel.Problem.init)))"
    }
  }

  private func describe(_ injected: Injected) -> String {
    switch injected {
    case .instance(let value): "put \(name(of: value)) there"
    case .problem(let code): "reported it \(code)"
    case .configuration(let problems): "threw \(describe(problems.map(ReferenceModel.Problem.init)))"
    }
  }

  /// Compares what a `resolve` did with what the model expects; nil when they agree.
  private func compare(_ result: Result<AnyObject, InjectionError>, with expected: ReferenceModel.Answer) -> String? {
    switch (result, expected) {
    case (.success(let value), .instance(let token)) where value === instances[token]:
      return nil
    case (.failure(let error), .failure(let problems))
    where error.problems.map(ReferenceModel.Problem.init).sorted() == problems:
      return nil
    default:
      return "the model says it \(describe(expected)), the library \(describe(result))"
    }
  }

  private func perform(_ operation: Operation) -> String? {
    switch operation {
    case .register(let instanceClass, let type, let includingAncestors, let target, let id):
      let (token, name) = make(instanceClass)
      let problemsBefore = model.configurationProblemCount
      if model.register(
        instanceClass, token: token, as: type, includingAncestors: includingAncestors, target: target, id: id)
      {
        coverage.replacements += 1
      }
      if model.configurationProblemCount < problemsBefore { coverage.cleared += 1 }
      let rejected = id.map { !ReferenceModel.isUsable($0) } ?? false
      if rejected { coverage.rejected += 1 }
      if let id, ReferenceModel.folded(id) != id.lowercased() { coverage.foldedIDs += 1 }
      var arguments = ["\(name) as \(type.swiftName)"]
      if type.rawValue >= ZooType.p.rawValue { arguments.append("as: \(type.metatypeName)") }
      if includingAncestors { arguments.append("includingAncestors: true") }
      if let target { arguments.append("for: \(target.swiftName).self") }
      if let id { arguments.append("id: \(literal(id))") }
      record(
        "let \(name) = \(instanceClass.swiftName)(); injector.register(\(arguments.joined(separator: ", ")))"
          + (rejected ? "  // model: a configuration problem" : ""))
      Zoo.register(
        instances[token], as: type, includingAncestors: includingAncestors, for: target, id: id, on: injector)
      return nil

    case .registerNamed(let value, let name):
      let problemsBefore = model.configurationProblemCount
      let rejected = !ReferenceModel.isUsable(name)
      if rejected { coverage.rejected += 1 }
      let comment = rejected ? "  // model: a configuration problem" : ""
      switch value {
      case .object(let type, let asAnyObject):
        let (token, variable) = make(type)
        model.register(.object(type, token: token), as: asAnyObject ? "AnyObject" : type.swiftName, named: name)
        record(
          "let \(variable) = \(type.swiftName)(); "
            + (asAnyObject
              ? "injector.register(unchecked: \(variable) as AnyObject, named: \(literal(name)))"
              : "injector.register(\(variable), named: \(literal(name)))") + comment)
        Zoo.register(instances[token], ofClass: type, asAnyObject: asAnyObject, named: name, on: injector)
      case .text:
        model.register(.text, as: "String", named: name)
        record("injector.register(\"text\", named: \(literal(name)))" + comment)
        injector.register("text", named: name)
      case .number:
        model.register(.number, as: "Int", named: name)
        record("injector.register(42, named: \(literal(name)))" + comment)
        injector.register(42, named: name)
      }
      if model.configurationProblemCount < problemsBefore { coverage.cleared += 1 }
      return nil

    case .unregister(let type, let target, let id):
      let problemsBefore = model.configurationProblemCount
      let expected = model.unregister(type, target: target, id: id)
      if !expected { coverage.unregisterMisses += 1 }
      if model.configurationProblemCount < problemsBefore { coverage.cleared += 1 }
      var arguments = [type.metatypeName]
      if let target { arguments.append("for: \(target.swiftName).self") }
      if let id { arguments.append("id: \(literal(id))") }
      record("injector.unregister(\(arguments.joined(separator: ", ")))  // model: \(expected)")
      let actual = Zoo.unregister(type, for: target, id: id, on: injector)
      return actual == expected ? nil : "unregister returned \(actual), the model expects \(expected)"

    case .unregisterNamed(let name):
      let problemsBefore = model.configurationProblemCount
      let expected = model.unregister(named: name)
      if !expected { coverage.unregisterMisses += 1 }
      if model.configurationProblemCount < problemsBefore { coverage.cleared += 1 }
      record("injector.unregister(named: \(literal(name)))  // model: \(expected)")
      let actual = injector.unregister(named: name)
      return actual == expected ? nil : "unregister(named:) returned \(actual), the model expects \(expected)"

    case .resolve(let type, let target, let id):
      let expected = model.resolve(type, for: target, id: id)
      var arguments = [type.metatypeName]
      if let target { arguments.append("for: \(target.swiftName).self") }
      if let id { arguments.append("id: \(literal(id))") }
      record("_ = try injector.resolve(\(arguments.joined(separator: ", ")))  // model: \(describe(expected))")
      return compare(resolving: type, for: target, id: id, expected: expected)

    case .resolveNamed(let type, let name):
      let expected = model.resolve(type, named: name)
      record("_ = try injector.resolve(\(type.metatypeName), named: \(literal(name)))  // model: \(describe(expected))")
      return compare(resolving: type, named: name, expected: expected)

    case .injectNew(let kind, let presets, let staticLevel):
      return inject(newObject(kind, presets: presets), staticLevel: staticLevel).difference

    case .injectAgain(let index, let clearing, let staticLevel):
      guard !objects.isEmpty else { return nil }
      let index = index % objects.count
      let kind = objects[index].kind
      let names = Set(kind.properties.map(\.name))
      var setup: [String] = []
      for property in clearing where names.contains(property) && objects[index].state[property] != nil {
        objects[index].object.write(property, nil)
        objects[index].state[property] = nil
        setup.append("o\(index).\(property) = nil")
      }
      if !setup.isEmpty { record(setup.joined(separator: "; ")) }
      return inject(index, staticLevel: staticLevel).difference

    case .agreement(let kind):
      return checkAgreement(kind)
    }
  }

  /// Resolves by type in the library and compares with the model's `expected`.
  private func compare(resolving type: ZooType, for target: TargetKind?, id: String?, expected: ReferenceModel.Answer)
    -> String?
  {
    let result = outcome { () throws(InjectionError) in try Zoo.resolve(type, for: target, id: id, with: injector) }
    count(result)
    return compare(result, with: expected)
  }

  /// Resolves by name in the library and compares with the model's `expected`.
  private func compare(resolving type: ZooType, named name: String, expected: ReferenceModel.Answer) -> String? {
    let result = outcome { () throws(InjectionError) in try Zoo.resolve(type, named: name, with: injector) }
    count(result)
    return compare(result, with: expected)
  }

  private func count(_ result: Result<AnyObject, InjectionError>) {
    coverage.resolves += 1
    if case .failure = result { coverage.resolveFailures += 1 }
  }

  /// Makes an object of class `kind` whose listed properties hold fresh instances; returns its index.
  private func newObject(_ kind: TargetKind, presets: [Preset]) -> Int {
    let object = Zoo.make(kind)
    let variable = "o\(objects.count)"
    var setup = ["let \(variable) = \(kind.swiftName)()"]
    var state: [String: Int] = [:]
    for preset in presets {
      let (token, name) = make(preset.type)
      object.write(preset.property, instances[token])
      state[preset.property] = token
      setup.append("let \(name) = \(preset.type.swiftName)(); \(variable).\(preset.property) = \(name)")
    }
    record(setup.joined(separator: "; "))
    objects.append((kind, object, state, 0))
    return objects.count - 1
  }

  /// Injects object `index` in the library and the model, and compares everything observable.
  /// Also returns what the library threw.
  private func inject(_ index: Int, staticLevel: Int) -> (difference: String?, error: InjectionError?) {
    coverage.injections += 1
    let (kind, object, before, callbacks) = objects[index]
    let staticKind = staticLevel < kind.lineage.count ? kind.lineage[staticLevel] : nil
    let outcome = model.inject(kind, holding: before)

    if recording {
      let call =
        "try injector.inject(o\(index)"
        + (staticKind.map { $0 == kind ? "" : " as \($0.swiftName)" } ?? " as any ModelTarget") + ")"
      switch outcome {
      case .success(let fills):
        let predicted = kind.properties.compactMap { property in
          fills[property.name].map { "o\(index).\(property.name) = v\($0.token)" }
        }
        record(call + "  // model: " + (predicted.isEmpty ? "fills nothing" : predicted.joined(separator: ", ")))
      case .failure(let problems):
        record(call + "  // model: throws " + describe(problems))
      }
    }

    var thrown: InjectionError?
    do {
      try Zoo.inject(object, as: staticKind, with: injector)
    } catch {
      thrown = error
    }

    var differences: [String] = []
    let expectedState: [String: Int]
    let expectedCallbacks: Int
    switch outcome {
    case .success(let fills):
      coverage.succeeded += 1
      for fill in fills.values { coverage.fills[fill.reason, default: 0] += 1 }
      expectedState = before.merging(fills.mapValues(\.token)) { $1 }
      expectedCallbacks = callbacks + (fills.isEmpty ? 0 : 1)
      if let thrown { differences.append("the model expects success, the library threw: \(thrown)") }
    case .failure(let problems):
      if problems.contains(where: { $0.registration != nil }) {
        coverage.failedConfiguration += 1
      } else if problems.contains(where: { $0.code == ReferenceModel.Code.typeMismatch.rawValue }) {
        coverage.failedMismatch += 1
      } else {
        coverage.failedUnresolved += 1
      }
      expectedState = before
      expectedCallbacks = callbacks
      if let thrown {
        let actual = thrown.problems.map(ReferenceModel.Problem.init).sorted()
        if actual != problems {
          differences.append(
            "problems: the model expects [\(describe(problems))], the library reported [\(describe(actual))]")
        }
      } else {
        differences.append("the model expects an InjectionError, the library succeeded")
      }
    }
    for property in kind.properties {
      let actual = object.read(property.name)
      let expected = expectedState[property.name]
      let same = expected.map { actual === instances[$0] } ?? (actual == nil)
      if !same {
        differences.append(
          "o\(index).\(property.name): the model expects \(name(of: expected)), the library left \(name(of: actual))")
      }
    }
    if object.callbacks != expectedCallbacks {
      differences.append(
        "o\(index).didInjectDependencies() ran \(object.callbacks - callbacks) times, the model expects "
          + "\(expectedCallbacks - callbacks)")
    }
    if object.title != "untouched" { differences.append("o\(index).title changed to \(object.title)") }
    objects[index].state = expectedState
    objects[index].callbacks = expectedCallbacks
    return (differences.isEmpty ? nil : differences.joined(separator: "\n"), thrown)
  }

  /// Validates object `index`, which must hold nothing yet, and compares with the model:
  /// `validate` lists every problem at once, the configuration problems first, then what
  /// injecting the object would report (every candidate as if nil).
  private func validate(_ index: Int) -> String? {
    coverage.validations += 1
    let (kind, object, _, _) = objects[index]
    let configuration = model.configurationProblems
    let expected = model.validate(kind)
    record(
      "try injector.validate(o\(index))  // model: " + (expected.isEmpty ? "passes" : "throws \(describe(expected))"))
    var reported: [ReferenceModel.Problem] = []
    do {
      try injector.validate(object)
    } catch {
      reported = error.problems.map(ReferenceModel.Problem.init)
    }
    let checked =
      Array(reported.prefix(configuration.count)).sorted() + Array(reported.dropFirst(configuration.count)).sorted()
    if checked == expected { return nil }
    return "validate: the model expects [\(describe(expected))], the library reported [\(describe(reported))]"
  }

  /// Checks that `inject` and `resolve` agree on every candidate of a fresh object of class
  /// `kind`: resolving the property's type, for the class, with the property's name as id (by
  /// name, when a name registration targets it), returns the instance injecting put there; or
  /// injecting reported the property with a problem of the same code as `resolve` throws; or
  /// both threw the same configuration problems. Each `resolve` is also checked against the
  /// model, for every property (candidate or not): by type always, by name where it applies.
  /// Before injecting, `validate` of the fresh object is checked too.
  private func checkAgreement(_ kind: TargetKind) -> String? {
    let first = newObject(kind, presets: [])
    if let difference = validate(first) { return difference }
    let injection = inject(first, staticLevel: 0)
    if let difference = injection.difference { return difference }
    var injected: [String: Injected] = [:]
    var filled = first
    if let error = injection.error {
      if error.problems.contains(where: isConfigurationProblem) {
        for property in kind.properties where model.isCandidate(property) {
          injected[property.name] = .configuration(error.problems)
        }
      } else {
        for problem in error.problems {
          if let property = problem.property { injected[property] = .problem(problem.code) }
        }
        // What the other candidates receive: a second fresh object, the failing ones preset.
        let presets = kind.properties.filter { injected[$0.name] != nil }.map {
          Preset(property: $0.name, type: $0.type.fittingClasses[0])
        }
        filled = newObject(kind, presets: presets)
        let second = inject(filled, staticLevel: 0)
        if let difference = second.difference { return difference }
        if let error = second.error {
          return "o\(filled), its failing properties preset, still failed to inject: \(error)"
        }
      }
    }
    for property in kind.properties where model.isCandidate(property) && injected[property.name] == nil {
      guard let value = objects[filled].object.read(property.name) else {
        return "o\(filled).\(property.name) is a candidate, and injecting left it nil without an error"
      }
      injected[property.name] = .instance(value)
    }

    var differences: [String] = []
    for property in kind.properties {
      // By type, as for this property: what the model says, whether or not the property is a candidate.
      let byTypeCall = {
        "resolve(\(property.type.metatypeName), for: \(kind.swiftName).self, id: \(literal(property.name)))"
      }
      let byTypeExpected = model.resolve(property.type, for: kind, id: property.name)
      let byType = outcome { () throws(InjectionError) in
        try Zoo.resolve(property.type, for: kind, id: property.name, with: injector)
      }
      count(byType)
      if let difference = compare(byType, with: byTypeExpected) {
        differences.append("\(byTypeCall()): \(difference)")
      }
      guard let fromInjection = injected[property.name] else {
        record("_ = try injector.\(byTypeCall())  // model: \(describe(byTypeExpected))")
        continue
      }

      // What `inject` is compared with: by name when a name registration targets the property.
      let call: () -> String
      let expected: ReferenceModel.Answer
      let resolved: Result<AnyObject, InjectionError>
      if model.names[property.name] != nil {
        record("_ = try injector.\(byTypeCall())  // model: \(describe(byTypeExpected))")
        call = { "resolve(\(property.type.metatypeName), named: \(literal(property.name)))" }
        expected = model.resolve(property.type, named: property.name)
        resolved = outcome { () throws(InjectionError) in
          try Zoo.resolve(property.type, named: property.name, with: injector)
        }
        count(resolved)
        if let difference = compare(resolved, with: expected) { differences.append("\(call()): \(difference)") }
      } else {
        call = byTypeCall
        expected = byTypeExpected
        resolved = byType
      }
      let holder = if case .instance = fromInjection { filled } else { first }
      record("_ = try injector.\(call())  // as o\(holder).\(property.name); model: \(describe(expected))")

      switch (fromInjection, resolved) {
      case (.instance(let value), .success(let answer)) where value === answer:
        coverage.agreedInstances += 1
      case (.problem(let code), .failure(let error)) where error.problems.map(\.code) == [code]:
        if code == .typeMismatch { coverage.agreedMismatch += 1 } else { coverage.agreedUnresolved += 1 }
      case (.configuration(let problems), .failure(let error)) where error.problems == problems:
        coverage.agreedConfiguration += 1
      default:
        differences.append(
          "inject and resolve disagree on o\(holder).\(property.name): injecting \(describe(fromInjection)), "
            + "\(call()) \(describe(resolved)); the model says the resolve \(describe(expected))")
      }
    }
    return differences.isEmpty ? nil : differences.joined(separator: "\n")
  }
}

// MARK: - Shrinking a divergence

/// The first divergence of `operations` on a fresh injector, and the script as Swift.
private func divergence(of operations: [Operation]) -> (divergence: Divergence, lines: [String])? {
  let execution = Execution(recording: true)
  return execution.run(operations).map { ($0, execution.lines) }
}

/// Simpler variants of one operation, for shrinking.
private func simplifications(of operation: Operation) -> [Operation] {
  switch operation {
  case .register(let instance, let type, let includingAncestors, let target, let id):
    var simpler: [Operation] = []
    if includingAncestors {
      simpler.append(.register(instance, as: type, includingAncestors: false, target: target, id: id))
    }
    if target != nil {
      simpler.append(.register(instance, as: type, includingAncestors: includingAncestors, target: nil, id: id))
    }
    if id != nil {
      simpler.append(.register(instance, as: type, includingAncestors: includingAncestors, target: target, id: nil))
    }
    if instance != type && type.rawValue < ZooType.p.rawValue {
      simpler.append(.register(type, as: type, includingAncestors: includingAncestors, target: target, id: id))
    }
    return simpler
  case .registerNamed(.object(let type, true), let name):
    return [.registerNamed(.object(type, asAnyObject: false), name: name)]
  case .resolve(let type, let target, let id):
    var simpler: [Operation] = []
    if target != nil { simpler.append(.resolve(type, target: nil, id: id)) }
    if id != nil { simpler.append(.resolve(type, target: target, id: nil)) }
    return simpler
  case .injectNew(let kind, let presets, let staticLevel):
    var simpler = presets.indices.map { index in
      var fewer = presets
      fewer.remove(at: index)
      return Operation.injectNew(kind, presets: fewer, staticLevel: staticLevel)
    }
    if staticLevel != 0 { simpler.append(.injectNew(kind, presets: presets, staticLevel: 0)) }
    return simpler
  case .injectAgain(let object, let clearing, let staticLevel):
    var simpler = clearing.indices.map { index in
      var fewer = clearing
      fewer.remove(at: index)
      return Operation.injectAgain(object: object, clearing: fewer, staticLevel: staticLevel)
    }
    if staticLevel != 0 { simpler.append(.injectAgain(object: object, clearing: clearing, staticLevel: 0)) }
    return simpler
  default:
    return []
  }
}

/// A shorter script that still diverges: operations removed and simplified while a divergence remains.
private func shrink(_ operations: [Operation], divergingAt step: Int) -> [Operation] {
  var current = Array(operations.prefix(step + 1))
  var budget = 2_000
  var changed = true
  while changed && budget > 0 {
    changed = false
    for index in current.indices.reversed() where index < current.count && budget > 0 {
      var candidate = current
      candidate.remove(at: index)
      budget -= 1
      if let found = divergence(of: candidate) {
        current = Array(candidate.prefix(found.divergence.step + 1))
        changed = true
      }
    }
    for index in current.indices where budget > 0 {
      for simpler in simplifications(of: current[index]) where index < current.count && budget > 0 {
        var candidate = current
        candidate[index] = simpler
        budget -= 1
        if let found = divergence(of: candidate) {
          current = Array(candidate.prefix(found.divergence.step + 1))
          changed = true
          break
        }
      }
    }
  }
  return current
}

// MARK: - Settings

private func environment(_ name: String) -> String? {
  getenv(name).map { String(cString: $0) }
}

private func parseSeed(_ text: String) -> UInt64? {
  let text = text.filter { !$0.isWhitespace && $0 != "_" }.lowercased()
  if text == "random" { return UInt64.random(in: .min ... .max) }
  if text.hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) }
  return UInt64(text)
}

private func hex(_ value: UInt64) -> String { "0x" + String(value, radix: 16) }

// MARK: - The tests

@Suite("Randomized model")
struct ModelTests {
  static let defaultSeed: UInt64 = 0x5EED_0000_0005
  static let defaultCases = 3_000
  static let maximumDivergences = 3

  @Test("The injector agrees with an independent reference model, and inject with resolve, on random cases")
  func injectorAgreesWithReferenceModel() {
    let seed = environment("MODEL_SEED").flatMap(parseSeed) ?? Self.defaultSeed
    var caseSeeds = SplitMix64(seed: seed)
    var cases = environment("MODEL_CASES").flatMap { Int($0.filter { $0 != "_" }) } ?? Self.defaultCases
    let single = environment("MODEL_CASE_SEED").flatMap(parseSeed)
    if single != nil { cases = 1 }

    let clock = ContinuousClock()
    let started = clock.now
    var coverage = Coverage()
    var divergences = 0
    for number in 0..<cases {
      let caseSeed = single ?? caseSeeds.next()
      var generator = ScriptGenerator(seed: caseSeed)
      let operations = generator.script()
      let execution = Execution(recording: false)
      let found = execution.run(operations)
      coverage.add(execution.coverage)
      guard let found else { continue }

      divergences += 1
      let shrunk = shrink(operations, divergingAt: found.step)
      let minimal = divergence(of: shrunk)
      Issue.record(
        Comment(
          rawValue: """
            The injector and the reference model disagree in case \(number) of \(cases) \
            (run seed \(hex(seed)), case seed \(hex(caseSeed))).
            Replay this case: MODEL_CASE_SEED=\(hex(caseSeed)) swift test --scratch-path .build-model --filter Model
            Replay the run: MODEL_SEED=\(hex(seed)) MODEL_CASES=\(cases) swift test --scratch-path .build-model --filter Model

            At step \(found.step + 1) of \(operations.count):
            \(found.detail)

            Script (the model's predictions in comments):
            \(divergence(of: operations)?.lines.joined(separator: "\n") ?? "(it no longer diverges when replayed)")

            Shrunk to \(shrunk.count) steps, diverging at step \((minimal?.divergence.step ?? 0) + 1):
            \(minimal?.divergence.detail ?? "(the shrunk script no longer diverges)")

            \(minimal?.lines.joined(separator: "\n") ?? "")
            """))
      if divergences >= Self.maximumDivergences { break }
    }
    let elapsed = clock.now - started
    print(
      "Model test: run seed \(hex(seed))\(single.map { ", case seed \(hex($0))" } ?? ""), \(coverage.summary); "
        + "\(divergences) divergences; \(elapsed)")
    if divergences == 0 && cases >= 1_000 {
      // The generator still reaches every rule: a change that made it stop would pass silently.
      #expect(coverage.succeeded > 0 && coverage.failedUnresolved > 0 && coverage.failedMismatch > 0)
      #expect(coverage.failedConfiguration > 0 && coverage.rejected > 0 && coverage.cleared > 0)
      #expect(coverage.replacements > 0 && coverage.unregisterMisses > 0 && coverage.foldedIDs > 0)
      #expect(coverage.resolves > coverage.resolveFailures && coverage.resolveFailures > 0 && coverage.validations > 0)
      #expect(coverage.agreedInstances > 0 && coverage.agreedUnresolved > 0)
      #expect(coverage.agreedMismatch > 0 && coverage.agreedConfiguration > 0)
      for reason in ReferenceModel.Reason.allCases {
        #expect(coverage.fills[reason, default: 0] > 0, "no property was filled by \(reason.rawValue)")
      }
    }
  }

  @Test("The model's hand-written zoo tables agree with Swift's casts and the declarations")
  func zooTablesMatchSwift() {
    for instanceClass in ZooType.classes {
      let instance = Zoo.make(instanceClass)
      for type in ZooType.allCases {
        #expect(
          Zoo.swiftCasts(instance, to: type) == instanceClass.castableTo.contains(type),
          "\(instanceClass.swiftName) as \(type.swiftName)")
      }
    }
    for kind in TargetKind.allCases {
      let object = Zoo.make(kind)
      for target in TargetKind.allCases {
        #expect(
          Zoo.swiftIsSubclass(object, of: target) == kind.lineage.contains(target),
          "\(kind.swiftName) is \(target.swiftName)")
      }
      // The optional stored properties, base classes first, with their declared types.
      var levels: [[String]] = []
      var mirror: Mirror? = Mirror(reflecting: object)
      while let current = mirror {
        levels.append(
          current.children.compactMap { child in
            guard let label = child.label, label != "title", label != "callbacks" else { return nil }
            return "\(label): \(type(of: child.value))"
          })
        mirror = current.superclassMirror
      }
      let declared = levels.reversed().flatMap { $0 }
      let modelled = kind.properties.map { "\($0.name): Optional<\(Self.swiftTypeName($0.type))>" }
      #expect(declared == modelled, "\(kind.swiftName)")
      #expect(Set(type(of: object).injectableKeyPaths.keys) == Set(kind.properties.map(\.name)), "\(kind.swiftName)")
    }
  }

  /// How Swift prints a zoo type inside `Optional<…>`.
  private static func swiftTypeName(_ type: ZooType) -> String {
    switch type {
    case .p: "ZooP"
    case .q: "ZooQ"
    case .r: "ZooR"
    default: type.swiftName
    }
  }
}
