#!/usr/bin/env bash
# Runs every benchmark once and prints the ratio table of that run.
#
#   Benchmarks/Scripts/benchmark.sh                  # full run (about two minutes of measuring)
#   BENCHMARK_SHORT=1 Benchmarks/Scripts/benchmark.sh  # CI: a few iterations each, timings not checked
#
# Extra arguments go to `swift package benchmark`, e.g. `--filter 'Cached injection K=5 /.*'`.
# The run's JMH export and the table land in Benchmarks/.build/results/ (ignored by git).
# Works from any directory; needs nothing but the Swift toolchain.
set -euo pipefail

package="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
results="$package/.build/results"
mkdir -p "$results"
rm -f "$results"/*.jmh.json

# --allow-writing-to-package-directory: the export is written inside the package, which the
# plugin sandbox on macOS forbids without it (Linux has no sandbox; it is harmless there).
swift package --package-path "$package" --allow-writing-to-package-directory \
  benchmark --format jmh --path "$results" --no-progress "$@"

swift run --package-path "$package" --quiet BenchmarkReport "$results" | tee "$results/report.md"
