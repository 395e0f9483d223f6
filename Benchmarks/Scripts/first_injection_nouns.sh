#!/usr/bin/env bash
# Lists the library's internal types ("nouns") whose code runs during one first injection, and
# counts them: the measure of issue 27's "at most 45 internal nouns met on a first injection".
#
#   Benchmarks/Scripts/first_injection_nouns.sh [target ...]    # default: K=5 graph
#
# Runs `InstructionCounts first table <target>` (a new injector, its registrations, one inject of a
# key-path table class) under callgrind, demangles every function that ran inside the measured
# loop, and keeps the PropertyInjector types they belong to (nested types count on their own;
# public types are listed apart). `K=5` registers five instances; `graph` a factory (graph scope)
# beside instances. Needs valgrind.
set -euo pipefail

package="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
root="$(cd "$package/.." && pwd)"
command -v valgrind >/dev/null || { echo "needs valgrind: apt-get install valgrind" >&2; exit 1; }
binary="${INSTRUCTION_COUNTS_BINARY:-}"
if [[ -z "$binary" ]]; then
  # Built as the benchmark run builds (Plugins/ReleaseBuild): no second build of swift-syntax.
  binary="$(swift package --package-path "$package" build-release InstructionCounts | tail -1)"
fi
out="$package/.build/callgrind"
mkdir -p "$out"
# Public types by their name; a nested type is public when each of its parts is (`InjectionError.Problem`).
public_types="$(grep -rhoE '^ *public (final )?(struct|class|enum|protocol|actor) [A-Z][A-Za-z0-9_]*' "$root/Sources/PropertyInjector" \
  | awk '{print $NF}' | sort -u)"

for target in "${@:-K=5 graph}"; do
  for each in $target; do
    file="$out/nouns-${each//[^A-Za-z0-9]/_}.out"
    valgrind --tool=callgrind --callgrind-out-file="$file" --toggle-collect='*measuredLoop*' \
      "$binary" first table "$each" 5 >/dev/null 2>&1
    nouns="$(callgrind_annotate --inclusive=yes --threshold=100 "$file" 2>/dev/null | grep -o '\$s[A-Za-z0-9_]*' | sort -u \
      | swift demangle --compact | grep -o 'PropertyInjector\.[A-Z][A-Za-z0-9_]*\(\.[A-Z][A-Za-z0-9_]*\)*' \
      | sed -e 's/^PropertyInjector\.//' -e 's/\.Type$//' | sort -u)"
    internal="" public=""
    while read -r noun; do
      if [[ -z "$(tr '.' '\n' <<<"$noun" | grep -vxF -f <(echo "$public_types"))" ]]; then
        public+="$noun"$'\n'
      else
        internal+="$noun"$'\n'
      fi
    done <<<"$nouns"
    echo "first table $each: $(grep -c . <<<"$internal") internal nouns, $(grep -c . <<<"$public") public"
    echo "  internal: $(tr '\n' ' ' <<<"$internal")"
    echo "  public: $(tr '\n' ' ' <<<"$public")"
  done
done
