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
      /// A name bound by a tuple pattern with no written type: `var (a, b) = (x, y)`.
      case untypedTuple
      /// A property with a getter: Mirror never sees it.
      case computed
      /// An `override` of a superclass's property: no storage of this class. Its getter, if it has one, is
      /// what the injector reads the superclass's property through.
      case overriding(hasGetter: Bool)
      /// A `static` or `class` property.
      case typeLevel
      /// A property with an attribute that is probably a property wrapper: its storage is `_name`.
      case wrapped(AttributeSyntax)
      /// A stored optional `var` of an opaque type (`(some Logger)?`): no accessor can name its type.
      case opaque(TypeSyntax)
      /// A stored optional `var` isolated to a global actor (`@MainActor var`) the class is not
      /// visibly isolated to: an accessor, isolated as the class is, could not reach it.
      case isolated(AttributeSyntax)
    }

    /// A member of the class as far as the macro cares: a property, or an `#if` block of them.
    enum Member {
      /// One clause of an `#if` block: `#if`, `#elseif` or `#else`, its condition, its members.
      struct Clause {
        let keyword: String
        let condition: String?
        let members: [Member]
      }

      case property(StoredProperty)
      case conditional([Clause])

      /// Every property in `members`, whatever clause it is in.
      static func flattened(_ members: [Member]) -> [StoredProperty] {
        members.flatMap { member -> [StoredProperty] in
          switch member {
          case .property(let property): [property]
          case .conditional(let clauses): clauses.flatMap { flattened($0.members) }
          }
        }
      }
    }

    /// How the property holds a reference.
    enum Ownership: String {
      case strong, weak, unowned
    }

    /// Whether it is deprecated (`@available(…, deprecated…)`), on any platform.
    var isDeprecated: Bool {
      declaration.attributes.contains { element in
        guard let attribute = element.as(AttributeSyntax.self),
          attribute.attributeName.trimmedDescription == "available"
        else { return false }
        return attribute.arguments?.tokens(viewMode: .sourceAccurate).contains { $0.text == "deprecated" } ?? false
      }
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

    /// The name as `Mirror` reports it, and a table is keyed by: a raw identifier keeps its backticks
    /// (`` `injected-logger` ``), unless what they enclose is an identifier anyway (`` `class` ``, `` `injected1` ``).
    var name: String {
      let text = identifier.text
      guard text.count > 2, text.hasPrefix("`"), text.hasSuffix("`") else { return text }
      let enclosed = String(text.dropFirst().dropLast())
      return Self.isIdentifier(enclosed) ? enclosed : text
    }

    /// The name as a string literal, for generated code: a raw identifier may hold a quote.
    var nameLiteral: String {
      "\"" + String(name.flatMap { $0 == "\"" || $0 == "\\" ? ["\\", $0] : [$0] }) + "\""
    }

    /// Whether `text` lexes as an identifier without backticks: the characters Swift's grammar allows
    /// (`identifier-head`, then `identifier-character`s), which the compiler stores without them.
    static func isIdentifier(_ text: String) -> Bool {
      func isIn(_ ranges: [ClosedRange<UInt32>], _ scalar: Unicode.Scalar) -> Bool {
        ranges.contains { $0.contains(scalar.value) }
      }
      guard let first = text.unicodeScalars.first, isIn(identifierHeads, first) else { return false }
      return text.unicodeScalars.dropFirst().allSatisfy {
        isIn(identifierHeads, $0) || isIn(identifierContinuations, $0)
      }
    }

    /// `identifier-head` of The Swift Programming Language's grammar.
    private static let identifierHeads: [ClosedRange<UInt32>] =
      [
        0x41...0x5A, 0x5F...0x5F, 0x61...0x7A, 0xA8...0xA8, 0xAA...0xAA, 0xAD...0xAD, 0xAF...0xAF, 0xB2...0xB5,
        0xB7...0xBA, 0xBC...0xBE, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x167F, 0x1681...0x180D,
        0x180F...0x1DBF, 0x1E00...0x1FFF, 0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040, 0x2054...0x2054,
        0x2060...0x20CF, 0x2100...0x218F, 0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF,
        0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF, 0xF900...0xFD3D, 0xFD40...0xFDCF,
        0xFDF0...0xFE1F, 0xFE30...0xFE44, 0xFE47...0xFFFD,
      ] + (0x1...0xE).map { plane in (plane << 16)...((plane << 16) | 0xFFFD) }

    /// `identifier-character`s that are not heads: digits and combining marks.
    private static let identifierContinuations: [ClosedRange<UInt32>] = [
      0x30...0x39, 0x300...0x36F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F,
    ]

    /// Whether the name makes the property a candidate: a raw identifier's (`` `injected logger` ``) without its
    /// backticks, as Swift code spells it.
    var hasInjectedPrefix: Bool {
      let text = identifier.text
      return (text.hasPrefix("`") && text.hasSuffix("`") ? String(text.dropFirst().dropLast()) : text)
        .hasPrefix("injected")
    }

    /// Whether the property is a stored optional `var`, which gets a typed accessor.
    var isInjectable: Bool { if case .injectable = kind { true } else { false } }

    /// The name the property probably meant, when it is one slip away from a candidate's:
    /// `injectedLogger` for `injectLogger`, `injectdLogger` or `InjectedLogger`; nil otherwise.
    var nearMissName: String? {
      let name = self.name
      let prefix = "injected"
      guard !name.hasPrefix(prefix), name.count > 1 else { return nil }
      func renamed(dropping count: Int) -> String? {
        let rest = name.dropFirst(count)
        guard let first = rest.first, first != "_" else { return rest.isEmpty ? nil : prefix + rest }
        return prefix + first.uppercased() + rest.dropFirst()
      }
      // Another case: `InjectedAPI`, `INJECTEDCache`.
      if name.lowercased().hasPrefix(prefix) { return renamed(dropping: prefix.count) }
      // `injectLogger`: the word without its ending, then a capital.
      if name.hasPrefix("inject"), name.dropFirst(6).first?.isUppercase == true { return renamed(dropping: 6) }
      // One letter missing, extra or wrong in the prefix, then a capital: `injectdLogger`, `injectredLogger`.
      for count in [prefix.count - 1, prefix.count, prefix.count + 1] where name.count > count {
        let head = String(name.prefix(count))
        guard editDistance(head, prefix) == 1, name.dropFirst(count).first?.isUppercase == true else { continue }
        return renamed(dropping: count)
      }
      return nil
    }

    /// The Levenshtein distance between two short strings.
    private func editDistance(_ a: String, _ b: String) -> Int {
      let a = Array(a)
      let b = Array(b)
      var previous = Array(0...b.count)
      for i in 1...max(a.count, 1) where !a.isEmpty {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...max(b.count, 1) where !b.isEmpty {
          current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
      }
      return previous[b.count]
    }

    /// The variables declared in `members`, `#if` blocks included, as a tree that keeps them.
    /// An attribute named `globalActor` (the class's, named by `@Injectable(isolation:)`) is
    /// not a property wrapper.
    static func tree(of members: MemberBlockItemListSyntax, globalActor: String? = nil) -> [Member] {
      members.flatMap { item -> [Member] in
        if let variable = item.decl.as(VariableDeclSyntax.self) {
          return properties(of: variable, globalActor: globalActor).map(Member.property)
        }
        guard let block = item.decl.as(IfConfigDeclSyntax.self) else { return [] }
        let clauses = block.clauses.map { clause -> Member.Clause in
          let members: [Member] =
            if case .decls(let declarations) = clause.elements {
              tree(of: declarations, globalActor: globalActor)
            } else {
              []
            }
          return Member.Clause(
            keyword: clause.poundKeyword.text, condition: clause.condition?.trimmedDescription, members: members)
        }
        return [.conditional(clauses)]
      }
    }

    private static func properties(of declaration: VariableDeclSyntax, globalActor: String?) -> [StoredProperty] {
      let modifiers = declaration.modifiers.map(\.name.tokenKind)
      let isTypeLevel = modifiers.contains(.keyword(.static)) || modifiers.contains(.keyword(.class))
      let isLazy = modifiers.contains(.keyword(.lazy))
      let ownership: Ownership =
        modifiers.contains(.keyword(.weak)) ? .weak : modifiers.contains(.keyword(.unowned)) ? .unowned : .strong
      let isConstant = declaration.bindingSpecifier.tokenKind == .keyword(.let)
      let wrapper = declaration.attributes.compactMap { $0.as(AttributeSyntax.self) }.first {
        isPropertyWrapper($0) && !isSameActor($0.attributeName.trimmedDescription, globalActor)
      }
      // `@MainActor var` in a class that is not (visibly) isolated to the main actor.
      let foreignActor = declaration.attributes.compactMap { $0.as(AttributeSyntax.self) }.first {
        let name = $0.attributeName.trimmedDescription
        return isGlobalActor(name) && !isSameActor(name, globalActor)
      }
      let bindings = Array(declaration.bindings)
      return bindings.enumerated().flatMap { index, binding -> [StoredProperty] in
        // `var a, b: Int?` declares both with the type written after the last; in `var a = x, b: Int?`, `a` has its
        // initializer's type, which the macro cannot know.
        let type = bindings[index...].lazy.prefix { $0.typeAnnotation != nil || $0.initializer == nil }
          .compactMap(\.typeAnnotation).first?.type
        return names(in: binding.pattern, type: type).map { identifier, type, inTuple in
          let kind: Kind
          if isTypeLevel {
            kind = .typeLevel
          } else if modifiers.contains(.keyword(.override)) {
            kind = .overriding(hasGetter: isComputed(binding))
          } else if let wrapper {
            kind = .wrapped(wrapper)
          } else if isComputed(binding) {
            kind = .computed
          } else if isConstant {
            kind = .constant
          } else if isLazy {
            kind = .lazy
          } else if let type {
            kind =
              if !isOptional(type) {
                .notOptional(type)
              } else if type.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .keyword(.some) }) {
                .opaque(type)
              } else {
                foreignActor.map(Kind.isolated) ?? .injectable
              }
          } else {
            kind = inTuple ? .untypedTuple : .untyped
          }
          return StoredProperty(
            identifier: identifier, wrappedType: type.flatMap(wrapped(in:)), declaredType: type, kind: kind,
            ownership: ownership, declaration: declaration, binding: binding)
        }
      }
    }

    /// The names `pattern` binds, each with its type when `type` says it: `var (a, b): (A?, B?)`
    /// binds `a: A?` and `b: B?`; whether each is in a tuple pattern.
    private static func names(in pattern: PatternSyntax, type: TypeSyntax?) -> [(TokenSyntax, TypeSyntax?, Bool)] {
      if let identifier = pattern.as(IdentifierPatternSyntax.self) { return [(identifier.identifier, type, false)] }
      guard let tuple = pattern.as(TuplePatternSyntax.self) else { return [] }
      let types = type?.as(TupleTypeSyntax.self).map { Array($0.elements.map(\.type)) }
      return tuple.elements.enumerated().flatMap { index, element in
        let elementType = types.flatMap { index < $0.count ? $0[index] : nil }
        return names(in: element.pattern, type: elementType).map { ($0.0, $0.1, true) }
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
      "_documentation", "_implements", "_optimize", "_semantics", "_alwaysEmitIntoClient", "nonisolated",
    ]

    private static func isPropertyWrapper(_ attribute: AttributeSyntax) -> Bool {
      let name = attribute.attributeName.trimmedDescription
      return !plainAttributes.contains(name) && !isGlobalActor(name)
    }

    /// Whether an attribute of this name is taken for a global actor's, as a class's is.
    static func isGlobalActor(_ name: String) -> Bool { name == "MainActor" || name.hasSuffix("Actor") }

    /// Whether `name` and `other` spell the same global actor: `MainActor` and `Swift.MainActor`.
    static func isSameActor(_ name: String, _ other: String?) -> Bool {
      other.map { $0.split(separator: ".").last == name.split(separator: ".").last } ?? false
    }

    /// The global actor an attribute list isolates to (`@MainActor`, or an attribute named `…Actor`), if any.
    static func globalActorAttribute(of attributes: AttributeListSyntax) -> String? {
      attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription }.first(
        where: isGlobalActor)
    }
  }
#endif
