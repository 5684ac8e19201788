#!/usr/bin/env bash
# The benchmark suite in one command (README, "Performance"):
#
#   Benchmarks/run.sh [--quick] [--only throughput,small,floor,registry,status,sync,shas] [--output FILE.md]
#
# Builds the suite and the `lessons` CLI in release (a package of its own, in Benchmarks/.build;
# the CLI statically linked on Linux, in Benchmarks/.build-static), then prints one table: benchmark | ours | baseline | ratio | target | met?. --quick runs every
# benchmark small (a couple of minutes); without it, the sizes of issue 9 (about 10 minutes).
# Needs curl; uses nginx for the throughput runs when installed (else `lessons serve`):
#   apt-get update && apt-get install -y curl nginx
set -euo pipefail
cd "$(dirname "$0")"
command -v curl >/dev/null || { echo "run.sh: curl is not installed: apt-get install -y curl nginx" >&2; exit 2; }
[ -f /usr/include/sqlite3.h ] || { echo "run.sh: libsqlite3-dev is not installed (GRDB needs it)" >&2; exit 2; }
swift build -c release --product lessons-bench >&2
swift build -c release --product rusage-exec >&2
bin=$(swift build -c release --show-bin-path)
# The CLI as README's "Installing the CLI" builds it: on Linux with the Swift runtime and
# Foundation linked in (`--static-swift-stdlib`; about 3 ms less start-up a process), in a build
# folder of its own (the flag changes every module's build, so the suite's folder is kept apart).
if [ "$(uname)" = Linux ]; then
  swift build -c release --product lessons --static-swift-stdlib --scratch-path .build-static >&2
  cli=$(swift build -c release --static-swift-stdlib --scratch-path .build-static --show-bin-path)/lessons
else
  swift build -c release --product lessons >&2
  cli=$bin/lessons
fi
exec "$bin/lessons-bench" --lessons "$cli" "$@"
