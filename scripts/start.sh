#!/usr/bin/env bash
# The README's start command: installs, then runs the dev platform beside the sign-in app.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
ensure_pnpm
install_workspace
echo "(start: not wired yet)"
