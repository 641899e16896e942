#!/usr/bin/env bash
# Time losses at a fast control, Tempo against itself under fastchess (kept outside
# the project; build it from Disservin/fastchess with `make -j2`). Prints the games,
# the losses on time and the worst overrun, and the machine's load while it ran.
#
#   apps/uci/scripts/timeloss.sh FASTCHESS [games=60] [tc=2+0.02] [move_overhead=default] [concurrency=1]
#
# The engine file is copied first, so a rebuild during the run changes nothing.
set -euo pipefail
FASTCHESS=${1:?usage: timeloss.sh FASTCHESS [games] [tc] [move_overhead] [concurrency]}
GAMES=${2:-60}
TC=${3:-2+0.02}
MO=${4:-}
CONC=${5:-1}
HERE=$(cd "$(dirname "$0")" && pwd)
OPENINGS=${OPENINGS:-$HERE/../../../../shared/data/openings-3moves.epd}
[ -f "$OPENINGS" ] || OPENINGS=$HERE/../../../shared/data/openings-3moves.epd
WORK=$(mktemp -d)
cp "$HERE/../dist/tempo.js" "$WORK/tempo.js"
OPT=()
[ -n "$MO" ] && OPT=("option.Move Overhead=$MO")
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
"$FASTCHESS" -engine cmd=node args="$WORK/tempo.js" name=A -engine cmd=node args="$WORK/tempo.js" name=B \
  -each tc="$TC" proto=uci "${OPT[@]}" -rounds $(( (GAMES + 1) / 2 )) -games 2 -repeat -concurrency "$CONC" \
  -openings file="$OPENINGS" format=epd order=random -pgnout file="$WORK/games.pgn" > "$WORK/out.txt" 2>&1 || true
echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)"
echo "games: $(grep -c '^Finished game' "$WORK/out.txt")  tc $TC  Move Overhead ${MO:-default}  concurrency $CONC"
sum() { grep -o "$1: [0-9]*" "$WORK/out.txt" | awk '{s += $NF} END {print s + 0}'; }
echo "losses on time: $(grep -c 'loses on time' "$WORK/out.txt" || true) (fastchess Timeouts: $(sum Timeouts))  crashes: $(sum Crashed)"
echo "illegal moves played: $(grep -i 'illegal' "$WORK/out.txt" | grep -vc 'Illegal PV move' || true)  illegal PV moves in info lines: $(grep -c 'Illegal PV move' "$WORK/out.txt" || true)  disconnects/stalls: $(grep -ciE 'disconnect|stall|not responding' "$WORK/out.txt" || true)"
grep -o 'loses on time ([0-9]*ms overrun)' "$WORK/out.txt" | grep -o '[0-9]*' | sort -n | tail -1 | sed 's/^/worst overrun ms: /' || true
echo "log: $WORK/out.txt"
