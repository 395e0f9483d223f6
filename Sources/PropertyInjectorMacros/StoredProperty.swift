#if Macros
  import SwiftSyntax

  /// One variable of the class the macro is attached to, as its declaration reads.
  struct StoredProperty {
    /// How the property is declared, as far as injection cares.
    enum Kind {
      /// A stored optional `var`: it gets a typed accessor.
      case injectable
      /// A `let`.
      case constant
      /// A `lazy var`.
      case lazy
      /// A stored `var` whose type is not optional.
      case notOptional(TypeSyntax)
      /// A stored `var` with no written type.
      case untyped
      /// A property with a getter: Mirror never sees it.
      case computed
      /// A `static` or `class` property.
      case typeLevel
      /// A property with an attribute that is probably a property wrapper: its storage is `_name`.
      case wrapped(AttributeSyntax)
    }

    /// How the property holds a reference.
    enum Ownership: String {
      case strong, weak, unowned
    }

    /// The name as written in code (backticks kept).
    let identifier: TokenSyntax
    /// The declared type, unwrapped (`any Logger` for `(any Logger)?`), for an injectable property.
    let wrappedType: TypeSyntax?
    /// The declared type as written, when it is.
    let declaredType: TypeSyntax?
    let kind: Kind
    let ownership: Ownership
    /// The declaration, for diagnostics.
    let declaration: VariableDeclSyntax
    let binding: PatternBindingSyntax

    /// The name as `Mirror` reports it, and a table is keyed by.
    var name: String {
      let text = identifier.text
      guard text.hasPrefix("`"), text.hasSuffix("`"), !text.contains(" ") else { return text }
      return String(text.dropFirst().dropLast())
    }

    /// Whether the name makes the property a candidate.
    var hasInjectedPrefix: Bool { name.hasPrefix("injected") }

    /// Every variable declared in `members`, one per binding.
    static func all(in members: MemberBlockItemListSyntax) -> [StoredProperty] {
      members.compactMap { $0.decl.as(VariableDeclSyntax.self) }.flatMap(properties(of:))
    }

    private static func properties(of declaration: VariableDeclSyntax) -> [StoredProperty] {
      let modifiers = declaration.modifiers.map(\.name.tokenKind)
      let isTypeLevel = modifiers.contains(.keyword(.static)) || modifiers.contains(.keyword(.class))
      let isLazy = modifiers.contains(.keyword(.lazy))
      let ownership: Ownership =
        modifiers.contains(.keyword(.weak)) ? .weak : modifiers.contains(.keyword(.unowned)) ? .unowned : .strong
      let isConstant = declaration.bindingSpecifier.tokenKind == .keyword(.let)
      let wrapper = declaration.attributes.compactMap { $0.as(AttributeSyntax.self) }.first(where: isPropertyWrapper)
      let bindings = Array(declaration.bindings)
      return bindings.enumerated().compactMap { index, binding in
        guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { return nil }
        // `var a, b: Int?` declares both with the type written after the last.
        let type = bindings[index...].lazy.compactMap(\.typeAnnotation).first?.type
        let kind: Kind
        if isTypeLevel {
          kind = .typeLevel
        } else if let wrapper {
          kind = .wrapped(wrapper)
        } else if isComputed(binding) {
          kind = .computed
        } else if isConstant {
          kind = .constant
        } else if isLazy {
          kind = .lazy
        } else if let type {
          kind = isOptional(type) ? .injectable : .notOptional(type)
        } else {
          kind = .untyped
        }
        return StoredProperty(
          identifier: pattern.identifier, wrappedType: type.flatMap(wrapped(in:)), declaredType: type, kind: kind,
          ownership: ownership, declaration: declaration, binding: binding)
      }
    }

    /// Whether the binding has a getter (or a body that is one), rather than only observers.
    private static func isComputed(_ binding: PatternBindingSyntax) -> Bool {
      guard let block = binding.accessorBlock else { return false }
      switch block.accessors {
      case .getter:
        return true
      case .accessors(let accessors):
        return accessors.contains { accessor in
          switch accessor.accessorSpecifier.tokenKind {
          case .keyword(.willSet), .keyword(.didSet): false
          default: true
          }
        }
      }
    }

    /// Whether `type` is `T?`, `T!` or `Optional<T>`.
    static func isOptional(_ type: TypeSyntax) -> Bool { wrapped(in: type) != nil }

    /// `T` for `T?`, `T!` and `Optional<T>`; nil for any other type.
    static func wrapped(in type: TypeSyntax) -> TypeSyntax? {
      if let optional = type.as(OptionalTypeSyntax.self) { return optional.wrappedType }
      if let forced = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return forced.wrappedType }
      let generic: GenericArgumentClauseSyntax?
      if let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text == "Optional" {
        generic = identifier.genericArgumentClause
      } else if let member = type.as(MemberTypeSyntax.self), member.name.text == "Optional" {
        generic = member.genericArgumentClause
      } else {
        return nil
      }
      guard let argument = generic?.arguments.first?.argument else { return nil }
      return TypeSyntax(argument)
    }

    /// Attributes that are not property wrappers: a property carrying only these is plain.
    private static let plainAttributes: Set<String> = [
      "ObservationIgnored", "ObservationTracked", "objc", "nonobjc", "IBOutlet", "IBInspectable", "NSManaged",
      "NSCopying", "available", "MainActor", "preconcurrency", "usableFromInline", "inlinable", "exclusivity",
      "_spi", "backDeployed", "discardableResult", "GKInspectable", "Transient", "Attribute", "Relationship",
    ]

    private static func isPropertyWrapper(_ attribute: AttributeSyntax) -> Bool {
      let name = attribute.attributeName.trimmedDescription
      return !plainAttributes.contains(name) && !name.hasSuffix("Actor")
    }
  }
#endif
