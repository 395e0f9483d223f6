/// How a type is written in messages: the way it reads in source, as far as the runtime tells.
///
/// `Optional<Logger>` becomes `Logger?`. Names are never used to identify a type; the library
/// compares types by `ObjectIdentifier` and dynamic casts, so two types with the same name in
/// different modules never collide.
func readableName(of type: Any.Type) -> String {
  readable(String(describing: type))
}

private func readable(_ name: String) -> String {
  let prefix = "Optional<"
  guard name.hasPrefix(prefix), name.hasSuffix(">") else { return name }
  let inner = readable(String(name.dropFirst(prefix.count).dropLast()))
  // `Logger & Sendable?` would read as if only the last member were optional.
  let needsParentheses = inner.contains(" ") || inner.contains("->")
  return needsParentheses ? "(\(inner))?" : "\(inner)?"
}

/// `name` with its indefinite article, for messages: "a Cache", "an ImageCache".
func aOrAn(_ name: String) -> String {
  let vowels: Set<Character> = ["A", "E", "I", "O", "U", "a", "e", "i", "o", "u"]
  return (name.first.map(vowels.contains) ?? false ? "an " : "a ") + name
}
