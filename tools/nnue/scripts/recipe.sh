#!/usr/bin/env bash
# Rebuilds a net from nothing but this checkout and ../shared: self-play data from a
# named engine commit and seed (tools/tune/scripts/datagen-at.sh), the binary records
# (tempo-nnue convert) and the training run (tempo-nnue train), then prints the
# SHA-256 of the records and of the net. Every step is deterministic, so the same
# arguments give the same bytes on any x86-64 machine with Node 20 (tools/nnue/README.md,
# "Reproducing a net").
#
#   bash tools/nnue/scripts/recipe.sh [--net NET] [--drop-lone-king] NAME COMMIT SEED GAMES NODES
#        [[--commit COMMIT] SEED GAMES NODES...] -- [train options...]
#
# Each SEED GAMES NODES triple is one data run of engine COMMIT (games 0 to GAMES-1 of
# that seed: game i depends on the seed and i only, so the first GAMES games of a longer
# run are these); `--commit` between triples names the engine of the runs after it. The
# runs are converted together, in the order given (with --drop-lone-king, convert's
# option of that name). With --net, the engine plays its games with that net (a later
# round's data: the previous round's net, rebuilt by its own recipe or taken from this
# repository, checked by its SHA-256).
#
# The small run the README quotes (about 3 minutes of two cores):
#   bash tools/nnue/scripts/recipe.sh small 4dcbf1d 900 200 5000 -- --hidden 64 --epochs 4
#
# Outputs go to $TEMPO_DATA/recipe/NAME (else ~/.tempo/recipe/NAME); a data set already
# generated is resumed or reused (datagen keeps finished parts), a finished training run is
# trained again from scratch into a fresh folder so its bytes are checked, not assumed.
set -euo pipefail
usage() {
  echo "usage: recipe.sh [--net NET] [--drop-lone-king] NAME COMMIT SEED GAMES NODES [[--commit COMMIT] SEED GAMES NODES...] [-- train options...]" >&2
  exit 2
}
net=() convert=()
while [ $# -gt 0 ]; do
  case $1 in
    --net)
      [ $# -ge 2 ] && [ -f "$2" ] || { echo "recipe: --net needs a net file (got \"${2:-}\")" >&2; usage; }
      echo "net played with: $(sha256sum "$2" | cut -c1-64)  $2"
      net=(--net "$2"); shift 2 ;; # datagen-at.sh resolves the path from here
    --drop-lone-king) convert+=(--drop-lone-king); shift ;;
    *) break ;;
  esac
done
[ $# -ge 5 ] || usage
name=$1 commit=$2; shift 2
runs=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  if [ "$1" = --commit ]; then
    [ $# -ge 2 ] || usage
    commit=$2; shift 2; continue
  fi
  [ $# -ge 3 ] || usage
  for v in "$1" "$2" "$3"; do [[ $v =~ ^[0-9]+$ ]] || { echo "recipe: \"$v\" is not a number (SEED GAMES NODES)" >&2; usage; }; done
  runs+=("$commit:$1:$2:$3"); shift 3
done
[ ${#runs[@]} -gt 0 ] || usage
[ "${1:-}" = "--" ] && shift
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
dir=${TEMPO_DATA:-$HOME/.tempo}/recipe/$name
mkdir -p "$dir"
openings=$repo/../shared/data/openings-3moves.epd
[ -f "$openings" ] || { echo "recipe: $openings not found (the shared data folder beside the repository)" >&2; exit 2; }
parts=()
for run in "${runs[@]}"; do
  IFS=: read -r commit seed games nodes <<< "$run"
  data=$dir/seed$seed-nodes$nodes-games$games.txt
  bash "$repo/tools/tune/scripts/datagen-at.sh" "$commit" --openings "$openings" --openings-part train \
    --games "$games" --nodes "$nodes" --threads 2 --seed "$seed" --chunk 100 --out "$data" "${net[@]}"
  parts+=("$data.parts")
done
(cd "$repo" && [ -f tools/nnue/dist/cli.js ] || npx -y pnpm@10.34.8 exec turbo run build --filter=tempo-nnue... --output-logs=errors-only)
node "$repo/tools/nnue/dist/cli.js" convert "${parts[@]}" --out "$dir/data.tnd" "${convert[@]}"
rm -rf "$dir/run"
node "$repo/tools/nnue/dist/cli.js" train --data "$dir/data.tnd" --out "$dir/run" "$@"
echo "records: $(sha256sum "$dir/data.tnd" | cut -c1-64)  $dir/data.tnd"
echo "net:     $(sha256sum "$dir/run/net.nnue" | cut -c1-64)  $dir/run/net.nnue"
