#!/usr/bin/env bash
# Instructions per evaluation and per doMove+undoMove pair on the 1,515 benchmark
# positions, counted by valgrind (callgrind): exact where timings on a shared
# machine wander. Each count is the difference of two runs with different round
# counts, so start-up, table building and the JIT's warm-up cancel out.
#
#   bash packages/eval/scripts/count-eval-instructions.sh
#
# Needs valgrind (apt-get install valgrind). Takes a few minutes.
set -euo pipefail
cd "$(dirname "$0")/../../.."
out=$(mktemp -d)
npx esbuild packages/eval/scripts/eval-ratio.ts --bundle --platform=node --format=esm --define:__DEBUG__=false \
  --minify-syntax --target=node20 --outfile="$out/ratio.mjs" --log-level=error
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null node --single-threaded "$out/ratio.mjs" "$1" "$2" 2>&1 \
    | awk '/Collected :/ { print $4 } /^units/ { print "u", $2 }'
}
per() { # mode rounds-a rounds-b
  local a b u
  a=$(count "$1" "$2"); b=$(count "$1" "$3")
  u=$(echo "$a" | awk '/^u/ { print $2 }')
  echo $(( ($(echo "$b" | grep -v u) - $(echo "$a" | grep -v u)) / (($3 - $2) * u) ))
}
e=$(per eval 100 300); p=$(per pairs 10 30)
echo "evaluate: $e instructions; doMove+undoMove pair: $p instructions; one evaluation = $(awk "BEGIN { printf \"%.1f\", $e / $p }") pairs"
rm -rf "$out"
