#if Macros
  import SwiftDiagnostics
  public import SwiftSyntax
  import SwiftSyntaxBuilder
  public import SwiftSyntaxMacros

  /// `@Injectable`: writes a class's `InjectableSettable` and `InjectableThroughAccessors`
  /// conformances, and a typed accessor for each stored optional `var`. It writes no key-path
  /// table: `InjectableSettable.injectableKeyPaths` defaults to an empty one for a class injectable
  /// through accessors.
  ///
  /// Whether the class is a root or a subclass of an injectable class comes from the
  /// conformances the compiler says it lacks: a root gets both conformances, a subclass overrides
  /// the accessors with its own properties only (the injector reads each class's list). A global-actor class (`@Injectable(isolation: SomeActor.self)`, `@MainActor`,
  /// or an attribute named `…Actor`) gets isolated conformances.
  public struct InjectableMacro: MemberMacro, ExtensionMacro {
    static let settable = "InjectableSettable"
    static let accessors = "InjectableThroughAccessors"

    #if compiler(>=6.3) && canImport(SwiftSyntax603)
      /// How the generated code names the library's module: with a module selector (Swift 6.3), which a type of the
      /// user's own named `PropertyInjector` cannot shadow, as `PropertyInjector.InjectableAccessor` would.
      static let library = "PropertyInjector::"
      /// How it names the standard library's `type(of:)`: `Swift::`, for the same reason.
      static let standardLibrary = "Swift::"
    #else
      /// How the generated code names the library's module: before Swift 6.3 (or with a swift-syntax that cannot
      /// parse module selectors), qualified by the module's name, which a type named `PropertyInjector` shadows.
      static let library = "PropertyInjector."
      /// How it names the standard library's `type(of:)`.
      static let standardLibrary = "Swift."
    #endif

    /// The members: the typed accessors, and the values their filler binds.
    public static func expansion(
      of node: AttributeSyntax,
      providingMembersOf declaration: some DeclGroupSyntax,
      conformingTo protocols: [TypeSyntax],
      in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
      guard let declaration = declaration.as(ClassDeclSyntax.self) else {
        context.diagnose(Diagnostic(node: node, message: InjectableDiagnostic.notAClass(kind(of: declaration))))
        return []
      }
      let shape = ClassShape(declaration, attribute: node, missing: protocols)
      let tree = StoredProperty.tree(of: declaration.memberBlock.members, globalActor: shape.globalActor)
      let properties = StoredProperty.Member.flattened(tree)
      diagnose(properties, classActor: shape.globalActor, in: context)
      diagnoseCallbacks(in: declaration, classActor: shape.globalActor, in: context)
      if shape.isolationArgumentIsInvalid {
        context.diagnose(Diagnostic(node: node, message: InjectableDiagnostic.invalidIsolation))
      }
      // Only the properties outside `#if` share the filler: one that no active clause declares
      // must not be named by code that is always compiled.
      let shared = tree.compactMap { member -> StoredProperty? in
        if case .property(let property) = member, property.isInjectable { property } else { nil }
      }
      var members: [DeclSyntax] = []
      members.append(accessorList(of: tree, shared: shared, in: shape))
      if !shared.isEmpty {
        members.append(valuesStruct(of: shared))
      }
      return members
    }

    /// The conformances the class lacks, isolated to its global actor if it has one.
    public static func expansion(
      of node: AttributeSyntax,
      attachedTo declaration: some DeclGroupSyntax,
      providingExtensionsOf type: some TypeSyntaxProtocol,
      conformingTo protocols: [TypeSyntax],
      in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
      guard let declaration = declaration.as(ClassDeclSyntax.self) else { return [] }
      let shape = ClassShape(declaration, attribute: node, missing: protocols)
      let isolation = shape.globalActor.map { "@\($0) " } ?? ""
      var conformances: [String] = []
      if shape.isRoot { conformances.append("\(isolation)\(library)\(settable)") }
      if shape.lacksAccessors { conformances.append("\(isolation)\(library)\(accessors)") }
      guard !conformances.isEmpty else { return [] }
      let decl: DeclSyntax = "extension \(type.trimmed): \(raw: conformances.joined(separator: ", ")) {}"
      return decl.as(ExtensionDeclSyntax.self).map { [$0] } ?? []
    }

    /// `static var injectableAccessors`: a typed accessor for each stored optional `var`, the
    /// class's own only (in the `#if` clauses they are declared in), and the filler the ones
    /// outside `#if` share, which fills them all in one call.
    private static func accessorList(
      of tree: [StoredProperty.Member],
      shared: [StoredProperty],
      in shape: ClassShape
    ) -> DeclSyntax {
      // A deprecated property read here would warn in code the user cannot change: the list is deprecated too (a
      // deprecated context reads it without a warning; the injector calls it through the protocol, which never warns).
      let deprecation =
        StoredProperty.Member.flattened(tree).contains(where: \.isDeprecated)
        ? "@available(*, deprecated, message: \"written by @Injectable; it reads deprecated properties\")\n" : ""
      let prefix = deprecation + shape.declarationPrefix(overriding: !shape.lacksAccessors)
      let hasFiller = !shared.isEmpty
      // The list names every stored property: the injector need not reflect the class to fill it. Unless a
      // getter overrides a superclass's property: the injector then reflects the class, to check what the
      // getter answers against what the property holds.
      let overridesGetter = StoredProperty.Member.flattened(tree).contains { property in
        if case .overriding(hasGetter: true) = property.kind { true } else { false }
      }
      var head = overridesGetter ? [] : ["\(library)InjectableAccessor._$complete(\(shape.name).self)"]
      // In a subclass, the callback as a call written in it calls it: its own, one in an extension (which the
      // protocol requirement, bound to the root's, would never reach), or the nearest superclass's. A root's
      // conformance binds the requirement to its own callback already.
      if !shape.isRoot {
        head.append(
          "\(library)InjectableAccessor._$didInject(\(shape.name).self) { $0.didInjectDependencies() }")
      }
      func entries(of members: [StoredProperty.Member]) -> [String] {
        members.compactMap { member in
          guard case .property(let property) = member else { return nil }
          return property.isInjectable ? nil : fixedEntry(property, in: shape)
        }
          + members.compactMap { member in
            guard case .property(let property) = member, property.isInjectable else { return nil }
            return accessorEntry(property, in: shape, filler: hasFiller && isShared(property, shared))
          }
      }
      let isConditional = tree.contains { member in
        if case .conditional(let clauses) = member {
          clauses.contains { !StoredProperty.Member.flattened($0.members).isEmpty }
        } else {
          false
        }
      }
      let items = head + entries(of: tree)
      let literal = items.isEmpty ? "[]" : "[\n\(items.joined(separator: ",\n"))\n]"
      let list: String
      if isConditional {
        // `#if` cannot be written inside an array literal: the list is built by statements.
        list = """
          var accessors: [\(library)InjectableAccessor] = \(literal)
          \(conditionalAppends(of: tree, entries: entries))
          return accessors
          """
      } else {
        list = "\(hasFiller ? "return " : "")\(literal)"
      }
      guard hasFiller else {
        return """
          \(raw: prefix) var injectableAccessors: [\(raw: library)InjectableAccessor] {
          \(raw: list)
          }
          """
      }
      let cases = shared.map { property in
        """
        case \(property.nameLiteral):
          guard let value = value as? \(wrappedType(of: property)) else { return false }
          values.\(property.identifier.text) = value
        """
      }
      let fills = shared.map { property in
        let member = property.identifier.text
        return """
          if let value = values.\(member), object.\(member) == nil {
            object.\(member) = value
            wrote = true
          }
          """
      }
      return """
        \(raw: prefix) var injectableAccessors: [\(raw: library)InjectableAccessor] {
        let filler = \(raw: library)InjectableFiller._$filler(
          of: \(raw: shape.name).self, values: _$InjectableValues(),
          set: { values, name, value in
            switch name {
            \(raw: indented(cases.joined(separator: "\n"), by: 4))
            default:
              return false
            }
            return true
          },
          fill: { object, values in
            var wrote = false
            \(raw: indented(fills.joined(separator: "\n"), by: 4))
            return wrote
          })
        \(raw: list)
        }
        """
    }

    private static func isShared(_ property: StoredProperty, _ shared: [StoredProperty]) -> Bool {
      shared.contains { $0.identifier.id == property.identifier.id }
    }

    /// The `#if` blocks of `tree`, each clause adding its entries to `accessors`, nested blocks
    /// kept; a block with no property in any clause is left out.
    private static func conditionalAppends(
      of tree: [StoredProperty.Member],
      entries: ([StoredProperty.Member]) -> [String]
    ) -> String {
      tree.compactMap { member -> String? in
        guard case .conditional(let clauses) = member,
          clauses.contains(where: { !StoredProperty.Member.flattened($0.members).isEmpty })
        else { return nil }
        var lines: [String] = []
        for clause in clauses {
          lines.append([clause.keyword, clause.condition].compactMap { $0 }.joined(separator: " "))
          let own = entries(clause.members)
          if !own.isEmpty {
            lines.append("accessors += [\n\(own.joined(separator: ",\n"))\n]")
          }
          let nested = conditionalAppends(of: clause.members, entries: entries)
          if !nested.isEmpty { lines.append(nested) }
        }
        lines.append("#endif")
        return lines.joined(separator: "\n")
      }
      .joined(separator: "\n")
    }

    /// The entry of a stored property the injector cannot fill.
    private static func fixedEntry(_ property: StoredProperty, in shape: ClassShape) -> String? {
      switch property.kind {
      case .constant, .lazy, .notOptional, .untyped, .untypedTuple, .isolated, .opaque: break
      case .injectable, .computed, .overriding, .typeLevel, .wrapped: return nil
      }
      var arguments = [property.nameLiteral, "of: \(shape.name).self"]
      if let type = property.declaredType, !type.trimmedDescription.contains("some ") {
        arguments.append("type: (\(type.trimmedDescription)).self")
      }
      if case .lazy = property.kind { arguments.append("isLazy: true") }
      if case .constant = property.kind { arguments.append("isConstant: true") }
      return "\(library)InjectableAccessor._$fixed(\(arguments.joined(separator: ", ")))"
    }

    /// The typed accessor of a stored optional `var`.
    private static func accessorEntry(_ property: StoredProperty, in shape: ClassShape, filler: Bool) -> String {
      let member = property.identifier.text
      return """
        \(library)InjectableAccessor._$property(
          \(property.nameLiteral), of: \(shape.name).self, as: \(wrappedType(of: property)).self,
          ownership: .\(property.ownership.rawValue),
          isNil: { $0.\(member) == nil }, write: { $0.\(member) = $1 }, clear: { $0.\(member) = nil },
          fill: {
            guard $0.\(member) == nil else { return false }
            $0.\(member) = $1
            return true
          }, typeOf: { \(standardLibrary)type(of: $0) }\(filler ? ", filler: filler" : "")
        )
        """
    }

    /// The values a plan binds for the filler: one optional per accessor, strong.
    private static func valuesStruct(of properties: [StoredProperty]) -> DeclSyntax {
      let fields = properties.map { "var \($0.identifier.text): \(wrappedType(of: $0))?" }
      return """
        /// The values an injector binds to fill this class's properties in one call (written by @Injectable).
        private struct _$InjectableValues {
        \(raw: fields.joined(separator: "\n"))
        }
        """
    }

    /// `text` with every line but the first indented by `width` spaces: for a block of lines
    /// interpolated into an indented line of a template.
    private static func indented(_ text: String, by width: Int) -> String {
      text.split(separator: "\n", omittingEmptySubsequences: false)
        .joined(separator: "\n" + String(repeating: " ", count: width))
    }

    /// The property's type unwrapped, parenthesized where `.self` or `?` after it would bind to
    /// a part of it: `(any Logger)`, `(P & AnyObject)`, `(@Sendable () -> Int)`.
    private static func wrappedType(of property: StoredProperty) -> String {
      guard let type = property.wrappedType else { return "Never" }
      return needsParentheses(type) ? "(\(type.trimmedDescription))" : type.trimmedDescription
    }

    private static func needsParentheses(_ type: TypeSyntax) -> Bool {
      type.is(SomeOrAnyTypeSyntax.self) || type.is(CompositionTypeSyntax.self) || type.is(FunctionTypeSyntax.self)
        || type.is(AttributedTypeSyntax.self)
    }

    /// Reports every `injected…` property that can never be filled, with a fix where one is
    /// obvious, and every stored optional `var` whose name is one slip away from a candidate's.
    private static func diagnose(
      _ properties: [StoredProperty],
      classActor: String?,
      in context: some MacroExpansionContext
    ) {
      for property in properties where !property.hasInjectedPrefix && property.isInjectable {
        guard let suggestion = property.nearMissName else { continue }
        let identifier = property.identifier
        context.diagnose(
          Diagnostic(
            node: identifier, message: InjectableDiagnostic.nearMiss(property.name, suggestion),
            fixIt: FixIt(
              message: InjectableFixIt("renameToInjected", "Rename it '\(suggestion)'"),
              changes: [
                .replace(
                  oldNode: Syntax(identifier),
                  newNode: Syntax(identifier.with(\.tokenKind, .identifier(suggestion))))
              ])))
      }
      for property in properties where property.hasInjectedPrefix {
        let name = property.name
        switch property.kind {
        case .injectable:
          break
        case .constant:
          let specifier = property.declaration.bindingSpecifier
          context.diagnose(
            Diagnostic(
              node: specifier, message: InjectableDiagnostic.constant(name),
              fixIt: FixIt(
                message: InjectableFixIt("useVar", "Declare it with 'var'"),
                changes: [
                  .replace(oldNode: Syntax(specifier), newNode: Syntax(specifier.with(\.tokenKind, .keyword(.var))))
                ])
            ))
        case .lazy:
          let modifier = property.declaration.modifiers.first { $0.name.tokenKind == .keyword(.lazy) }
          let node = modifier.map(Syntax.init) ?? Syntax(property.identifier)
          context.diagnose(
            Diagnostic(
              node: node, message: InjectableDiagnostic.lazy(name),
              fixIts: modifier.map { modifier in
                [
                  FixIt(
                    message: InjectableFixIt("removeLazy", "Remove 'lazy'"),
                    changes: [
                      .replace(
                        oldNode: Syntax(modifier),
                        newNode: Syntax(
                          DeclModifierSyntax(name: .identifier("", leadingTrivia: modifier.leadingTrivia))))
                    ])
                ]
              } ?? []))
        case .notOptional(let type) where type.is(IdentifierTypeSyntax.self) || type.is(MemberTypeSyntax.self):
          // A named type may be a typealias of an optional, which the macro cannot see:
          // making it optional could make an optional of an optional.
          context.diagnose(
            Diagnostic(node: type, message: InjectableDiagnostic.notVisiblyOptional(name, type)))
        case .notOptional(let type):
          context.diagnose(
            Diagnostic(
              node: type, message: InjectableDiagnostic.notOptional(name, type),
              fixIt: FixIt(
                message: InjectableFixIt("makeOptional", "Declare it optional"),
                changes: [.replace(oldNode: Syntax(type), newNode: Syntax(optional(type)))])))
        case .opaque(let type):
          context.diagnose(Diagnostic(node: type, message: InjectableDiagnostic.opaque(name, type)))
        case .untypedTuple:
          context.diagnose(Diagnostic(node: property.identifier, message: InjectableDiagnostic.untypedTuple(name)))
        case .untyped:
          let type = initializedType(of: property.binding.initializer?.value) ?? "Service"
          context.diagnose(
            Diagnostic(node: property.identifier, message: InjectableDiagnostic.untyped(name, example: type)))
        case .computed:
          context.diagnose(Diagnostic(node: property.identifier, message: InjectableDiagnostic.computed(name)))
        case .overriding(let hasGetter):
          if hasGetter {
            context.diagnose(
              Diagnostic(node: property.identifier, message: InjectableDiagnostic.overridingGetter(name)))
          }
        case .typeLevel:
          context.diagnose(Diagnostic(node: property.identifier, message: InjectableDiagnostic.typeLevel(name)))
        case .wrapped(let attribute):
          context.diagnose(
            Diagnostic(
              node: attribute, message: InjectableDiagnostic.wrapped(name, attribute.attributeName.trimmedDescription)))
        case .isolated(let attribute):
          diagnoseIsolated(property, attribute: attribute, classActor: classActor, in: context)
        }
      }
    }

    /// A candidate isolated to a global actor the class is not: an error, with a fix-it that removes
    /// the attribute.
    /// The type an initial value plainly has, for a fix's example: a literal's, or a type's `Name(…)`.
    private static func initializedType(of value: ExprSyntax?) -> String? {
      guard let value else { return nil }
      if value.is(IntegerLiteralExprSyntax.self) { return "Int" }
      if value.is(FloatLiteralExprSyntax.self) { return "Double" }
      if value.is(StringLiteralExprSyntax.self) { return "String" }
      if value.is(BooleanLiteralExprSyntax.self) { return "Bool" }
      guard let call = value.as(FunctionCallExprSyntax.self),
        let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
        callee.first?.isUppercase == true
      else { return nil }
      return callee
    }

    /// A method named `didInjectDependencies` that is not the callback, `func didInjectDependencies()`: the injector
    /// would never call it.
    private static func diagnoseCallbacks(
      in declaration: ClassDeclSyntax,
      classActor: String?,
      in context: some MacroExpansionContext
    ) {
      let callbacks = functions(in: declaration.memberBlock.members).compactMap {
        function -> (FunctionDeclSyntax, [String])? in
        guard function.name.text == "didInjectDependencies" else { return nil }
        let signature = function.signature
        var differences: [String] = []
        if !signature.parameterClause.parameters.isEmpty { differences.append("takes parameters") }
        if signature.effectSpecifiers?.throwsClause != nil { differences.append("throws") }
        if signature.effectSpecifiers?.asyncSpecifier != nil { differences.append("is async") }
        if function.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }) {
          differences.append("is not an instance method")
        }
        return (function, differences)
      }
      // Beside the callback itself, one with parameters or a static one is an overload of its own, not a mistake.
      let hasCallback = callbacks.contains { $0.1.isEmpty }
      for (function, differences) in callbacks {
        if differences.isEmpty {
          // The conformance is the class's isolation: a callback isolated to a global actor the class is not crosses
          // into it, which the compiler reports only inside the generated conformance.
          if classActor == nil, let actor = StoredProperty.globalActorAttribute(of: function.attributes) {
            context.diagnose(
              Diagnostic(node: function.name, message: InjectableDiagnostic.isolatedCallback(actor: actor)))
          }
          continue
        }
        let isOverload =
          hasCallback && differences.allSatisfy { ["takes parameters", "is not an instance method"].contains($0) }
        guard !isOverload else { continue }
        context.diagnose(
          Diagnostic(node: function.name, message: InjectableDiagnostic.otherCallback(differences)))
      }
    }

    /// The methods declared in `members`, those in every clause of an `#if` block included.
    private static func functions(in members: MemberBlockItemListSyntax) -> [FunctionDeclSyntax] {
      members.flatMap { member -> [FunctionDeclSyntax] in
        if let function = member.decl.as(FunctionDeclSyntax.self) { return [function] }
        guard let block = member.decl.as(IfConfigDeclSyntax.self) else { return [] }
        return block.clauses.flatMap { clause -> [FunctionDeclSyntax] in
          if case .decls(let declarations) = clause.elements { functions(in: declarations) } else { [] }
        }
      }
    }

    private static func diagnoseIsolated(
      _ property: StoredProperty,
      attribute: AttributeSyntax,
      classActor: String?,
      in context: some MacroExpansionContext
    ) {
      let declaration = property.declaration
      let remaining = declaration.attributes.filter { $0.as(AttributeSyntax.self)?.id != attribute.id }
      let fixed = declaration.with(\.attributes, remaining).with(\.leadingTrivia, declaration.leadingTrivia)
      let actor = attribute.attributeName.trimmedDescription
      context.diagnose(
        Diagnostic(
          node: attribute, message: InjectableDiagnostic.isolated(property.name, actor: actor, classActor: classActor),
          fixIt: FixIt(
            message: InjectableFixIt("removeGlobalActor", "Remove '@\(actor)'"),
            changes: [.replace(oldNode: Syntax(declaration), newNode: Syntax(fixed))])))
    }

    /// `type` made optional: `Logger?`, `(any Logger)?`.
    private static func optional(_ type: TypeSyntax) -> TypeSyntax {
      let wrapped = type.trimmed
      return needsParentheses(type) ? "(\(wrapped))?" : "\(wrapped)?"
    }

    private static func kind(of declaration: some DeclGroupSyntax) -> String {
      if declaration.is(StructDeclSyntax.self) { return "struct" }
      if declaration.is(EnumDeclSyntax.self) { return "enum" }
      if declaration.is(ActorDeclSyntax.self) { return "actor" }
      if declaration.is(ProtocolDeclSyntax.self) { return "protocol" }
      if declaration.is(ExtensionDeclSyntax.self) { return "extension" }
      return "declaration that is not a class"
    }
  }

  /// What the generated members depend on: the class's name, finality, access and isolation,
  /// and whether a superclass already made it injectable.
  struct ClassShape {
    let name: String
    let isFinal: Bool
    /// `public`, `open`, `package`, or nothing.
    let access: String?
    /// The global actor the class is isolated to, if any.
    let globalActor: String?
    /// Whether no superclass conforms: the class gets the key-path table and the conformance.
    let isRoot: Bool
    /// Whether no superclass has typed accessors: the class declares its list rather than
    /// overriding one.
    let lacksAccessors: Bool

    /// Whether `@Injectable(isolation:)` was given something other than `SomeActor.self`.
    let isolationArgumentIsInvalid: Bool

    init(_ declaration: ClassDeclSyntax, attribute: AttributeSyntax, missing protocols: [TypeSyntax]) {
      name = declaration.name.text
      let modifiers = declaration.modifiers.map(\.name.tokenKind)
      isFinal = modifiers.contains(.keyword(.final))
      access =
        modifiers.contains(.keyword(.open))
        ? "open"
        : modifiers.contains(.keyword(.public)) ? "public" : modifiers.contains(.keyword(.package)) ? "package" : nil
      // `@Injectable(isolation: MainActor.self)`: the global actor, named by the user, which an
      // isolation inherited from a superclass (another module's `@MainActor open class`) needs.
      let argument = attribute.arguments?.as(LabeledExprListSyntax.self)?.first { $0.label?.text == "isolation" }
      let named = argument.flatMap { argument -> String? in
        guard let access = argument.expression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "self"
        else { return nil }
        return access.base?.trimmedDescription
      }
      isolationArgumentIsInvalid = argument != nil && named == nil
      globalActor =
        named
        ?? declaration.attributes.compactMap { $0.as(AttributeSyntax.self) }
        .map { $0.attributeName.trimmedDescription }
        .first { $0 == "MainActor" || $0.hasSuffix("Actor") }
      let missing = protocols.map(\.trimmedDescription)
      isRoot = missing.contains { $0.hasSuffix(InjectableMacro.settable) }
      lacksAccessors = missing.contains { $0.hasSuffix(InjectableMacro.accessors) }
    }

    /// `public static`, `open class`, `override class`…: how a generated member is declared.
    func declarationPrefix(overriding: Bool) -> String {
      var words: [String] = []
      if let access { words.append(access == "open" && isFinal ? "public" : access) }
      if overriding { words.append("override") }
      words.append(isFinal && !overriding ? "static" : "class")
      return words.joined(separator: " ")
    }
  }
#endif
