#!/usr/bin/env python3
"""Writes Benchmarks/Sources/BenchmarkTargets/Targets.generated.swift.

The benchmark target types (K = 1, 5, 20, 50 injectable properties, and a three-level class
hierarchy) are plain Swift, but long and repetitive, so this script writes them. The output is
committed: nothing runs at build time. Run it again after changing it:

    python3 Scripts/generate_targets.py        (from the Benchmarks directory)

Every target has K optional `injected...` properties, half class-typed (`ServiceA<i>?`, the
extra one when K is odd) and half protocol-typed (`(any ServiceP<i>)?`), plus five ordinary
stored properties. Each comes twice, with the same properties:
  - with a hand-written key-path table (`Flat5`, `HierarchyLeaf`...): `injectableKeyPaths`
    written out, which the injector writes through;
  - with `@Injectable` (`InjectableFlat5`, `InjectableHierarchyLeaf`...): no table at all, the
    macro writes it and the typed accessors.
The hierarchy also comes a third time with its properties declared `final var`
(`FinalHierarchy...`, key-path table only).

Each target also gets, for the contenders:
  - `registerServices(_:in: Injector)`: one PropertyInjector instance registration per property;
  - `makeSwinjectContainer(scope:)`: the services in that object scope, and the target
    registered with an `initCompleted` that resolves every property;
  - `fillByHand(_:)`: `if x == nil { x = service }` for every property, the physical limit;
  - `fillByHandWithNewValues()`: the same with a new service object for every property.

The types are `package`: the benchmarks and the instruction-count probe (two executables of
this package) share them.
"""

from pathlib import Path

FLAT_KS = [1, 5, 20, 50]
# The hierarchy: Base and Middle are non-final and hold every injectable property; Leaf is
# final, adds none, and holds the five ordinary stored properties.
BASE_PROPS = [("A", 0), ("A", 1), ("A", 2), ("P", 0), ("P", 1)]
MIDDLE_PROPS = [("A", 3), ("A", 4), ("P", 2), ("P", 3), ("P", 4)]

