#if Macros
  import PropertyInjectorMacros
  import SwiftDiagnostics
  import SwiftSyntax
  import SwiftSyntaxBuilder
  import SwiftSyntaxMacroExpansion
  import SwiftSyntaxMacros
  import SwiftSyntaxMacrosGenericTestSupport
  import Testing

  /// The macro as the compiler sees it on a root class: it lacks both conformances.
  let rootSpec = [
    "Injectable": MacroSpec(type: InjectableMacro.self, conformances: ["InjectableSettable", "InjectableThroughAccessors"])
  ]
  /// The macro on a subclass of an `@Injectable` class: it lacks neither.
  let subclassSpec = ["Injectable": MacroSpec(type: InjectableMacro.self, conformances: [])]
  /// The macro on a subclass of a hand-written injectable class: it lacks only the accessors.
  let handWrittenSubclassSpec = [
    "Injectable": MacroSpec(type: InjectableMacro.self, conformances: ["InjectableThroughAccessors"])
  ]

  /// Expands `source` and compares with `expanded`, reporting differences as test issues.
  func expectExpansion(
    of source: String,
    to expanded: String,
    diagnostics: [DiagnosticSpec] = [],
    specs: [String: MacroSpec] = rootSpec,
    applyingFixIts fixIts: [String]? = nil,
    fixedSource: String? = nil,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    assertMacroExpansion(
      source, expandedSource: expanded, diagnostics: diagnostics, macroSpecs: specs, applyFixIts: fixIts,
      fixedSource: fixedSource, indentationWidth: .spaces(2),
      failureHandler: { failure in Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation) })
  }
#endif
