#!/usr/bin/env bash
# Counts the instructions of one operation of each benchmark that has a target in the
# library's README, with valgrind's callgrind: exact, and free of the machine's noise.
#
#   Benchmarks/Scripts/instruction_counts.sh            # the whole table (a few minutes)
#   Benchmarks/Scripts/instruction_counts.sh cached injectable K=5   # one operation
#
# Needs valgrind (`apt-get install valgrind`). Builds InstructionCounts in release, runs each
# operation under callgrind collecting inside `measuredLoop` only, and prints instructions per
# operation (object creation included, as in the benchmarks). The callgrind files stay in
# Benchmarks/.build/callgrind/ for `callgrind_annotate --inclusive=yes FILE`.
set -euo pipefail

package="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$package/.build/callgrind"
mkdir -p "$out"
command -v valgrind >/dev/null || { echo "needs valgrind: apt-get install valgrind" >&2; exit 1; }

# INSTRUCTION_COUNTS_BINARY: a copy of the built executable to run instead of building.
binary="${INSTRUCTION_COUNTS_BINARY:-}"
if [[ -z "$binary" ]]; then
  # Built as the benchmark run builds (Plugins/ReleaseBuild): no second build of swift-syntax.
  binary="$(swift package --package-path "$package" build-release InstructionCounts | tail -1)"
fi

# Instructions per operation of `InstructionCounts "$@"`, run `iterations` times.
count() {
  local iterations=$1
  shift
  local file
  file="$out/$(echo "$*" | tr ' =()' '_-__').out"
  valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measuredLoop*' \
    --callgrind-out-file="$file" "$binary" "$@" "$iterations" 2>/dev/null
  local total
  total=$(awk '/^(summary|totals):/ { print $2; exit }' "$file")
  echo $((total / iterations))
}

# Calls to malloc in a callgrind file. Callgrind counts calls outside the collected function
# too (set-up, warm-up), so `mallocs` takes the difference between two runs.
malloc_calls() {
  python3 - "$1" <<'PYTHON'
import re, sys
names, calls, target = {}, 0, False
for line in open(sys.argv[1]):
    match = re.match(r"c?fn=\((\d+)\)(?: (.*))?", line)
    if match:
        if match.group(2):
            names[match.group(1)] = match.group(2).strip()
        target = line.startswith("cfn=") and names.get(match.group(1)) == "malloc"
        continue
    if target and line.startswith("calls="):
        calls += int(line.split("=")[1].split()[0])
        target = False
print(calls)
PYTHON
}

# Mallocs per operation: the calls to malloc of `iterations` more operations, divided by
# `iterations`.
mallocs() {
  local iterations=$1
  shift
  local once="$out/mallocs-once.out" twice="$out/mallocs-twice.out"
  valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measuredLoop*' \
    --callgrind-out-file="$once" "$binary" "$@" "$iterations" 2>/dev/null
  valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measuredLoop*' \
    --callgrind-out-file="$twice" "$binary" "$@" "$((2 * iterations))" 2>/dev/null
  awk -v a="$(malloc_calls "$once")" -v b="$(malloc_calls "$twice")" -v n="$iterations" 'BEGIN { printf "%.3g", (b - a) / n }'
}

if [[ $# -gt 0 ]]; then
  echo "instructions: $(count 1000 "$@"), mallocs: $(mallocs 200 "$@")"
  exit
fi

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f×", a / b }'; }

# One cached-injection row (`InstructionCounts $operation <contender> $argument`):
# instructions and mallocs per object of each contender.
cached_row() {
  local title=$1 operation=$2 argument=$3
  local injectable table hand swinject
  injectable=$(count 2000 "$operation" injectable "$argument")
  table=$(count 2000 "$operation" table "$argument")
  hand=$(count 2000 "$operation" hand "$argument")
  swinject=$(count 500 "$operation" swinject "$argument")
  local allocations=()
  for contender in injectable table hand swinject; do
    allocations+=("$(mallocs 200 "$operation" "$contender" "$argument")")
  done
  echo "| $title | $injectable | $table | $hand | $swinject | $(ratio "$injectable" "$hand") | $(ratio "$table" "$hand") | $(ratio "$swinject" "$injectable") | ${allocations[0]} / ${allocations[1]} / ${allocations[2]} / ${allocations[3]} |"
}

echo "| cached injection, instructions per object | @Injectable | key-path table | hand-written | Swinject | @Injectable ÷ hand | table ÷ hand | Swinject ÷ @Injectable | mallocs (@Injectable / table / hand / Swinject) |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for target in K=1 K=5 K=20 K=50 hierarchy; do
  cached_row "$target" cached "$target"
done
for lifecycle in singletons factories; do
  cached_row "K=5 from $lifecycle" "$lifecycle" 0
done

echo
echo "| first injection, instructions per object | @Injectable | key-path table | registrations only | @Injectable scan | table scan | bare Mirror walk | @Injectable scan ÷ Mirror | table scan ÷ Mirror |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for target in K=5 K=50 hierarchy K=5+1000; do
  iterations=200
  [[ $target == *+* ]] && iterations=20
  injectable=$(count $iterations first injectable "$target")
  table=$(count $iterations first table "$target")
  registrations=$(count $iterations first registrations "$target")
  mirror=$(count $iterations first mirror "${target%+*}")
  scan_injectable=$((injectable - registrations))
  scan_table=$((table - registrations))
  echo "| ${target/+/ with } | $injectable | $table | $registrations | $scan_injectable | $scan_table | $mirror | $(ratio "$scan_injectable" "$mirror") | $(ratio "$scan_table" "$mirror") |"
done

echo
echo "| registry size, instructions per object (K=5) | contender | 10 others | 1000 others | 1000 ÷ 10 |"
echo "| --- | --- | ---: | ---: | ---: |"
for lifecycle in instances singletons factories; do
  for contender in injectable table; do
    small=$(count 2000 "$lifecycle" "$contender" 10)
    large=$(count 2000 "$lifecycle" "$contender" 1000)
    echo "| $lifecycle | $contender | $small | $large | $(ratio "$large" "$small") |"
  done
done

echo
echo "| top-level resolve, instructions per call | instance | made singleton | factory |"
echo "| --- | ---: | ---: | ---: |"
echo "| \`resolve(ServiceA0.self)\` | $(count 2000 resolve instances one) | $(count 2000 resolve singletons one) | $(count 2000 resolve factories one) |"
