#!/usr/bin/env bash
# Renders deploy/nginx.conf for one deployment: substitutes only the placeholders listed below
# (envsubst with an explicit list, so nginx's own $variables are left alone), refuses to render
# with any of them unset or empty, and refuses a result that still holds a placeholder.
#
#   SERVER_NAME=login.example.com LISTEN_HTTPS=443 LISTEN_HTTP=80 DIST_DIR=/srv/signin/dist \
#   TLS_CERT=/etc/ssl/signin/fullchain.pem TLS_KEY=/etc/ssl/signin/privkey.pem \
#   OKTA_ORIGIN=https://idp.example.com API_ORIGIN=https://api.example.com \
#   SENTRY_ORIGIN=https://o1.ingest.sentry.io \
#   deploy/render.sh > /etc/nginx/sites-available/signin.conf
#
# Optional: CSP_REPORT_URL, an absolute https URL where browsers send CSP violation reports
# (e.g. Sentry's security endpoint https://o1.ingest.sentry.io/api/1/security/?sentry_key=KEY).
# When set, every response carries `Reporting-Endpoints: csp="URL"` and the CSP ends with
# `; report-to csp; report-uri URL`; when unset or empty the headers are exactly as without it.
set -euo pipefail

VARIABLES=(SERVER_NAME LISTEN_HTTPS LISTEN_HTTP DIST_DIR TLS_CERT TLS_KEY OKTA_ORIGIN API_ORIGIN SENTRY_ORIGIN ACCESS_LOG)
# Made by this script: from CSP_REPORT_URL (empty without it), and from the build in DIST_DIR.
DERIVED=(CSP_REPORTING REPORTING_ENDPOINTS STYLE_HASHES SCRIPT_HASHES)
# Optional, with a default: where the access log (paths only, never query strings) goes.
ACCESS_LOG="${ACCESS_LOG:-/var/log/nginx/access.log}"
TEMPLATE="${1:-$(dirname "$0")/nginx.conf}"

fail() {
  echo "render.sh: $*" >&2
  exit 1
}

command -v envsubst >/dev/null || fail "envsubst is missing (Debian: apt-get install gettext-base)"
for name in "${VARIABLES[@]}"; do
  [ -n "${!name:-}" ] || fail "$name is not set"
  [[ "${!name}" != *[\;\{\}\"\'[:space:]]* ]] || fail "$name must not contain spaces, quotes, ';' or braces"
  export "${name?}"
done
for name in OKTA_ORIGIN API_ORIGIN SENTRY_ORIGIN; do
  [[ "${!name}" =~ ^https://[A-Za-z0-9.-]+(:[0-9]+)?$ ]] || fail "$name must be an https origin without a path, not \"${!name}\""
done
[[ "$DIST_DIR" == /* ]] || fail "DIST_DIR must be an absolute path"
[[ "$ACCESS_LOG" == /* ]] || fail "ACCESS_LOG must be an absolute path"

# The report URL lands inside two header values (a CSP source list and a structured-field
# string) in a config file: only characters that can break none of them, so no quotes, commas,
# semicolons, whitespace, newlines, `$` (nginx variables), braces or backslashes.
REPORT_URL_PATTERN='^https://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[A-Za-z0-9._~%/?=&:@+-]*)?$'
CSP_REPORTING=""
REPORTING_ENDPOINTS=""
if [ -n "${CSP_REPORT_URL:-}" ]; then
  [[ "$CSP_REPORT_URL" =~ $REPORT_URL_PATTERN ]] ||
    fail "CSP_REPORT_URL must be an absolute https URL of letters, digits and - . _ ~ % / ? = & : @ + only (no quotes, commas, semicolons, spaces, newlines, \$, braces or backslashes), not \"$CSP_REPORT_URL\""
  CSP_REPORTING="; report-to csp; report-uri $CSP_REPORT_URL"
  REPORTING_ENDPOINTS="csp=\"$CSP_REPORT_URL\""
fi
# The hashes of the page's inline <style> and <script>, made by the build from the very bytes it
# inlined (apps/signin/build/firstPaint.ts: the stylesheet; build/scriptsAfterFirstFrame.ts: the
# loader that starts the scripts after the first frame): the CSP allows exactly those and no other.
# `hashes_from FILE`: its 'sha256-…' sources, one a line, each after a space.
hashes_from() {
  local file="$DIST_DIR/.vite/$1" source hashes=""
  [ -f "$file" ] || fail "$file is missing: render with DIST_DIR holding the built app (pnpm --filter signin build)"
  while IFS= read -r source; do
    [ -n "$source" ] || continue
    [[ "$source" =~ ^\'sha256-[A-Za-z0-9+/]{43}=\'$ ]] || fail "$file: \"$source\" is not a 'sha256-…' source"
    hashes="$hashes $source"
  done < "$file"
  [ -n "$hashes" ] || fail "$file lists no hash"
  printf '%s' "$hashes"
}
STYLE_HASHES="$(hashes_from csp-style-src)" || exit 1
SCRIPT_HASHES="$(hashes_from csp-script-src)" || exit 1
export "${DERIVED[@]}"

rendered="$(envsubst "$(printf '${%s} ' "${VARIABLES[@]}" "${DERIVED[@]}")" < "$TEMPLATE")"
if grep -nE '\$\{[A-Za-z_]+\}' <<< "$rendered" >&2; then fail "placeholders left in the result (above)"; fi
printf '%s\n' "$rendered"
