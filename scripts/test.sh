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
