#!/usr/bin/env bash
# Runs every benchmark once and prints the ratio table of that run.
#
#   Benchmarks/Scripts/benchmark.sh                    # full run (about two minutes of measuring)
#   BENCHMARK_RUNS=3 Benchmarks/Scripts/benchmark.sh   # three full runs; each row is the median of the three
#   BENCHMARK_SHORT=1 Benchmarks/Scripts/benchmark.sh  # CI: a few iterations each, timings not checked
#
# Extra arguments go to `swift package benchmark`, e.g. `--filter 'Cached injection K=5 /.*'`.
# The run's JMH export and the table land in Benchmarks/.build/results/ (ignored by git).
# Works from any directory; needs nothing but the Swift toolchain.
set -euo pipefail

package="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
results="$package/.build/results"
runs="${BENCHMARK_RUNS:-1}"
rm -rf "$results"
mkdir -p "$results"

# --allow-writing-to-package-directory: the export is written inside the package, which the
# plugin sandbox on macOS forbids without it (Linux has no sandbox; it is harmless there).
exports=()
for run in $(seq 1 "$runs"); do
  mkdir -p "$results/run-$run"
  swift package --package-path "$package" --allow-writing-to-package-directory \
    benchmark --format jmh --path "$results/run-$run" --no-progress "$@"
  exports+=("$results/run-$run")
done

swift run --package-path "$package" --quiet BenchmarkReport "${exports[@]}" | tee "$results/report.md"
