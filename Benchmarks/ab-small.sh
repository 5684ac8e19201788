#!/usr/bin/env bash
# Side-by-side comparison of `lessons` builds on a run of small files: each round downloads the
# same files once with each binary, one after the other, into a fresh copy of one library
# template on tmpfs, and the medians of the rounds are printed per binary (wall, user + system).
# Not a benchmark against a baseline (Benchmarks/run.sh is): a way to tell whether a change to
# the download path moved anything, on a machine whose speed drifts within minutes.
#
#   Benchmarks/ab-small.sh [--rounds N] [--select "gemara:shabbat gemara:eruvin"] BIN...
#
# The first binary serves the demo catalog (`lessons serve --media-size-scale 0.00001`, 1 KiB
# files) on a free loopback port; the template has the catalog and the selected listings cached,
# so each run starts as `lessons-bench`'s small-file runs do. Default: 8 rounds, Shabbat +
# Eruvin + Pesachim (730 files with their PDFs). Needs only bash.
set -euo pipefail
rounds=8
select="gemara:shabbat gemara:eruvin gemara:pesachim"
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds=$2; shift 2 ;;
    --select) select=$2; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] || { echo "usage: $0 [--rounds N] [--select SELECTORS] BIN..." >&2; exit 2; }
for bin in "$@"; do [ -x "$bin" ] || { echo "ab-small.sh: $bin is not an executable" >&2; exit 2; }; done

work=$(mktemp -d "${TMPDIR_AB:-/dev/shm}/ab-small.XXXXXX")
port=$((20000 + RANDOM % 20000))
export LESSONS_TOKEN=t LESSONS_SERVER="http://127.0.0.1:$port/api/"
"$1" serve --port "$port" --media-size-scale 0.00001 >"$work/serve.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 50); do grep -q "serving" "$work/serve.log" 2>/dev/null && break; sleep 0.1; done
# shellcheck disable=SC2086
"$1" --library "$work/template" --quiet status $select >/dev/null

TIMEFORMAT='%R %U %S'
declare -A walls cpus
for round in $(seq "$rounds"); do
  for bin in "$@"; do
    rm -rf "$work/library"
    cp -r "$work/template" "$work/library"
    # shellcheck disable=SC2086
    figures=$( { time "$bin" --library "$work/library" download $select --media audio --concurrency 3 \
      --quiet --json >/dev/null; } 2>&1 | tail -1)
    read -r wall user system <<<"$figures"
    walls[$bin]+="$wall "
    cpus[$bin]+="$(awk -v u="$user" -v s="$system" 'BEGIN {print u + s}') "
  done
  echo "round $round/$rounds done" >&2
done
median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
printf '%-60s %10s %10s   (%s rounds; each: wall, user + system, seconds)\n' "binary" "wall" "CPU" "$rounds"
for bin in "$@"; do
  printf '%-60s %10s %10s   walls: %s\n' "$bin" "$(echo "${walls[$bin]}" | median)" "$(echo "${cpus[$bin]}" | median)" "${walls[$bin]}"
done
