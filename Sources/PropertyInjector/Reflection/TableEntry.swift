/// One entry of a class's table, as read: a hand-written key path, or an `@Injectable` accessor.
struct TableEntry {
  let name: String
  let keyPath: AnyKeyPath?
  let typed: AnyAccessor?

  /// Opens the entry into an accessor, or says what is wrong with its key path.
  func open() -> Result<AnyAccessor, KeyPathDefect> {
    if let typed { return .success(typed) }
    guard let keyPath else { return .failure(.readOnly) }
    guard let openable = type(of: keyPath) as? any OpenableKeyPath.Type,
      let accessor = openable.accessor(for: keyPath, named: name)
    else { return .failure(KeyPathDefect(keyPath)) }
    return .success(accessor)
  }
}

/// Why a key path cannot become an accessor.
enum KeyPathDefect: Error {
  /// It starts at a struct or enum (a `WritableKeyPath` copies the value it writes into), or at a protocol,
  /// which a plan cannot write through.
  case wrongRoot(Any.Type)
  /// It cannot write: a `let`, or a setter not visible where the table is written.
  case readOnly
  /// It writes a value that is not optional (its property can never be nil).
  case nonOptionalValue(Any.Type)

  init(_ keyPath: AnyKeyPath) {
    let keyPaths = type(of: keyPath)
    let root = keyPaths.rootType
    if isExistential(root) || !(root is AnyClass) {
      self = .wrongRoot(root)
    } else if !(keyPath is any WritableThroughReference) {
      self = .readOnly
    } else {
      self = .nonOptionalValue(keyPaths.valueType)
    }
  }
}

/// A key path that can become an ``Accessor``: a `ReferenceWritableKeyPath` from a class to an optional.
/// Opened by casting its metatype, which hits the runtime's conformance cache.
protocol OpenableKeyPath: AnyKeyPath {
  static func accessor(for keyPath: AnyKeyPath, named name: String) -> AnyAccessor?
}

extension ReferenceWritableKeyPath: OpenableKeyPath where Root: AnyObject, Value: OptionalProtocol {
  static func accessor(for keyPath: AnyKeyPath, named name: String) -> AnyAccessor? {
    guard !isExistential(Root.self),
      let typed = keyPath as? ReferenceWritableKeyPath<Root, Value.Wrapped?>
    else { return nil }
    return Accessor(name: name, keyPath: typed)
  }
}

/// Marks key paths that can write through a reference, whatever their value type.
protocol WritableThroughReference {}
extension ReferenceWritableKeyPath: WritableThroughReference {}

/// What a key path's description says: one stored step (named), one computed step, or several steps.
enum KeyPathComponents: Equatable {
  case stored(String)
  case computed
  case several(String)

  /// Parses `\Root.component` from the debug description (Swift 5.8+); `rootName` as `String(describing:)` has it.
  init?(_ keyPath: AnyKeyPath, rootName: String) {
    guard #available(macOS 13.3, iOS 16.4, watchOS 9.4, tvOS 16.4, *) else { return nil }
    let description = keyPath.debugDescription
    let prefix = "\\\(rootName)."
    guard description.hasPrefix(prefix) else { return nil }
    let path = description.dropFirst(prefix.count)
    // Count the steps outside the brackets of a computed component's `<computed 0x… (Type)>` and outside the
    // backticks of a raw identifier (`` `injected.logger` ``).
    var (depth, isRaw, steps) = (0, false, 1)
    for character in path {
      switch character {
      case "`": isRaw.toggle()
      case _ where isRaw: break
      case "<", "(", "[": depth += 1
      case ">", ")", "]": depth -= 1
      case ".", "!", "?": if depth == 0 { steps += 1 }
      default: break
      }
    }
    if steps > 1 {
      self = .several(String(description))
    } else if path.hasPrefix("<computed") {
      self = .computed
    } else {
      self = .stored(StoredProperties.fieldName(String(path)))
    }
  }
}
