#!/usr/bin/env bash
# The levels' calibration (docs/STRENGTH.md, "Levels"):
# each UCI_Elo setting plays 100 games at 10+0.1 against Stockfish 15.1 limited to the same
# UCI_Elo (Stockfish's own range starts at 1350, so a lower setting meets it at 1350), on
# the `test` openings, two games at a time. The level's measured rating is the anchor's
# label plus tempo-match's Elo difference; it passes within +/-150 of its setting.
#
#   bash tools/match/scripts/levels.sh TEMPO_JS [DIR] [ELO:SEED ...]
#
# TEMPO_JS is the engine to calibrate (bash tools/match/scripts/engine-at.sh COMMIT prints
# one); DIR defaults to $TEMPO_DATA/matches/levels (else ~/.tempo/matches/levels); the
# levels default to the plan's 1000:2401 1400:2402 1800:2403 2100:2404 2400:2405. LEVELS_TC
# (default 10+0.1) and LEVELS_GAMES (default 100), the calibration's, may be set otherwise
# for a pilot, whose folder must then be another DIR. Each
# level writes DIR/ELO.json, ELO.pgn and ELO.txt (tempo-match's output, appended to, so a
# resumed level keeps the output of its earlier stretches) and is resumed where it stopped
# when the script is run again; a finished level is only summarised.
# Then one table: setting, anchor, score, Elo difference, measured rating, pass or miss.
# Nothing else may run on the machine meanwhile (a time control).
set -euo pipefail
if [ $# -lt 1 ]; then echo "usage: levels.sh TEMPO_JS [DIR] [ELO:SEED ...]" >&2; exit 2; fi
engine=$1; shift
[ -f "$engine" ] || { echo "levels: no engine at $engine" >&2; exit 2; }
dir=${TEMPO_DATA:-$HOME/.tempo}/matches/levels
if [ $# -gt 0 ] && ! [[ $1 =~ ^[0-9]+:[0-9]+$ ]]; then dir=$1; shift; fi
tc=${LEVELS_TC:-10+0.1} games=${LEVELS_GAMES:-100}
levels=("$@")
[ ${#levels[@]} -gt 0 ] || levels=(1000:2401 1400:2402 1800:2403 2100:2404 2400:2405)
for level in "${levels[@]}"; do
  [[ $level =~ ^[0-9]+:[0-9]+$ ]] || { echo "levels: '$level' is not ELO:SEED" >&2; exit 2; }
done
stockfish=${STOCKFISH:-/usr/games/stockfish}
repo=$(cd "$(dirname "$0")/../../.." && pwd)
cli=$repo/tools/match/dist/cli.js
openings=$repo/../shared/data/openings-3moves.epd
mkdir -p "$dir"

for level in "${levels[@]}"; do
  elo=${level%%:*} seed=${level##*:}
  anchor=$(( elo < 1350 ? 1350 : elo ))
  if [ -f "$dir/$elo.txt" ] && grep -q '^Elo:' "$dir/$elo.txt"; then continue; fi
  # Checked only when a level is still to play: a finished folder is summarised anywhere.
  [ -x "$stockfish" ] || { echo "levels: no Stockfish at $stockfish (apt-get install stockfish, or set STOCKFISH)" >&2; exit 2; }
  [ -f "$cli" ] || { echo "levels: build tempo-match first (pnpm match --help builds it)" >&2; exit 2; }
  [ -f "$openings" ] || { echo "levels: no openings at $openings (the shared data beside the repository)" >&2; exit 2; }
  node "$cli" --engine name=tempo-$elo "cmd=node $engine" option.UCI_LimitStrength=true option.UCI_Elo=$elo \
    --engine name=sf-$anchor "cmd=$stockfish" option.Threads=1 option.UCI_LimitStrength=true option.UCI_Elo=$anchor \
    --each tc=$tc option.Hash=16 --games "$games" --openings "$openings" --openings-part test \
    --order random --seed "$seed" --concurrency 2 --pgn "$dir/$elo.pgn" --out "$dir/$elo.json" --resume >> "$dir/$elo.txt"
done

printf '| UCI_Elo | anchor (Stockfish 15.1 UCI_Elo) | score (W-L-D) | Elo difference | measured | within +/-150 |\n|---:|---:|---|---:|---:|---|\n'
for level in "${levels[@]}"; do
  elo=${level%%:*}
  anchor=$(( elo < 1350 ? 1350 : elo ))
  score=$(sed -n 's/^Score of [^:]*: \([0-9]* - [0-9]* - [0-9]*\).*/\1/p' "$dir/$elo.txt" | tr -d ' ')
  read -r diff err < <(sed -n 's/^Elo: \([-0-9.a-z]*\) +\/- \([0-9.a-z]*\).*/\1 \2/p' "$dir/$elo.txt")
  if [[ $diff =~ ^-?[0-9.]+$ ]]; then
    measured=$(awk -v a="$anchor" -v d="$diff" 'BEGIN { printf "%.0f", a + d }')
    verdict=$(awk -v m="$measured" -v e="$elo" 'BEGIN { print (m - e <= 150 && e - m <= 150) ? "yes" : "no (" (m > e ? "+" : "") m - e ")" }')
  else
    measured='-' verdict="no (Elo $diff: every game one way)"
  fi
  echo "| $elo | $anchor | $score | $diff +/- $err | $measured | $verdict |"
done
