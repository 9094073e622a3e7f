#!/usr/bin/env bash
# The README's test command: installs what it needs and runs every test.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

# Every runner also writes a JSON report here; the closing line sums them, even after a failure.
REPORTS="$ROOT/.test-reports"
rm -rf "$REPORTS" && mkdir -p "$REPORTS"

# Each stage's wall time, for the closing summary: `stage LABEL [DESCRIPTION]` ends the running
# stage (its seconds into $STAGES as `label<TAB>seconds`) and starts the next, printing
# `› DESCRIPTION` (or the label). The summary prints them, so a slow stage shows on every run.
# Stages that run beside the others (in the background) set STAGE_LANE, a third column.
STAGES="$REPORTS/stages.tsv"
stage_label='' stage_started=$SECONDS STAGE_LANE=''
stage() {
  [ -z "$stage_label" ] ||
    printf '%s\t%s\t%s\n' "$stage_label" "$((SECONDS - stage_started))" "$STAGE_LANE" >>"$STAGES"
  stage_label="${1:-}" stage_started=$SECONDS
  [ -z "$stage_label" ] || echo "› ${2:-$1}"
}
# The end-to-end lanes running in the background (pid and log each): join_e2e waits for them,
# prints their output lane by lane, and fails if any failed.
E2E_PIDS=() E2E_LOGS=()
join_e2e() {
  local i status=0
  for i in "${!E2E_PIDS[@]}"; do
    wait "${E2E_PIDS[$i]}" || status=1
    echo "› end to end, output of $(basename "${E2E_LOGS[$i]}" .log)"
    cat "${E2E_LOGS[$i]}"
  done
  E2E_PIDS=() E2E_LOGS=()
  return "$status"
}
summarize() {
  local status=$?
  stage '' # the last stage (or the one that failed) gets its time too
  # The end-to-end lanes, once started, are waited for and counted even after a later failure.
  join_e2e || status=1
  # Never leave apt-get half done (an interrupted dpkg breaks the machine's next install).
  [ -z "$DEBIAN_PID" ] || wait "$DEBIAN_PID" || true
  cp "$ROOT"/e2e/test-results/results-*.json "$REPORTS/" 2>/dev/null || true
  echo "› summary"
  node "$ROOT/scripts/summarize-tests.mjs" --stages "$STAGES" --total "$SECONDS" "$REPORTS"/*.json || true
  exit "$status"
}
trap summarize EXIT
vitest_json() { echo "--reporter=default --reporter=json --outputFile.json=$REPORTS/$1.json"; }

# The end-to-end suite drives Debian's Chromium (never a downloaded browser); production mode also
# needs nginx, openssl and envsubst. Installed from Debian only when missing, in one apt-get run
# started before the workspace install and left in the background: nothing before the end-to-end
# stages needs them, so the download and unpacking overlap with install, lint and the unit tests.
missing_e2e_packages() {
  local missing=()
  [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
  command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
  command -v openssl >/dev/null 2>&1 || missing+=(openssl)
  command -v envsubst >/dev/null 2>&1 || missing+=(gettext-base)
  # WebKit for the cross-engine scenarios (e2e/engines): Debian's WebKitWebDriver with WebKitGTK's
  # MiniBrowser (libwebkit2gtk-4.1-0, a dependency), a virtual display for it, and the locale
  # sources its language sessions compile with localedef.
  [ -x "${WEBKIT_DRIVER_PATH:-/usr/bin/WebKitWebDriver}" ] || missing+=(webkit2gtk-driver)
  command -v xvfb-run >/dev/null 2>&1 || missing+=(xvfb)
  [ -d /usr/share/i18n/locales ] || missing+=(locales)
  # A Japanese font: the e2e suite checks where Japanese lines break, which needs real glyphs.
  { command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list :lang=ja family 2>/dev/null)" ]; } ||
    missing+=(fonts-noto-cjk)
  # Firefox ESR for the cross-engine run (e2e/engines), over WebDriver BiDi.
  [ -x "${FIREFOX_PATH:-/usr/bin/firefox-esr}" ] || missing+=(firefox-esr)
  echo "${missing[*]}"
}
install_debian_packages() {
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo -n)
  # Keep the nginx package from starting a system server on :80 while it installs.
  local policy=/usr/sbin/policy-rc.d created_policy=0
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' | "${sudo[@]}" tee "$policy" >/dev/null
    "${sudo[@]}" chmod +x "$policy"
    created_policy=1
  fi
  local status=0
  { "${sudo[@]}" apt-get update -qq &&
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null; } ||
    status=$?
  [ "$created_policy" -eq 0 ] || "${sudo[@]}" rm -f "$policy"
  return "$status"
}
# Started here; the end-to-end stages wait for it (wait_for_debian_packages, which any subshell can
# call: the outcome goes to $DEBIAN_STATUS).
DEBIAN_PID='' DEBIAN_LOG="$REPORTS/debian-packages.log" DEBIAN_STATUS="$REPORTS/debian-packages.status"
read -r -a DEBIAN_MISSING <<<"$(missing_e2e_packages)"
if [ ${#DEBIAN_MISSING[@]} -gt 0 ]; then
  echo "› installing from Debian in the background: ${DEBIAN_MISSING[*]} (log: $DEBIAN_LOG)"
  # Not root: sudo asks for a password here, in the foreground, if it must (the background cannot).
  [ "$(id -u)" -eq 0 ] || sudo -n true 2>/dev/null || sudo -v
  (
    set +e
    started=$SECONDS
    install_debian_packages "${DEBIAN_MISSING[@]}"
    status=$?
    printf '%s\t%s\t%s\n' 'Debian packages' "$((SECONDS - started))" apt-get >>"$STAGES"
    echo "$status" >"$DEBIAN_STATUS"
  ) </dev/null >"$DEBIAN_LOG" 2>&1 &
  DEBIAN_PID=$!
else
  echo 0 >"$DEBIAN_STATUS"
fi
# Waits for the background install; on failure shows its log and fails.
wait_for_debian_packages() {
  while [ ! -s "$DEBIAN_STATUS" ]; do sleep 1; done
  [ "$(cat "$DEBIAN_STATUS")" = 0 ] || {
    cat "$DEBIAN_LOG"
    echo "› installing ${DEBIAN_MISSING[*]} from Debian failed (above)"
    return 1
  }
}

# The end-to-end stages, in two lanes that run at the same time on separate ports:
# - local: dev mode (vite preview on 4173-4174, the dev platform on 4010-4013 and 3000-3004), then
#   in production mode on the same dev platform ports, nginx on 8443/8081 (Chromium and WebKit's
#   proxy map 443 and 80 there): the session timing specs (E2E_PART=session: a fast device clock,
#   two sub-site tabs waiting out a minute), then WebKit;
# - deployed: production mode (nginx on 443/8080 as deployed), every other spec (E2E_PART=rest),
#   then Firefox (which cannot map ports, so it needs 443) and Chromium, with the dev platform
#   moved to 4110-4113 and 3100 (E2E_PLATFORM_PORT_OFFSET=100: in production mode the app names
#   hosts, never ports).
# The split keeps the two lanes about as long as each other (e2e/README.md).
# Each production-mode run builds into its own .e2e-tmp folder (by HTTPS port).
# The cross-engine scenarios (e2e/engines/scenarios, one source) show each engine doing what
# Chromium does; each engine's report is its own line of the closing summary, and every engine
# runs even when another failed. In Chromium, the scenario files whose every scenario the
# Playwright production run already proves in the same Chromium (the same browser driven by the
# same Playwright, the same nginx and build) are left out: e2e/README.md maps each of them to its
# Playwright test. A new scenario file runs in Chromium too until it is mapped there.
# `E2E_CHROMIUM_EXCLUDE=` (empty) runs them all; E2E_ENGINES chooses engines.
E2E_ENGINES=${E2E_ENGINES:-chromium firefox webkit}
E2E_CHROMIUM_EXCLUDE=${E2E_CHROMIUM_EXCLUDE-axe enrolment google keys languages mfa password screens subsites}
has_engine() { [[ " $E2E_ENGINES " == *" $1 "* ]]; }
# `engine NAME`: the scenarios in that engine, in production mode (ports from the environment).
engine() {
  local name=$1 exclude=() file
  stage "e2e $name" "e2e $name (prod)"
  if [ "$name" = chromium ]; then
    for file in $E2E_CHROMIUM_EXCLUDE; do exclude+=(--exclude "scenarios/$file.test.ts"); done
    [ ${#exclude[@]} -eq 0 ] || echo "  proven by the Playwright production run, not repeated: $E2E_CHROMIUM_EXCLUDE"
  fi
  E2E_MODE=prod E2E_ENGINE="$name" "$PNPM" --filter e2e exec vitest run --config engines/vitest.config.ts \
    "${exclude[@]}" --reporter=default --reporter=json --outputFile.json="$REPORTS/e2e-$name-prod.json"
}
e2e_lane_local() {
  stage_label='' STAGE_LANE=local # this subshell's own stages
  trap "stage ''" EXIT
  stage 'e2e: waiting for Debian packages'
  wait_for_debian_packages
  local failed=0
  stage 'e2e dev' 'end to end, dev mode (Chromium against the dev platform)'
  "$PNPM" --filter e2e test || failed=1
  export E2E_HTTPS_PORT=8443 E2E_HTTP_PORT=8081
  stage 'e2e prod: session' 'end to end, production mode, the fast device clock (nginx on 8443)'
  E2E_PART=session "$PNPM" --filter e2e test:prod || failed=1
  ! has_engine webkit || engine webkit || failed=1
  [ "$failed" -eq 0 ]
}
e2e_lane_deployed() {
  stage_label='' STAGE_LANE=deployed
  trap "stage ''" EXIT
  stage 'e2e: waiting for Debian packages'
  wait_for_debian_packages
  local failed=0
  export E2E_PLATFORM_PORT_OFFSET=100
  stage 'e2e prod' 'end to end, production mode (nginx with deploy/nginx.conf over HTTPS), all but the session timing specs'
  E2E_PART=rest "$PNPM" --filter e2e test:prod || failed=1
  ! has_engine firefox || engine firefox || failed=1
  ! has_engine chromium || engine chromium || failed=1
  [ "$failed" -eq 0 ]
}

stage 'install' 'pnpm and the workspace'
ensure_pnpm
install_workspace

# First, while the machine is still quiet (the end-to-end lanes start after it): the dev platform's
# tests, whose start-up check times the start script (under 2 s). They run on auth-core's sources,
# so they need no build.
stage 'dev-platform unit' 'dev-platform (real HTTP on loopback; its start-up timed before the browsers start)'
# shellcheck disable=SC2046
"$PNPM" --filter dev-platform exec vitest run $(vitest_json dev-platform)

# Both packages built once and packed as a release would be (packing writes auth-core's docs/api
# with TypeDoc first), before the end-to-end lanes start: the checks below, the consumer projects
# and the end-to-end run of a sub-site team's app (e2e/support/teamApp.ts, dev mode) all use these
# two tarballs, and nothing builds packages/*/dist again while the lanes run (a second build there,
# beside the first, would empty dist under it).
PACKS="$REPORTS/packs"
# `build_and_pack VARIABLE PACKAGE DIR`: the tarball's path goes into the variable named first (not
# through $(...), where a failing build would not stop the command).
build_and_pack() {
  local into="$1" package="$2" dir="$3" pack_dir="$PACKS/$(basename "$3")"
  "$PNPM" --filter "$package" build >/dev/null
  mkdir -p "$pack_dir"
  (cd "$ROOT/$dir" && "$PNPM" pack --pack-destination "$pack_dir" >/dev/null)
  printf -v "$into" '%s' "$(ls "$pack_dir"/*.tgz)"
}
# Checks a packed tarball (publint, attw, the README's relative links) and its API reports.
check_package() {
  local tarball="$1" package="$2"
  "$PNPM" --filter "$package" exec publint run "$tarball" --strict
  "$PNPM" --filter "$package" exec attw "$tarball" --format table-flipped --no-color
  node "$ROOT/scripts/checkPackageLinks.mjs" "$tarball"
  "$PNPM" --filter "$package" api:check
}
stage 'packages' 'auth-core and auth-react built and packed (auth-react against auth-core'"'"'s dist)'
build_and_pack CORE_TARBALL @mapping-platform/auth-core packages/auth-core
build_and_pack REACT_TARBALL @mapping-platform/auth-react packages/auth-react
export AUTH_CORE_TARBALL="$CORE_TARBALL" AUTH_REACT_TARBALL="$REACT_TARBALL"

# The two end-to-end lanes start now, on separate ports, and run beside the stages below: the
# browsers spend much of their time waiting on pages and timers, which the unit stages fill. Their
# output goes to a log each, printed in one piece when they are done; their stage times are listed
# by lane.
for lane in local deployed; do
  E2E_LOGS+=("$REPORTS/e2e-$lane.log")
  echo "› end to end, $lane lane, in the background from here: ${E2E_LOGS[-1]}"
  ("e2e_lane_$lane") </dev/null >"${E2E_LOGS[-1]}" 2>&1 &
  E2E_PIDS+=($!)
done

stage 'lint and format'
"$PNPM" exec eslint .
"$PNPM" exec prettier --check . >/dev/null || { "$PNPM" exec prettier --list-different .; exit 1; }
stage knip 'unused files, exports and dependencies (knip)'
"$PNPM" exec knip --no-progress

stage typecheck
"$PNPM" -r --workspace-concurrency=1 typecheck

stage 'auth-core unit' 'auth-core (unit, node environment, coverage enforced)'
# shellcheck disable=SC2046
"$PNPM" --filter @mapping-platform/auth-core exec vitest run --coverage $(vitest_json auth-core)

stage 'auth-core package' 'auth-core as a package (publint, attw, README links, API report)'
# The README's links (the example, the API reports, docs/api) point at files in the tarball.
check_package "$CORE_TARBALL" @mapping-platform/auth-core

stage 'auth-react unit' 'auth-react (React 19 and React 18, happy-dom; the server render in node)'
# shellcheck disable=SC2046
"$PNPM" --filter @mapping-platform/auth-react exec vitest run $(vitest_json auth-react)

stage 'auth-react package' 'auth-react as a package (publint, attw, README links, API report)'
check_package "$REACT_TARBALL" @mapping-platform/auth-react

stage 'consumer projects' 'consumer projects (both tarballs installed with npm; TypeScript 5.9, 6.0, 7.0; React 18, 19)'
# Throw-away projects as a sub-site team would make them: Node ESM and CJS; TypeScript 5.9, 6.0
# and 7.0 under bundler/node16/node10, each compiling and running the auth-core README quick
# start verbatim, and a backend on /server with its tests on /testing; a Vite + React sub-site
# on /session; `npm create vite` React + TypeScript apps on React 18 and React 19 with auth-react,
# type-checking (each TypeScript), building and running its README quick start verbatim, and
# /testing; a sub-site team's app (React Router 7 with auth-react/router, Express and Hono
# backends, the team's own Vitest tests). They count in the closing line.
# shellcheck disable=SC2046
"$PNPM" --filter @mapping-platform/auth-core exec vitest run \
  --config consumers/vitest.config.ts $(vitest_json consumers)

stage 'bundle sizes' 'session bundle sizes (budgets; the server entry absent)'
# Over budget fails the command, but only at the end: the suites below still run and report.
SIZE_FAILED=0
node "$ROOT/packages/auth-react/scripts/checkSize.mjs" || SIZE_FAILED=1

stage 'signin unit' 'signin (components, happy-dom)'
# shellcheck disable=SC2046
"$PNPM" --filter signin exec vitest run $(vitest_json signin)

stage 'signin build' 'signin production build (no inline script or style)'
# A production build requires VITE_ALLOWED_SUBSITES (it stops without it); nothing else is set, so
# this build's page shows its configuration error. check:dist builds its own (.env.production-e2e).
VITE_ALLOWED_SUBSITES=citystream "$PNPM" --filter signin build >/dev/null
"$PNPM" --filter signin check:dist

stage 'waiting for the end-to-end stages'
join_e2e
stage ''
[ "$SIZE_FAILED" -eq 0 ] || { echo "› the session bundle size check failed (see above)"; exit 1; }
