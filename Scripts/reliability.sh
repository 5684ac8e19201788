#!/usr/bin/env bash
# The reliability harness: SIGKILLs during downloads (at random moments, and aimed at the window
# between a file's rename into place and its registry commit); SIGKILLs during every other writing
# operation (remove, clean, pin, sync --repair, migrate, the screen's Remove and Clean), half at
# random moments and half aimed at each step between a file operation and its registry write; the
# fault matrix (every fault mode of the content server), a full disk (a 3 MiB tmpfs; needs root,
# else skipped with the reason), closed and full stdout/stderr, stalled transfers, read-only
# libraries, and the bad-input corpus.
#
#   Scripts/reliability.sh          # 20 random kills (what CI runs, inside `swift test`)
#   Scripts/reliability.sh 200      # by hand: 200 random kills, 50 aimed at the commit window (60 at most),
#                                   # and 200 kills of each writing operation (KillSoakTests, migrate)
#
# Every case checks the invariants: each file registered complete is byte-identical to the
# server's, nothing partial is registered, nothing complete is fetched again, and bad input gets
# a short message with exit 1, 2 or 3, writes nothing outside the library root, and leaves the
# library usable.
set -euo pipefail
cd "$(dirname "$0")/.."
kills="${1:-20}"
swift build --build-tests
start=$(date +%s)
LESSONS_CRASH_KILLS="$kills" LESSONS_SOAK_KILLS="$kills" swift test --skip-build \
  --filter 'CrashTests|KillSoakTests|MigrateCLITests|FaultMatrixTests|DiskFullTests|OutputFailureTests|StallTests|ReadOnlyLibraryTests|BadInputCorpusTests|LibraryOpenTests|BadLinkTests'
aimed=$(( kills / 4 )); aimed=$(( aimed < 3 ? 3 : (aimed > 60 ? 60 : aimed) ))
echo "reliability harness: clean with $kills random kills and $aimed kills aimed at the commit window of downloads, $kills kills of each other writing operation, in $(( $(date +%s) - start )) s"
