#!/usr/bin/env bash
# The man page, generated from the commands by swift-argument-parser's generate-manual tool,
# checked to document every command, and installed when given a folder:
#
#   Scripts/man-page.sh                              # build lessons in release, generate and check
#   Scripts/man-page.sh /usr/local/share/man/man1    # and install lessons.1 there
#   LESSONS_BINARY=path/to/lessons Scripts/man-page.sh   # document a lessons already built (CI)
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${LESSONS_BINARY:-}"
if [ -z "$binary" ]; then
  swift build -c release --product lessons
  binary="$(swift build -c release --show-bin-path)/lessons"
fi
# The tool is small: built in debug, it takes seconds.
swift build --product generate-manual >/dev/null 2>&1 || swift build --product generate-manual
pages=.build/man
mkdir -p "$pages"
"$(swift build --show-bin-path)/generate-manual" "$binary" --output-directory "$pages" >/dev/null
page="$pages/lessons.1"
missing=()
for command in $("$binary" --help | awk '/^SUBCOMMANDS:/ {on = 1; next} /^[A-Z]/ {on = 0} on && /^  [a-z]/ {print $1}' | grep -v '^help$'); do
  grep -q "^\.It Em $command\$" "$page" || missing+=("$command")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "man-page.sh: $page documents no ${missing[*]}" >&2
  exit 1
fi
grep -q "EXIT STATUS" "$page" || { echo "man-page.sh: $page has no EXIT STATUS section" >&2; exit 1; }
if [ $# -gt 0 ]; then
  install -d "$1"
  install -m 644 "$page" "$1/lessons.1"
  echo "installed $1/lessons.1 (man lessons)"
else
  echo "$page: every command documented (man -l $page)"
fi
