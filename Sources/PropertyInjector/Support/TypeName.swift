/// How a type reads in messages, as in source: `(any Logger)?`, `any Logger`. Never used to identify one.
func readableName(of type: Any.Type) -> String {
  if let optional = type as? any OptionalProtocol.Type {
    return optionalName(of: optional.wrappedType, marker: "?")
  }
  let name = qualifiedName(of: type)
  if isExistential(type), name != "Any", name != "AnyObject" {
    return "any \(name)"
  }
  return name
}

/// A nested type's name with its parents' (`Feed.Screen`, `Outer<Int>.Dep`), so that two `Screen`s read apart, and
/// each name in it without its module (`Box<Int>`, `(Int) -> String`). A private or local type is named as from
/// inside its context, which source cannot name: `Loop` for a private `Suite.Loop`, `Graph.Feed` in a function.
private func qualifiedName(of type: Any.Type) -> String {
  withoutPrivateContexts(withoutModules(String(reflecting: type)))
}

/// What separates the names in a type's reflected name (`G<A, (B) -> C>`): a name starts after one.
private let nameSeparators: Set<Character> = ["<", ",", "(", " ", "[", ":", "&"]

/// `text` without the module each dotted name starts with: an identifier, then a dot (`Swift.Int` reads `Int`).
private func withoutModules(_ text: String) -> String {
  var (name, start) = ("", text.startIndex)
  for end in Array(text.indices) + [text.endIndex] where end == text.endIndex || nameSeparators.contains(text[end]) {
    let run = text[start..<end]
    let dot = run.firstIndex(of: ".").flatMap { dot in
      run[..<dot].allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && dot > run.startIndex ? dot : nil
    }
    name += dot.map { run[run.index(after: $0)...] } ?? run
    guard end < text.endIndex else { break }
    name.append(text[end])
    start = text.index(after: end)
  }
  return name
}

/// `text` without a private or local type's `(unknown context at $…).`, nor what led to it: source names the type
/// from inside that context.
private func withoutPrivateContexts(_ text: String) -> String {
  var (name, rest) = ("", Substring(text))
  while let open = rest.firstIndex(of: "(") {
    name += rest[..<open]
    rest = rest[open...]
    guard rest.hasPrefix("(unknown context at "), let close = rest.firstIndex(of: ")") else {
      name += rest.prefix(1)
      rest = rest.dropFirst()
      continue
    }
    while let last = name.last, !nameSeparators.contains(last) { name.removeLast() }
    rest = rest[rest.index(after: close)...].drop { $0 == "." }
  }
  return name + rest
}

/// `type` made optional (`marker` "?") or implicitly unwrapped ("!"): `Cache?`, `(any Logger)?`.
func optionalName(of type: Any.Type, marker: String) -> String {
  let inner = readableName(of: type)
  // `any Logger?` would read as an optional protocol; `A & B?` as if only B were optional.
  let needsParentheses = inner.contains(" ") || inner.contains("->")
  return needsParentheses ? "(\(inner))\(marker)" : "\(inner)\(marker)"
}

/// Whether `type` is a protocol existential (`any Logger`, `Any`): its metatype reads `Logger.Protocol`.
/// Named by `_typeName`, not `String(describing:)`, whose casts look up four conformances of the metatype:
/// each a scan of every conformance record in the process the first time a type is asked about.
func isExistential(_ type: Any.Type) -> Bool {
  func metatypeName<T>(_: T.Type) -> String { _typeName(Swift.type(of: T.self), qualified: false) }
  return _openExistential(type, do: metatypeName).hasSuffix(".Protocol")
}

/// How to write `type.self` in source: `(any Logger).self`, `Cache.self`.
func metatypeExpression(of type: Any.Type) -> String {
  metatypeExpression(ofNamed: readableName(of: type))
}

/// How to write `.self` of the type `name` reads as (see ``readableName(of:)``): `(any Logger).self`.
func metatypeExpression(ofNamed name: String) -> String {
  name.contains(" ") && !isOneParenthesized(name) || name.hasSuffix("?") ? "(\(name)).self" : "\(name).self"
}

/// Whether `name` is one parenthesized whole, as a tuple type is: `(a: Int, b: String)`, not `(Int) -> (Int)`.
private func isOneParenthesized(_ name: String) -> Bool {
  guard name.hasPrefix("("), name.hasSuffix(")") else { return false }
  var depth = 0
  for (offset, character) in name.enumerated() {
    if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
    if depth == 0 { return offset == name.count - 1 }
  }
  return false
}

/// The type that reads as `name`, as its own declaration writes it (a key path's root in its table): without generic
/// arguments, `GridScreen` for `GridScreen<Int>`, which inside the class's body stands for every specialization.
func declaredName(_ name: String) -> String {
  var depth = 0
  return String(
    name.filter { character in
      if character == "<" { depth += 1 } else if character == ">", depth > 0 { depth -= 1 } else { return depth == 0 }
      return false
    })
}

/// `name` with its indefinite article: "a Cache", "an ImageCache", "a Logger" for `any Logger`.
func aOrAn(_ name: String) -> String {
  let name = name.hasPrefix("any ") ? String(name.dropFirst(4)) : name
  let vowels: Set<Character> = ["A", "E", "I", "O", "U", "a", "e", "i", "o", "u"]
  return (name.first.map(vowels.contains) ?? false ? "an " : "a ") + name
}

/// `Optional`, seen through a protocol, so that generic code can test for nil and unwrap.
protocol OptionalProtocol {
  associatedtype Wrapped
  /// The wrapped value, as `Any`.
  var wrappedAny: Any? { get }
}

extension Optional: OptionalProtocol {
  var wrappedAny: Any? { map { $0 } }
}

extension OptionalProtocol {
  static var wrappedType: Any.Type { Wrapped.self }
}

extension String {
  func replacingNewlines(with separator: String) -> String {
    split(separator: "\n", omittingEmptySubsequences: false).joined(separator: separator)
  }

  /// Folded for caseless comparison: upper-casing first maps ß to SS, so "Straße" matches "STRASSE".
  var caseFolded: String { uppercased().lowercased() }
}

/// Levenshtein distance, for "did you mean" suggestions: one row of the table at a time.
func editDistance(_ a: String, _ b: String) -> Int {
  let b = Array(b)
  var previous = Array(0...b.count)
  for (i, x) in a.enumerated() {
    var current = [i + 1]
    for (j, y) in b.enumerated() {
      current.append(Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
    }
    previous = current
  }
  return previous[b.count]
}

/// The label nearest to `key` by edit distance, if it is near enough to be a likely typo.
func closest(to key: String, among labels: [String]) -> String? {
  let scored = labels.map { ($0, editDistance(key, $0)) }
  guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, key.count / 4) else { return nil }
  return best.0
}
