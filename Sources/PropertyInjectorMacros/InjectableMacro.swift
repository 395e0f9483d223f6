#if Macros
  import SwiftDiagnostics
  public import SwiftSyntax
  import SwiftSyntaxBuilder
  public import SwiftSyntaxMacros

  /// `@Injectable`: writes a class's `InjectableSettable` conformance, its key-path table, and a
  /// typed accessor for each stored optional `var`.
  ///
  /// Whether the class is a root or a subclass of an injectable class comes from the
  /// conformances the compiler says it lacks: a root gets the key-path table and the accessors,
  /// a subclass overrides the accessors with its own properties only (the injector reads each
  /// class's list). A global-actor class (`@MainActor`, or an attribute named `…Actor`) gets
  /// isolated conformances.
  public struct InjectableMacro: MemberMacro, ExtensionMacro {
    static let settable = "InjectableSettable"
    static let accessors = "InjectableAccessors"

    /// The members: the key-path table (for a root class) and the typed accessors.
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
      let properties = StoredProperty.all(in: declaration.memberBlock.members)
      diagnose(properties, in: context)
      let injectable = properties.filter { if case .injectable = $0.kind { true } else { false } }
      let fixed = properties.filter { property in
        switch property.kind {
        case .constant, .lazy, .notOptional, .untyped: true
        case .injectable, .computed, .typeLevel, .wrapped: false
        }
      }
      let shape = ClassShape(declaration, missing: protocols)
      var members: [DeclSyntax] = []
      if shape.isRoot {
        members.append(keyPathTable(in: shape))
      }
      members.append(accessorList(of: injectable, fixed: fixed, in: shape))
      if !injectable.isEmpty {
        members.append(valuesStruct(of: injectable))
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
      let shape = ClassShape(declaration, missing: protocols)
      let isolation = shape.globalActor.map { "@\($0) " } ?? ""
      var conformances: [String] = []
      if shape.isRoot { conformances.append("\(isolation)PropertyInjector.\(settable)") }
      if shape.lacksAccessors { conformances.append("\(isolation)PropertyInjector.\(accessors)") }
      guard !conformances.isEmpty else { return [] }
      let decl: DeclSyntax = "extension \(type.trimmed): \(raw: conformances.joined(separator: ", ")) {}"
      return decl.as(ExtensionDeclSyntax.self).map { [$0] } ?? []
    }

    /// `static var injectableKeyPaths` (`class var` for a non-final class), empty: the typed
    /// accessors do its work, and a hand-written subclass can still override it. No key path is
    /// written: a key path literal to a property makes the compiler check exclusive access to it
    /// dynamically at every access in the module, where plain accessors let it prove it statically.
    private static func keyPathTable(in shape: ClassShape) -> DeclSyntax {
      """
      \(raw: shape.declarationPrefix(overriding: false)) var injectableKeyPaths: [String: AnyKeyPath] {
        [:]
      }
      """
    }

    /// `static var injectableAccessors`: a typed accessor for each stored optional `var`, the
    /// class's own only, and the filler they share, which fills them all in one call.
    private static func accessorList(
      of properties: [StoredProperty],
      fixed: [StoredProperty],
      in shape: ClassShape
    ) -> DeclSyntax {
      let prefix = shape.declarationPrefix(overriding: !shape.lacksAccessors)
      // The list names every stored property: the injector need not reflect the class.
      let described =
        ["PropertyInjector.InjectableAccessor.complete(\(shape.name).self)"]
        + fixed.map { property in
          var arguments = ["\"\(property.name)\"", "of: \(shape.name).self"]
          if let type = property.declaredType, !type.trimmedDescription.contains("some ") {
            arguments.append("type: (\(type.trimmedDescription)).self")
          }
          if case .lazy = property.kind { arguments.append("isLazy: true") }
          return "PropertyInjector.InjectableAccessor.fixed(\(arguments.joined(separator: ", ")))"
        }
      guard !properties.isEmpty else {
        return """
          \(raw: prefix) var injectableAccessors: [PropertyInjector.InjectableAccessor] {
          [
          \(raw: described.joined(separator: ",\n"))
          ]
          }
          """
      }
      let entries = properties.map { property in
        let member = property.identifier.text
        return """
          PropertyInjector.InjectableAccessor(
            "\(property.name)", of: \(shape.name).self, as: \(wrappedType(of: property)).self,
            ownership: .\(property.ownership.rawValue),
            isNil: { $0.\(member) == nil }, write: { $0.\(member) = $1 }, clear: { $0.\(member) = nil },
            fill: {
              guard $0.\(member) == nil else { return false }
              $0.\(member) = $1
              return true
            }, filler: filler
          )
          """
      }
      let cases = properties.map { property in
        """
        case "\(property.name)":
          guard let value = value as? \(wrappedType(of: property)) else { return false }
          values.\(property.identifier.text) = value
        """
      }
      let fills = properties.map { property in
        let member = property.identifier.text
        return """
          if let value = values.\(member), object.\(member) == nil {
            object.\(member) = value
            wrote = true
          }
          """
      }
      return """
        \(raw: prefix) var injectableAccessors: [PropertyInjector.InjectableAccessor] {
        let filler = PropertyInjector.InjectableFiller(
          of: \(raw: shape.name).self, values: InjectableValues(),
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
        return [
        \(raw: (described + entries).joined(separator: ",\n"))
        ]
        }
        """
    }

    /// The values a plan binds for the filler: one optional per accessor, strong.
    private static func valuesStruct(of properties: [StoredProperty]) -> DeclSyntax {
      let fields = properties.map { "var \($0.identifier.text): \(wrappedType(of: $0))?" }
      return """
        /// The values an injector binds to fill this class's properties in one call (written by @Injectable).
        private struct InjectableValues {
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

    private static func wrappedType(of property: StoredProperty) -> String {
      property.wrappedType?.trimmedDescription ?? "Never"
    }

    /// Reports every `injected…` property that can never be filled, with a fix where one is obvious.
    private static func diagnose(_ properties: [StoredProperty], in context: some MacroExpansionContext) {
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
        case .notOptional(let type):
          context.diagnose(
            Diagnostic(
              node: type, message: InjectableDiagnostic.notOptional(name, type),
              fixIt: FixIt(
                message: InjectableFixIt("makeOptional", "Declare it optional"),
                changes: [.replace(oldNode: Syntax(type), newNode: Syntax(optional(type)))])))
        case .untyped:
          context.diagnose(Diagnostic(node: property.identifier, message: InjectableDiagnostic.untyped(name)))
        case .computed:
          context.diagnose(Diagnostic(node: property.identifier, message: InjectableDiagnostic.computed(name)))
        case .typeLevel:
          context.diagnose(Diagnostic(node: property.identifier, message: InjectableDiagnostic.typeLevel(name)))
        case .wrapped(let attribute):
          context.diagnose(
            Diagnostic(
              node: attribute, message: InjectableDiagnostic.wrapped(name, attribute.attributeName.trimmedDescription)))
        }
      }
    }

    /// `type` made optional: `Logger?`, `(any Logger)?`.
    private static func optional(_ type: TypeSyntax) -> TypeSyntax {
      let needsParentheses =
        type.is(SomeOrAnyTypeSyntax.self) || type.is(CompositionTypeSyntax.self) || type.is(FunctionTypeSyntax.self)
      let wrapped = type.trimmed
      return needsParentheses ? "(\(wrapped))?" : "\(wrapped)?"
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

    init(_ declaration: ClassDeclSyntax, missing protocols: [TypeSyntax]) {
      name = declaration.name.text
      let modifiers = declaration.modifiers.map(\.name.tokenKind)
      isFinal = modifiers.contains(.keyword(.final))
      access =
        modifiers.contains(.keyword(.open))
        ? "open"
        : modifiers.contains(.keyword(.public)) ? "public" : modifiers.contains(.keyword(.package)) ? "package" : nil
      globalActor = declaration.attributes.compactMap { $0.as(AttributeSyntax.self) }
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
