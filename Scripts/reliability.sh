#!/usr/bin/env bash
# The reliability harness: SIGKILLs during downloads (at random moments, and aimed at the window
# between a file's rename into place and its registry commit); SIGKILLs during every other writing
# operation (remove, clean, pin, sync --repair, migrate, the screen's Remove and Clean), half at
# random moments and half aimed at each step between a file operation and its registry write; the
# fault matrix (every fault mode of the content server), a full disk (a 3 MiB tmpfs; needs root,
# else skipped with the reason), closed and full stdout/stderr, stalled transfers, read-only
# libraries, and the bad-input corpus; and the mixed soak (a long queue at concurrency 16, faults on
# 5% of the media, two downloads on one library, sync between them, random kills; every process
# under 64 MiB resident).
#
#   Scripts/reliability.sh          # 20 random kills (what CI runs, inside `swift test`)
#   Scripts/reliability.sh 200      # by hand: 200 random kills, 50 aimed at the commit window (60 at most),
#                                   # 200 kills of each writing operation (KillSoakTests, migrate),
#                                   # and the mixed soak over 10,000 items (300 with fewer kills)
#
# Every case checks the invariants: each file registered complete is byte-identical to the
# server's, nothing partial is registered, nothing complete is fetched again, and bad input gets
# a short message with exit 1, 2 or 3, writes nothing outside the library root, and leaves the
# library usable.
set -euo pipefail
cd "$(dirname "$0")/.."
kills="${1:-20}"
items=$(( kills >= 200 ? 10000 : 300 ))
swift build --build-tests
start=$(date +%s)
LESSONS_CRASH_KILLS="$kills" LESSONS_SOAK_KILLS="$kills" LESSONS_MIXED_SOAK_ITEMS="$items" swift test --skip-build \
  --filter 'CrashTests|KillSoakTests|MixedSoakTests|MigrateCLITests|FaultMatrixTests|DiskFullTests|OutputFailureTests|StallTests|ReadOnlyLibraryTests|BadInputCorpusTests|LibraryOpenTests|BadLinkTests'
aimed=$(( kills / 4 )); aimed=$(( aimed < 3 ? 3 : (aimed > 60 ? 60 : aimed) ))
echo "reliability harness: clean with $kills random kills and $aimed kills aimed at the commit window of downloads, $kills kills of each other writing operation, a mixed soak of $items items, in $(( $(date +%s) - start )) s"
