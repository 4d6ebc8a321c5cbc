#!/usr/bin/env bash
# Byte-for-byte check of the `pdn` CLI's outputs against a saved baseline.
#
#   scripts/compare-outputs.sh --save CORPORA BASELINE   # record outputs of the current build
#   scripts/compare-outputs.sh CORPORA BASELINE          # compare the current build with them
#
# For every file below CORPORA it runs `pdn check`, `pdn fens`, `pdn export` and
# `pdn export --shortest` and keeps standard output, standard error and the exit status. BASELINE
# is a folder outside the repository (e.g. /tmp/pdn-base). The binary is target/release/pdn
# (built with `cargo build --release -p pdn-cli`), or $PDN if set. Exit status 1 on any
# difference, listing the first ones.
set -euo pipefail
save=0
if [ "${1:-}" = "--save" ]; then
  save=1
  shift
fi
if [ $# -ne 2 ]; then
  sed -n '2,11p' "$0" >&2
  exit 2
fi
corpora=$(cd "$1" && pwd)
base=$2
here=$(cd "$(dirname "$0")/.." && pwd)
pdn=${PDN:-$here/target/release/pdn}
[ -x "$pdn" ] || { echo "no binary at $pdn (cargo build --release -p pdn-cli)" >&2; exit 2; }
out=$base
if [ $save = 0 ]; then
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
fi
mkdir -p "$out"

run() { # name file args...
  local name=$1 file=$2
  shift 2
  local dest=$out/files/$file.$name
  mkdir -p "$(dirname "$dest")"
  set +e
  "$pdn" "$@" "$corpora/$file" >"$dest.out" 2>"$dest.err"
  echo $? >"$dest.status"
  set -e
}

count=0
while IFS= read -r -d '' f; do
  rel=${f#"$corpora"/}
  run check "$rel" check
  run fens "$rel" fens
  run export "$rel" export
  run shortest "$rel" export --shortest
  count=$((count + 1))
done < <(find "$corpora" -type f -print0 | sort -z)

# Several files in one run: the files' order, the summary line, one stream of games.
mapfile -d '' all < <(find "$corpora" -type f -iname '*.pdn' -print0 | sort -z)
(cd "$corpora" && set +e && "$pdn" check "${all[@]#"$corpora"/}" >"$out/all.check.out" 2>"$out/all.check.err"; echo $? >"$out/all.check.status")
(cd "$corpora" && set +e && "$pdn" export "${all[@]#"$corpora"/}" >"$out/all.export.out" 2>"$out/all.export.err"; echo $? >"$out/all.export.status")

if [ $save = 1 ]; then
  echo "saved the outputs of $count files in $base"
  exit 0
fi
if diff -rq "$base" "$out" >"$out.diff" 2>&1; then
  echo "identical: $count files, 4 commands each, and two runs over all files"
  rm -f "$out.diff"
  exit 0
fi
echo "DIFFERENT ($(wc -l <"$out.diff") outputs):"
head -20 "$out.diff"
rm -f "$out.diff"
exit 1
