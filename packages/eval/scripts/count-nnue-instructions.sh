#!/usr/bin/env bash
# Instructions per NNUE update + forward pass (one move, both perspectives), per
# forward pass alone, per hand-crafted evaluation and per doMove+undoMove pair, on the
# 1,515 benchmark positions, counted by valgrind (callgrind): exact where timings on
# a shared machine wander. Each count is the difference of two runs with different
# round counts, so start-up, table building and the JIT's warm-up cancel out.
#
#   bash packages/eval/scripts/count-nnue-instructions.sh [H[s] ...]     (default: 128 128s 256 256s)
#
# H counts the stack on the plain TypeScript kernels, Hs on the WebAssembly SIMD ones.
# Needs valgrind (apt-get install valgrind). Takes about ten minutes per entry.
set -euo pipefail
cd "$(dirname "$0")/../../.."
if [[ $# -gt 0 ]]; then sizes=("$@"); else sizes=(128 128s 256 256s); fi
out=$(mktemp -d)
npx esbuild packages/eval/scripts/bench-nnue.ts --bundle --platform=node --format=esm --define:__DEBUG__=false \
  --minify-syntax --target=node20 --outfile="$out/bench.mjs" --log-level=error
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null node --single-threaded "$out/bench.mjs" "$1" "$2" 2>&1 \
    | awk '/Collected :/ { print $4 } /^units/ { print "u", $2 }'
}
per() { # workload rounds-a rounds-b: instructions per unit
  local a b u
  a=$(count "$1" "$2"); b=$(count "$1" "$3")
  u=$(echo "$a" | awk '/^u/ { print $2 }')
  echo $(( ($(echo "$b" | grep -v u) - $(echo "$a" | grep -v u)) / (($3 - $2) * u) ))
}
positions=1515
moves=$(node "$out/bench.mjs" pairs 0 | awk '{ print $2 }')
e=$(per eval 20 60); p=$(per pairs 2 6)
echo "hand-crafted evaluate: $e instructions; doMove+undoMove pair: $p"
for h in "${sizes[@]}"; do
  n=$(per "nnue$h" 1 3); f=$(per "fwd$h" 1 3); r=$(per "refresh$h" 2 6)
  # nnue counts per move a pair, the update and forward, and its share of the position's refresh.
  u=$(( n - p - r * positions / moves ))
  fw=$(( (f * 32 - r) / 32 ))
  if [[ $h == *s ]]; then kind="SIMD"; else kind="plain"; fi
  echo "H = ${h%s} $kind: update + forward $u instructions ($(awk "BEGIN { printf \"%.2f\", $u / $e }") of evaluate), forward alone $fw, refresh $r"
done
rm -rf "$out"
