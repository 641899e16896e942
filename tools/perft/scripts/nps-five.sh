#!/usr/bin/env bash
# The speed measurement against a peer, as written down in docs/MEASUREMENTS.md before its
# first use: five runs of the warm nps tool with both engines pinned to core 0, the engines'
# order swapped in runs 2 and 4; the figure is the median of the five Tempo / peer
# ratios by CPU time. Run it on an idle machine (nothing else building, testing or
# playing).
#
#   bash tools/perft/scripts/nps-five.sh [TEMPO_JS] [PEER_CMD]
#
# TEMPO_JS defaults to this checkout's apps/uci/dist/tempo.js (build it first), PEER_CMD
# to "node $HOME/.tempo/peers/lozza2.js" (Lozza 2: `git show 2:lozza.js` in
# op12no2/lozza). Prints each run's table, then the five ratios and their median.
# NPS_MOVETIME (ms, default 3000) only for a quick check of the script itself.
set -euo pipefail
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
tempo=${1:-$repo/apps/uci/dist/tempo.js}
peer=${2:-node $HOME/.tempo/peers/lozza2.js}
[ -f "$tempo" ] || { echo "nps-five: no engine at $tempo (build it: pnpm exec turbo run build --filter=tempo-chess)" >&2; exit 2; }
[ -f "$repo/tools/perft/dist/nps.js" ] || { echo "nps-five: build tools/perft first" >&2; exit 2; }
command -v taskset >/dev/null || { echo "nps-five: taskset (util-linux) is needed to pin the engines to one core" >&2; exit 2; }
T=(--engine name=tempo "cmd=node $tempo" option.Hash=16)
P=(--engine name=peer "cmd=$peer")
ratios=()
for i in 1 2 3 4 5; do
  if [ $((i % 2)) -eq 0 ]; then order=("${P[@]}" "${T[@]}"); else order=("${T[@]}" "${P[@]}"); fi
  echo "== run $i $(date -u +%H:%M:%S)"
  out=$(taskset -c 0 node "$repo/tools/perft/dist/nps.js" "${order[@]}" --movetime "${NPS_MOVETIME:-3000}" --rounds 2 2>&1 | tail -14)
  echo "$out"
  line=$(echo "$out" | grep '^nodes per CPU second')
  t=$(echo "$line" | sed -E 's/.*tempo ([0-9]+).*/\1/')
  p=$(echo "$line" | sed -E 's/.*peer ([0-9]+).*/\1/')
  ratios+=("$(node -e "console.log(($t / $p).toFixed(3))")")
done
echo "== done $(date -u +%H:%M:%S)"
echo "tempo / peer by CPU time, runs 1-5: ${ratios[*]}"
echo "median: $(printf '%s\n' "${ratios[@]}" | sort -n | sed -n 3p)"
