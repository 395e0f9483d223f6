#if Macros
  import SwiftCompilerPlugin
  import SwiftSyntaxMacros

  @main
  struct PropertyInjectorMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [InjectableMacro.self]
  }
#else
  /// Without the `Macros` trait the plugin provides nothing; a macro target must still have a
  /// `main`, or it does not link.
  @main
  enum PropertyInjectorMacrosPlugin {
    static func main() {}
  }
#endif
