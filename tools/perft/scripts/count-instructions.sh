#!/usr/bin/env bash
# Instructions per perft leaf in steady state, counted by valgrind (callgrind), which
# counts exactly where timings on a shared machine wander by 30%.
#
#   bash tools/perft/scripts/count-instructions.sh [--bulk] [depth] [fen]
#
# Runs the release build (`pnpm build` first) under valgrind twice, with 5 and with 15
# repetitions of the same perft, and divides the difference by 10 x the leaf count:
# start-up, table building and the JIT's warm-up cancel out. Node runs with
# --single-threaded so compilation happens at the same points every time. Defaults:
# no bulk counting, depth 3, Kiwipete. Needs valgrind (apt-get install valgrind).
set -euo pipefail
cd "$(dirname "$0")/../../.."
mode=--no-bulk
if [[ "${1:-}" == "--bulk" ]]; then mode=; shift; fi
depth=${1:-3}
fen=${2:-"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"}
cli=tools/perft/dist/cli.js
[[ -f $cli ]] || { echo "count-instructions: $cli is missing; run pnpm build first" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "count-instructions: valgrind is not installed" >&2; exit 2; }
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null node --single-threaded "$cli" run "$depth" $mode --fen "$fen" --repeat "$1" 2>&1 \
    | awk '/Collected :/ { print $4 } /^Nodes searched:/ { print "nodes", $3 }'
}
a=$(count 5); b=$(count 15)
nodes=$(echo "$a" | awk '/^nodes/ { print $2 }')
ia=$(echo "$a" | grep -v nodes); ib=$(echo "$b" | grep -v nodes)
echo "perft $depth ${mode:---bulk} from \"$fen\": $nodes leaves, $(( (ib - ia) / (10 * nodes) )) instructions a leaf"
