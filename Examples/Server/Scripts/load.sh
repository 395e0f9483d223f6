#!/usr/bin/env bash
# Drives the injected server and the hand-wired one with wrk, side by side, and prints their
# requests per second, p50/p99 latency and resident memory. The last line is exactly:
#   load: requests N, errors E, rss growth M MiB, injected/hand-wired R
# (N, E and M for the injected server; E = non-2xx responses + socket errors; R = the median, over the
# rounds, of the injected turn's requests per second over the hand-wired turn's beside it). Exits non-zero
# when E > 0, R < MIN_RATIO (default 0.9, the target) or M > 5.
#
# LOAD_SECONDS (default 20) per side, in one-second turns whose order swaps every round, so that a neighbour's
# load on the machine weighs on both sides alike; WARMUP_SECONDS (default 3) per side first.
# WRK_THREADS (2) and WRK_CONNECTIONS (32) shape the load; SEEDED (20) todos are read.
set -euo pipefail
cd "$(dirname "$0")/.."

load_seconds=${LOAD_SECONDS:-20}
warmup_seconds=${WARMUP_SECONDS:-3}
threads=${WRK_THREADS:-2}
connections=${WRK_CONNECTIONS:-32}
export SEEDED=${SEEDED:-20}
scratch=${SCRATCH_PATH:-.build}

if ! command -v wrk >/dev/null; then
  apt-get update && apt-get install -y wrk
fi
if ! [ -e /usr/include/sqlite3.h ]; then
  apt-get update && apt-get install -y libsqlite3-dev
fi

echo "==> building TodoServer (release)"
swift build -c release --scratch-path "$scratch" --product TodoServer
server="$(swift build -c release --scratch-path "$scratch" --show-bin-path)/TodoServer"

work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  rm -rf "$work"
}
trap cleanup EXIT

# start WIRING: starts a server on a free port with a fresh seeded database; sets PORT_WIRING, PID_WIRING.
start() {
  local wiring=$1
  "$server" --wiring "$wiring" --port 0 --seed "$SEEDED" --database "$work/$wiring.sqlite" \
    >"$work/$wiring.log" 2>&1 &
  local pid=$!
  pids+=("$pid")
  local port=""
  for _ in $(seq 1 300); do
    port=$(grep -o 'listening on 127.0.0.1:[0-9]*' "$work/$wiring.log" | grep -o '[0-9]*$' || true)
    if [ -n "$port" ] && curl -sf "http://127.0.0.1:$port/todos" >/dev/null; then break; fi
    port=""
    kill -0 "$pid" 2>/dev/null || { cat "$work/$wiring.log"; echo "the $wiring server stopped"; exit 1; }
    sleep 0.1
  done
  [ -n "$port" ] || { cat "$work/$wiring.log"; echo "the $wiring server did not answer"; exit 1; }
  printf -v "PORT_$wiring" '%s' "$port"
  printf -v "PID_$wiring" '%s' "$pid"
  echo "$wiring server: pid $pid, http://127.0.0.1:$port"
}

# rss_kib PID: the process's resident memory, in KiB.
rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"; }

# drive WIRING SECONDS: runs wrk against one server; appends its RESULT line to $work/WIRING.results.
drive() {
  local wiring=$1 seconds=$2 port_var="PORT_$1"
  wrk -t "$threads" -c "$connections" -d "${seconds}s" --latency -s Scripts/mix.lua \
    "http://127.0.0.1:${!port_var}" >"$work/wrk.out"
  grep '^RESULT' "$work/wrk.out" >>"$work/$wiring.results"
}

start injected
start hand

echo "==> warming up (${warmup_seconds}s per side)"
wrk -t "$threads" -c "$connections" -d "${warmup_seconds}s" -s Scripts/mix.lua "http://127.0.0.1:$PORT_injected" >/dev/null
wrk -t "$threads" -c "$connections" -d "${warmup_seconds}s" -s Scripts/mix.lua "http://127.0.0.1:$PORT_hand" >/dev/null
rss_warm_injected=$(rss_kib "$PID_injected")
rss_warm_hand=$(rss_kib "$PID_hand")

