#!/usr/bin/env bash
# The speed targets the library meets, checked in instructions (valgrind's callgrind: exact, and
# the same whatever else the machine runs), so that a change that loses one fails CI. The targets
# it misses are in the README's table and not gated here; a target met later gets its line.
#
#   Benchmarks/Scripts/instruction_gates.sh
#
# Each line prints the two counts, their ratio and the bound; the script fails if one is out of
# bounds. Why: the first injection of a never-seen `@Injectable` class once went from 1.2× to
# 2.25× a bare Mirror walk (a conformance look-up per non-optional property, which scans every
# conformance record of a type the process never saw), and no test could see it.
set -euo pipefail

package="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$package/.build/callgrind"
mkdir -p "$out"
command -v valgrind >/dev/null || { echo "needs valgrind: apt-get install valgrind" >&2; exit 1; }

# Built as the benchmark run builds (Plugins/ReleaseBuild), which shares its build of the macro and
# swift-syntax: `swift build -c release` would build swift-syntax again, in release.
bin="$(dirname "$(swift package --package-path "$package" build-release InstructionCounts FirstInjections | tail -1)")"

# Instructions per operation: `binary arguments…` with `iterations` last, collected inside `measuredLoop`.
count() {
  local binary=$1 iterations=$2
  shift 2
  local file
  file="$out/gate-$(echo "$binary $*" | tr ' =()' '_-__').out"
  valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measuredLoop*' \
    --callgrind-out-file="$file" "$bin/$binary" "$@" "$iterations" >/dev/null 2>&1
  local total
  total=$(awk '/^(summary|totals):/ { print $2; exit }' "$file")
  echo $((total / iterations))
}

failed=0
# `gate what numerator denominator bound`: numerator ÷ denominator must be at most `bound`.
gate() {
  local what=$1 numerator=$2 denominator=$3 bound=$4
  if awk -v a="$numerator" -v b="$denominator" -v bound="$bound" 'BEGIN { exit !(a / b <= bound) }'; then
    printf 'ok    %-60s %s ÷ %s = %s (at most %s)\n' "$what" "$numerator" "$denominator" \
      "$(awk -v a="$numerator" -v b="$denominator" 'BEGIN { printf "%.3f", a / b }')" "$bound"
  else
    printf 'FAIL  %-60s %s ÷ %s = %s (at most %s)\n' "$what" "$numerator" "$denominator" \
      "$(awk -v a="$numerator" -v b="$denominator" 'BEGIN { printf "%.3f", a / b }')" "$bound"
    failed=1
  fi
}

# Issue 27, item 5: a never-seen `@Injectable` type's first injection, at most 1.5× a bare Mirror
# walk of a type of the same shape (200 generated types, each injected once).
types=200
gate "first injection of a never-seen @Injectable type ÷ Mirror walk" \
  "$(count FirstInjections $types injectable)" "$(count FirstInjections $types mirror)" 1.5

# Item 7: cached, K = 5 and the 3-level hierarchy, at most 1.5× hand-written code.
for target in K=5 hierarchy; do
  gate "cached @Injectable $target ÷ hand-written" \
    "$(count InstructionCounts 2000 cached injectable $target)" "$(count InstructionCounts 2000 cached hand $target)" 1.5
done

# Item 7: cached, K = 50, at most 1.2× hand-written code.
gate "cached @Injectable K=50 ÷ hand-written" \
  "$(count InstructionCounts 2000 cached injectable K=50)" "$(count InstructionCounts 2000 cached hand K=50)" 1.2

# Item 7: K = 5 from made singletons at most 2× hand-written code doing the same.
gate "singletons, @Injectable K=5 ÷ hand-written" \
  "$(count InstructionCounts 2000 singletons injectable 0)" "$(count InstructionCounts 2000 singletons hand 0)" 2.0

# Item 7: at least 25× faster than Swinject (K = 5): @Injectable ÷ Swinject at most 1/25.
gate "cached @Injectable K=5 ÷ Swinject" \
  "$(count InstructionCounts 2000 cached injectable K=5)" "$(count InstructionCounts 500 cached swinject K=5)" 0.04

# Item 7: flat from 10 to 1,000 registrations.
for lifecycle in instances singletons factories; do
  gate "$lifecycle, @Injectable K=5: 1,000 other registrations ÷ 10" \
    "$(count InstructionCounts 2000 "$lifecycle" injectable 1000)" \
    "$(count InstructionCounts 2000 "$lifecycle" injectable 10)" 1.02
done

exit $failed
