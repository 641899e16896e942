#!/usr/bin/env bash
# Instructions per search node in steady state, counted by valgrind (callgrind), which
# counts exactly where timings on a shared machine wander by 30%.
#
#   bash packages/search/bench/count-instructions.sh [depth] [Option=value ...]
#   PROFILE=1 bash packages/search/bench/count-instructions.sh ...   (and a profile)
#
# Bundles the search bench (bench.ts, release: __DEBUG__ false) and runs it under
# valgrind twice, with 1 and with 3 untimed passes over its 16 positions before the
# counted one, and divides the difference by 2 x the bench's node count: start-up,
# table building and the JIT's warm-up cancel out. Node runs with --single-threaded
# so compilation happens on the main thread, at nearly the same points each run
# (not exactly: see below). Default depth 8. Needs
# valgrind (apt-get install valgrind). NNUE=1 in the environment searches with the
# embedded net.
#
# What is counted: the instructions of generated code (V8's optimised and baseline
# code, and WebAssembly) and of V8's builtins, that is the search itself. Node's own
# C++ is left out: the compiler (which recompiles at slightly different points from
# run to run, ~1.5% of noise at depth 6), and the bench's fills that empty the 16 MB
# table and the histories before each position (V8 fills a typed array over shared
# memory element by element: about half of the total at depth 6). Runs of one build
# then mostly agree within ~0.3%, with now and then one ~3% higher (code that ran
# deoptimised for a while): repeat, and compare medians. The total is printed beside it.
#
# PROFILE=1 also prints the 3-pass run's generated code by function (node's
# --perf-basic-prof map, /tmp/perf-<pid>.map, joined to callgrind's addresses; code
# not in the map, the WebAssembly kernels, counts as "unmapped"): an exact profile,
# where --cpu-prof samples.
set -euo pipefail
cd "$(dirname "$0")/../../.."
depth=${1:-8}
shift || true
command -v valgrind >/dev/null || { echo "count-instructions: valgrind is not installed" >&2; exit 2; }
command -v callgrind_annotate >/dev/null || { echo "count-instructions: callgrind_annotate (valgrind's) is missing" >&2; exit 2; }
# Build the bundle once (run.mjs bundles, then runs it: a depth-1 run is cheap).
node packages/search/bench/run.mjs 1 "$@" >/dev/null
bundle=packages/search/bench/dist/bench.mjs
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Prints "nodes N", then "<generated code + builtins> <total>" of one run.
count() {
  local passes=$1 flags=()
  shift
  [[ ${PROFILE:-} == 1 && $passes == 3 ]] && flags=(--perf-basic-prof) && touch "$tmp/started"
  BENCH_WARMUP=$passes valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.$passes" \
    node --single-threaded "${flags[@]}" "$bundle" "$depth" "$@" 2>&1 | awk '/^Nodes searched:/ { print "nodes", $3 }'
  callgrind_annotate --threshold=100 "$tmp/cg.$passes" | tr -d , | awk '
    /PROGRAM TOTALS/ { total = $1 }
    /\[\?\?\?\]$|Builtins_/ { search += $1 }
    END { printf "%.0f %.0f\n", search, total }'
}
a=$(count 1 "$@"); b=$(count 3 "$@")
nodes=$(echo "$a" | awk '/^nodes/ { print $2 }')
read -r sa ta <<<"$(echo "$a" | grep -v nodes)"
read -r sb tb <<<"$(echo "$b" | grep -v nodes)"
echo "search bench depth $depth: $nodes nodes a pass, $(( (sb - sa) / (2 * nodes) )) instructions a node (generated code and builtins; $(( (tb - ta) / (2 * nodes) )) with all of node's)"
if [[ ${PROFILE:-} == 1 ]]; then
  # V8 writes the map to /tmp/perf-<pid>.map, whatever the working directory.
  map=$(find /tmp -maxdepth 1 -name 'perf-*.map' -newer "$tmp/started" | head -1)
  [[ -n $map ]] || { echo "count-instructions: node wrote no perf map" >&2; exit 1; }
  trap 'rm -rf "$tmp" "$map"' EXIT
  callgrind_annotate --threshold=100 "$tmp/cg.3" | tr -d , | grep '\[???\]$' | node -e '
    const fs = require("fs");
    const map = fs.readFileSync(process.argv[1], "utf8").trim().split("\n").map((l) => {
      const [a, s, ...n] = l.split(" ");
      return [parseInt(a, 16), parseInt(s, 16), n.join(" ").replace(/ file:.*\//, " ")];
    }).sort((x, y) => x[0] - y[0]);
    const by = new Map();
    let total = 0;
    for (const l of fs.readFileSync(0, "utf8").trim().split("\n")) {
      const m = /^\s*(\d+) .*\?\?\?:0x([0-9a-f]+)/.exec(l);
      if (m === null) continue;
      const ir = Number(m[1]), addr = parseInt(m[2], 16);
      let lo = 0, hi = map.length - 1, f = null;
      while (lo <= hi) { const mid = (lo + hi) >> 1; if (map[mid][0] <= addr) { f = map[mid]; lo = mid + 1; } else hi = mid - 1; }
      const name = f !== null && addr < f[0] + f[1] ? f[2] : "unmapped";
      by.set(name, (by.get(name) ?? 0) + ir);
      total += ir;
    }
    console.log("generated code by function, 3-pass run (* optimised, ^ baseline):");
    for (const [k, v] of [...by].sort((x, y) => y[1] - x[1]).slice(0, 30)) console.log(`${((100 * v) / total).toFixed(2).padStart(6)}%  ${k}`);
  ' "$map"
fi