echo "==> load: ${load_seconds}s per side (${threads} wrk threads, ${connections} connections), in 1 s turns A B, B A, …"
# One-second turns, the order swapped every round: a neighbour's burst or a slow drift of the machine
# falls on both sides alike.
for round in $(seq 1 "$load_seconds"); do
  if [ $((round % 2)) -eq 1 ]; then
    drive injected 1
    drive hand 1
  else
    drive hand 1
    drive injected 1
  fi
done
rss_end_injected=$(rss_kib "$PID_injected")
rss_end_hand=$(rss_kib "$PID_hand")

# summarize WIRING: requests, seconds, errors, req/s, p50 (request-weighted mean of the turns),
# p99 (the worst turn), in the variables SUM_*.
summarize() {
  awk '
    { for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
      requests += v["requests"]; duration += v["duration_us"]
      errors += v["status_errors"] + v["socket_errors"]
      p50 += v["p50_us"] * v["requests"]; if (v["p99_us"] > p99) p99 = v["p99_us"] }
    END { printf "%d %d %.1f %.2f %.2f\n", requests, errors, requests / (duration / 1e6),
          p50 / (requests > 0 ? requests : 1) / 1000, p99 / 1000 }' "$work/$1.results"
}
read -r requests_injected errors_injected rps_injected p50_injected p99_injected <<<"$(summarize injected)"
read -r requests_hand errors_hand rps_hand p50_hand p99_hand <<<"$(summarize hand)"

mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
echo
printf '%-12s %10s %9s %9s %9s %12s %12s %8s\n' server "req/s" "p50 ms" "p99 ms" errors "rss warm MiB" "rss end MiB" requests
printf '%-12s %10s %9s %9s %9s %12s %12s %8s\n' injected "$rps_injected" "$p50_injected" "$p99_injected" \
  "$errors_injected" "$(mib "$rss_warm_injected")" "$(mib "$rss_end_injected")" "$requests_injected"
printf '%-12s %10s %9s %9s %9s %12s %12s %8s\n' hand-wired "$rps_hand" "$p50_hand" "$p99_hand" \
  "$errors_hand" "$(mib "$rss_warm_hand")" "$(mib "$rss_end_hand")" "$requests_hand"
if grep -h ' error ' "$work/injected.log" "$work/hand.log" | head -5; then echo "(errors logged by a server, above)"; fi

growth=$(awk -v a="$rss_warm_injected" -v b="$rss_end_injected" 'BEGIN { printf "%.1f", (b - a) / 1024 }')
# Each round's two turns ran one after the other: their ratio, and the median of the rounds' ratios, is what a
# burst of a neighbour's load in one turn moves least (the ratio of the sums moved by ±0.05 at 5 s).
rate() { awk '{ for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
  print (v["duration_us"] > 0 ? v["requests"] / v["duration_us"] : 0) }' "$work/$1.results"; }
paste <(rate injected) <(rate hand) | awk '{ print ($2 > 0 ? $1 / $2 : 0) }' | sort -g >"$work/ratios"
ratio=$(awk '{ r[NR] = $1 } END { printf "%.2f", NR == 0 ? 0 : (NR % 2 ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2) }' "$work/ratios")
echo "injected/hand-wired per round, sorted: $(paste -sd' ' "$work/ratios" | awk '{ for (i = 1; i <= NF; i++) printf "%.2f ", $i }')"
echo "injected/hand-wired, all requests: $(awk -v a="$rps_injected" -v b="$rps_hand" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')"
failed=0
[ "$errors_injected" -eq 0 ] && [ "$errors_hand" -eq 0 ] || failed=1
awk -v r="$ratio" -v m="$growth" -v min="${MIN_RATIO:-0.9}" 'BEGIN { exit !(r >= min && m <= 5) }' || failed=1
echo "load: requests $requests_injected, errors $errors_injected, rss growth $growth MiB, injected/hand-wired $ratio"
exit "$failed"
