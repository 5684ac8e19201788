#!/usr/bin/env bash
# The man page, generated from the commands by swift-argument-parser's generate-manual plugin
# (it builds the CLI in release first), checked to document every command, and installed when
# given a folder:
#
#   Scripts/man-page.sh                              # generate and check
#   Scripts/man-page.sh /usr/local/share/man/man1    # and install lessons.1 there
set -euo pipefail
cd "$(dirname "$0")/.."
swift package --disable-sandbox generate-manual >/dev/null 2>&1 || swift package --disable-sandbox generate-manual
page=.build/plugins/GenerateManual/outputs/lessons/lessons.1
missing=()
for command in $(swift run -q lessons --help | awk '/^SUBCOMMANDS:/ {on = 1; next} /^[A-Z]/ {on = 0} on && /^  [a-z]/ {print $1}' | grep -v '^help$'); do
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
