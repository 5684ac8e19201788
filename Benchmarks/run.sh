#!/usr/bin/env bash
# The benchmark suite in one command (README, "Performance"):
#
#   Benchmarks/run.sh [--quick] [--only throughput,small,floor,registry,status,sync,shas,https] [--output FILE.md]
#
# Builds the suite and the `lessons` CLI in release (a package of its own, in Benchmarks/.build;
# the CLI statically linked on Linux, in Benchmarks/.build-static), then prints one table: benchmark | ours | baseline | ratio | target | met?. --quick runs every
# benchmark small (a few minutes); without it, the full sizes.
#
# Needs curl and libsqlite3-dev; the plain-http throughput runs use nginx when installed (else
# `lessons serve`). The HTTPS runs (section https: https-masechet and https-small, in a full run)
# need nginx, curl, aria2c and openssl, and root: their self-signed certificate is added to the
# system's trust store (/usr/local/share/ca-certificates, update-ca-certificates) for the run and
# taken out after it, which takes about 20 s more:
#   apt-get update && apt-get install -y curl nginx aria2 openssl ca-certificates libsqlite3-dev
set -euo pipefail
cd "$(dirname "$0")"

# Whether the arguments leave the HTTPS runs in (no --only, or an --only naming one of them).
https=yes
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
  if [ "${args[i]}" = --only ]; then
    [ "$https" = yes ] && https=no
    case ",${args[i + 1]:-}," in *,https,* | *,https-masechet,* | *,https-small,*) https=named ;; esac
  fi
done
missing=()
command -v curl >/dev/null || missing+=(curl)
[ -f /usr/include/sqlite3.h ] || missing+=(libsqlite3-dev)  # GRDB needs it
if [ "$https" != no ]; then
  command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx)
  command -v aria2c >/dev/null || missing+=(aria2)
  command -v openssl >/dev/null || missing+=(openssl)
  command -v update-ca-certificates >/dev/null || [ -x /usr/sbin/update-ca-certificates ] || missing+=(ca-certificates)
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "run.sh: missing packages: apt-get install -y ${missing[*]}" >&2
  exit 2
fi
if [ "$https" != no ] && [ "$(id -u)" != 0 ]; then
  echo "run.sh: the HTTPS runs need root (their certificate goes into the system's trust store);" \
    "run as root, or leave them out: --only throughput,small,floor,registry,status,sync,shas" >&2
  exit 2
fi

# lessons-bench takes its certificate out of the trust store on its way out (after a failure or
# Ctrl-C too); one left by a process killed outright (no such pid any more) is taken out here.
untrust_leftovers() {
  local file pid removed=()
  for file in /usr/local/share/ca-certificates/lessons-bench-*.crt; do
    [ -e "$file" ] || continue
    pid=${file##*/lessons-bench-}
    pid=${pid%.crt}
    kill -0 "$pid" 2>/dev/null && continue
    rm -f "$file"
    removed+=("-/etc/ssl/certs/lessons-bench-$pid.pem")
  done
  [ ${#removed[@]} -gt 0 ] || return 0
  echo "run.sh: taking ${#removed[@]} certificate(s) of lessons-bench out of the trust store" >&2
  update-ca-certificates --fresh >/dev/null 2>&1 || true
  # update-ca-certificates tells its hooks (Java's keystore) of no removal of a local certificate.
  for hook in /etc/ca-certificates/update.d/*; do
    [ -x "$hook" ] && printf '%s\n' "${removed[@]}" | "$hook" >/dev/null 2>&1 || true
  done
}
trap untrust_leftovers EXIT

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
"$bin/lessons-bench" --lessons "$cli" "$@"
