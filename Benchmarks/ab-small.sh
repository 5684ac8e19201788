#!/usr/bin/env bash
# Side-by-side comparison of `lessons` builds on a run of small files: each round downloads the
# same files once with each binary, one after the other, into a fresh copy of one library
# template on tmpfs, and the medians of the rounds are printed per binary (wall, user + system).
# Not a benchmark against a baseline (Benchmarks/run.sh is): a way to tell whether a change to
# the download path moved anything, on a machine whose speed drifts within minutes.
#
#   Benchmarks/ab-small.sh [--rounds N] [--select "gemara:shabbat gemara:eruvin"] [--nginx] BIN...
#
# The first binary serves the demo catalog (`lessons serve --media-size-scale 0.00001`, 1 KiB
# files) on a free loopback port; the template has the catalog and the selected listings cached,
# so each run starts as `lessons-bench`'s small-file runs do. Default: 8 rounds, Shabbat +
# Eruvin + Pesachim (730 files with their PDFs). Needs only bash; with --nginx (when installed),
# the media come from nginx serving the files one download stored (as `lessons-bench` does), and
# each round also runs `curl --parallel --parallel-max 3` on the same URLs first (needs python3).
# AB_KEEP=1 keeps the work folder (templates, nginx's files and configuration) for a look after.
set -euo pipefail
rounds=8
select="gemara:shabbat gemara:eruvin gemara:pesachim"
nginx=""
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds=$2; shift 2 ;;
    --select) select=$2; shift 2 ;;
    --nginx) nginx=$(command -v nginx || echo /usr/sbin/nginx); [ -x "$nginx" ] || { echo "ab-small.sh: nginx is not installed" >&2; exit 2; }; shift ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
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
nginx_pid=""
trap 'kill $server $nginx_pid 2>/dev/null; [ -n "${AB_KEEP:-}" ] || rm -rf "$work"' EXIT
for _ in $(seq 50); do grep -q "serving" "$work/serve.log" 2>/dev/null && break; sleep 0.1; done
# `catalog` makes the library and caches the Shas; `status` caches the selected listings.
"$1" --library "$work/template" --quiet catalog >/dev/null
# shellcheck disable=SC2086
"$1" --library "$work/template" --quiet status $select >/dev/null
media_base=()
if [ -n "$nginx" ]; then
  cp -r "$work/template" "$work/seed"
  # shellcheck disable=SC2086
  "$1" --library "$work/seed" download $select --media audio --quiet >/dev/null
  nport=$((port + 1))
  # Each stored file moved under its key (the registry's link), and curl's URLs percent-encoded.
  python3 - "$work" "$nport" <<'PY'
import os, sqlite3, sys, urllib.parse
work, port = sys.argv[1], sys.argv[2]
rows = sqlite3.connect(f"{work}/seed/library.sqlite").execute("SELECT type, id, medium, link FROM mediaItem WHERE state = 'complete'")
with open(f"{work}/curl.conf", "w") as conf:
    for kind, ident, medium, link in rows:
        stored = f"{work}/seed/media/{kind}/{ident}/{medium}{os.path.splitext(link)[1]}"
        target = f"{work}/root/{link}"
        os.makedirs(os.path.dirname(target), exist_ok=True)
        os.rename(stored, target)
        conf.write(f'url = "http://127.0.0.1:{port}/{urllib.parse.quote(link)}"\noutput = "/dev/null"\n')
PY
  chmod 755 "$work" && chmod -R a+rX "$work/root"  # nginx's worker runs as another user
  mkdir -p "$work/nginx"
  sed -e "s|@WORK@|$work/nginx|g" -e "s|@PORT@|$nport|g" -e "s|@ROOT@|$work/root|g" \
    "$(dirname "$0")/nginx.conf.template" >"$work/nginx/nginx.conf"
  "$nginx" -c "$work/nginx/nginx.conf" -p "$work/nginx" >/dev/null 2>&1 &
  nginx_pid=$!
  for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$nport/" && break; sleep 0.1; done
  media_base=(--media-base "http://127.0.0.1:$nport/")
  echo "nginx on port $nport: $(find "$work/root" -type f | wc -l) files" >&2
fi

TIMEFORMAT='%R %U %S'
declare -A walls cpus
for round in $(seq "$rounds"); do
  if [ -n "$nginx" ]; then
    figures=$( { time curl -s --fail --show-error --parallel --parallel-max 3 --config "$work/curl.conf" >/dev/null; } 2>&1 | tail -1)
    read -r wall user system <<<"$figures"
    walls[curl]+="$wall "
    cpus[curl]+="$(awk -v u="$user" -v s="$system" 'BEGIN {print u + s}') "
  fi
  for bin in "$@"; do
    rm -rf "$work/library"
    cp -r "$work/template" "$work/library"
    # shellcheck disable=SC2086
    figures=$( { time "$bin" --library "$work/library" download $select "${media_base[@]}" --media audio --concurrency 3 \
      --quiet --json >"$work/summary.json" 2>"$work/stderr.txt"; } 2>&1 | tail -1) || {
      echo "ab-small.sh: $bin failed (round $round):" >&2; head -c 2000 "$work/stderr.txt" >&2; exit 1; }
    read -r wall user system <<<"$figures"
    # A run that downloads less than the first one did is not a faster run.
    downloaded=$(grep -o '"downloaded" : [0-9]*' "$work/summary.json" | grep -o '[0-9]*$' || echo 0)
    expected=${expected:-$downloaded}
    if [ "$downloaded" != "$expected" ] || [ "$downloaded" = 0 ]; then
      echo "ab-small.sh: $bin downloaded $downloaded file(s), not $expected (round $round)" >&2; exit 1
    fi
    walls[$bin]+="$wall "
    cpus[$bin]+="$(awk -v u="$user" -v s="$system" 'BEGIN {print u + s}') "
  done
  echo "round $round/$rounds done" >&2
done
median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
printf '%-60s %10s %10s   (%s rounds; each: wall, user + system, seconds)\n' "binary" "wall" "CPU" "$rounds"
for bin in ${nginx:+curl} "$@"; do
  printf '%-60s %10s %10s   walls: %s\n' "$bin" "$(echo "${walls[$bin]}" | median)" "$(echo "${cpus[$bin]}" | median)" "${walls[$bin]}"
done
