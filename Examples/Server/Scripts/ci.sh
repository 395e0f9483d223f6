#!/usr/bin/env bash
# The server example's CI: builds it in release without a warning in its own files, runs its tests, runs the
# request-scope measurement briefly (so it cannot rot), and a short load (LOAD_SECONDS=10: ten rounds of two
# one-second turns), which fails on any error, on injected/hand-wired < 0.8 (the median of the rounds' ratios),
# or on more than 5 MiB of memory growth. On a quiet 2-core machine the ratio measures 0.94-1.00 (a request
# scope costs 3.3 µs), and the full run (load.sh alone, 20 s per side) gates at the target, 0.9. CI's floor is
# lower because a CI runner is not quiet: a run where the request scope cost 5.3 µs, the machine busy with
# something else, measured a median of 0.89 with rounds from 0.74 to 1.09. A floor of 0.8 still fails on a
# request path grown by a few request scopes' cost, which is the regression it is there to catch.
#
#   Scripts/ci.sh         # all of it
#   Scripts/ci.sh build   # only the build: the library's .ci/run starts it early, beside other steps
#   Scripts/ci.sh check   # the rest, on that build (the load runs on a machine the build no longer shares)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${SCRATCH_PATH:-.build}
phase=${1:-all}

build() {
  if ! [ -e /usr/include/sqlite3.h ]; then
    apt-get update && apt-get install -y libsqlite3-dev
  fi
  # One release build serves the tests (no @testable import), the measurement and the load: Hummingbird, NIO
  # and GRDB are built once, not also in debug.
  mkdir -p "$scratch"
  swift build -c release --build-tests --scratch-path "$scratch" 2>&1 | tee "$scratch/ci-build-release.log"
  if grep -E "^$PWD/(Sources|Tests)/.*warning:" "$scratch/ci-build-release.log"; then
    echo "warnings in the example's own files" && exit 1
  fi
}

check() {
  swift test -c release --skip-build --scratch-path "$scratch"
  "$(swift build -c release --scratch-path "$scratch" --show-bin-path)/RequestScopeCost" 20000
  LOAD_SECONDS=${LOAD_SECONDS:-10} MIN_RATIO=${MIN_RATIO:-0.8} SCRATCH_PATH="$scratch" Scripts/load.sh
}

case $phase in
  build) build ;;
  check) check ;;
  all) build && check ;;
  *) echo "usage: Scripts/ci.sh [build|check]" && exit 2 ;;
esac
