#if Macros
  import Foundation
  import InlineSnapshotTesting
  import MacroTesting
  import PropertyInjectorMacros
  import SwiftDiagnostics
  import SwiftParser
  import SwiftSyntax
  import SwiftSyntaxBuilder
  import SwiftSyntaxMacroExpansion
  import SwiftSyntaxMacros
  import Testing

  // The expansion tests are inline snapshots (swift-macro-testing's `assertMacro`): the expected
  // expansion, diagnostics and fixed source are the trailing closures `expansion:`,
  // `diagnostics:` and `fixes:`, written into the test file by the tool itself.
  //
  // - A missing closure is recorded on the first run (and that run fails): delete a closure to
  //   have it written again.
  // - To re-record every snapshot after changing the macro, run
  //     SNAPSHOT_TESTING_RECORD=all swift test --traits Macros --filter PropertyInjectorMacrosTests
  //   (or `failed` to re-record only the ones that differ), then review the diff and run the
  //   tests again without the variable: they must pass. `record: .all` in a suite's
  //   `.macros(...)` trait does the same for one suite.

  /// The macro as the compiler sees it on a root class: it lacks both conformances.
  let rootSpec = [
    "Injectable": MacroSpec(
      type: InjectableMacro.self, conformances: ["InjectableSettable", "InjectableThroughAccessors"])
  ]
  /// The macro on a subclass of an `@Injectable` class: it lacks neither.
  let subclassSpec = ["Injectable": MacroSpec(type: InjectableMacro.self, conformances: [])]
  /// The macro on a subclass of a hand-written injectable class: it lacks only the accessors.
  let handWrittenSubclassSpec = [
    "Injectable": MacroSpec(type: InjectableMacro.self, conformances: ["InjectableThroughAccessors"])
  ]

  extension Trait where Self == _MacrosTestTrait {
    /// `@Injectable` on a root class, expanded with two-space indentation: the trait of every
    /// suite that snapshots expansions.
    static var injectable: Self { .macros(rootSpec, indentationWidth: .spaces(2)) }
  }

  /// The expansion of `source` as written, even when the macro reports an error, with two-space indentation.
  func expandedSource(_ source: String, _ specs: [String: MacroSpec] = rootSpec) -> String {
    let context = BasicMacroExpansionContext()
    let expanded = Parser.parse(source: source).expand(
      macroSpecs: specs,
      contextGenerator: { syntax in
        BasicMacroExpansionContext(sharingWith: context, lexicalContext: syntax.allMacroLexicalContexts())
      },
      indentationWidth: .spaces(2))
    return expanded.description.trimmingCharacters(in: .newlines)
  }

  /// The diagnostics the macro reports for `source`.
  func diagnostics(of source: String, _ specs: [String: MacroSpec] = rootSpec) -> [Diagnostic] {
    let context = BasicMacroExpansionContext()
    _ = Parser.parse(source: source).expand(
      macroSpecs: specs,
      contextGenerator: { syntax in
        BasicMacroExpansionContext(sharingWith: context, lexicalContext: syntax.allMacroLexicalContexts())
      },
      indentationWidth: .spaces(2))
    return context.diagnostics
  }

  /// Snapshots the expansion of `source` as written, even when the macro reports an error.
  ///
  /// `assertMacro` snapshots the expansion only when no diagnostic is an error, and expands the
  /// fixed source when every diagnostic has a fix-it; this checks what the macro writes for the
  /// declaration in error itself. The snapshot is recorded like `assertMacro`'s.
  func assertExpansion(
    _ specs: [String: MacroSpec] = rootSpec,
    of source: () -> String,
    expansion expected: (() -> String)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) {
    assertInlineSnapshot(
      of: expandedSource(source(), specs), as: .lines,
      message: "Expanded output as written (+) differed from expected output (−). Difference: …",
      syntaxDescriptor: InlineSnapshotSyntaxDescriptor(trailingClosureLabel: "expansion", trailingClosureOffset: 1),
      matches: expected, fileID: fileID, file: filePath, function: function, line: line, column: column)
  }
#endif
