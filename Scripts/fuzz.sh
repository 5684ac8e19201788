#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer, with AddressSanitizer) of every reader of outside data:
# the legacy registry and metadata caches, the player's positions, the API's envelope and lesson
# lists, selectors, media keys, Range headers, sizes and durations, and the web app's request
# parts. Each target checks properties, not only "no crash" (Sources/LessonsFuzz/FuzzTarget*.swift).
#
#   Scripts/fuzz.sh            # 30 s per target
#   Scripts/fuzz.sh 300        # by hand: 5 minutes per target
#   Scripts/fuzz.sh 60 api     # one target
#   LESSONS_FUZZ_SEED=1 …      # the same inputs in the same order each run; 0, the default, a new seed
#
# Each target starts from its committed seeds (Fuzz/Corpus/TARGET) and keeps what it learns in
# .build-fuzz/corpus/TARGET. An input that breaks a property is written to Fuzz/Crashes/ (commit
# it with its fix: `swift test` replays it) and the script exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-30}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(legacy-registry legacy-metadata playback api selector media-key byte-range units request-input)
# `--sanitize=fuzzer` links libFuzzer's main; the Swift code gets coverage and AddressSanitizer
# from one `-sanitize=fuzzer,address` (given as two flags, the compiler keeps only the last).
build=(--sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING --product lessons-fuzz --scratch-path .build-fuzz)
swift build "${build[@]}"
binary=$(swift build "${build[@]}" --show-bin-path)/lessons-fuzz
mkdir -p Fuzz/Crashes
failed=0
printf '%-16s %10s %8s %8s %8s\n' target runs 'exec/s' coverage crashes
for target in "${targets[@]}"; do
  corpus=".build-fuzz/corpus/$target"
  mkdir -p "$corpus"
  log=$(mktemp)
  status=0
  LESSONS_FUZZ_TARGET="$target" ASAN_OPTIONS=detect_leaks=0 "$binary" "$corpus" "Fuzz/Corpus/$target" \
    -max_total_time="$seconds" -seed="${LESSONS_FUZZ_SEED:-0}" -print_final_stats=1 -max_len=4096 -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="Fuzz/Crashes/$target-" >"$log" 2>&1 || status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  coverage=$({ grep -oE 'cov: [0-9]+' "$log" || true; } | tail -1 | cut -d' ' -f2)
  crashes=0
  if [ "$status" -eq 0 ] && [ -z "$coverage" ]; then
    # No edge seen: the code was not instrumented, and the run proved nothing.
    echo "--- $target: no coverage recorded (was the build instrumented with -sanitize=fuzzer?)"
    failed=1
  fi
  if [ "$status" -ne 0 ]; then
    crashes=1
    failed=1
    echo "--- $target broke a property or crashed:"
    grep -E 'property broken|Fatal error|ERROR: AddressSanitizer|ERROR: libFuzzer|Test unit written' "$log" | head -5
  fi
  printf '%-16s %10s %8s %8s %8s\n' "$target" "${runs:-?}" "${speed:-?}" "${coverage:-?}" "$crashes"
  rm -f "$log"
done
exit "$failed"
