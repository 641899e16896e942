#!/usr/bin/env bash
# The single-file engine of one commit, for a match that must be played (and resumed,
# or played again on another machine) by exactly that build whatever the checkout has
# moved on to:
#
#   bash tools/match/scripts/engine-at.sh COMMIT      # prints the path of its tempo.js
#
# The commit is cloned from this repository into $TEMPO_DATA/src/COMMIT (else
# ~/.tempo/src/COMMIT, the folder tools/tune/scripts/datagen-at.sh uses) once, installed
# and built there (apps/uci and what it needs); later calls only print the path. The
# build log goes to stderr.
set -euo pipefail
if [ $# -ne 1 ]; then echo "usage: engine-at.sh COMMIT" >&2; exit 2; fi
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
full=$(git -C "$repo" rev-parse --verify "$1^{commit}")
dir=${TEMPO_DATA:-$HOME/.tempo}/src/${full:0:7}
if [ ! -f "$dir/apps/uci/dist/tempo.js" ]; then
  if [ ! -d "$dir/.git" ]; then
    mkdir -p "$(dirname "$dir")"
    git clone -q --no-checkout "$repo" "$dir"
    git -C "$dir" checkout -q --detach "$full"
  fi
  # The engine's package name is read from the checkout: older commits name it otherwise.
  (cd "$dir" && name=$(node -p "require('./apps/uci/package.json').name") &&
    npx -y pnpm@10.34.8 install --frozen-lockfile >&2 &&
    npx -y pnpm@10.34.8 exec turbo run build "--filter=$name..." --output-logs=errors-only >&2)
fi
[ -f "$dir/apps/uci/dist/tempo.js" ] || { echo "engine-at: no apps/uci/dist/tempo.js after building $full in $dir" >&2; exit 1; }
echo "$dir/apps/uci/dist/tempo.js"
