#!/usr/bin/env bash
# The README's start command: installs everything, then runs the local dev platform (Okta, Google,
# product API, Sentry ingest, demo sub-site) beside the sign-in app, and prints where to go.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
ensure_pnpm
install_workspace

pids=()
stop() {
  trap - INT TERM EXIT
  for pid in "${pids[@]}"; do kill -- "-$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop INT TERM EXIT

# Each server runs in its own process group so Ctrl+C stops it and everything it spawned.
echo "› starting the sign-in app (Vite) on http://localhost:5173/"
setsid "$PNPM" --filter signin exec vite --logLevel warn --clearScreen false &
pids+=($!)
echo "› starting the dev platform"
setsid "$PNPM" --filter dev-platform start &
pids+=($!)

for _ in $(seq 1 100); do
  if curl -fsS -o /dev/null http://localhost:5173/ 2>/dev/null && curl -fsS -o /dev/null http://localhost:4010/oauth2/default/.well-known/openid-configuration 2>/dev/null; then
    printf '\n  Ready. Open \033[1mhttp://localhost:5173/\033[0m and sign in with one of the accounts above.\n  Ctrl+C stops everything.\n\n'
    break
  fi
  # A server that exited (a port already in use, say) has said why: stop the rest.
  for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null || { echo "A server stopped; see its message above." >&2; exit 1; }; done
  sleep 0.2
done
wait -n "${pids[@]}"
