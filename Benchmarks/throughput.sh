#!/usr/bin/env bash
# Download throughput of `lessons download` against curl on the same files, from the same
# in-process content server, in the same run. Prints MB/s for both and their ratio.
#
#   Benchmarks/throughput.sh [lessons] [scale] [rounds]
#     lessons  how many Berakhot dapim (audio + PDF each), default 10
#     scale    --media-size-scale of the server, default 1 (about 25 MB of audio per daf)
#     rounds   repetitions; the median is reported, default 3
#
# Builds a release binary first. Needs curl (apt-get install -y curl) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-10}
scale=${2:-1}
rounds=${3:-3}
command -v curl >/dev/null || { echo "curl is not installed: apt-get install -y curl" >&2; exit 2; }

swift build -c release --product lessons >/dev/null 2>&1
bin=$(swift build -c release --show-bin-path 2>/dev/null)/lessons
work=$(mktemp -d)
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT

"$bin" serve --port 0 --media-size-scale "$scale" >"$work/url" 2>/dev/null &
server=$!
for _ in $(seq 100); do [ -s "$work/url" ] && break; sleep 0.1; done
api=$(head -1 "$work/url")
origin=${api%api/}

# The same files lessons will fetch: audio and PDF of Berakhot daf 2 .. count+1.
curl -s -H 'Authorization: token bench' "${api}gemara/masechet/1/" | python3 -c '
import json, sys, urllib.parse
count, origin = int(sys.argv[1]), sys.argv[2]
folder = sys.argv[3]
for lesson in json.load(sys.stdin)["data"]["pages"][:count]:
    for n, key in enumerate((lesson.get("audio"), lesson.get("page"))):
        if key:
            print("url = \"" + origin + "media/" + urllib.parse.quote(key, safe="/") + "\"")
            print("output = \"" + folder + "/" + str(lesson["id"]) + "-" + str(n) + "\"")
' "$count" "$origin" "$work/curl" >"$work/curl.cfg"
files=$(grep -c '^url' "$work/curl.cfg")

seconds() { python3 -c 'import sys,time; print(time.time())'; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

for round in $(seq "$rounds"); do
  rm -rf "$work/curl" && mkdir "$work/curl"
  start=$(seconds)
  curl -s --no-progress-meter --parallel --parallel-max 3 --config "$work/curl.cfg" 2>/dev/null
  echo "$(python3 -c "print($(seconds) - $start)")" >>"$work/curl.times"

  rm -rf "$work/library"
  start=$(seconds)
  "$bin" download "gemara:berakhot:2-$((count + 1))" --media audio --concurrency 3 --quiet --json \
    --library "$work/library" --server "$api" --token bench >"$work/summary.json"
  echo "$(python3 -c "print($(seconds) - $start)")" >>"$work/lessons.times"
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["seconds"]); open(sys.argv[2],"a").write(str(d["bytes"])+"\n")' \
    "$work/summary.json" "$work/bytes" >>"$work/engine.times"
done

bytes=$(head -1 "$work/bytes")
curl_s=$(median <"$work/curl.times")
lessons_s=$(median <"$work/lessons.times")
engine_s=$(median <"$work/engine.times")
python3 - "$bytes" "$curl_s" "$lessons_s" "$engine_s" "$files" "$rounds" <<'PY'
import sys
size, curl_s, lessons_s, engine_s = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
files, rounds = sys.argv[5], sys.argv[6]
mb = size / 1e6
print(f"{files} files, {mb:.1f} MB, median of {rounds} rounds, 3 at once, one server for both")
print(f"curl              {curl_s:7.3f} s  {mb / curl_s:8.1f} MB/s")
print(f"lessons (process) {lessons_s:7.3f} s  {mb / lessons_s:8.1f} MB/s  start-up, catalog, verify, fsync, rename, register")
print(f"lessons (engine)  {engine_s:7.3f} s  {mb / engine_s:8.1f} MB/s  the download run alone")
print(f"throughput ratio lessons/curl: process {curl_s / lessons_s:.2f}, engine {curl_s / engine_s:.2f}")
PY
