/// How candidates, key paths and registration calls read in messages and explanations.
enum Describe {
  /// How to register `type` in source, with `id` if given: an instance or a factory, each a call
  /// to copy; only a main-actor factory when `isMainActor` (the type is known to be main-actor).
  static func registrationCalls(for type: Any.Type, id: String?, isMainActor: Bool) -> String {
    let metatype = metatypeExpression(of: type)
    let id = id.map { ", id: \"\($0)\"" } ?? ""
    let mainActorFactory = "`injector.register(\(metatype)\(id), on: MainActor.self) { resolver in ... }`"
    if isMainActor { return "\(aOrAn(readableName(of: type))) on the main actor (\(mainActorFactory))" }
    return "\(aOrAn(readableName(of: type))): an instance (`injector.register(value, as: \(metatype)\(id))`), or a "
      + "factory (`injector.register(\(metatype)\(id)) { resolver in ... }`; for a main-actor type, "
      + "\(mainActorFactory))"
  }

  /// A key path as written in source, when the runtime says: `\Screen.config.inner`. One through accessors (a
  /// non-final class's property, or a computed one), which the runtime writes with an address, is said in words.
  static func keyPath(_ keyPath: AnyKeyPath?) -> String {
    guard let keyPath else { return "its @Injectable accessor" }
    let root = readableName(of: type(of: keyPath).rootType)
    guard #available(macOS 13.3, iOS 16.4, watchOS 9.4, tvOS 16.4, *) else { return "a key path from \(root)" }
    let text = keyPath.debugDescription
    return text.contains("<computed") ? "a key path from \(root) through a property's accessors" : text
  }

  /// The id a new registration needs to fill `property`, when the near misses tell its type's properties apart by id:
  /// the one a near miss suggests, or the property's name from its second word (`cacheFirst` for `injectedCacheFirst`).
  static func neededID(for property: String?, nearMisses: [NearMiss]) -> String? {
    guard let property, nearMisses.contains(where: { $0.registration.id != nil }) else { return nil }
    for miss in nearMisses {
      for case .idDoesNotEndLabel(_, let suggestion?) in miss.reasons { return suggestion }
    }
    let rest = property.drop { !$0.isUppercase }
    guard let first = rest.first else { return property }
    return first.lowercased() + rest.dropFirst()
  }
}
