#!/usr/bin/env bash
# Shared set-up for scripts/start.sh and scripts/test.sh: a pinned pnpm without root, and the
# workspace installed from the committed lockfile.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PNPM_VERSION="$(node -p "require('$ROOT/package.json').packageManager.split('@')[1]")"

# pnpm: use the pinned version; install it into .tools/ (no root needed) when it is not on PATH.
ensure_pnpm() {
  if command -v pnpm >/dev/null 2>&1 && [ "$(pnpm --version 2>/dev/null)" = "$PNPM_VERSION" ]; then
    PNPM="pnpm"
  else
    if [ ! -x "$ROOT/.tools/node_modules/.bin/pnpm" ] || [ "$("$ROOT/.tools/node_modules/.bin/pnpm" --version)" != "$PNPM_VERSION" ]; then
      echo "› installing pnpm@$PNPM_VERSION into .tools/"
      npm install --silent --no-audit --no-fund --prefix "$ROOT/.tools" "pnpm@$PNPM_VERSION" >/dev/null
    fi
    PNPM="$ROOT/.tools/node_modules/.bin/pnpm"
  fi
  export PNPM
}

install_workspace() {
  echo "› installing dependencies (frozen lockfile)"
  (cd "$ROOT" && "$PNPM" install --frozen-lockfile --reporter=append-only | tail -n 3)
}
