#!/usr/bin/env bash
# Shows that the repository stands alone: clones the committed HEAD into a fresh temporary folder
# with nothing beside it, and runs `make test` there without PDN_CORPORA (the corpus tests then
# skip, each with one line); with PDN_CORPORA set (CI), `make test` with it and then only what
# reads it (`make test-no-corpora`) without it. The build cache is shared with this checkout to save time; the
# sources, node packages and outputs are the clone's own.
set -euo pipefail
cd "$(dirname "$0")/.."

here=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git clone -q --no-local "$here" "$tmp/repo"
ls -A "$tmp" | grep -qvx repo && { echo "unexpected files beside the clone" >&2; exit 1; }
[ ! -e "$tmp/shared" ] || { echo "a shared folder beside the clone" >&2; exit 1; }

cd "$tmp/repo"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$here/target}"
if [ -n "${PDN_CORPORA:-}" ]; then
  # CI (.ci/run): every layer once, with the corpus, then again without it only what reads it.
  echo "standalone: make test in $tmp/repo (nothing beside it, PDN_CORPORA=$PDN_CORPORA)"
  make test
  echo "standalone: make test-no-corpora (PDN_CORPORA unset)"
  env -u PDN_CORPORA make test-no-corpora
else
  echo "standalone: make test in $tmp/repo (nothing beside it, PDN_CORPORA unset)"
  make test
fi
echo "standalone: passed"
