#!/usr/bin/env bash
# Type-checks the benchmark package's sources against a build of this package, in seconds: the
# benchmarks are a package of their own (Benchmarks/), built in full only by Benchmarks/run.sh, and
# this keeps them in step with the library's API without building every dependency again.
#
#   Scripts/check-benchmarks.sh .build-release release    # after `swift build -c release --scratch-path .build-release`
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${1:-.build}"
configuration="${2:-debug}"
products="$scratch/$configuration"
[ -d "$products/Modules" ] || { echo "check-benchmarks.sh: no build in $products; build the package there first" >&2; exit 2; }
# The C modules the Swift modules import (NIO's, SQLite's, BoringSSL's…), by their module maps.
maps=()
while IFS= read -r map; do maps+=(-Xcc "-fmodule-map-file=$map"); done < <(
  find "$products/" -maxdepth 2 -name module.modulemap
  find "$scratch/checkouts" -name module.modulemap -not -path '*/Tests/*'
)
for target in LessonsBench ListLoop DownloadLoop; do
  swiftc -typecheck -suppress-warnings -swift-version 6 -I "$products/Modules" "${maps[@]}" Benchmarks/Sources/"$target"/*.swift
done
cc -fsyntax-only -Wall -Werror Benchmarks/Sources/RusageExec/main.c
echo "Benchmarks/Sources: every target type-checks against $products"
