#!/usr/bin/env bash
# The first injection of a never-seen type against a bare Mirror walk of a never-seen type of
# the same shape (K = 5), with instruction counts (callgrind) and wall-clock times.
#
#   Benchmarks/Scripts/first_injections.sh [release|debug] [runs]
#
# Builds FirstInjections in the configuration given (default release), then for each of
# `table`, `injectable` and `mirror`: instructions per never-seen type under callgrind
# (collecting inside `measuredLoop` only, over the 200 generated classes), and the wall-clock
# nanoseconds per type of `runs` separate processes (default 5; the median is printed), each
# measuring its 200 never-seen types once. Needs valgrind.
set -euo pipefail

package="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
configuration="${1:-release}"
runs="${2:-5}"
out="$package/.build/callgrind"
mkdir -p "$out"
command -v valgrind >/dev/null || { echo "needs valgrind: apt-get install valgrind" >&2; exit 1; }

if [[ $configuration == release ]]; then
  # Built as the benchmark run builds (Plugins/ReleaseBuild): no second build of swift-syntax.
  binary="$(swift package --package-path "$package" build-release FirstInjections | tail -1)"
else
  swift build --package-path "$package" -c "$configuration" --product FirstInjections >&2
  binary="$(swift build --package-path "$package" -c "$configuration" --show-bin-path)/FirstInjections"
fi

# Instructions per never-seen type of `FirstInjections "$1"`.
count() {
  local file="$out/first-$configuration-$1.out"
  valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measuredLoop*' \
    --callgrind-out-file="$file" "$binary" "$1" >/dev/null 2>&1
  local total
  total=$(awk '/^(summary|totals):/ { print $2; exit }' "$file")
  echo $((total / 200))
}

# The median wall-clock nanoseconds per never-seen type over `runs` processes.
wall() {
  for _ in $(seq "$runs"); do "$binary" "$1" | awk '{ print $2 }'; done | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f×", a / b }'; }

mirror_instructions=$(count mirror)
mirror_ns=$(wall mirror)
echo "| $configuration, never-seen type, K = 5 | instructions | × Mirror | ns (median of $runs) | × Mirror |"
echo "| --- | --- | --- | --- | --- |"
echo "| bare Mirror walk | $mirror_instructions | 1.00× | $mirror_ns | 1.00× |"
for contender in table injectable; do
  instructions=$(count "$contender")
  ns=$(wall "$contender")
  echo "| $contender | $instructions | $(ratio "$instructions" "$mirror_instructions") | $ns | $(ratio "$ns" "$mirror_ns") |"
done
