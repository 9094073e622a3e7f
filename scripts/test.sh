#!/usr/bin/env bash
# The README's test command: installs what it needs and runs every test.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

ensure_pnpm
install_workspace

echo "› lint and format"
"$PNPM" exec eslint .
"$PNPM" exec prettier --check . >/dev/null || { "$PNPM" exec prettier --list-different .; exit 1; }

echo "› typecheck"
"$PNPM" -r --workspace-concurrency=1 typecheck

echo "› auth-core (unit, node environment, coverage enforced)"
"$PNPM" --filter auth-core test

echo "› dev-platform (real HTTP on loopback)"
"$PNPM" --filter dev-platform test

echo "› signin (components, happy-dom)"
"$PNPM" --filter signin test

# The end-to-end suite drives Debian's Chromium (never a downloaded browser); production mode also
# needs nginx, openssl and envsubst. Installed from Debian only when missing.
ensure_e2e_packages() {
  local missing=()
  [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
  command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
  command -v openssl >/dev/null 2>&1 || missing+=(openssl)
  command -v envsubst >/dev/null 2>&1 || missing+=(gettext-base)
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "› installing from Debian: ${missing[*]}"
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  # Keep the nginx package from starting a system server on :80 while it installs.
  local policy=/usr/sbin/policy-rc.d created_policy=0
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' | "${sudo[@]}" tee "$policy" >/dev/null
    "${sudo[@]}" chmod +x "$policy"
    created_policy=1
  fi
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  [ "$created_policy" -eq 0 ] || "${sudo[@]}" rm -f "$policy"
}

echo "› end to end, dev mode (Chromium against the dev platform)"
ensure_e2e_packages
"$PNPM" --filter e2e test

echo "› end to end, production mode (nginx with deploy/nginx.conf over HTTPS)"
"$PNPM" --filter e2e test:prod
