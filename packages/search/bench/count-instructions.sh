#!/usr/bin/env bash
# Instructions per search node in steady state, counted by valgrind (callgrind), which
# counts exactly where timings on a shared machine wander by 30%.
#
#   bash packages/search/bench/count-instructions.sh [depth] [Option=value ...]
#
# Bundles the search bench (bench.ts, release: __DEBUG__ false) and runs it under
# valgrind twice, with 1 and with 3 untimed passes over its 16 positions before the
# counted one, and divides the difference by 2 x the bench's node count: start-up,
# table building and the JIT's warm-up cancel out. Node runs with --single-threaded
# so compilation happens at the same points every time. Default depth 8. Needs
# valgrind (apt-get install valgrind). NNUE=1 in the environment searches with the embedded net.
set -euo pipefail
cd "$(dirname "$0")/../../.."
depth=${1:-8}
shift || true
command -v valgrind >/dev/null || { echo "count-instructions: valgrind is not installed" >&2; exit 2; }
# Build the bundle once (run.mjs bundles, then runs it: a depth-1 run is cheap).
node packages/search/bench/run.mjs 1 "$@" >/dev/null
bundle=packages/search/bench/dist/bench.mjs
count() {
  local passes=$1
  shift
  BENCH_WARMUP=$passes valgrind --tool=callgrind --callgrind-out-file=/dev/null node --single-threaded "$bundle" "$depth" "$@" 2>&1 \
    | awk '/Collected :/ { print $4 } /^Nodes searched:/ { print "nodes", $3 }'
}
a=$(count 1 "$@"); b=$(count 3 "$@")
nodes=$(echo "$a" | awk '/^nodes/ { print $2 }')
ia=$(echo "$a" | grep -v nodes); ib=$(echo "$b" | grep -v nodes)
echo "search bench depth $depth: $nodes nodes a pass, $(( (ib - ia) / (2 * nodes) )) instructions a node"
