#!/usr/bin/env bash
# Runs tempo-tune's datagen as the engine of one commit played, so that a data set made
# over several sittings (or remade on another machine) comes from one engine whatever the
# checkout has moved on to:
#
#   bash tools/tune/scripts/datagen-at.sh COMMIT [datagen options...]
#
# The commit is cloned from this repository into $TEMPO_DATA/src/COMMIT (else
# ~/.tempo/src/COMMIT) once, installed and built there; datagen then runs from that
# clone at nice 19 with the options given (a relative --openings or --net path is taken
# from the current folder). datagen itself resumes: finished parts are kept, a part under
# way is played again. Its log goes to stderr/stdout as usual.
set -euo pipefail
if [ $# -lt 1 ]; then echo "usage: datagen-at.sh COMMIT [datagen options...]" >&2; exit 2; fi
commit=$1; shift
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
full=$(git -C "$repo" rev-parse --verify "$commit^{commit}")
short=${full:0:7}
base=${TEMPO_DATA:-$HOME/.tempo}/src
dir=$base/$short
args=()
while [ $# -gt 0 ]; do
  case $1 in
    --openings) args+=("$1" "$( [ "$2" = startpos ] && echo startpos || realpath "$2")"); shift 2 ;;
    --net) args+=("$1" "$(realpath "$2")"); shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
if [ ! -f "$dir/tools/tune/dist/datagen.js" ]; then
  mkdir -p "$base"
  rm -rf "$dir"
  git clone -q --no-checkout "$repo" "$dir"
  git -C "$dir" checkout -q --detach "$full"
  (cd "$dir" && npx -y pnpm@10.34.8 install --frozen-lockfile >/dev/null && npx -y pnpm@10.34.8 exec turbo run build --filter=tempo-tune... --output-logs=errors-only)
fi
cd "$dir"
# Where the kernel groups CPU time by session (sched_autogroup_enabled=1), nice alone does
# not make a job yield to other sessions' work: datagen gets a session of its own whose
# group is niced too, so builds, tests and matches elsewhere keep their cores.
if [ "$(cat /proc/sys/kernel/sched_autogroup_enabled 2>/dev/null)" = 1 ] && command -v setsid >/dev/null; then
  exec setsid -w bash -c 'echo 19 > /proc/self/autogroup 2>/dev/null; exec nice -n 19 node tools/tune/dist/datagen.js "$@"' datagen "${args[@]}"
fi
exec nice -n 19 node tools/tune/dist/datagen.js "${args[@]}"