CLASS_COUNT = max((k + 1) // 2 for k in FLAT_KS)
PROTOCOL_COUNT = max(k // 2 for k in FLAT_KS)

PLAIN = [
    "package var plain0 = 0",
    'package var plain1 = ""',
    "package var plain2 = 0.0",
    "package var plain3: [Int] = []",
    "package var plain4 = false",
]


def flat_props(k):
    classes = (k + 1) // 2
    protocols = k // 2
    return [("A", i) for i in range(classes)] + [("P", i) for i in range(protocols)]


def prop_name(kind, i):
    return f"injected{kind}{i}"


def declared(kind, i):
    return f"ServiceA{i}?" if kind == "A" else f"(any ServiceP{i})?"


def service_type(kind, i):
    return f"ServiceA{i}" if kind == "A" else f"(any ServiceP{i})"


def new_value(kind, i):
    return f"ServiceA{i}()" if kind == "A" else f"ImplP{i}()"


def field(kind, i):
    return f"{kind.lower()}{i}"


def table_entries(type_name, props, indent):
    pad = " " * indent
    # A trailing comma after every entry but a lone one, as swift-format wants.
    comma = "," if len(props) > 1 else ""
    return "\n".join(f'{pad}"{prop_name(k, i)}": \\{type_name}.{prop_name(k, i)}{comma}' for k, i in props)


def registrations(props):
    lines = []
    for kind, i in props:
        if kind == "A":
            lines.append(f"    injector.register(services.a{i})")
        else:
            lines.append(f"    injector.register(services.p{i}, as: (any ServiceP{i}).self)")
    return "\n".join(lines)


def swinject_body(type_name, props):
    lines = ["    let container = Container()"]
    for kind, i in props:
        lines.append(
            f"    container.register({service_type(kind, i)}.self) {{ _ in {new_value(kind, i)} }}.inObjectScope(scope)"
        )
    lines.append(f"    container.register({type_name}.self) {{ _ in {type_name}() }}")
    lines.append("      .initCompleted { resolver, target in")
    for kind, i in props:
        lines.append(f"        target.{prop_name(kind, i)} = resolver.resolve({service_type(kind, i)}.self)")
    lines.append("      }")
    lines.append("    return container")
    return "\n".join(lines)


def hand_fill(props):
    return "\n".join(
        f"    if {prop_name(k, i)} == nil {{ {prop_name(k, i)} = services.{field(k, i)} }}" for k, i in props
    )


def hand_fill_new(props):
    return "\n".join(f"    if {prop_name(k, i)} == nil {{ {prop_name(k, i)} = {new_value(k, i)} }}" for k, i in props)


def conformance(type_name, label, props):
    return f"""extension {type_name}: BenchmarkTarget {{
  package static var label: String {{ "{label}" }}

  package static func registerServices(_ services: Services, in injector: Injector) {{
{registrations(props)}
  }}

  package static func makeSwinjectContainer(scope: ObjectScope = .container) -> Container {{
{swinject_body(type_name, props)}
  }}

  package func fillByHand(_ services: Services) {{
{hand_fill(props)}
  }}

  package func fillByHandWithNewValues() {{
{hand_fill_new(props)}
  }}
}}
"""


def flat_target(name, props, injectable):
    body = []
    if injectable:
        body.append("/// No table: `@Injectable` writes it, with typed accessors.")
        body.append(f"@Injectable package final class {name} {{")
    else:
        body.append(f"package final class {name}: InjectableSettable {{")
    for kind, i in props:
        body.append(f"  package var {prop_name(kind, i)}: {declared(kind, i)}")
    for p in PLAIN:
        body.append(f"  {p}")
    body.append("")
    body.append("  package init() {}")
    if not injectable:
        body.append("")
        body.append("  package static var injectableKeyPaths: [String: AnyKeyPath] {")
        body.append("    [")
        body.append(table_entries(name, props, 6))
        body.append("    ]")
        body.append("  }")
    body.append("}")
    body.append("")
    return body


def table_hierarchy(prefix, keyword):
    out = [f"// MARK: - {prefix}: Base -> Middle -> Leaf, key-path tables, properties declared `{keyword}`", ""]
    out.append(f"package class {prefix}Base: InjectableSettable {{")
    for kind, i in BASE_PROPS:
        out.append(f"  package {keyword} {prop_name(kind, i)}: {declared(kind, i)}")
    out.append("")
    out.append("  package init() {}")
    out.append("")
    out.append("  package class var injectableKeyPaths: [String: AnyKeyPath] {")
    out.append("    [")
    out.append(table_entries(f"{prefix}Base", BASE_PROPS, 6))
    out.append("    ]")
    out.append("  }")
    out.append("}")
    out.append("")
    out.append(f"package class {prefix}Middle: {prefix}Base {{")
    for kind, i in MIDDLE_PROPS:
        out.append(f"  package {keyword} {prop_name(kind, i)}: {declared(kind, i)}")
    out.append("")
    out.append("  package override class var injectableKeyPaths: [String: AnyKeyPath] {")
    out.append("    super.injectableKeyPaths.merging([")
    out.append(table_entries(f"{prefix}Middle", MIDDLE_PROPS, 6))
    out.append("    ]) { $1 }")
    out.append("  }")
    out.append("}")
    out.append("")
    out.append("/// Adds no injectable property: its table is Middle's, inherited.")
    out.append(f"package final class {prefix}Leaf: {prefix}Middle {{")
    for p in PLAIN:
        out.append(f"  {p}")
    out.append("}")
    out.append("")
    return out


def injectable_hierarchy(prefix):
    out = [f"// MARK: - {prefix}: Base -> Middle -> Leaf, `@Injectable`, properties declared `var`", ""]
    out.append("/// Non-final, as a view controller's base class is: its properties are plain `var`s.")
    out.append(f"@Injectable package class {prefix}Base {{")
    for kind, i in BASE_PROPS:
        out.append(f"  package var {prop_name(kind, i)}: {declared(kind, i)}")
    out.append("")
    out.append("  package init() {}")
    out.append("}")
    out.append("")
    out.append("/// Its own accessor list: the macro overrides the base class's with this class's properties.")
    out.append(f"@Injectable package class {prefix}Middle: {prefix}Base {{")
    for kind, i in MIDDLE_PROPS:
        out.append(f"  package var {prop_name(kind, i)}: {declared(kind, i)}")
    out.append("}")
    out.append("")
    out.append("/// Adds no injectable property: its accessor list is empty.")
    out.append(f"@Injectable package final class {prefix}Leaf: {prefix}Middle {{")
    for p in PLAIN:
        out.append(f"  {p}")
    out.append("}")
    out.append("")
    return out


def main():
    out = []
    out.append(
        """// GENERATED by Scripts/generate_targets.py: do not edit by hand; change the script and rerun it.
//
// The types every contender fills: FlatK (K injectable optional properties, half class-typed,
// half protocol-typed, plus five ordinary stored properties) and the three-level hierarchy
// HierarchyBase (5 injectable) -> HierarchyMiddle (5 injectable) -> HierarchyLeaf (final,
// no injectable property, the five ordinary ones). Each twice: with a hand-written key-path
// table (FlatK, Hierarchy...), and with `@Injectable` (InjectableFlatK, InjectableHierarchy...).
// The hierarchy a third time with `final var` properties and tables (FinalHierarchy...).

import PropertyInjector
import Swinject

// MARK: - Services
"""
    )
    for i in range(CLASS_COUNT):
        out.append(f"package final class ServiceA{i}: Sendable {{ package init() {{}} }}")
    out.append("")
    for i in range(PROTOCOL_COUNT):
        out.append(f"package protocol ServiceP{i}: AnyObject, Sendable {{}}")
        out.append(f"package final class ImplP{i}: ServiceP{i} {{ package init() {{}} }}")
    out.append("")
    out.append("/// One instance of every service, shared by PropertyInjector and the hand-written fills.")
    out.append("package final class Services: Sendable {")
    for i in range(CLASS_COUNT):
        out.append(f"  package let a{i} = ServiceA{i}()")
    for i in range(PROTOCOL_COUNT):
        out.append(f"  package let p{i}: any ServiceP{i} = ImplP{i}()")
    out.append("")
    out.append("  package init() {}")
    out.append("}")
    out.append("")
    out.append("// MARK: - Flat targets")
    out.append("")

    for k in FLAT_KS:
        props = flat_props(k)
        for name, injectable in [(f"Flat{k}", False), (f"InjectableFlat{k}", True)]:
            out.extend(flat_target(name, props, injectable))
            out.append(conformance(name, f"K={k}", props))

    hierarchy = BASE_PROPS + MIDDLE_PROPS
    out.extend(table_hierarchy("Hierarchy", "var"))
    out.append(conformance("HierarchyLeaf", "hierarchy", hierarchy))
    out.extend(injectable_hierarchy("InjectableHierarchy"))
    out.append(conformance("InjectableHierarchyLeaf", "hierarchy", hierarchy))
    # `final var`: a stored property's key path is a stored component; a plain `var` of a
    # non-final class is overridable, so its key path goes through the accessors.
    out.extend(table_hierarchy("FinalHierarchy", "final var"))
    out.append(conformance("FinalHierarchyLeaf", "hierarchy (final var)", hierarchy))
    while out and out[-1] == "":
        out.pop()

    path = Path(__file__).resolve().parent.parent / "Sources" / "BenchmarkTargets" / "Targets.generated.swift"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(out).rstrip("\n") + "\n")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
